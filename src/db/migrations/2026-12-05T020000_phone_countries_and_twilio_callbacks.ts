import type { Kysely } from 'kysely';

// Issue 33 items 2 and 8 (docs/adr/0705, 0706):
// - organizations.phone_countries: the ISO 3166-1 alpha-2 regions verification SMS and test pages
//   may go to (JSON array); null follows the default (the region of the organization's first
//   verified number, none before one).
// - twilio_callbacks: one row per Twilio callback that acted (inbound SMS by MessageSid, a call's
//   key by CallSid, a final status by SID and status), so a replayed signed callback acts once,
//   across processes. Pruned after 7 days by the receipt-prune job.
// Frozen: never import application code here.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('organizations').addColumn('phone_countries', 'text').execute();
  await db.schema
    .createTable('twilio_callbacks')
    .addColumn('key', 'text', (c) => c.primaryKey().notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('twilio_callbacks_created').on('twilio_callbacks').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('twilio_callbacks').execute();
  await db.schema.alterTable('organizations').dropColumn('phone_countries').execute();
}
