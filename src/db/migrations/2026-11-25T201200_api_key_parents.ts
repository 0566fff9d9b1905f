import type { Kysely } from 'kysely';

// A key minted through another key (POST /api/orgs called with a key: the creator's key in the new
// organization) dies with the key it was minted through (issue 19 item 2, issue 18 item 3). The
// link lives in a table of its own, so this down keeps every older column. Frozen.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('api_key_parents')
    .addColumn('key_id', 'text', (c) => c.primaryKey().notNull().references('api_keys.id').onDelete('cascade'))
    .addColumn('parent_key_id', 'text', (c) => c.notNull().references('api_keys.id').onDelete('cascade'))
    .execute();
  // Revoking a key finds the keys minted through it; deleting one cascades through it.
  await db.schema.createIndex('api_key_parents_parent').on('api_key_parents').column('parent_key_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('api_key_parents').execute();
}
