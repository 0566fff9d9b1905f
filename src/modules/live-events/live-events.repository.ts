import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { MEMBERSHIP_ENDED_EVENT } from '../org/index.ts';

const COLUMNS = ['id', 'org_id', 'type', 'alert_id', 'created_at'] as const;

/**
 * Events after `after` and the missing ids still followed, every organization, in id order. The
 * payload is read only of a membership's end (its user id); alert payloads are never read here.
 */
export async function eventsSince(db: Kysely<Database>, after: number, missing: readonly number[], limit: number) {
  return db
    .selectFrom('outbox_events')
    .select(COLUMNS)
    .select(sql<string | null>`case when type = ${MEMBERSHIP_ENDED_EVENT} then payload end`.as('ended'))
    .where((w) => (missing.length ? w.or([w('id', '>', after), w('id', 'in', missing)]) : w('id', '>', after)))
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** One organization's alert events after `after`, in id order. */
export async function orgEventsSince(db: Kysely<Database>, orgId: string, after: number, limit: number) {
  return db
    .selectFrom('outbox_events')
    .select(COLUMNS)
    .where('org_id', '=', orgId)
    .where('id', '>', after)
    .where('type', 'like', 'alert.%')
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function newestId(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('outbox_events').select((eb) => eb.fn.max('id').as('max')).executeTakeFirst();
  return Number(row?.max ?? 0);
}
