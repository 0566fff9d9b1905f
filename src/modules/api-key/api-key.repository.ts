import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { ApiKeyRow, NewApiKeyRow } from './api-key.table.ts';

export async function insertKey(db: Kysely<Database>, row: NewApiKeyRow): Promise<void> {
  await db.insertInto('api_keys').values(row).execute();
}
export async function findKeyByHash(db: Kysely<Database>, hash: string): Promise<ApiKeyRow | undefined> {
  return db.selectFrom('api_keys').selectAll().where('secret_hash', '=', hash).executeTakeFirst();
}
/** Unrevoked alert-ingest keys (the ingest outage snapshot, docs/adr/0103); at most `limit`. */
export async function listLiveIngestKeys(db: Kysely<Database>, limit: number): Promise<ApiKeyRow[]> {
  return db.selectFrom('api_keys').selectAll().where('kind', '=', 'alert_ingest').where('revoked_at', 'is', null).orderBy('id').limit(limit).execute();
}
export async function touchKey(db: Kysely<Database>, id: string, now: string): Promise<void> {
  await db.updateTable('api_keys').set({ last_used_at: now }).where('id', '=', id).execute();
}
export async function findKey(db: Kysely<Database>, orgId: string, id: string): Promise<ApiKeyRow | undefined> {
  return db.selectFrom('api_keys').selectAll().where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst();
}
export async function listKeys(db: Kysely<Database>, orgId: string, afterId: string | undefined, limit: number): Promise<ApiKeyRow[]> {
  return db
    .selectFrom('api_keys')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('revoked_at', 'is', null)
    .$if(afterId !== undefined, (q) => q.where('id', '>', afterId!))
    .orderBy('id')
    .limit(limit)
    .execute();
}
export async function revokeKey(db: Kysely<Database>, id: string, now: string): Promise<void> {
  await db.updateTable('api_keys').set({ revoked_at: now }).where('id', '=', id).where('revoked_at', 'is', null).execute();
}
export async function countServicesInOrg(db: Kysely<Database>, orgId: string, ids: string[]): Promise<number> {
  if (!ids.length) return 0;
  const r = await db
    .selectFrom('services')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('org_id', '=', orgId)
    .where('id', 'in', ids)
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

/**
 * The organization's live agent tokens (kxa_, from the device grant): they act as a member like a
 * full-product key, so they are listed and revocable with the keys (issue 19 item 2).
 */
export async function listAgentTokens(db: Kysely<Database>, orgId: string, afterId: string | undefined, limit: number, now: string) {
  return db
    .selectFrom('sessions')
    .select(['id', 'user_id', 'name', 'created_at', 'last_used_at', 'expires_at'])
    .where('org_id', '=', orgId)
    .where('kind', '=', 'agent')
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .$if(afterId !== undefined, (q) => q.where('id', '>', afterId!))
    .orderBy('id')
    .limit(limit)
    .execute();
}
export async function findAgentToken(db: Kysely<Database>, orgId: string, id: string, now: string) {
  return db
    .selectFrom('sessions')
    .select(['id', 'user_id', 'name'])
    .where('id', '=', id)
    .where('org_id', '=', orgId)
    .where('kind', '=', 'agent')
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}
export async function revokeAgentToken(db: Kysely<Database>, id: string, now: string): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: now }).where('id', '=', id).where('revoked_at', 'is', null).execute();
}

export async function linkParent(db: Kysely<Database>, keyId: string, parentKeyId: string): Promise<void> {
  await db.insertInto('api_key_parents').values({ key_id: keyId, parent_key_id: parentKeyId }).execute();
}
/** Live keys minted through any of `parentIds`. */
export async function liveChildren(db: Kysely<Database>, parentIds: string[]): Promise<string[]> {
  if (!parentIds.length) return [];
  const rows = await db
    .selectFrom('api_key_parents as p')
    .innerJoin('api_keys as k', 'k.id', 'p.key_id')
    .select('k.id')
    .where('p.parent_key_id', 'in', parentIds)
    .where('k.revoked_at', 'is', null)
    .execute();
  return rows.map((r) => r.id);
}
export async function revokeKeys(db: Kysely<Database>, ids: string[], now: string): Promise<void> {
  if (ids.length) await db.updateTable('api_keys').set({ revoked_at: now }).where('id', 'in', ids).where('revoked_at', 'is', null).execute();
}

export async function linkParentSession(db: Kysely<Database>, keyId: string, sessionId: string): Promise<void> {
  await db.insertInto('api_key_session_parents').values({ key_id: keyId, session_id: sessionId }).execute();
}
/** Live keys minted with any of the agent tokens `sessionIds`. */
export async function liveKeysMintedBySessions(db: Kysely<Database>, sessionIds: string[]): Promise<string[]> {
  if (!sessionIds.length) return [];
  const rows = await db
    .selectFrom('api_key_session_parents as p')
    .innerJoin('api_keys as k', 'k.id', 'p.key_id')
    .select('k.id')
    .where('p.session_id', 'in', sessionIds)
    .where('k.revoked_at', 'is', null)
    .execute();
  return rows.map((r) => r.id);
}
/** Revokes every live session and agent token of a person but `keep`; returns their ids and kinds. */
export async function revokeSessionsOf(db: Kysely<Database>, userId: string, keep: string | null, now: string) {
  return db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .$if(keep !== null, (q) => q.where('id', '<>', keep!))
    .returning(['id', 'kind'])
    .execute();
}
/** A person's live full-product keys, in every organization. */
export async function liveFullProductKeysOf(db: Kysely<Database>, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('api_keys').select('id').where('user_id', '=', userId).where('kind', '=', 'full_product').where('revoked_at', 'is', null).execute();
  return rows.map((r) => r.id);
}
/** Removes a person's devices but those `keep` registered; returns how many went. */
export async function deleteDevicesOf(db: Kysely<Database>, userId: string, keep: string | null): Promise<number> {
  const r = await db
    .deleteFrom('devices')
    .where('user_id', '=', userId)
    .$if(keep !== null, (q) => q.where('id', 'not in', (eb) => eb.selectFrom('device_registrations').select('device_id').where('credential_id', '=', keep!)))
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}
