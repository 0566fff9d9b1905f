import { type Kysely, sql } from 'kysely';

// Organization settings beyond name, time zone and ingest rate (default urgency rules, retention,
// voice call settings), member invitations, and an index for the audit log's time filters.
// Frozen: never import application code here. JSON is stored as text; defaults are written here
// so existing organizations get them.

const DEFAULT_URGENCY_RULES = '{"critical":"high","high":"high","medium":"high","low":"high","info":"low"}';
const DEFAULT_VOICE = '{"voice":"female","language":"en-US","repeat_count":2,"greeting":"","ack_key":"4","escalate_key":"5"}';

export async function up(db: Kysely<any>): Promise<void> {
  // SQLite takes one column per ALTER TABLE.
  await db.schema
    .alterTable('organizations')
    .addColumn('default_urgency_rules', 'text', (c) => c.notNull().defaultTo(DEFAULT_URGENCY_RULES))
    .execute();
  await db.schema
    .alterTable('organizations')
    .addColumn('retention_days', 'integer', (c) => c.notNull().defaultTo(365).check(sql`retention_days between 1 and 3650`))
    .execute();
  await db.schema
    .alterTable('organizations')
    .addColumn('voice_settings', 'text', (c) => c.notNull().defaultTo(DEFAULT_VOICE))
    .execute();

  await db.schema
    .createTable('invitations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('owner','admin','responder','observer')`))
    // The link's token is a secret: stored as a SHA-256 lookup hash, and sealed (AES-GCM) only
    // until the invitation mail is handed to the mailer (docs/adr/0321-invitations.md).
    .addColumn('token_hash', 'text', (c) => c.notNull())
    .addColumn('token_sealed', 'text')
    .addColumn('mail_status', 'text', (c) =>
      c.notNull().defaultTo('pending').check(sql`mail_status in ('pending','sent','not_configured','failed')`),
    )
    .addColumn('invited_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('accepted_at', 'text')
    .addColumn('accepted_by', 'text')
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('invitations_token_hash').on('invitations').column('token_hash').unique().execute();
  await db.schema.createIndex('invitations_org').on('invitations').columns(['org_id', 'id']).execute();

  await db.schema.createIndex('audit_log_org_created').on('audit_log').columns(['org_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('audit_log_org_created').ifExists().execute();
  await db.schema.dropTable('invitations').ifExists().execute();
  for (const c of ['voice_settings', 'retention_days', 'default_urgency_rules']) {
    await db.schema.alterTable('organizations').dropColumn(c).execute();
  }
}
