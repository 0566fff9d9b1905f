import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { DeviceGrantRow, NewSessionRow, PasswordResetRow, SessionRow } from './session.table.ts';

export async function insertSession(db: Kysely<Database>, row: NewSessionRow): Promise<void> {
  await db.insertInto('sessions').values(row).execute();
}
export async function findSessionByHash(db: Kysely<Database>, hash: string): Promise<SessionRow | undefined> {
  return db.selectFrom('sessions').selectAll().where('token_hash', '=', hash).executeTakeFirst();
}
export async function findSession(db: Kysely<Database>, userId: string, id: string): Promise<SessionRow | undefined> {
  return db.selectFrom('sessions').selectAll().where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
}
export async function listLiveSessions(db: Kysely<Database>, userId: string, now: string): Promise<SessionRow[]> {
  return db
    .selectFrom('sessions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('id')
    .execute();
}
export async function revokeSession(db: Kysely<Database>, id: string, now: string): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: now }).where('id', '=', id).where('revoked_at', 'is', null).execute();
}
export async function touchSession(db: Kysely<Database>, id: string, now: string): Promise<void> {
  await db.updateTable('sessions').set({ last_used_at: now }).where('id', '=', id).execute();
}
export async function setSessionClient(db: Kysely<Database>, id: string, client: string): Promise<void> {
  await db.updateTable('sessions').set({ client }).where('id', '=', id).execute();
}

/**
 * Failures within the window of a (account, address) pair or of an address, how many and the
 * latest; only rows before `beforeId` when given (an attempt's own reservation and later ones are
 * not counted against it: ids sort by time).
 */
export async function failuresSince(db: Kysely<Database>, by: { email: string; ip: string } | { ip: string }, since: string, beforeId?: string) {
  const r = await db
    .selectFrom('sign_in_failures')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('created_at').as('latest')])
    .$if('email' in by, (q) => q.where('email', '=', (by as { email: string }).email))
    .where('ip', '=', by.ip)
    .where('created_at', '>', since)
    .$if(beforeId !== undefined, (q) => q.where('id', '<', beforeId!))
    .executeTakeFirst();
  return { n: Number(r?.n ?? 0), latest: (r?.latest as string | null | undefined) ?? null };
}
export async function insertFailure(db: Kysely<Database>, row: { id: string; email: string; ip: string; created_at: string }): Promise<void> {
  await db.insertInto('sign_in_failures').values(row).execute();
}
export async function deleteFailure(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('sign_in_failures').where('id', '=', id).execute();
}
/** A success clears its own pair's failures (or, with no address, every failure of the account: a password reset). */
export async function clearFailures(db: Kysely<Database>, email: string, ip?: string): Promise<void> {
  await db.deleteFrom('sign_in_failures').where('email', '=', email).$if(ip !== undefined, (q) => q.where('ip', '=', ip!)).execute();
}
export async function pruneFailures(db: Kysely<Database>, before: string): Promise<void> {
  await db.deleteFrom('sign_in_failures').where('created_at', '<', before).execute();
}

export async function insertRecoveryCodes(db: Kysely<Database>, rows: { id: string; user_id: string; code_hash: string; created_at: string }[]): Promise<void> {
  if (rows.length) await db.insertInto('recovery_codes').values(rows.map((r) => ({ ...r, used_at: null }))).execute();
}
export async function deleteRecoveryCodes(db: Kysely<Database>, userId: string): Promise<void> {
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
}
export async function recoveryCodeStatus(db: Kysely<Database>, userId: string) {
  const r = await db
    .selectFrom('recovery_codes')
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      eb.fn.count<number>('id').filterWhere('used_at', 'is', null).as('remaining'),
      eb.fn.max('created_at').as('generated_at'),
    ])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return { total: Number(r?.total ?? 0), remaining: Number(r?.remaining ?? 0), generatedAt: (r?.generated_at as string | null | undefined) ?? null };
}
/** Marks one unused code used; true when it existed. The update is the check (no double use). */
export async function useRecoveryCode(db: Kysely<Database>, userId: string, hash: string, now: string): Promise<boolean> {
  const r = await db
    .updateTable('recovery_codes')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function insertGrant(db: Kysely<Database>, row: DeviceGrantRow): Promise<void> {
  await db.insertInto('device_grants').values(row).execute();
}
export async function findGrantByDeviceHash(db: Kysely<Database>, hash: string): Promise<DeviceGrantRow | undefined> {
  return db.selectFrom('device_grants').selectAll().where('device_code_hash', '=', hash).executeTakeFirst();
}
export async function findPendingGrantByUserCode(db: Kysely<Database>, userCode: string): Promise<DeviceGrantRow | undefined> {
  return db.selectFrom('device_grants').selectAll().where('user_code', '=', userCode).where('status', '=', 'pending').executeTakeFirst();
}
export async function updateGrant(db: Kysely<Database>, id: string, set: Partial<DeviceGrantRow>, fromStatus?: DeviceGrantRow['status']): Promise<boolean> {
  const r = await db
    .updateTable('device_grants')
    .set(set)
    .where('id', '=', id)
    .$if(fromStatus !== undefined, (q) => q.where('status', '=', fromStatus!))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}
/**
 * Deletes device grants that expired before `before`, whatever became of them (pending, approved,
 * denied or exchanged for a token): a grant is of no use past its expiry (issue 33 item 8).
 * Returns how many went.
 */
export async function pruneGrants(db: Kysely<Database>, before: string): Promise<number> {
  const r = await db.deleteFrom('device_grants').where('expires_at', '<', before).executeTakeFirst();
  return Number(r.numDeletedRows);
}
/** Expired pending grants free their user code. */
export async function expireGrants(db: Kysely<Database>, now: string): Promise<void> {
  await db.updateTable('device_grants').set({ status: 'denied' }).where('status', '=', 'pending').where('expires_at', '<=', now).execute();
}

/**
 * Records that a person's TOTP code for `step` was used; false when that step or a later one
 * already was (a replay). One conditional upsert is the check, so parallel requests with one code
 * cannot both pass.
 */
export async function spendTotpStep(db: Kysely<Database>, userId: string, step: number, now: string): Promise<boolean> {
  const r = await db
    .insertInto('totp_last_steps')
    .values({ user_id: userId, step, used_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ step, used_at: now }).where('totp_last_steps.step', '<', step))
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
}
export async function forgetTotpSteps(db: Kysely<Database>, userId: string): Promise<void> {
  await db.deleteFrom('totp_last_steps').where('user_id', '=', userId).execute();
}

/** When a session last proved its password or second factor: its sign-in, or a later re-authentication. */
export async function provenAt(db: Kysely<Database>, sessionId: string): Promise<string | undefined> {
  const r = await db
    .selectFrom('sessions')
    .leftJoin('session_reauthentications as r', 'r.session_id', 'sessions.id')
    .select(['sessions.created_at', 'r.at'])
    .where('sessions.id', '=', sessionId)
    .executeTakeFirst();
  if (!r) return undefined;
  return r.at && r.at > r.created_at ? r.at : r.created_at;
}
export async function recordReauthentication(db: Kysely<Database>, sessionId: string, method: 'password' | 'totp' | 'recovery_code', at: string): Promise<void> {
  await db
    .insertInto('session_reauthentications')
    .values({ session_id: sessionId, method, at })
    .onConflict((oc) => oc.column('session_id').doUpdateSet({ method, at }))
    .execute();
}
/** Revokes every live session of a person but `keep`; returns their ids. */
export async function revokeOtherSessions(db: Kysely<Database>, userId: string, keep: string | null, now: string): Promise<string[]> {
  const rows = await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .$if(keep !== null, (q) => q.where('id', '<>', keep!))
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

export async function insertPasswordReset(db: Kysely<Database>, row: PasswordResetRow): Promise<void> {
  await db.insertInto('password_resets').values(row).execute();
}
export async function countPasswordResetsSince(db: Kysely<Database>, userId: string, since: string): Promise<number> {
  const r = await db.selectFrom('password_resets').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).where('created_at', '>', since).executeTakeFirst();
  return Number(r?.n ?? 0);
}
export async function findPasswordReset(db: Kysely<Database>, id: string): Promise<PasswordResetRow | undefined> {
  return db.selectFrom('password_resets').selectAll().where('id', '=', id).executeTakeFirst();
}
export async function findPasswordResetByHash(db: Kysely<Database>, hash: string): Promise<PasswordResetRow | undefined> {
  return db.selectFrom('password_resets').selectAll().where('token_hash', '=', hash).executeTakeFirst();
}
/** Records the mail outcome and drops the sealed token: after hand-over it is no longer needed. */
export async function setPasswordResetMail(db: Kysely<Database>, id: string, status: PasswordResetRow['mail_status']): Promise<void> {
  await db.updateTable('password_resets').set({ mail_status: status, token_sealed: null }).where('id', '=', id).execute();
}
/** Uses a link: true when it was unused. Every other open link of the person closes with it. */
export async function usePasswordReset(db: Kysely<Database>, row: PasswordResetRow, now: string): Promise<boolean> {
  const r = await db.updateTable('password_resets').set({ used_at: now, token_sealed: null }).where('id', '=', row.id).where('used_at', 'is', null).executeTakeFirst();
  if (Number(r.numUpdatedRows) === 0) return false;
  await db.updateTable('password_resets').set({ used_at: now, token_sealed: null }).where('user_id', '=', row.user_id).where('used_at', 'is', null).execute();
  return true;
}
