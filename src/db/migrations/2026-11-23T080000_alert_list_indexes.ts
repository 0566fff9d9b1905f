import type { Kysely } from 'kysely';
import { sql } from 'kysely';

// Alert lists that stay fast as resolved alerts pile up (docs/adr/0010-alert-list-queries.md). The old
// (org_id, priority, id) index could not serve "priority first, then newest" (mixed directions):
// both stores read and sorted every alert of a priority for each page. Each list query now walks
// one (…, status, priority, id desc) range per status; retention finds its rows by resolved_at.
// Frozen.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('alerts_org_sort').execute();
  await db.schema.dropIndex('alerts_org_status').execute();
  await db.schema.createIndex('alerts_org_list').on('alerts').columns(['org_id', 'status', 'priority', 'id desc']).execute();
  await db.schema.createIndex('alerts_service_list').on('alerts').columns(['service_id', 'status', 'priority', 'id desc']).execute();
  await db.schema
    .createIndex('alerts_resolved_at')
    .on('alerts')
    .columns(['org_id', 'resolved_at'])
    .where(sql.ref('status'), '=', 'resolved')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('alerts_resolved_at').execute();
  await db.schema.dropIndex('alerts_service_list').execute();
  await db.schema.dropIndex('alerts_org_list').execute();
  await db.schema.createIndex('alerts_org_sort').on('alerts').columns(['org_id', 'priority', 'id']).execute();
  await db.schema.createIndex('alerts_org_status').on('alerts').columns(['org_id', 'status']).execute();
}
