import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { NewPhoneNumberRow, PhoneNumberRow, PhoneNumberUpdate } from './phone.table.ts';

export async function insertPhoneNumber(db: Kysely<Database>, row: NewPhoneNumberRow): Promise<void> {
  await db.insertInto('phone_numbers').values(row).execute();
}
/** A person's own number in an organization; anyone else's is not found. */
export async function findOwn(db: Kysely<Database>, orgId: string, userId: string, id: string): Promise<PhoneNumberRow | undefined> {
  return db.selectFrom('phone_numbers').selectAll().where('org_id', '=', orgId).where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
}
export async function findByE164(db: Kysely<Database>, orgId: string, userId: string, e164: string): Promise<PhoneNumberRow | undefined> {
  return db.selectFrom('phone_numbers').selectAll().where('org_id', '=', orgId).where('user_id', '=', userId).where('e164', '=', e164).executeTakeFirst();
}
export async function listOwn(db: Kysely<Database>, orgId: string, userId: string, afterId: string | undefined, limit: number): Promise<PhoneNumberRow[]> {
  return db
    .selectFrom('phone_numbers')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('user_id', '=', userId)
    .$if(afterId !== undefined, (q) => q.where('id', '>', afterId!))
    .orderBy('id')
    .limit(limit)
    .execute();
}
/** The numbers paging may use: verified ones only (PRODUCT.md 7, issue item 4). */
export async function listVerified(db: Kysely<Database>, orgId: string, userId: string): Promise<PhoneNumberRow[]> {
  return db
    .selectFrom('phone_numbers')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('user_id', '=', userId)
    .where('verified_at', 'is not', null)
    .orderBy('id')
    .execute();
}
export async function updatePhoneNumber(db: Kysely<Database>, id: string, set: PhoneNumberUpdate): Promise<void> {
  await db.updateTable('phone_numbers').set(set).where('id', '=', id).execute();
}
export async function deletePhoneNumber(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('phone_numbers').where('id', '=', id).execute();
}
/** Verification sends to a number since `since` (any person, any organization), newest first. */
export async function sendsSince(db: Kysely<Database>, e164: string, since: string): Promise<string[]> {
  const rows = await db.selectFrom('verification_sends').select('sent_at').where('e164', '=', e164).where('sent_at', '>', since).orderBy('sent_at', 'desc').execute();
  return rows.map((r) => r.sent_at);
}
export async function insertSend(db: Kysely<Database>, row: { id: string; e164: string; phone_number_id: string; sent_at: string }): Promise<void> {
  await db.insertInto('verification_sends').values(row).execute();
}
export async function deleteSend(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('verification_sends').where('id', '=', id).execute();
}
/** The organization's `phone_countries` (JSON or null) and its first verified number (docs/adr/0705). */
export async function countrySetting(db: Kysely<Database>, orgId: string): Promise<{ setting: string | null; firstVerified: string | undefined }> {
  const org = await db.selectFrom('organizations').select('phone_countries').where('id', '=', orgId).executeTakeFirst();
  const first = await db
    .selectFrom('phone_numbers')
    .select('e164')
    .where('org_id', '=', orgId)
    .where('verified_at', 'is not', null)
    .orderBy('verified_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return { setting: org?.phone_countries ?? null, firstVerified: first?.e164 };
}
