import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { IntegrationCredentialTable, NewIntegrationRow } from './integration.table.ts';

export async function insertIntegration(db: Kysely<Database>, row: NewIntegrationRow): Promise<void> {
  await db.insertInto('integrations').values(row).execute();
}
export async function insertCredential(db: Kysely<Database>, row: IntegrationCredentialTable): Promise<void> {
  await db.insertInto('integration_credentials').values(row).execute();
}

/** A live credential with what ingest needs to route: its source and the organization's limit. */
export async function findLiveCredential(db: Kysely<Database>, secretHash: string) {
  return db
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
    .where('c.secret_hash', '=', secretHash)
    .where('c.revoked_at', 'is', null)
    .where('i.enabled', '=', 1)
    .executeTakeFirst();
}
