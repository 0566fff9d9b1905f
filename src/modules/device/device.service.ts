import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { UserActor } from '../../lib/actor.ts';
import type { Clock } from '../../lib/clock.ts';
import { decodeCursor, idPosition, pageOf } from '../../lib/cursor.ts';
import { invalid, notFound } from '../../lib/errors.ts';
import { checkLiteral } from '../webhook/index.ts';
import { newId } from '../../lib/ids.ts';
import { hashSecret, type SecretBox } from '../../lib/secrets.ts';
import { recordAudit, type RequestMeta } from '../audit/index.ts';
import * as repo from './device.repository.ts';
import { parseSubscription, type Platform, rowToDevice, tokenHint } from './device.ts';
import type { DeviceRow } from './device.table.ts';

export interface DeviceCreateInput {
  platform: Platform;
  push_token: string;
  name?: string | undefined;
  app_version?: string | undefined;
  critical_alerts_permitted?: boolean | undefined;
}
export interface DevicePatchInput {
  push_token?: string | undefined;
  name?: string | undefined;
  app_version?: string | undefined;
  critical_alerts_permitted?: boolean | undefined;
}

/** Audit changes of a device: field names and safe values, never the token. */
const auditable = (input: DevicePatchInput & { platform?: Platform }) => ({
  ...(input.platform !== undefined ? { platform: input.platform } : {}),
  ...(input.name !== undefined ? { name: input.name } : {}),
  ...(input.app_version !== undefined ? { app_version: input.app_version } : {}),
  ...(input.critical_alerts_permitted !== undefined ? { critical_alerts_permitted: input.critical_alerts_permitted } : {}),
  ...(input.push_token !== undefined ? { push_token: 'changed' } : {}),
});

export function createDeviceService(deps: { db: Kysely<Database>; clock: Clock; box: SecretBox; webPush?: { allowPrivate: boolean; publicKey?: string | undefined } }) {
  const { db, clock, box } = deps;

  /**
   * A web device's token is the browser's push subscription: an https endpoint that the outbound
   * address rules allow (docs/adr/0440, 0462); checked again where the connection is made.
   */
  function checkWebToken(platform: Platform, token: string | undefined) {
    if (platform !== 'web' || token === undefined) return;
    const sub = parseSubscription(token);
    if (typeof sub === 'string') throw invalid('push_token', `${sub[0]!.toUpperCase()}${sub.slice(1)}.`);
    try {
      checkLiteral(new URL(sub.endpoint), deps.webPush?.allowPrivate ?? false);
    } catch (err) {
      throw invalid('push_token', `The subscription endpoint is refused: ${(err as Error).message}.`);
    }
  }
  return {
    /**
     * The VAPID public key a browser subscribes with (the applicationServerKey of
     * PushManager.subscribe); docs/adr/0615. Without Web Push configured: 503, saying so.
     */
    webPushKey() {
      // Unset is the server's configuration, read like a channel's not_configured, not an error (ADR 0615).
      return { public_key: deps.webPush?.publicKey || null };
    },
    /**
     * Registers a device of the signed-in person. A push token names one app install, so
     * registering a token again updates that device (the app re-registers on every start), and a
     * token that moved to another person (a handed-over phone) leaves its previous owner.
     */
    async create(actor: UserActor, input: DeviceCreateInput, meta: RequestMeta) {
      checkWebToken(input.platform, input.push_token);
      const now = clock.now().toISOString();
      const hash = hashSecret(input.push_token);
      const sealed = box.seal(input.push_token);
      return db.transaction().execute(async (trx) => {
        const existing = await repo.findByTokenHash(trx, hash);
        if (existing && existing.user_id === actor.id) {
          const set = {
            platform: input.platform,
            ...(input.name !== undefined ? { name: input.name } : {}),
            ...(input.app_version !== undefined ? { app_version: input.app_version } : {}),
            ...(input.critical_alerts_permitted !== undefined ? { critical_alerts_permitted: input.critical_alerts_permitted ? 1 : 0 } : {}),
            // Registered again: the app has a live token, so a device disabled by its push service pages again.
            disabled_at: null,
            disabled_reason: null,
            updated_at: now,
          };
          await repo.updateDevice(trx, existing.id, set);
          await repo.noteRegistration(trx, existing.id, actor.credentialId);
          await recordAudit(trx, { orgId: actor.orgId, actor, action: 'device.update', targetType: 'device', targetId: existing.id, changes: auditable({ ...input, push_token: undefined }), meta, now });
          return rowToDevice({ ...existing, ...set });
        }
        if (existing) await repo.deleteDevice(trx, existing.id);
        const row: DeviceRow = {
          id: newId('dev'),
          user_id: actor.id,
          platform: input.platform,
          name: input.name ?? '',
          app_version: input.app_version ?? '',
          critical_alerts_permitted: input.critical_alerts_permitted ? 1 : 0,
          push_token_sealed: sealed,
          push_token_hash: hash,
          push_token_hint: tokenHint(input.push_token),
          disabled_at: null,
          disabled_reason: null,
          created_at: now,
          updated_at: now,
        };
        await repo.insertDevice(trx, row);
        await repo.noteRegistration(trx, row.id, actor.credentialId);
        await recordAudit(trx, { orgId: actor.orgId, actor, action: 'device.create', targetType: 'device', targetId: row.id, changes: auditable({ ...input, push_token: undefined }), meta, now });
        return rowToDevice(row);
      });
    },

    async list(actor: UserActor, limit: number, cursor?: string) {
      const after = decodeCursor(cursor, actor.id, idPosition('dev'));
      const rows = await repo.listDevices(db, actor.id, after, limit + 1);
      const { rows: page, nextCursor } = pageOf(rows, limit, actor.id, (last) => last.id);
      return { items: page.map(rowToDevice), nextCursor };
    },

    async update(actor: UserActor, id: string, input: DevicePatchInput, meta: RequestMeta) {
      const now = clock.now().toISOString();
      const token = input.push_token;
      const tokenSet =
        token !== undefined
          ? { push_token_sealed: box.seal(token), push_token_hash: hashSecret(token), push_token_hint: tokenHint(token), disabled_at: null, disabled_reason: null }
          : {};
      return db.transaction().execute(async (trx) => {
        const row = await repo.findDevice(trx, actor.id, id);
        if (!row) throw notFound('Device', id);
        checkWebToken(row.platform, token);
        if (tokenSet.push_token_hash) {
          const holder = await repo.findByTokenHash(trx, tokenSet.push_token_hash);
          if (holder && holder.id !== id) await repo.deleteDevice(trx, holder.id);
        }
        const set = {
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.app_version !== undefined ? { app_version: input.app_version } : {}),
          ...(input.critical_alerts_permitted !== undefined ? { critical_alerts_permitted: input.critical_alerts_permitted ? 1 : 0 } : {}),
          ...tokenSet,
          updated_at: now,
        };
        await repo.updateDevice(trx, id, set);
        if (token !== undefined) await repo.noteRegistration(trx, id, actor.credentialId);
        await recordAudit(trx, { orgId: actor.orgId, actor, action: 'device.update', targetType: 'device', targetId: id, changes: auditable(input), meta, now });
        return rowToDevice({ ...row, ...set });
      });
    },

    async remove(actor: UserActor, id: string, meta: RequestMeta) {
      const now = clock.now().toISOString();
      await db.transaction().execute(async (trx) => {
        const row = await repo.findDevice(trx, actor.id, id);
        if (!row) throw notFound('Device', id);
        await repo.deleteDevice(trx, id);
        await recordAudit(trx, { orgId: actor.orgId, actor, action: 'device.delete', targetType: 'device', targetId: id, changes: { platform: row.platform }, meta, now });
      });
      return { ok: true as const };
    },

    /** The push targets of a person, with their tokens opened (the push sender's use only). */
    async pushTargets(userId: string) {
      const rows = await db.selectFrom('devices').selectAll().where('user_id', '=', userId).orderBy('id').execute();
      return rows.map((r) => ({ ...rowToDevice(r), push_token: box.open(r.push_token_sealed) }));
    },
  };
}
export type DeviceService = ReturnType<typeof createDeviceService>;
