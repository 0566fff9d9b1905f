import { type Kysely, sql } from 'kysely';

// Maintenance windows and the services' time settings (PRODUCT.md 11, issue 36 items 2 and 3;
// docs/adr/0821-maintenance-windows.md, 0822-acknowledgement-timeout-and-auto-resolve.md).
// - maintenance_windows: a one-off window (start_at, end_at) or a weekly one (time_zone, days,
//   start_local "HH:MM", duration_minutes); service_ids as a JSON array; ended_at cuts the
//   occurrence running then ("end now").
// - alerts.maintenance_window_id: the window that held the alert's paging (null: none). Ingest's
//   writers never set it; the paging engine does.
// - services.ack_timeout_minutes, services.auto_resolve_minutes: null or minutes.
// Frozen.

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
  await db.schema.alterTable('alerts').addColumn('maintenance_window_id', 'text').execute();
  await db.schema.alterTable('services').addColumn('ack_timeout_minutes', 'integer').execute();
  await db.schema.alterTable('services').addColumn('auto_resolve_minutes', 'integer').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('services').dropColumn('auto_resolve_minutes').execute();
  await db.schema.alterTable('services').dropColumn('ack_timeout_minutes').execute();
  await db.schema.alterTable('alerts').dropColumn('maintenance_window_id').execute();
  await db.schema.dropTable('maintenance_windows').execute();
}
