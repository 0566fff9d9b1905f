import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { listOrgPage } from '../../db/paging.ts';
import type { IntegrationCredentialTable, IntegrationUpdate, NewIntegrationRow } from './integration.table.ts';

export async function insertIntegration(db: Kysely<Database>, row: NewIntegrationRow): Promise<void> {
  await db.insertInto('integrations').values(row).execute();
}
export async function insertCredential(db: Kysely<Database>, row: IntegrationCredentialTable): Promise<void> {
  await db.insertInto('integration_credentials').values(row).execute();
}

/** Live credentials with what ingest needs to route: their source and the organization's limit. */
const liveCredentials = (db: Kysely<Database>) =>
  db
    .selectFrom('integration_credentials as c')
    .innerJoin('integrations as i', 'i.id', 'c.integration_id')
    .innerJoin('organizations as o', 'o.id', 'i.org_id')
    .select([
      'c.id as credential_id',
      'c.kind',
      'c.expires_at',
      'i.id as integration_id',
      'i.org_id',
      'i.type',
      'i.name',
      'i.service_id',
      'i.fallback_service_id',
      'i.routing_rules',
      'i.mapping',
      'o.ingest_rate_per_minute',
    ])
    .where('c.revoked_at', 'is', null)
    .where('i.enabled', '=', 1);
export type LiveCredentialRow = NonNullable<Awaited<ReturnType<typeof findLiveCredential>>>;

export async function findLiveCredential(db: Kysely<Database>, secretHash: string) {
  return liveCredentials(db).where('c.secret_hash', '=', secretHash).executeTakeFirst();
}

/** Every live credential, by the same query as one lookup (the outage snapshot, docs/adr/0103); at most `limit`. */
export async function listLiveCredentials(db: Kysely<Database>, limit: number) {
  return liveCredentials(db).select('c.secret_hash').orderBy('c.id').limit(limit).execute();
}

export async function findIntegration(db: Kysely<Database>, orgId: string, id: string) {
  return db.selectFrom('integrations').selectAll().where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst();
}
export const listIntegrations = (db: Kysely<Database>, orgId: string, afterId: string | undefined, limit: number) =>
  listOrgPage(db, 'integrations', orgId, afterId, limit);
export async function updateIntegration(db: Kysely<Database>, id: string, set: IntegrationUpdate): Promise<void> {
  await db.updateTable('integrations').set(set).where('id', '=', id).execute();
}
export async function deleteIntegration(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('integration_credentials').where('integration_id', '=', id).execute();
  await db.deleteFrom('integrations').where('id', '=', id).execute();
}
/** Credentials not revoked (expired ones included: the caller compares expires_at with its clock). */
export async function unrevokedCredentials(db: Kysely<Database>, integrationIds: string[]) {
  if (!integrationIds.length) return [];
  return db
    .selectFrom('integration_credentials')
    .selectAll()
    .where('integration_id', 'in', integrationIds)
    .where('revoked_at', 'is', null)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}
export async function setCredentialExpiry(db: Kysely<Database>, id: string, expiresAt: string): Promise<void> {
  await db.updateTable('integration_credentials').set({ expires_at: expiresAt }).where('id', '=', id).execute();
}
export async function revokeCredential(db: Kysely<Database>, id: string, now: string): Promise<void> {
  await db.updateTable('integration_credentials').set({ revoked_at: now }).where('id', '=', id).execute();
}
/** Which of these ids are services of the organization. */
export async function servicesInOrg(db: Kysely<Database>, orgId: string, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await db.selectFrom('services').select('id').where('org_id', '=', orgId).where('id', 'in', ids).execute();
  return new Set(rows.map((r) => r.id));
}
