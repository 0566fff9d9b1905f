import type { Kysely } from 'kysely';

// Account-security actions need a session that proved its password or second factor in the last
// minutes (issue 19 item 2). A session proves it when it is made (sign-in: sessions.created_at) and
// again at each re-authentication, kept here (one row per session, the latest). A table of its own,
// so this down keeps every older column. Frozen.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('session_reauthentications')
    .addColumn('session_id', 'text', (c) => c.primaryKey().notNull().references('sessions.id').onDelete('cascade'))
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('session_reauthentications').execute();
}
