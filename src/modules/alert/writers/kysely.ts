import { type Kysely, type Transaction, sql } from 'kysely';
import type { Database } from '../../../db/database.ts';
import type { Dialect } from '../../../db/connect.ts';
import type { AlertRow, NewAlertRow } from '../alert.table.ts';
import { insertLogRows } from '../alert.log.ts';
import type { AlertPlan } from '../alert.plan.ts';
import { outboxRepository } from '../../outbox/index.ts';
import { usageRepository } from '../../usage/index.ts';
import { sqliteListWordsInsertSql } from './list-words.ts';
import { type AlertWriter, NO_SETTLED_TYPES, type SettledEventTypes, planEventRows } from './writer.ts';

// The reference writer: Kysely over either store, one statement per write. Every path but the
// ingest batch (POST /api/alerts, operations by id) writes through it.

export async function findOpenByKey(
  trx: Kysely<Database>,
  dialect: Dialect,
  serviceId: string,
  eventKey: string,
): Promise<AlertRow | undefined> {
  return trx
    .selectFrom('alerts')
    .selectAll()
    .where('service_id', '=', serviceId)
    .where('event_key', '=', eventKey)
    .where('status', '<>', 'resolved')
    .$if(dialect === 'postgres', (q) => q.forNoKeyUpdate())
    .executeTakeFirst();
}

/**
 * Inserts unless another transaction holds an open alert for the same (service, key); on
 * PostgreSQL ON CONFLICT waits for that transaction and then reports the conflict, so the caller
 * re-reads and joins the winner.
 */
export async function insertIfNoOpen(trx: Kysely<Database>, row: NewAlertRow): Promise<boolean> {
  const r = await trx
    .insertInto('alerts')
    .values(row)
    .onConflict((oc) => oc.columns(['service_id', 'event_key']).where(sql<boolean>`status <> 'resolved'`).doNothing())
    .returning('id')
    .executeTakeFirst();
  return r !== undefined;
}

/**
 * SQLite: an alert's words in both title search tables and alert_list_words, in the transaction that inserted it outside
 * an ingest batch (the batch writes its alerts' words at its end: sqliteInsertedAlerts). No insert
 * trigger writes them (migration 2026-11-30T020000, docs/adr/0556).
 */
export async function sqliteIndexAlertWords(trx: Kysely<Database>, id: string): Promise<void> {
  await sql`insert into alerts_fts (rowid, title_words) select rowid, title_words from alerts where id = ${id}`.execute(trx);
  await sql`insert into alerts_unresolved_words (rowid, title_words) select rowid, title_words from alerts where id = ${id} and status <> 'resolved'`.execute(trx);
  const [before, after] = sqliteListWordsInsertSql('a.id = ?').split('?') as [string, string];
  await sql`${sql.raw(before)}${id}${sql.raw(after)}`.execute(trx);
}

/** Writes what a plan says, except the insert (done by insertIfNoOpen). */
export async function writePlanEffects(
  trx: Transaction<Database> | Kysely<Database>,
  plan: AlertPlan,
  orgId: string,
  now: string,
  settled: SettledEventTypes = NO_SETTLED_TYPES,
): Promise<void> {
  if (plan.update) await trx.updateTable('alerts').set(plan.update.set).where('id', '=', plan.update.id).execute();
  await insertLogRows(trx, plan.logs);
  await outboxRepository.insertEvents(trx, planEventRows(plan, orgId, now, settled));
}

export const kyselyAlertWriter = (trx: Kysely<Database>, dialect: Dialect, settled: SettledEventTypes = NO_SETTLED_TYPES): AlertWriter => ({
  findOpen: (serviceId, eventKey) => findOpenByKey(trx, dialect, serviceId, eventKey),
  async insertIfNoOpen(row) {
    if (!(await insertIfNoOpen(trx, row))) return false;
    // SQLite's title search tables follow an insert by the application, not by a trigger
    // (migration 2026-11-30T020000); PostgreSQL's indexes follow the row.
    if (dialect === 'sqlite') await sqliteIndexAlertWords(trx, row.id);
    // Counted in the transaction that inserts it (docs/adr/0543-usage-counters.md).
    await usageRepository.addAlertsCreated(trx, dialect, row.org_id, row.created_at);
    return true;
  },
  writeEffects: (plan, orgId, now) => writePlanEffects(trx, plan, orgId, now, settled),
});
