import { type Kysely, sql } from 'kysely';

// Slack as an app (PRODUCT.md 12, issue 37; docs/adr/0830-slack-app.md):
// - slack_connections: one Slack app per organization, its bot token and signing secret sealed
//   with KLAXON_SECRET_KEY, the workspace (team) it answered auth.test with; interactions find
//   their organization by team_id, then prove it with the secret.
// - webhook_destinations.channel_id: a `slack_app` destination posts through the organization's
//   connection into this channel instead of to a URL. The kind column's CHECK is frozen (SQLite
//   cannot change it without rebuilding the table, which would cascade into deliveries), so the
//   row keeps kind 'slack' and a non-null channel_id makes it `slack_app` (the repository maps it).
// - slack_messages: the one message of an alert in a destination's channel. The row is written
//   (state 'posting') before chat.postMessage and completed with its ts after, so a post whose
//   answer was lost (kill -9) is found again by its metadata instead of posted twice. Frozen.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('slack_connections')
    .addColumn('org_id', 'text', (c) => c.primaryKey().notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('team_id', 'text', (c) => c.notNull())
    .addColumn('team_name', 'text', (c) => c.notNull())
    .addColumn('bot_user_id', 'text')
    .addColumn('bot_token_sealed', 'text', (c) => c.notNull())
    .addColumn('bot_token_hint', 'text', (c) => c.notNull())
    .addColumn('signing_secret_sealed', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('slack_connections_team').on('slack_connections').column('team_id').execute();

  await db.schema.alterTable('webhook_destinations').addColumn('channel_id', 'text').execute();

  await db.schema
    .createTable('slack_messages')
    .addColumn('destination_id', 'text', (c) => c.notNull().references('webhook_destinations.id').onDelete('cascade'))
    .addColumn('alert_id', 'text', (c) => c.notNull().references('alerts.id').onDelete('cascade'))
    .addColumn('org_id', 'text', (c) => c.notNull())
    .addColumn('channel_id', 'text', (c) => c.notNull())
    .addColumn('ts', 'text')
    .addColumn('state', 'text', (c) => c.notNull().check(sql`state in ('posting', 'posted')`))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('slack_messages_pkey', ['destination_id', 'alert_id'])
    .execute();
  await db.schema.createIndex('slack_messages_alert').on('slack_messages').column('alert_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('slack_messages').execute();
  await db.schema.alterTable('webhook_destinations').dropColumn('channel_id').execute();
  await db.schema.dropTable('slack_connections').execute();
}
