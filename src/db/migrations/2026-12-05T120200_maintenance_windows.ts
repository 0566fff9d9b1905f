import { type Kysely, sql } from 'kysely';

// Maintenance windows (PRODUCT.md 11, issue 36 item 2; docs/adr/0821-maintenance-windows.md): a
// one-off window (start_at, end_at) or a weekly one (time_zone, days as a JSON array, start_local
// "HH:MM", duration_minutes); service_ids as a JSON array; ended_at cuts the occurrence running
// then ("end now"). Frozen.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('maintenance_windows')
    .addColumn('id', 'text', (c) => c.primaryKey().notNull())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('service_ids', 'text', (c) => c.notNull())
    .addColumn('start_at', 'text')
    .addColumn('end_at', 'text')
    .addColumn('time_zone', 'text')
    .addColumn('days', 'text')
    .addColumn('start_local', 'text')
    .addColumn('duration_minutes', 'integer')
    .addColumn('page_when_over', 'integer', (c) => c.notNull().defaultTo(1).check(sql`page_when_over in (0, 1)`))
    .addColumn('ended_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('maintenance_windows_org').on('maintenance_windows').columns(['org_id', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('maintenance_windows').execute();
}
