import type { Kysely } from 'kysely';

// One row sealed with KLAXON_SECRET_KEY, so a process started with another key refuses to start
// instead of answering 500 to every reveal of a secret the first key sealed. Processes that share
// a database must share the key (docs/adr/0004-credential-storage.md). Frozen.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('secret_key_checks')
    .addColumn('name', 'text', (c) => c.primaryKey().notNull())
    .addColumn('sealed', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('secret_key_checks').execute();
}
