import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { NewUserRow, UserRow } from './user.table.ts';

export async function insertUser(db: Kysely<Database>, row: NewUserRow): Promise<void> {
  await db.insertInto('users').values(row).execute();
}
export async function findUserByEmail(db: Kysely<Database>, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
}
export async function findUserById(db: Kysely<Database>, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}
