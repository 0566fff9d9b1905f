import type { Kysely } from 'kysely';

// Issue 19 item 7: sign-up, SMS verification sends and invitation mail are throttled per source
// address, number, person and organization (docs/adr/0537). One row per action taken, keyed by
// what it is counted against (`subject`: an address, a number, a person, an organization), so the
// counts survive the deletion of what they are about (a number removed and added again, an
// invitation revoked) and every process agrees. Rows older than the longest window are pruned.
// Frozen.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('throttle_events')
    .addColumn('id', 'text', (c) => c.primaryKey().notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('throttle_events_subject').on('throttle_events').columns(['action', 'subject', 'created_at']).execute();
  await db.schema.createIndex('throttle_events_created').on('throttle_events').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('throttle_events').execute();
}
