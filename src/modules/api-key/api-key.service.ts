import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { Actor } from '../../lib/actor.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { hashSecret, randomToken } from '../../lib/secrets.ts';
import { decodeCursor, pageOf } from '../../lib/cursor.ts';
import { recordAudit, type RequestMeta } from '../audit/index.ts';
import * as repo from './api-key.repository.ts';
import type { ApiKeyRow } from './api-key.table.ts';

export type ApiKeyKind = 'full_product' | 'alert_ingest';
export const KEY_PREFIX: Record<ApiKeyKind, string> = { full_product: 'kxp_', alert_ingest: 'kxi_' };

export const rowToApiKey = (r: ApiKeyRow) => ({
  id: r.id,
  name: r.name,
  kind: r.kind,
  service_ids: r.service_ids ? (JSON.parse(r.service_ids) as string[]) : null,
  user_id: r.user_id,
  secret_hint: `${KEY_PREFIX[r.kind]}…${r.secret_hint}`,
  created_at: r.created_at,
  last_used_at: r.last_used_at,
});

/** An agent token (kxa_) as GET /api/keys shows it: it acts as its member in this organization. */
const agentTokenView = (r: { id: string; user_id: string; name: string; created_at: string; last_used_at: string | null; expires_at: string }) => ({
  id: r.id,
  name: r.name,
  kind: 'agent' as const,
  service_ids: null,
  user_id: r.user_id,
  secret_hint: 'kxa_…',
  created_at: r.created_at,
  last_used_at: r.last_used_at,
  expires_at: r.expires_at,
});

/** Mints a key in the caller's transaction; the secret is returned once and stored hashed. */
export async function mintKeyTx(
  trx: Kysely<Database>,
  input: { orgId: string; userId: string; kind: ApiKeyKind; name: string; serviceIds: string[] | null; now: string; parentKeyId?: string; parentSessionId?: string },
): Promise<{ row: ApiKeyRow; secret: string }> {
  const secret = KEY_PREFIX[input.kind] + randomToken(24);
  const row: ApiKeyRow = {
    id: newId('key'),
    org_id: input.orgId,
    user_id: input.userId,
    kind: input.kind,
    name: input.name,
    secret_hash: hashSecret(secret),
    secret_hint: secret.slice(-4),
    service_ids: input.serviceIds ? JSON.stringify(input.serviceIds) : null,
    created_at: input.now,
    last_used_at: null,
    revoked_at: null,
  };
  await repo.insertKey(trx, row);
  if (input.parentKeyId) await repo.linkParent(trx, row.id, input.parentKeyId);
  if (input.parentSessionId) await repo.linkParentSession(trx, row.id, input.parentSessionId);
  return { row, secret };
}

/**
 * What a key minted by `actor` dies with (docs/adr/0536, 0710): the key or agent token it was
 * minted through. A person's own dashboard or app session is the person: a key made there stays
 * when they sign out.
 */
export const mintedThrough = (actor: Extract<Actor, { type: 'user' }>): { parentKeyId?: string; parentSessionId?: string } =>
  actor.credentialKind === 'agent'
    ? { parentSessionId: actor.credentialId }
    : actor.credentialKind === 'api_key' || actor.credentialKind === undefined
      ? { parentKeyId: actor.credentialId }
      : {};

/** Every live key minted through `keyIds`, and through those, and so on (read only). */
export async function liveDescendantsTx(trx: Kysely<Database>, keyIds: string[]): Promise<string[]> {
  const seen = new Set(keyIds);
  const found: string[] = [];
  for (let frontier = keyIds; frontier.length; ) {
    const children = (await repo.liveChildren(trx, frontier)).filter((id) => !seen.has(id));
    for (const id of children) seen.add(id);
    found.push(...children);
    frontier = children;
  }
  return found;
}

/**
 * Revokes every live key minted through `keyIds`, and through those, and so on, in the caller's
 * transaction (a key minted through a key dies with it, docs/adr/0536). Returns the revoked ids.
 * The database does the same by itself when a key is revoked (trigger api_keys_revoke_minted,
 * docs/adr/0710); this is for keys about to be deleted rather than revoked, and for the audit.
 */
export async function revokeDescendantsTx(trx: Kysely<Database>, keyIds: string[], now: string): Promise<string[]> {
  const found = await liveDescendantsTx(trx, keyIds);
  await repo.revokeKeys(trx, found, now);
  return found;
}

/** What ending a person's credentials ended (docs/adr/0710); the person is told these counts. */
export interface EndedCredentials {
  sessions: number;
  agent_tokens: number;
  api_keys: number;
  devices: number;
}

/**
 * Ends every credential a person holds but `keep` (their current session, or null for all), in the
 * caller's transaction: sessions and agent tokens, their full-product keys in every organization
 * (with what was minted through them), and the devices registered by anything but `keep` (a device
 * of unknown origin goes too: the app registers it again at its next sign-in). Used when control
 * of the account may change hands: a password reset, an email change, an email verification
 * (issue 33 item 3). Alert-ingest keys are their organization's and stay.
 */
export async function endPersonCredentialsTx(trx: Kysely<Database>, userId: string, keep: string | null, now: string): Promise<EndedCredentials> {
  const sessions = await repo.revokeSessionsOf(trx, userId, keep, now);
  const keys = await repo.liveFullProductKeysOf(trx, userId);
  const minted = await liveDescendantsTx(trx, keys);
  await repo.revokeKeys(trx, keys, now); // the trigger revokes what was minted through them
  const devices = await repo.deleteDevicesOf(trx, userId, keep);
  const agents = sessions.filter((s) => s.kind === 'agent').length;
  return {
    sessions: sessions.length - agents,
    agent_tokens: agents,
    api_keys: new Set([...keys, ...minted]).size,
    devices,
  };
}

/** `last_used_at` has minute resolution: at most one write a minute per key and process. */
const TOUCH_EVERY_MS = 60_000;

export function createApiKeyService(deps: { db: Kysely<Database>; clock: Clock }) {
  const { db, clock } = deps;
  /** Key id → when this process last wrote its last_used_at (ingest caches key rows, so the row's own value goes stale). */
  const touched = new Map<string, number>();
  return {
    /**
     * Records that a key was used now, when its `last_used_at` is a minute old or more: the write's
     * promise, or undefined when nothing needs writing (the common case costs no promise; it runs
     * on every keyed signal).
     */
    noteUse(row: ApiKeyRow): Promise<void> | undefined {
      const nowMs = clock.now().getTime();
      let last = touched.get(row.id);
      if (last === undefined) {
        last = row.last_used_at ? Date.parse(row.last_used_at) : 0;
        touched.set(row.id, last);
      }
      if (nowMs - last < TOUCH_EVERY_MS) return undefined;
      touched.set(row.id, nowMs);
      return repo.touchKey(db, row.id, new Date(nowMs).toISOString());
    },

    async create(
      actor: Extract<Actor, { type: 'user' }>,
      input: { name: string; kind: ApiKeyKind; service_ids?: string[] | undefined },
      meta: RequestMeta,
    ) {
      if (input.service_ids && input.kind !== 'alert_ingest') {
        throw new AppError('invalid_request', 'service_ids applies only to kind "alert_ingest"', {
          details: [{ field: 'service_ids', message: 'remove it, or use kind "alert_ingest"' }],
        });
      }
      const serviceIds = input.service_ids ? [...new Set(input.service_ids)] : null;
      const now = clock.now().toISOString();
      return db.transaction().execute(async (trx) => {
        if (serviceIds && (await repo.countServicesInOrg(trx, actor.orgId, serviceIds)) !== serviceIds.length) {
          throw new AppError('invalid_request', 'service_ids names a service that does not exist in this organization', {
            details: [{ field: 'service_ids', message: 'every id must be a service of this organization' }],
          });
        }
        // Minted with a key or an agent token, the key dies with it (docs/adr/0536, 0710).
        const through = mintedThrough(actor);
        const { row, secret } = await mintKeyTx(trx, { orgId: actor.orgId, userId: actor.id, kind: input.kind, name: input.name, serviceIds, now, ...through });
        const parent = through.parentKeyId ?? through.parentSessionId;
        await recordAudit(trx, {
          orgId: actor.orgId, actor, action: 'api_key.create', targetType: 'api_key', targetId: row.id,
          changes: { name: input.name, kind: input.kind, service_ids: serviceIds, ...(parent ? { minted_through: parent } : {}) }, meta, now,
        });
        return { ...rowToApiKey(row), secret };
      });
    },

    /** The organization's live API keys, then its live agent tokens (ids key_… sort before ses_…). */
    async list(orgId: string, limit: number, cursor?: string) {
      const after = decodeCursor(cursor, orgId, (v) => (/^(key|ses)_[0-9a-z]{26}$/.test(v) ? v : undefined));
      const now = clock.now().toISOString();
      const keys = (await repo.listKeys(db, orgId, after, limit + 1)).map(rowToApiKey);
      const agents = keys.length > limit ? [] : (await repo.listAgentTokens(db, orgId, after, limit + 1, now)).map(agentTokenView);
      const { rows: page, nextCursor } = pageOf([...keys, ...agents], limit, orgId, (last) => last.id);
      return { items: page, nextCursor };
    },

    async revoke(actor: Extract<Actor, { type: 'user' }>, id: string, meta: RequestMeta) {
      const now = clock.now().toISOString();
      if (id.startsWith('ses_')) {
        await db.transaction().execute(async (trx) => {
          const token = await repo.findAgentToken(trx, actor.orgId, id, now);
          if (!token) throw notFound('API key', id);
          const minted = await repo.liveKeysMintedBySessions(trx, [id]);
          const all = [...minted, ...(await liveDescendantsTx(trx, minted))];
          await repo.revokeAgentToken(trx, id, now); // the trigger revokes the keys minted with it (docs/adr/0710)
          await recordAudit(trx, { orgId: actor.orgId, actor, action: 'agent_token.revoke', targetType: 'session', targetId: id, changes: { name: token.name, user_id: token.user_id, ...(all.length ? { revoked_minted_keys: all } : {}) }, meta, now });
        });
        return { ok: true as const };
      }
      await db.transaction().execute(async (trx) => {
        const row = await repo.findKey(trx, actor.orgId, id);
        if (!row || row.revoked_at) throw notFound('API key', id);
        const minted = await revokeDescendantsTx(trx, [id], now);
        await repo.revokeKey(trx, id, now);
        await recordAudit(trx, { orgId: actor.orgId, actor, action: 'api_key.delete', targetType: 'api_key', targetId: id, changes: { name: row.name, ...(minted.length ? { revoked_minted_keys: minted } : {}) }, meta, now });
      });
      return { ok: true as const };
    },

    /** Every live alert-ingest key, at most `limit` (ingest's outage snapshot, docs/adr/0103). */
    liveIngestKeys: (limit: number): Promise<ApiKeyRow[]> => repo.listLiveIngestKeys(db, limit),

    /** Finds a live key by its secret. Revocation is read from the database on every call. */
    async authenticate(secret: string): Promise<ApiKeyRow | undefined> {
      const row = await repo.findKeyByHash(db, hashSecret(secret));
      return row && !row.revoked_at ? row : undefined;
    },
  };
}
export type ApiKeyService = ReturnType<typeof createApiKeyService>;
