import type { Kysely } from 'kysely';

// Maintenance windows and the services' time settings (PRODUCT.md 11, issue 36 items 2 and 3;
// docs/adr/0821-maintenance-windows.md, 0822-acknowledgement-timeout-and-auto-resolve.md).
// - maintenance_windows: in 2026-12-05T120200 (a migration of new tables only comes last).
// - alerts.maintenance_window_id: the window that held the alert's paging (null: none). Ingest's
//   writers never set it; the paging engine does.
// - services.ack_timeout_minutes, services.auto_resolve_minutes: null or minutes.
// Frozen.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('alerts').addColumn('maintenance_window_id', 'text').execute();
  await db.schema.alterTable('services').addColumn('ack_timeout_minutes', 'integer').execute();
  await db.schema.alterTable('services').addColumn('auto_resolve_minutes', 'integer').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('services').dropColumn('auto_resolve_minutes').execute();
  await db.schema.alterTable('services').dropColumn('ack_timeout_minutes').execute();
  await db.schema.alterTable('alerts').dropColumn('maintenance_window_id').execute();
}
