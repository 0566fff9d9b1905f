import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { NewSmsReplyCodeRow, SmsReplyCodeRow } from './delivery.table.ts';

/** The organizations' throttle overrides (JSON text), by org id. */
export async function throttleSettings(db: Kysely<Database>, orgIds: readonly string[]): Promise<Map<string, string>> {
  if (!orgIds.length) return new Map();
  const rows = await db.selectFrom('organizations').select(['id', 'paging_throttles']).where('id', 'in', [...new Set(orgIds)]).execute();
  return new Map(rows.map((r) => [r.id, r.paging_throttles]));
}

/** SMS and calls sent to these people since `since`, as epoch ms per "user|channel". */
export async function sendsSince(db: Kysely<Database>, userIds: readonly string[], since: string): Promise<Map<string, number[]>> {
  const m = new Map<string, number[]>();
  if (!userIds.length) return m;
  const rows = await db.selectFrom('delivery_sends').select(['user_id', 'channel', 'sent_at']).where('user_id', 'in', [...new Set(userIds)]).where('sent_at', '>', since).execute();
  for (const r of rows) {
    const k = `${r.user_id}|${r.channel}`;
    m.set(k, [...(m.get(k) ?? []), Date.parse(r.sent_at)]);
  }
  return m;
}

/** A person's sends on one channel since `since` written before `beforeId` (ids sort by time), as epoch ms. */
export async function sendsBefore(db: Kysely<Database>, userId: string, channel: 'sms' | 'voice', since: string, beforeId: string): Promise<number[]> {
  const rows = await db.selectFrom('delivery_sends').select('sent_at').where('user_id', '=', userId).where('channel', '=', channel).where('sent_at', '>', since).where('id', '<', beforeId).execute();
  return rows.map((r) => Date.parse(r.sent_at));
}

export async function deleteSend(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('delivery_sends').where('id', '=', id).execute();
}

export async function insertSend(db: Kysely<Database>, row: { id: string; org_id: string; user_id: string; channel: 'sms' | 'voice'; sent_at: string }): Promise<void> {
  await db.insertInto('delivery_sends').values(row).execute();
}

/** Codes of a person still held (expired ones are deleted first, so their numbers are free again). */
export async function heldCodes(db: Kysely<Database>, userId: string, now: string): Promise<Set<string>> {
  await db.deleteFrom('sms_reply_codes').where('user_id', '=', userId).where('expires_at', '<=', now).execute();
  const rows = await db.selectFrom('sms_reply_codes').select('code').where('user_id', '=', userId).execute();
  return new Set(rows.map((r) => r.code));
}

/** Inserts a code; false when the person already holds it (another process chose it first). */
export async function insertCode(db: Kysely<Database>, row: NewSmsReplyCodeRow): Promise<boolean> {
  const r = await db.insertInto('sms_reply_codes').values(row).onConflict((oc) => oc.columns(['user_id', 'code']).doNothing()).returning('id').execute();
  return r.length === 1;
}

export async function findCode(db: Kysely<Database>, userIds: readonly string[], code: string, now: string): Promise<SmsReplyCodeRow | undefined> {
  if (!userIds.length) return undefined;
  return db.selectFrom('sms_reply_codes').selectAll().where('user_id', 'in', [...userIds]).where('code', '=', code).where('expires_at', '>', now).orderBy('created_at', 'desc').executeTakeFirst();
}

/** Verified, enabled numbers with this E.164 (one person may have it in several organizations). */
export async function phonesByNumber(db: Kysely<Database>, e164: string) {
  return db.selectFrom('phone_numbers').select(['id', 'org_id', 'user_id', 'e164']).where('e164', '=', e164).where('verified_at', 'is not', null).where('disabled_at', 'is', null).execute();
}

/** Turns numbers off for good (until verified again); returns those that were on. */
export async function disablePhones(db: Kysely<Database>, ids: readonly string[], reason: string, now: string): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await db.updateTable('phone_numbers').set({ disabled_reason: reason, disabled_at: now, updated_at: now }).where('id', 'in', [...ids]).where('disabled_at', 'is', null).returning(['id', 'e164']).execute();
  return rows.map((r) => r.e164);
}

export async function notification(db: Kysely<Database>, id: string) {
  return db.selectFrom('notifications').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function alertForCall(db: Kysely<Database>, alertId: string) {
  return db
    .selectFrom('alerts')
    .innerJoin('services', 'services.id', 'alerts.service_id')
    .innerJoin('organizations', 'organizations.id', 'alerts.org_id')
    .select(['alerts.id', 'alerts.org_id', 'alerts.title', 'alerts.status', 'alerts.priority', 'services.name as service_name', 'organizations.voice_settings'])
    .where('alerts.id', '=', alertId)
    .executeTakeFirst();
}

export async function memberRole(db: Kysely<Database>, orgId: string, userId: string) {
  return (await db.selectFrom('memberships').select('role').where('org_id', '=', orgId).where('user_id', '=', userId).executeTakeFirst())?.role;
}

/**
 * Claims a Twilio callback (docs/adr/0706): true the first time its key is seen, false for a replay.
 * Inside a transaction, the claim commits or rolls back with what the callback did.
 */
export async function claimCallback(db: Kysely<Database>, key: string, now: string): Promise<boolean> {
  const r = await db.insertInto('twilio_callbacks').values({ key, created_at: now }).onConflict((oc) => oc.column('key').doNothing()).returning('key').execute();
  return r.length === 1;
}
/** Gives a claim back when the callback failed before acting (Twilio's retry may then act). */
export async function unclaimCallback(db: Kysely<Database>, key: string): Promise<void> {
  await db.deleteFrom('twilio_callbacks').where('key', '=', key).execute();
}
/** Claims older than `before`, a thousand a statement. */
export async function pruneTwilioCallbacks(db: Kysely<Database>, before: string, batch = 1000): Promise<number> {
  let pruned = 0;
  for (;;) {
    const keys = (await db.selectFrom('twilio_callbacks').select('key').where('created_at', '<', before).orderBy('created_at').limit(batch).execute()).map((r) => r.key);
    if (!keys.length) return pruned;
    await db.deleteFrom('twilio_callbacks').where('key', 'in', keys).execute();
    pruned += keys.length;
    if (keys.length < batch) return pruned;
  }
}
