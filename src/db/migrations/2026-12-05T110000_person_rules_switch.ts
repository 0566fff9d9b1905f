import type { Kysely } from 'kysely';

// Issue 35 item 1 (docs/adr/0800): the organization switch organizations.person_rules (1: each
// person's notification rules apply where set; 0: the levels' steps decide for everyone).
// Frozen: never import application code here.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('organizations').addColumn('person_rules', 'integer', (c) => c.notNull().defaultTo(1)).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('organizations').dropColumn('person_rules').execute();
}
