import type { Kysely } from 'kysely';

// Issue 33 item 2 (docs/adr/0705): organizations.phone_countries, the ISO 3166-1 alpha-2 regions
// verification SMS and test pages may go to (JSON array); null follows the default (the region of
// the organization's first verified number, none before one).
// Frozen: never import application code here.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('organizations').addColumn('phone_countries', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('organizations').dropColumn('phone_countries').execute();
}
