/**
 * True for errors that mean "the store cannot take work now" (PostgreSQL down, restarting or
 * failing over; SQLite busy past its bound, disk full), as opposed to a bad request or unit.
 */
export function isStoreUnavailable(err: unknown): boolean {
  const e = err as { code?: string; message?: string; errors?: unknown[] };
  const code = e?.code ?? '';
  if (Array.isArray(e?.errors) && e.errors.some(isStoreUnavailable)) return true; // AggregateError (IPv4 + IPv6 connect)
  return (
    ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'SQLITE_BUSY', 'SQLITE_LOCKED', 'SQLITE_FULL', 'SQLITE_IOERR'].includes(code) ||
    /^(08|57P|53)/.test(code) || // connection exceptions, operator intervention, insufficient resources
    /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|database is locked|the database system is (starting up|shutting down)/i.test(
      e?.message ?? '',
    )
  );
}
