import type { Kysely } from 'kysely';

// SMS and voice delivery (issue 22, docs/adr/0445-phone-delivery.md), the columns of older tables
// (the new tables follow in 2026-11-26T020100):
// - phone_numbers.disabled_reason/disabled_at: a number Twilio refused for good (21610 opted out,
//   21614 not a mobile number, 21211 invalid) is not paged until its owner verifies it again.
// - organizations.paging_throttles: the organization's overrides of the throttle defaults (JSON).
// Frozen: never import application code here.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('phone_numbers').addColumn('disabled_reason', 'text').execute();
  await db.schema.alterTable('phone_numbers').addColumn('disabled_at', 'text').execute();
  await db.schema.alterTable('organizations').addColumn('paging_throttles', 'text', (c) => c.notNull().defaultTo('{}')).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('organizations').dropColumn('paging_throttles').execute();
  await db.schema.alterTable('phone_numbers').dropColumn('disabled_at').execute();
  await db.schema.alterTable('phone_numbers').dropColumn('disabled_reason').execute();
}
