import { type ExpressionBuilder, type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { Dialect } from '../../db/connect.ts';
import type { NewOutboxEventRow, OutboxEventRow } from './outbox.table.ts';

export async function insertEvents(db: Kysely<Database>, rows: NewOutboxEventRow[]): Promise<void> {
  if (rows.length) await db.insertInto('outbox_events').values(rows).execute();
}

/** Not leased, or its lease expired (its holder died): anyone may take it. */
const leaseFree = (now: string) => (w: ExpressionBuilder<Database, 'outbox_events'>) => w.or([w('lease_until', 'is', null), w('lease_until', '<', now)]);

/**
 * The first `limit` due, unprocessed and unleased events (an expired lease counts as free), in the
 * order of the partial index outbox_events_pending; PostgreSQL locks them, skipping rows another
 * process holds.
 */
function firstDue<O>(q: SelectQueryBuilder<Database, 'outbox_events', O>, dialect: Dialect, opts: { now: string; limit: number }) {
  return q
    .where('processed_at', 'is', null)
    .where('available_at', '<=', opts.now)
    .where(leaseFree(opts.now))
    .orderBy('available_at')
    .orderBy('id')
    .limit(opts.limit)
    .$if(dialect === 'postgres', (qb) => qb.forUpdate().skipLocked());
}

/**
 * Claims up to `limit` due events under a lease. PostgreSQL skips rows another process has
 * locked; SQLite has one writer, so the single UPDATE … RETURNING is already atomic. An expired
 * lease (its holder died) is claimable again. Ordered by (available_at, id), the columns of the
 * partial index outbox_events_pending: ordered by id alone, SQLite walked the whole table in rowid
 * order, processed rows included, on every claim (docs/adr/0120-ingest-throughput.md).
 */
export async function claimBatch(
  db: Kysely<Database>,
  dialect: Dialect,
  opts: { owner: string; now: string; leaseUntil: string; limit: number },
): Promise<OutboxEventRow[]> {
  const rows = await db
    .updateTable('outbox_events')
    .set((eb) => ({ lease_owner: opts.owner, lease_until: opts.leaseUntil, attempts: eb('attempts', '+', 1) }))
    .where('id', 'in', (eb) => firstDue(eb.selectFrom('outbox_events').select('id'), dialect, opts))
    .returningAll()
    .execute();
  return rows.sort((a, b) => a.id - b.id);
}

/**
 * Due, unleased events, locked by the caller's transaction (PostgreSQL skips rows another process
 * holds; on SQLite one process owns the file and its rounds may run statement by statement). The
 * runner handles local events and leases only the rest, so a local event costs no lease write
 * (docs/adr/0008-outbox.md).
 */
export async function selectDue(
  db: Kysely<Database>,
  dialect: Dialect,
  /**
   * exceptTypes: types someone else handles this round (the SQLite thread's own round). They are
   * left out of the first `limit` due events, not out of the statement: a `type not in (…)` made it
   * walk every due event of those types, a whole backlog each round, to find the others. An event of
   * another type waits until the events due before it are handled (docs/adr/0125).
   */
  opts: { now: string; limit: number; exceptTypes?: readonly string[] },
): Promise<OutboxEventRow[]> {
  if (dialect !== 'postgres') return keepTypes(await firstDue(db.selectFrom('outbox_events').selectAll(), dialect, opts).execute(), opts.exceptTypes);
  // The first events in the index's order, read from the index and stopped at the limit. With
  // statistics from before a backlog built up, the planner took the pending events for a few and
  // read them all (a bitmap scan and a sort: 22-42 ms a round with 20,000 pending, ADR 0552).
  // Bitmap scans and sorts are off for that statement only, back to the session's own after it.
  // (Named settings, not pg_settings: that view builds every setting, ~1 ms a call.)
  const was = (
    await sql<{ b: string; s: string }>`select current_setting('enable_bitmapscan') as b, current_setting('enable_sort') as s,
      set_config('enable_bitmapscan', 'off', true), set_config('enable_sort', 'off', true)`.execute(db)
  ).rows[0]!;
  const rows = await firstDue(db.selectFrom('outbox_events').selectAll(), dialect, opts).execute();
  await sql`select set_config('enable_bitmapscan', ${was.b}, true), set_config('enable_sort', ${was.s}, true)`.execute(db);
  return keepTypes(rows, opts.exceptTypes);
}

function keepTypes(rows: OutboxEventRow[], exceptTypes: readonly string[] | undefined): OutboxEventRow[] {
  const except = exceptTypes ?? [];
  return except.length ? rows.filter((r) => !except.includes(r.type)) : rows;
}

/** Leases events the caller selected (selectDue) to `owner`, counting the attempt, if still due and free. */
export async function leaseHeld(db: Kysely<Database>, ids: number[], opts: { owner: string; leaseUntil: string; now: string }): Promise<OutboxEventRow[]> {
  if (!ids.length) return [];
  const rows = await db
    .updateTable('outbox_events')
    .set((eb) => ({ lease_owner: opts.owner, lease_until: opts.leaseUntil, attempts: eb('attempts', '+', 1) }))
    .where('id', 'in', ids)
    // Still due and free (a round outside a transaction re-checks what it selected).
    .where('processed_at', 'is', null)
    .where(leaseFree(opts.now))
    .returningAll()
    .execute();
  return rows.sort((a, b) => a.id - b.id);
}

/** Marks events the caller selected (selectDue) processed, unless something already did. */
export async function markHeldProcessed(db: Kysely<Database>, ids: number[], now: string): Promise<void> {
  if (!ids.length) return;
  await db.updateTable('outbox_events').set({ processed_at: now, last_error: null }).where('id', 'in', ids).where('processed_at', 'is', null).execute();
}

/** Fenced by the lease owner: a process whose lease was taken over cannot complete the event. */
export async function markProcessed(db: Kysely<Database>, ids: number[], owner: string, now: string): Promise<void> {
  if (!ids.length) return;
  await db
    .updateTable('outbox_events')
    .set({ processed_at: now, lease_owner: null, lease_until: null, last_error: null })
    .where('id', 'in', ids)
    .where('lease_owner', '=', owner)
    .execute();
}

export async function markRetry(
  db: Kysely<Database>,
  id: number,
  owner: string,
  error: string,
  availableAt: string,
): Promise<void> {
  await db
    .updateTable('outbox_events')
    .set({ available_at: availableAt, lease_owner: null, lease_until: null, last_error: error.slice(0, 500) })
    .where('id', '=', id)
    .where('lease_owner', '=', owner)
    .execute();
}

export async function countBacklog(db: Kysely<Database>): Promise<number> {
  const r = await db
    .selectFrom('outbox_events')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('processed_at', 'is', null)
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

/**
 * Deletes events handled before `before`, oldest first, `batch` rows a statement (so the SQLite
 * thread is never held for long), and returns how many went. It reads the table in id order, which
 * is insertion order, and stops after a batch in which every event was created at or after `before`:
 * nothing after those can have been handled earlier, and one event from a process whose clock ran
 * ahead does not stop it. No index on `processed_at` is needed, so ingest writes none; an old event
 * still pending is passed over and read again next time (docs/adr/0008-outbox.md).
 */
export async function pruneProcessed(db: Kysely<Database>, before: string, batch = 1000): Promise<number> {
  let after = 0;
  let pruned = 0;
  for (;;) {
    const rows = await db
      .selectFrom('outbox_events')
      .select(['id', 'created_at', 'processed_at'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(batch)
      .execute();
    const ids = rows.filter((r) => r.processed_at !== null && r.processed_at < before).map((r) => Number(r.id));
    if (ids.length) pruned += Number((await db.deleteFrom('outbox_events').where('id', 'in', ids).executeTakeFirst()).numDeletedRows);
    if (rows.length < batch || rows.every((r) => r.created_at >= before)) return pruned;
    after = Number(rows[rows.length - 1]!.id);
  }
}
