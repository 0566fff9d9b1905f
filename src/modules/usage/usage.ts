// Usage periods over hourly counters (docs/adr/0543-usage-counters.md). Pure.

const HOUR_MS = 3_600_000;

/** The hour an ISO 8601 UTC timestamp falls in, as usage_hours keys it ('YYYY-MM-DDTHH'). */
export const usageHour = (iso: string): string => iso.slice(0, 13);

/** The key of the first hour that starts at or after an instant. */
export function hourAtOrAfter(iso: string): string {
  const t = Date.parse(iso);
  const up = Math.ceil(t / HOUR_MS) * HOUR_MS;
  return usageHour(new Date(up).toISOString());
}

/**
 * The hours a period counts: those that start within [start, end). A period that starts on the
 * hour (every period the server sets itself: calendar months) counts exactly the alerts created
 * within it; a period that starts within an hour counts from the next hour on.
 */
export const periodHours = (start: string, end: string): { from: string; to: string } => ({ from: hourAtOrAfter(start), to: hourAtOrAfter(end) });

/** Counter rows shards of an hour spread over on PostgreSQL. */
export const PG_SHARDS = 8;
