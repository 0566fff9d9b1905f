import type { Kysely } from 'kysely';

// GET /api/org/usage counts the alerts an organization opened in its billing period. No index had
// created_at, so both stores read every alert of the organization (PostgreSQL: the whole table) on
// each call; this one makes the count one index range (docs/adr/0340-plans-and-limits.md). A new
// alert writes one more index entry; a repeat, an ack or a resolve does not change created_at.
// Frozen.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('alerts_org_created').on('alerts').columns(['org_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('alerts_org_created').execute();
}
