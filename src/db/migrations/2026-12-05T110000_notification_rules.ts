import type { Kysely } from 'kysely';

// Issue 35 items 1–3 (docs/adr/0800): each person's notification rules (JSON lists per urgency,
// quiet hours, handoff notice minutes), one row per person; the organization switch
// organizations.person_rules (1: the person's rules apply where set, 0: the levels decide).
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
  await db.schema.alterTable('organizations').addColumn('person_rules', 'integer', (c) => c.notNull().defaultTo(1)).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('organizations').dropColumn('person_rules').execute();
  await db.schema.dropTable('notification_rules').execute();
}
