import type { Kysely } from 'kysely';

// Issue 35 items 1–3 (docs/adr/0800): each person's notification rules, one row per person: JSON
// lists per urgency ([] means the level's steps), quiet hours (JSON or null), handoff notice minutes.
// Frozen: never import application code here.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('notification_rules')
    .addColumn('user_id', 'text', (c) => c.primaryKey().notNull().references('users.id').onDelete('cascade'))
    .addColumn('high', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('low', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('quiet_hours', 'text')
    .addColumn('handoff_notice_minutes', 'integer')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('notification_rules').execute();
}
