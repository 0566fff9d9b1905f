import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';

export async function insertEvents(db: Kysely<Database>, rows: { id: string; action: string; subject: string; created_at: string }[]): Promise<void> {
  if (rows.length) await db.insertInto('throttle_events').values(rows).execute();
}
/**
 * Events of (action, subject) since `since`: how many and the latest. Only rows before `beforeId`
 * (an attempt's own reservation and later ones do not count against it: ids sort by time).
 */
export async function countSince(db: Kysely<Database>, action: string, subject: string, since: string, beforeId: string) {
  const r = await db
    .selectFrom('throttle_events')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('created_at').as('latest')])
    .where('action', '=', action)
    .where('subject', '=', subject)
    .where('created_at', '>', since)
    .where('id', '<', beforeId)
    .executeTakeFirst();
  return { n: Number(r?.n ?? 0), latest: (r?.latest as string | null | undefined) ?? null };
}
export async function deleteEvents(db: Kysely<Database>, ids: string[]): Promise<void> {
  if (ids.length) await db.deleteFrom('throttle_events').where('id', 'in', ids).execute();
}
export async function pruneBefore(db: Kysely<Database>, before: string): Promise<void> {
  await db.deleteFrom('throttle_events').where('created_at', '<', before).execute();
}
