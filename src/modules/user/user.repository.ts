import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { AgreementConsentRow, EmailChangeRow, NewUserRow, UserRow } from './user.table.ts';

export async function insertUser(db: Kysely<Database>, row: NewUserRow): Promise<void> {
  await db.insertInto('users').values(row).execute();
}
export async function findUserByEmail(db: Kysely<Database>, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
}
export async function findUserById(db: Kysely<Database>, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Of these people, those whose email address is verified (issue 19 item 13): only they are paged.
 * For the paging engine; order follows `ids`.
 */
export async function verifiedUserIds(db: Kysely<Database>, ids: readonly string[]): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await db.selectFrom('users').select('id').where('id', 'in', [...ids]).where('email_verified_at', 'is not', null).execute();
  const verified = new Set(rows.map((r) => r.id));
  return ids.filter((id) => verified.has(id));
}

export async function updateUser(db: Kysely<Database>, id: string, set: Partial<Omit<UserRow, 'id' | 'created_at'>>): Promise<void> {
  await db.updateTable('users').set(set).where('id', '=', id).execute();
}
export async function deleteUser(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('users').where('id', '=', id).execute();
}
/**
 * Alert-ingest keys the person made belong to their organizations: they are detached from the
 * person (user_id is null) so deleting the account does not cascade to them and stop signals.
 */
export async function keepIngestKeys(db: Kysely<Database>, userId: string): Promise<void> {
  await db.updateTable('api_keys').set({ user_id: null }).where('user_id', '=', userId).where('kind', '=', 'alert_ingest').execute();
}

export async function insertEmailChange(db: Kysely<Database>, row: EmailChangeRow): Promise<void> {
  await db.insertInto('email_changes').values(row).execute();
}
export async function closeOpenEmailChanges(db: Kysely<Database>, userId: string, now: string): Promise<void> {
  await db.updateTable('email_changes').set({ closed_at: now }).where('user_id', '=', userId).where('closed_at', 'is', null).execute();
}
export async function findOpenEmailChange(db: Kysely<Database>, userId: string): Promise<EmailChangeRow | undefined> {
  return db
    .selectFrom('email_changes')
    .selectAll()
    .where('user_id', '=', userId)
    .where('closed_at', 'is', null)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}
/** Spends one attempt; false when none is left. The update is the check, so parallel guesses cannot overrun the limit. */
export async function spendEmailChangeAttempt(db: Kysely<Database>, id: string, max: number): Promise<boolean> {
  const r = await db
    .updateTable('email_changes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('attempts', '<', max)
    .where('closed_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}
export async function closeEmailChange(db: Kysely<Database>, id: string, now: string): Promise<void> {
  await db.updateTable('email_changes').set({ closed_at: now }).where('id', '=', id).execute();
}
export async function insertConsent(db: Kysely<Database>, row: AgreementConsentRow): Promise<void> {
  await db.insertInto('agreement_consents').values(row).execute();
}
