import type { Kysely } from 'kysely';
import { sql } from 'kysely';

// SMS and voice delivery (issue 22, docs/adr/0445-phone-delivery.md), its tables (the columns of
// older tables are 2026-11-26T020000):
// - sms_reply_codes: the code an SMS page gives ("Reply 4821 to acknowledge"), unique per person
//   while it exists (expired codes are deleted before a new one is chosen), with the alerts it acts
//   on (a bundle acknowledges them all). A reply counts only from one of the person's own verified
//   numbers (the ones the page went to).
// - delivery_sends: one row per SMS or call sent, for the per-destination throttles.
// Frozen: never import application code here.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sms_reply_codes')
    .addColumn('id', 'text', (c) => c.primaryKey().notNull())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('alert_ids', 'text', (c) => c.notNull())
    .addColumn('notification_id', 'text')
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sms_reply_codes_user_code').on('sms_reply_codes').columns(['user_id', 'code']).unique().execute();
  await db.schema.createIndex('sms_reply_codes_org').on('sms_reply_codes').column('org_id').execute();

  await db.schema
    .createTable('delivery_sends')
    .addColumn('id', 'text', (c) => c.primaryKey().notNull())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('channel', 'text', (c) => c.notNull().check(sql`channel in ('sms', 'voice')`))
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('delivery_sends_user_channel').on('delivery_sends').columns(['user_id', 'channel', 'sent_at']).execute();
  await db.schema.createIndex('delivery_sends_org').on('delivery_sends').column('org_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('delivery_sends').execute();
  await db.schema.dropTable('sms_reply_codes').execute();
}
