import type { Kysely } from 'kysely';

// webhook_deliveries.org_id is a foreign key: deleting an organization read the whole table (every
// organization's deliveries) to cascade. Its own index, as every foreign key column has
// (2026-11-23T091000). Frozen.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('webhook_deliveries_org').on('webhook_deliveries').column('org_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('webhook_deliveries_org').execute();
}
