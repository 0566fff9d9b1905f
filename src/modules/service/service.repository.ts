import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { listOrgPage } from '../../db/paging.ts';
import type { NewServiceRow, ServiceRow, ServiceUpdate } from './service.table.ts';

export async function insertService(db: Kysely<Database>, row: NewServiceRow): Promise<void> {
  await db.insertInto('services').values(row).execute();
}
export async function findService(db: Kysely<Database>, orgId: string, id: string): Promise<ServiceRow | undefined> {
  return db.selectFrom('services').selectAll().where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst();
}
export async function findServiceById(db: Kysely<Database>, id: string): Promise<ServiceRow | undefined> {
  return db.selectFrom('services').selectAll().where('id', '=', id).executeTakeFirst();
}
/** Every service's organization, at most `limit` (ingest's outage snapshot, docs/adr/0103). */
export async function listServiceOrgs(db: Kysely<Database>, limit: number): Promise<{ id: string; org_id: string }[]> {
  return db.selectFrom('services').select(['id', 'org_id']).orderBy('id').limit(limit).execute();
}
export const listServices = (db: Kysely<Database>, orgId: string, afterId: string | undefined, limit: number) =>
  listOrgPage(db, 'services', orgId, afterId, limit);
export async function updateService(db: Kysely<Database>, id: string, set: ServiceUpdate): Promise<void> {
  await db.updateTable('services').set(set).where('id', '=', id).execute();
}
export async function deleteService(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('services').where('id', '=', id).execute();
}
/**
 * Vendor connections that fall back to this service or route to it by a rule (they block its
 * deletion). Only the organization's: a connection's targets are services of its own organization,
 * and the `like` on routing rules would otherwise read every organization's connections.
 */
export async function integrationsFallingBackTo(db: Kysely<Database>, orgId: string, serviceId: string): Promise<string[]> {
  const rows = await integrationsFallingBackToQuery(db, orgId, serviceId).execute();
  const routesTo = (rules: string) => (JSON.parse(rules) as { service_id: string }[]).some((r) => r.service_id === serviceId);
  return rows.filter((r) => r.fallback_service_id === serviceId || routesTo(r.routing_rules)).map((r) => r.id);
}

/** The query behind integrationsFallingBackTo: one range of integrations_org (test/integration/orgs/foreign-key-indexes.test.ts). */
export function integrationsFallingBackToQuery(db: Kysely<Database>, orgId: string, serviceId: string) {
  return db
    .selectFrom('integrations')
    .select(['id', 'fallback_service_id', 'routing_rules'])
    .where('org_id', '=', orgId)
    .where((eb) => eb.or([eb('fallback_service_id', '=', serviceId), eb('routing_rules', 'like', `%${serviceId}%`)]));
}
