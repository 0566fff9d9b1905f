import type { Kysely } from 'kysely';

// TOTP replay (issue 19 item 10): per person, the last time step (unix seconds / 30) an
// authenticator code was accepted at. A code is accepted only for a later step, so each step works
// once. A table of its own, not a users column, so this down keeps every older column. Frozen.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('totp_last_steps')
    .addColumn('user_id', 'text', (c) => c.primaryKey().notNull().references('users.id').onDelete('cascade'))
    .addColumn('step', 'integer', (c) => c.notNull())
    .addColumn('used_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('totp_last_steps').execute();
}
