import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { DEFAULT_VOICE } from './org.ts';
import type { MembershipRow, MembershipTable, NewOrganizationRow, OrganizationRow, OrganizationUpdate } from './org.table.ts';

export async function insertOrg(db: Kysely<Database>, row: NewOrganizationRow): Promise<void> {
  // The voice keys of PRODUCT.md 7.3 (1 acknowledges, 2 escalates); the column's default, frozen in
  // an older migration, says 4 and 5 (docs/adr/0320).
  await db.insertInto('organizations').values({ voice_settings: JSON.stringify(DEFAULT_VOICE), ...row }).execute();
}
/** Whether any organization exists (the dashboard's first-run page explains `klaxon admin bootstrap` until one does). */
export async function anyOrg(db: Kysely<Database>): Promise<boolean> {
  return (await db.selectFrom('organizations').select('id').limit(1).executeTakeFirst()) !== undefined;
}
export async function findOrg(db: Kysely<Database>, id: string): Promise<OrganizationRow | undefined> {
  return db.selectFrom('organizations').selectAll().where('id', '=', id).executeTakeFirst();
}
/** What ingest reads of every organization, at most `limit` (its outage snapshot, docs/adr/0103). */
export async function listIngestSettings(db: Kysely<Database>, limit: number) {
  return db.selectFrom('organizations').select(['id', 'ingest_rate_per_minute', 'default_urgency_rules']).orderBy('id').limit(limit).execute();
}
export async function insertMembership(db: Kysely<Database>, row: MembershipTable): Promise<void> {
  await db.insertInto('memberships').values(row).execute();
}
export async function findMembership(db: Kysely<Database>, orgId: string, userId: string): Promise<MembershipRow | undefined> {
  return db.selectFrom('memberships').selectAll().where('org_id', '=', orgId).where('user_id', '=', userId).executeTakeFirst();
}
export async function listMembershipsOfUser(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('memberships')
    .innerJoin('organizations', 'organizations.id', 'memberships.org_id')
    .select(['memberships.org_id', 'memberships.role', 'organizations.name as org_name'])
    .where('memberships.user_id', '=', userId)
    .orderBy('memberships.org_id')
    .execute();
}
export async function updateOrg(db: Kysely<Database>, id: string, set: OrganizationUpdate): Promise<void> {
  await db.updateTable('organizations').set(set).where('id', '=', id).execute();
}
/**
 * Deletes the organization; foreign keys cascade to services, sources, alerts, keys and memberships.
 * Its pending outbox events go first, or the worker would be pointed at deleted alerts: they are
 * few and found through outbox_events_pending. Its handled events and its receipts are not found
 * by organization (no index: ingest would write one for every signal), so they are left to
 * purgeOrgRows, after commit (docs/adr/0322).
 */
export async function deleteOrg(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('outbox_events').where('processed_at', 'is', null).where('org_id', '=', id).execute();
  await db.deleteFrom('organizations').where('id', '=', id).execute();
}

/**
 * After deleteOrg committed: the deleted organization's remaining outbox events and its receipts.
 * Each table is read in key order, `batch` rows a statement, and the organization's rows among them
 * are deleted, so no statement holds the SQLite thread (and with it ingest) or a transaction for
 * long, however big the tables are. Nothing writes rows of a deleted organization, so one pass finds
 * them all; whatever a crash leaves is pruned with every handled event (an hour, outbox-prune.job.ts)
 * and receipt (a week, receipt-prune.job.ts), as is what is left when `stopped` turns true (shutdown). Returns how many rows went.
 */
export async function purgeOrgRows(db: Kysely<Database>, orgId: string, opts: { batch?: number; stopped?: () => boolean } = {}): Promise<number> {
  const batch = opts.batch ?? 1000;
  const stopped = opts.stopped ?? (() => false);
  let purged = 0;
  for (let after = 0; !stopped(); ) {
    const rows = await db.selectFrom('outbox_events').select(['id', 'org_id']).where('id', '>', after).orderBy('id').limit(batch).execute();
    const ids = rows.filter((r) => r.org_id === orgId).map((r) => Number(r.id));
    if (ids.length) purged += Number((await db.deleteFrom('outbox_events').where('id', 'in', ids).executeTakeFirst()).numDeletedRows);
    if (rows.length < batch) break;
    after = Number(rows[rows.length - 1]!.id);
  }
  for (let after = ''; !stopped(); ) {
    const rows = await db.selectFrom('receipts').select(['id', 'org_id']).where('id', '>', after).orderBy('id').limit(batch).execute();
    const ids = rows.filter((r) => r.org_id === orgId).map((r) => r.id);
    if (ids.length) purged += Number((await db.deleteFrom('receipts').where('id', 'in', ids).executeTakeFirst()).numDeletedRows);
    if (rows.length < batch) break;
    after = rows[rows.length - 1]!.id;
  }
  return purged;
}
/** Locks the organization's row (PostgreSQL) so concurrent owner changes serialize. */
export async function lockOrg(db: Kysely<Database>, id: string, dialect: 'sqlite' | 'postgres'): Promise<void> {
  if (dialect === 'postgres') await db.selectFrom('organizations').select('id').where('id', '=', id).forUpdate().execute();
}
export async function countOwners(db: Kysely<Database>, orgId: string): Promise<number> {
  const r = await db
    .selectFrom('memberships')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('org_id', '=', orgId)
    .where('role', '=', 'owner')
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}
export async function listMembers(db: Kysely<Database>, orgId: string, afterUserId: string | undefined, limit: number) {
  return db
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.user_id', 'u.email', 'u.name', 'm.role', 'm.created_at', 'u.email_verified_at'])
    .where('m.org_id', '=', orgId)
    .$if(afterUserId !== undefined, (q) => q.where('m.user_id', '>', afterUserId!))
    .orderBy('m.user_id')
    .limit(limit)
    .execute();
}
export async function findMember(db: Kysely<Database>, orgId: string, userId: string) {
  return db
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.user_id', 'u.email', 'u.name', 'm.role', 'm.created_at', 'u.email_verified_at'])
    .where('m.org_id', '=', orgId)
    .where('m.user_id', '=', userId)
    .executeTakeFirst();
}
export async function updateMembershipRole(db: Kysely<Database>, orgId: string, userId: string, role: MembershipTable['role']): Promise<void> {
  await db.updateTable('memberships').set({ role }).where('org_id', '=', orgId).where('user_id', '=', userId).execute();
}
/**
 * Ends a membership and revokes the member's full-product keys in the organization (they act as
 * the member, so they die with the membership). Alert-ingest keys are the organization's: kept.
 * Returns the revoked key ids.
 */
export async function deleteMembership(db: Kysely<Database>, orgId: string, userId: string, now: string): Promise<string[]> {
  await db.deleteFrom('memberships').where('org_id', '=', orgId).where('user_id', '=', userId).execute();
  const revoked = await db
    .updateTable('api_keys')
    .set({ revoked_at: now })
    .where('org_id', '=', orgId)
    .where('user_id', '=', userId)
    .where('kind', '=', 'full_product')
    .where('revoked_at', 'is', null)
    .returning('id')
    .execute();
  return revoked.map((r) => r.id);
}
/** A member's live full-product keys in an organization. */
export async function liveMemberKeyIds(db: Kysely<Database>, orgId: string, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('api_keys').select('id').where('org_id', '=', orgId).where('user_id', '=', userId).where('kind', '=', 'full_product').where('revoked_at', 'is', null).execute();
  return rows.map((r) => r.id);
}
/** Ids of every key of an organization (revoked ones too). */
export async function keyIdsOf(db: Kysely<Database>, orgId: string): Promise<string[]> {
  return (await db.selectFrom('api_keys').select('id').where('org_id', '=', orgId).execute()).map((r) => r.id);
}
/** Revokes the member's agent tokens (kxa_) approved for the organization; returns their ids. */
export async function revokeAgentTokens(db: Kysely<Database>, orgId: string, userId: string, now: string): Promise<string[]> {
  const revoked = await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('org_id', '=', orgId)
    .where('user_id', '=', userId)
    .where('kind', '=', 'agent')
    .where('revoked_at', 'is', null)
    .returning('id')
    .execute();
  return revoked.map((r) => r.id);
}
export async function listRetention(db: Kysely<Database>) {
  return db.selectFrom('organizations').select(['id', 'retention_days']).orderBy('id').execute();
}
/**
 * Deletes up to `limit` resolved alerts of an organization resolved before `before` (their
 * timelines cascade). Returns how many went; callers repeat while it equals `limit`.
 */
export async function pruneResolvedAlerts(db: Kysely<Database>, orgId: string, before: string, limit: number): Promise<number> {
  const r = await db
    .deleteFrom('alerts')
    .where('id', 'in', resolvedBeforeQuery(db, orgId, before, limit))
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** Ids of up to `limit` alerts resolved before `before`: a range of `alerts_resolved_at` (docs/adr/0010). */
export function resolvedBeforeQuery(db: Kysely<Database>, orgId: string, before: string, limit: number) {
  return db
    .selectFrom('alerts')
    .select('id')
    .where('org_id', '=', orgId)
    .where('status', '=', 'resolved')
    .where('resolved_at', '<', before)
    .limit(limit);
}
/** Organizations requiring single sign-on where the person is a member other than an owner (PRODUCT.md 13). */
export async function ssoRequiredOrgsOf(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('memberships')
    .innerJoin('organizations', 'organizations.id', 'memberships.org_id')
    .select(['organizations.id', 'organizations.name'])
    .where('memberships.user_id', '=', userId)
    .where('memberships.role', '!=', 'owner')
    .where('organizations.sso_required', '=', 1)
    .orderBy('organizations.id')
    .execute();
}
/** Organizations with a non-empty sso_role_map, applied at each single sign-on. */
export async function orgsWithRoleMap(db: Kysely<Database>) {
  return db.selectFrom('organizations').select(['id', 'name', 'sso_role_map']).where('sso_role_map', '!=', '{}').orderBy('id').execute();
}
