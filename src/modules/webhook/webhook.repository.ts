import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { listOrgPage } from '../../db/paging.ts';
import type { ContextRow, FanoutDestination } from './webhook.snapshot.ts';
import type { WebhookKind } from './webhook.ts';
import type { NewWebhookDeliveryRow, NewWebhookDestinationRow, WebhookAttemptRow, WebhookDeliveryRow, WebhookDestinationUpdate } from './webhook.table.ts';

/**
 * The kind column's CHECK is frozen at the first five kinds: a `slack_app` destination is stored as
 * kind 'slack' with its channel_id, and read back as `slack_app` (migration 2026-12-05T140000,
 * docs/adr/0830). Every read of a whole row goes through here.
 */
export function fromDb<T extends { kind: WebhookKind; channel_id?: string | null }>(row: T): T;
export function fromDb<T extends { kind: WebhookKind; channel_id?: string | null }>(row: T | undefined): T | undefined;
export function fromDb<T extends { kind: WebhookKind; channel_id?: string | null }>(row: T | undefined): T | undefined {
  if (!row || row.channel_id === null || row.channel_id === undefined) return row;
  return { ...row, kind: 'slack_app' };
}
const toDbKind = (kind: WebhookKind): WebhookKind => (kind === 'slack_app' ? 'slack' : kind);

export async function insertDestination(db: Kysely<Database>, row: NewWebhookDestinationRow): Promise<void> {
  await db.insertInto('webhook_destinations').values({ ...row, kind: toDbKind(row.kind) }).execute();
}
export async function findDestination(db: Kysely<Database>, orgId: string, id: string) {
  return fromDb(await db.selectFrom('webhook_destinations').selectAll().where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst());
}
/** A destination by id alone (delivery, and the chat provider, which is given the id by the engine). */
export async function findDestinationById(db: Kysely<Database>, id: string) {
  return fromDb(await db.selectFrom('webhook_destinations').selectAll().where('id', '=', id).executeTakeFirst());
}
/**
 * Destinations a level channel's chat steps name, of one organization (another's count as not
 * existing). On PostgreSQL the rows are share-locked, so a delete waits until the steps naming them
 * are committed (and then sees them), and steps wait for a delete to commit (and then miss the row).
 */
export async function destinationsForSteps(db: Kysely<Database>, orgId: string, ids: string[], dialect: 'sqlite' | 'postgres') {
  if (!ids.length) return [];
  const rows = await db
    .selectFrom('webhook_destinations')
    .select(['id', 'kind', 'enabled', 'channel_id'])
    .where('org_id', '=', orgId)
    .where('id', 'in', ids)
    .$if(dialect === 'postgres', (q) => q.forShare())
    .execute();
  return rows.map((r) => fromDb(r));
}
/** A destination of an organization, row-locked on PostgreSQL (a delete checks who uses it under it). */
export async function lockDestination(db: Kysely<Database>, orgId: string, id: string, dialect: 'sqlite' | 'postgres') {
  return fromDb(await db.selectFrom('webhook_destinations').selectAll().where('org_id', '=', orgId).where('id', '=', id).$if(dialect === 'postgres', (q) => q.forUpdate()).executeTakeFirst());
}
export const listDestinations = async (db: Kysely<Database>, orgId: string, afterId: string | undefined, limit: number) =>
  (await listOrgPage(db, 'webhook_destinations', orgId, afterId, limit)).map((r) => fromDb(r));
export async function countDestinations(db: Kysely<Database>, orgId: string): Promise<number> {
  const r = await db.selectFrom('webhook_destinations').select((eb) => eb.fn.countAll<number>().as('n')).where('org_id', '=', orgId).executeTakeFirst();
  return Number(r?.n ?? 0);
}
export async function updateDestination(db: Kysely<Database>, id: string, set: WebhookDestinationUpdate): Promise<void> {
  await db.updateTable('webhook_destinations').set(set).where('id', '=', id).execute();
}
export async function deleteDestination(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('webhook_destinations').where('id', '=', id).execute();
}
/** (organization, event kinds) of every enabled destination: who wants which events written pending. */
export async function enabledSubscriptions(db: Kysely<Database>) {
  return db.selectFrom('webhook_destinations').select(['org_id', 'events']).where('enabled', '=', 1).execute();
}

/** The fan-out's reads on the Kysely path (the SQLite thread's form prepares the same statements). */
export async function fanoutDestinations(db: Kysely<Database>, orgId: string): Promise<FanoutDestination[]> {
  return db.selectFrom('webhook_destinations').select(['id', 'events', 'service_ids']).where('org_id', '=', orgId).where('enabled', '=', 1).execute();
}
export async function contextRow(db: Kysely<Database>, alertId: string): Promise<ContextRow | undefined> {
  return (await db
    .selectFrom('alerts as a')
    .leftJoin('services as s', 's.id', 'a.service_id')
    .leftJoin('users as ua', 'ua.id', 'a.acknowledged_by')
    .leftJoin('users as ur', 'ur.id', 'a.resolved_by')
    .selectAll('a')
    .select(['s.name as service_name', 'ua.email as acked_by_email', 'ur.email as resolved_by_email', 'ua.name as acked_by_user_name', 'ur.name as resolved_by_user_name'])
    .where('a.id', '=', alertId)
    .executeTakeFirst()) as ContextRow | undefined;
}

/** Inserts deliveries; one that exists for (destination, event) already is left as it is. */
export async function insertDeliveries(db: Kysely<Database>, rows: NewWebhookDeliveryRow[]): Promise<void> {
  if (!rows.length) return;
  await db.insertInto('webhook_deliveries').values(rows).onConflict((oc) => oc.columns(['destination_id', 'event_id']).doNothing()).execute();
}

/**
 * Due deliveries that may go now: pending and due, not leased, of an enabled destination whose
 * circuit is not open, and the first pending one of their (destination, alert), so deliveries of
 * one alert leave in order even across retries. Oldest due first.
 */
export async function dueDeliveryIds(db: Kysely<Database>, now: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_destinations as w', 'w.id', 'd.destination_id')
    .select('d.id')
    .where('d.state', '=', 'pending')
    .where('d.next_attempt_at', '<=', now)
    .where((eb) => eb.or([eb('d.lease_until', 'is', null), eb('d.lease_until', '<', now)]))
    .where('w.enabled', '=', 1)
    .where((eb) => eb.or([eb('w.circuit_open_until', 'is', null), eb('w.circuit_open_until', '<=', now)]))
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('webhook_deliveries as p')
            .select('p.id')
            .whereRef('p.destination_id', '=', 'd.destination_id')
            .whereRef('p.alert_id', '=', 'd.alert_id')
            .where('p.state', '=', 'pending')
            .whereRef('p.seq', '<', 'd.seq'),
        ),
      ),
    )
    .orderBy('d.next_attempt_at')
    .orderBy('d.id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Leases deliveries to `owner` if still pending and free. On PostgreSQL a concurrent claimer's
 * update waits for the row and re-checks the lease, so each delivery has one holder.
 */
export async function leaseDeliveries(db: Kysely<Database>, ids: string[], opts: { owner: string; now: string; leaseUntil: string }): Promise<WebhookDeliveryRow[]> {
  if (!ids.length) return [];
  return db
    .updateTable('webhook_deliveries')
    .set({ lease_owner: opts.owner, lease_until: opts.leaseUntil })
    .where('id', 'in', ids)
    .where('state', '=', 'pending')
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', opts.now)]))
    .returningAll()
    .execute();
}

export async function findDelivery(db: Kysely<Database>, destinationId: string, id: string) {
  return db.selectFrom('webhook_deliveries').selectAll().where('destination_id', '=', destinationId).where('id', '=', id).executeTakeFirst();
}
export async function findDeliveryById(db: Kysely<Database>, id: string) {
  return db.selectFrom('webhook_deliveries').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Newest first, filtered by state when given. */
export async function listDeliveries(db: Kysely<Database>, destinationId: string, opts: { beforeId?: string | undefined; state?: string | undefined; limit: number }) {
  return db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('destination_id', '=', destinationId)
    .$if(opts.beforeId !== undefined, (q) => q.where('id', '<', opts.beforeId!))
    .$if(opts.state !== undefined, (q) => q.where('state', '=', opts.state as never))
    .orderBy('id', 'desc')
    .limit(opts.limit)
    .execute();
}

export async function attemptsOf(db: Kysely<Database>, deliveryIds: string[]): Promise<WebhookAttemptRow[]> {
  if (!deliveryIds.length) return [];
  return db.selectFrom('webhook_attempts').selectAll().where('delivery_id', 'in', deliveryIds).orderBy('id').execute();
}

/** Every pending delivery of a destination ends `failed` with `reason` (the destination was disabled). */
export async function failPending(db: Kysely<Database>, destinationId: string, reason: string, now: string): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({ state: 'failed', last_error: reason, next_attempt_at: null, lease_owner: null, lease_until: null, updated_at: now, finished_at: now })
    .where('destination_id', '=', destinationId)
    .where('state', '=', 'pending')
    .execute();
}

/**
 * Deletes finished deliveries (and their attempts, by cascade) created before `before`, `batch` a
 * statement; returns how many went. Pending ones stay until they finish.
 */
export async function pruneDeliveries(db: Kysely<Database>, before: string, batch = 500): Promise<number> {
  let pruned = 0;
  for (;;) {
    const rows = await db.selectFrom('webhook_deliveries').select('id').where('created_at', '<', before).where('state', '<>', 'pending').limit(batch).execute();
    if (!rows.length) return pruned;
    const ids = rows.map((r) => r.id);
    await db.deleteFrom('webhook_attempts').where('delivery_id', 'in', ids).execute();
    pruned += Number((await db.deleteFrom('webhook_deliveries').where('id', 'in', ids).executeTakeFirst()).numDeletedRows);
    if (rows.length < batch) return pruned;
  }
}
