import { type Kysely, sql } from 'kysely';

// Issue 37 item 4 (docs/adr/0835-telegram-personal-channel.md): Telegram as a person's channel.
// 1. telegram_links: one per person; a one-time link code (its hash) until the person presses
//    Start in the bot, then the chat it binds; disabled (with the reason its owner sees) when
//    Telegram answers 403 (the bot was blocked).
// 2. telegram_updates: one row per webhook update that acted (by update_id), so an update
//    Telegram delivers twice acts once, across processes.
// 3. notifications.channel admits 'telegram'. PostgreSQL swaps the check; SQLite cannot change a
//    check in place and its migrations run in one transaction (foreign keys stay on), so the table
//    is rebuilt: page_actions (which cascades from notifications) is kept aside and put back.
// destructive-up: notifications is rebuilt on SQLite with every row copied into the new table
// before the old one is dropped; page_actions rows are copied aside and restored.
// Frozen: never import application code here.

const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter.constructor.name === 'PostgresAdapter';
const inTransaction = (db: Kysely<any>, work: (trx: Kysely<any>) => Promise<void>) => (db.isTransaction ? work(db) : db.transaction().execute(work));

const COLUMNS = 'id, org_id, alert_id, user_id, kind, epoch, cycle, level, step_index, channel, destination_id, urgency, due_at, status, attempts, claim_token, claim_expires_at, provider_message_id, detail, idempotency_key, created_at, updated_at';

async function createNotifications(db: Kysely<any>, name: string, channels: string): Promise<void> {
  await db.schema
    .createTable(name)
    .addColumn('id', 'text', (c) => c.primaryKey().notNull())
    .addColumn('org_id', 'text', (c) => c.notNull())
    .addColumn('alert_id', 'text', (c) => c.notNull().references('alerts.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('escalation', 'responder')`))
    .addColumn('epoch', 'integer', (c) => c.notNull())
    .addColumn('cycle', 'integer', (c) => c.notNull())
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('step_index', 'integer', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull().check(sql.raw(`channel in (${channels})`)))
    .addColumn('destination_id', 'text')
    .addColumn('urgency', 'text', (c) => c.notNull().check(sql`urgency in ('high', 'low')`))
    .addColumn('due_at', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('pending', 'claimed', 'sent', 'delivered', 'failed', 'cancelled', 'skipped', 'superseded', 'not_configured')`),
    )
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('claim_token', 'text')
    .addColumn('claim_expires_at', 'text')
    .addColumn('provider_message_id', 'text')
    .addColumn('detail', 'text')
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

async function indexNotifications(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('notifications_idempotency_key').on('notifications').column('idempotency_key').unique().execute();
  await db.schema.createIndex('notifications_status_due').on('notifications').columns(['status', 'due_at']).execute();
  await db.schema.createIndex('notifications_alert_status').on('notifications').columns(['alert_id', 'status']).execute();
  await db.schema.createIndex('notifications_user').on('notifications').column('user_id').execute();
  await db.schema.createIndex('notifications_status_urgency_due').on('notifications').columns(['status', 'urgency', 'due_at']).execute();
}

/** SQLite: notifications rebuilt with another channel check, its rows and page_actions' kept. */
async function rebuildSqlite(db: Kysely<any>, channels: string): Promise<void> {
  await inTransaction(db, async (trx) => {
    await sql`create table "page_actions_keep" as select * from "page_actions"`.execute(trx);
    await createNotifications(trx, 'notifications_next', channels);
    await sql.raw(`insert into "notifications_next" (${COLUMNS}) select ${COLUMNS} from "notifications"`).execute(trx);
    await sql`drop table "notifications"`.execute(trx);
    await sql`alter table "notifications_next" rename to "notifications"`.execute(trx);
    await indexNotifications(trx);
    await sql`insert into "page_actions" select * from "page_actions_keep"`.execute(trx);
    await sql`drop table "page_actions_keep"`.execute(trx);
  });
}

const WITH_TELEGRAM = `'push', 'sms', 'voice', 'email', 'chat', 'telegram'`;
const WITHOUT_TELEGRAM = `'push', 'sms', 'voice', 'email', 'chat'`;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('telegram_links')
    .addColumn('id', 'text', (c) => c.primaryKey().notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('chat_id', 'text')
    .addColumn('username', 'text')
    .addColumn('code_hash', 'text')
    .addColumn('code_expires_at', 'text')
    .addColumn('linked_at', 'text')
    .addColumn('disabled_at', 'text')
    .addColumn('disabled_reason', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('telegram_links_user').on('telegram_links').column('user_id').unique().execute();
  await db.schema.createIndex('telegram_links_chat').on('telegram_links').column('chat_id').unique().execute();
  await db.schema.createIndex('telegram_links_code').on('telegram_links').column('code_hash').unique().execute();
  await db.schema
    .createTable('telegram_updates')
    .addColumn('update_id', 'text', (c) => c.primaryKey().notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('telegram_updates_created').on('telegram_updates').column('created_at').execute();
  if (isPostgres(db)) {
    await sql`alter table notifications drop constraint notifications_channel_check`.execute(db);
    await sql.raw(`alter table notifications add constraint notifications_channel_check check (channel in (${WITH_TELEGRAM}))`).execute(db);
  } else {
    await rebuildSqlite(db, WITH_TELEGRAM);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from notifications where channel = 'telegram'`.execute(db);
  if (isPostgres(db)) {
    await sql`alter table notifications drop constraint notifications_channel_check`.execute(db);
    await sql.raw(`alter table notifications add constraint notifications_channel_check check (channel in (${WITHOUT_TELEGRAM}))`).execute(db);
  } else {
    await rebuildSqlite(db, WITHOUT_TELEGRAM);
  }
  await db.schema.dropTable('telegram_updates').execute();
  await db.schema.dropTable('telegram_links').execute();
}
