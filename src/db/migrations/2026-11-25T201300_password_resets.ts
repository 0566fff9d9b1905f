import { type Kysely, sql } from 'kysely';

// Password reset by emailed link (issue 19 item 4). The link's token is kept as a lookup hash, and
// sealed (KLAXON_SECRET_KEY) only until the outbox has handed the mail over, like invitations. Frozen.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('password_resets')
    .addColumn('id', 'text', (c) => c.primaryKey().notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull())
    .addColumn('token_sealed', 'text')
    .addColumn('mail_status', 'text', (c) => c.notNull().check(sql`mail_status in ('pending','sent','not_configured','failed')`))
    .addColumn('ip', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('password_resets_token_hash').on('password_resets').column('token_hash').unique().execute();
  // Requests per person in the last hour (the mail throttle), and the foreign key's lookups.
  await db.schema.createIndex('password_resets_user').on('password_resets').columns(['user_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('password_resets').execute();
}
