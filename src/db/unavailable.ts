import type { Kysely } from 'kysely';
import { AppError } from '../lib/errors.ts';
import type { Database } from './database.ts';

/**
 * True for errors that mean "the store cannot take work now" (PostgreSQL down, restarting or
 * failing over; SQLite busy past its bound, disk full), as opposed to a bad request or unit.
 */
export function isStoreUnavailable(err: unknown): boolean {
  const e = err as { code?: string; message?: string; errors?: unknown[]; severity?: string };
  const code = e?.code ?? '';
  if (code === STORE_NOT_READY) return true;
  if (Array.isArray(e?.errors) && e.errors.some(isStoreUnavailable)) return true; // AggregateError (IPv4 + IPv6 connect)
  return (
    ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH'].includes(code) ||
    // better-sqlite3 reports extended result codes: SQLITE_IOERR_WRITE, SQLITE_BUSY_SNAPSHOT, …
    /^SQLITE_(BUSY|LOCKED|FULL|IOERR)(_|$)/.test(code) ||
    /^(08|57P|53)/.test(code) || // connection exceptions, operator intervention, insufficient resources
    code === '25006' || // read-only transaction: a failover left the connection on a standby
    // PostgreSQL ends the session with FATAL (or PANIC) only for the connection's own state: a
    // database not accepting connections (55000), gone (3D000), a rejected login (28P01), an
    // administrator's shutdown. Nothing a signal carries causes one.
    e?.severity === 'FATAL' ||
    e?.severity === 'PANIC' ||
    /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|database is locked|the database system is (starting up|shutting down)/i.test(
      e?.message ?? '',
    )
  );
}

/** The store or a local file cannot be written: its disk is full, or failing (issue 19.9). */
export function isDiskFailure(err: unknown): boolean {
  const code = (err as { code?: string })?.code ?? '';
  return /^SQLITE_(FULL|IOERR)(_|$)/.test(code) || code === '53100' || code === 'ENOSPC' || code === 'EIO';
}

/** The code of `storeNotReadyError`. */
const STORE_NOT_READY = 'KLAXON_STORE_NOT_READY';

/**
 * This process has not yet migrated and checked the store (it started while the store was
 * unavailable, docs/adr/0511): nothing may be written to it yet, so ingest spools.
 */
export const storeNotReadyError = () =>
  Object.assign(new Error('the database has not answered since this process started; signals are kept in the spool until it does'), { code: STORE_NOT_READY });

export const storeUnavailableError = () =>
  new AppError('service_unavailable', 'The alert store is unavailable right now; the signal was not kept. Retry after the indicated delay.', {
    retryAfterSeconds: 5,
  });

/** How long past its refresh time a cached ingest lookup may serve while the store is down. */
export const STALE_DURING_OUTAGE_MS = 15 * 60_000;

/**
 * For TtlCache: while the store is unreachable, a lookup checked recently stays usable so signals
 * can be spooled — no revocation can commit meanwhile (docs/adr/0100-ingest-spool.md). Without
 * such an entry the sender gets 503 + Retry-After.
 */
export const staleWhileStoreUnavailable = { maxMs: STALE_DURING_OUTAGE_MS, applies: isStoreUnavailable, fail: storeUnavailableError };

/** Most rows of each kind an outage snapshot holds (docs/adr/0103): bounds its memory. */
export const SNAPSHOT_MAX_ENTRIES = 200_000;

/**
 * `staleWhileStoreUnavailable` with the last resort of docs/adr/0103: the value the current
 * snapshot (read through `snapshot`, which a refresh replaces) holds for the key, if any.
 */
export const staleOrSnapshot = <V>(snapshot: () => Map<string, V>) => ({
  stale: {
    ...staleWhileStoreUnavailable,
    fallback: (key: string) => {
      const map = snapshot();
      return map.has(key) ? { value: map.get(key) as V } : undefined;
    },
  },
});

/**
 * True when the store answers a trivial query within `waitMs`. A store that errs or has not
 * answered by then (a blackholed server waits out the pool's connect timeout) counts as not
 * answering; the query left running is allowed to fail quietly.
 */
export async function storeAnswers(db: Kysely<Database>, waitMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), waitMs);
    timer.unref();
  });
  const probe = db
    .selectNoFrom((eb) => eb.lit(1).as('one'))
    .execute()
    .then(
      () => true,
      () => false,
    );
  try {
    return await Promise.race([probe, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}
