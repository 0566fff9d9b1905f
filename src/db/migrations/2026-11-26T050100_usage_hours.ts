import { type Kysely, sql } from 'kysely';

// Usage without scanning history (issue 25, docs/adr/0543-usage-counters.md): alerts created per
// organization and UTC hour ('YYYY-MM-DDTHH', the first 13 characters of created_at), added to in
// the transaction that inserts the alerts. `shard` spreads one hour's counting over a few rows on
// PostgreSQL (the connection's backend pid modulo 8), so concurrent ingest batches of one
// organization never wait on each other's row lock until commit; SQLite has one writer and uses
// shard 0. GET /api/org/usage sums the hours of the billing period. Existing alerts are counted
// here. Frozen.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('usage_hours')
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('hour', 'text', (c) => c.notNull())
    .addColumn('shard', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('alerts_created', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('usage_hours_pkey', ['org_id', 'hour', 'shard'])
    .execute();
  await sql`insert into usage_hours (org_id, hour, shard, alerts_created)
    select org_id, substr(created_at, 1, 13), 0, count(*) from alerts group by org_id, substr(created_at, 1, 13)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('usage_hours').ifExists().execute();
}
