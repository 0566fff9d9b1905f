import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { OidcSignInRow, UserIdentityRow } from './sso.table.ts';

export async function insertSignIn(db: Kysely<Database>, row: OidcSignInRow): Promise<void> {
  await db.insertInto('oidc_sign_ins').values(row).execute();
}
/** Spends a started sign-in: the row is deleted, so a second callback with its state finds nothing. */
export async function takeSignIn(db: Kysely<Database>, stateHash: string): Promise<OidcSignInRow | undefined> {
  return db.deleteFrom('oidc_sign_ins').where('state_hash', '=', stateHash).returningAll().executeTakeFirst();
}
export async function pruneSignIns(db: Kysely<Database>, now: string): Promise<void> {
  await db.deleteFrom('oidc_sign_ins').where('expires_at', '<=', now).execute();
}
export async function findIdentity(db: Kysely<Database>, issuer: string, subject: string): Promise<UserIdentityRow | undefined> {
  return db.selectFrom('user_identities').selectAll().where('issuer', '=', issuer).where('subject', '=', subject).executeTakeFirst();
}
export async function insertIdentity(db: Kysely<Database>, row: UserIdentityRow): Promise<void> {
  await db.insertInto('user_identities').values(row).execute();
}
export async function touchIdentity(db: Kysely<Database>, issuer: string, subject: string, set: { email: string | null; last_sign_in_at: string }): Promise<void> {
  await db.updateTable('user_identities').set(set).where('issuer', '=', issuer).where('subject', '=', subject).execute();
}
