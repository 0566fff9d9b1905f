import type { Kysely } from 'kysely';

// Every foreign key's child column leads an index. Without one, deleting the parent row (a user, an
// organization, a service) made both stores read the whole child table, every organization's rows,
// to cascade or check: sessions and device grants are never deleted, so those grew with every
// sign-in (docs/adr/0322-org-deletion-and-audit-log.md). None of these tables is written by ingest.
// Frozen.

const INDEXES: Array<[name: string, table: string, column: string]> = [
  ['sessions_org', 'sessions', 'org_id'],
  ['device_grants_user', 'device_grants', 'user_id'],
  ['device_grants_org', 'device_grants', 'org_id'],
  ['api_keys_user', 'api_keys', 'user_id'],
  ['phone_numbers_user', 'phone_numbers', 'user_id'],
  ['invitations_invited_by', 'invitations', 'invited_by'],
  ['integrations_service', 'integrations', 'service_id'],
  ['integrations_fallback_service', 'integrations', 'fallback_service_id'],
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, table, column] of INDEXES) await db.schema.createIndex(name).on(table).column(column).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [name] of INDEXES) await db.schema.dropIndex(name).execute();
}
