import type { Kysely } from 'kysely';

// Issue 35 item 3 (docs/adr/0800): one row per handoff notice, unique per (person, schedule, level,
// shift start), so a shift's notice is sent once across restarts and processes; claimed under a
// lease while it is sent.
// Frozen: never import application code here.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('handoff_notices')
    .addColumn('id', 'text', (c) => c.primaryKey().notNull())
    .addColumn('org_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('schedule_id', 'text', (c) => c.notNull())
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('shift_start', 'text', (c) => c.notNull())
    .addColumn('shift_end', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('channel', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('claim_expires_at', 'text')
    .addColumn('detail', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('handoff_notices_shift').on('handoff_notices').columns(['user_id', 'schedule_id', 'level', 'shift_start']).unique().execute();
  await db.schema.createIndex('handoff_notices_status').on('handoff_notices').columns(['status', 'claim_expires_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('handoff_notices').execute();
}
