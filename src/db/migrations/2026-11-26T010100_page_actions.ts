import { type Kysely, sql } from 'kysely';

// Acknowledge from the page (issue 22, docs/adr/0441-acknowledge-from-the-page.md): the single-use
// acknowledge token a push payload or an email link carries, one per page, stored hashed, scoped to
// that page's alert and person, with its expiry and its use. Frozen.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('page_actions')
    .addColumn('id', 'text', (c) => c.primaryKey().notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull())
    .addColumn('org_id', 'text', (c) => c.notNull())
    .addColumn('alert_id', 'text', (c) => c.notNull().references('alerts.id').onDelete('cascade'))
    .addColumn('notification_id', 'text', (c) => c.notNull().references('notifications.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('channel', 'text', (c) => c.notNull().check(sql`channel in ('push', 'email')`))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('page_actions_token_hash').on('page_actions').column('token_hash').unique().execute();
  await db.schema.createIndex('page_actions_notification').on('page_actions').column('notification_id').unique().execute();
  await db.schema.createIndex('page_actions_alert').on('page_actions').column('alert_id').execute();
  await db.schema.createIndex('page_actions_user').on('page_actions').column('user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('page_actions').execute();
}
