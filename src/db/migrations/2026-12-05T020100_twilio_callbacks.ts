import type { Kysely } from 'kysely';

// Issue 33 item 8 (docs/adr/0706): one row per Twilio callback that acted (an inbound SMS by its
// MessageSid, a call's acting key by its CallSid, a final status by SID and status), so a replayed
// signed callback acts once, across processes. Pruned after 7 days by the receipt-prune job.
// Frozen: never import application code here.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('twilio_callbacks')
    .addColumn('key', 'text', (c) => c.primaryKey().notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('twilio_callbacks_created').on('twilio_callbacks').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('twilio_callbacks').execute();
}
