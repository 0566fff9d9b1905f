import { type Kysely, sql } from 'kysely';

// Heartbeats (PRODUCT.md 11, issue 36 item 1; docs/adr/0820-heartbeats.md): a dead man's switch
// per service. The ping URL's token is kept as a hash only. `deadline_at` is when a missing ping
// opens the alert (last ping + interval + grace; null while new, paused or down); `state` says
// whether the alert of the current silence is open (`down`), so opening it is a compare-and-set
// on the row: one alert per silence across restarts and processes. Frozen.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('heartbeats')
    .addColumn('id', 'text', (c) => c.primaryKey().notNull())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('service_id', 'text', (c) => c.notNull().references('services.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('interval_seconds', 'integer', (c) => c.notNull())
    .addColumn('grace_seconds', 'integer', (c) => c.notNull())
    .addColumn('priority', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1).check(sql`enabled in (0, 1)`))
    .addColumn('token_hash', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().check(sql`state in ('new','up','down')`))
    .addColumn('last_ping_at', 'text')
    .addColumn('deadline_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('heartbeats_token_hash').unique().on('heartbeats').column('token_hash').execute();
  await db.schema.createIndex('heartbeats_service').on('heartbeats').columns(['service_id', 'id']).execute();
  await db.schema.createIndex('heartbeats_org').on('heartbeats').columns(['org_id', 'id']).execute();
  await db.schema.createIndex('heartbeats_deadline').on('heartbeats').column('deadline_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('heartbeats').execute();
}
