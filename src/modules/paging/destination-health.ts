import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { SendOutcome } from './delivery.port.ts';

/**
 * Destination health for devices (PRODUCT.md 7.4; docs/adr/0440): a push service's permanent
 * answer about a token (APNs 410/BadDeviceToken, FCM UNREGISTERED/INVALID_ARGUMENT on the token,
 * Web Push 404/410) disables that device, with the reason its owner sees in GET /api/devices and
 * the alert's timeline shows. Only the token's hint names the device: never the token.
 */
export interface DeviceDisable {
  deviceId: string;
  reason: string;
}

/** The disable a send's outcome asks for, if it is about a device. */
export function deviceDisableOf(outcome: SendOutcome, to: { kind: string; destinationId?: string | undefined }): DeviceDisable | undefined {
  if (outcome.state !== 'failed' || !outcome.disable || !to.destinationId) return undefined;
  if (to.kind !== 'apns' && to.kind !== 'fcm' && to.kind !== 'webpush') return undefined;
  return { deviceId: to.destinationId, reason: outcome.detail };
}

/**
 * Disables the devices in the caller's transaction; answers the timeline line of each device it
 * disabled (one already disabled, or removed, says nothing again).
 */
export async function disableDevices(trx: Kysely<Database>, disables: DeviceDisable[], now: string): Promise<{ deviceId: string; message: string }[]> {
  const out = [];
  for (const d of disables) {
    const r = await trx.updateTable('devices').set({ disabled_at: now, disabled_reason: d.reason.slice(0, 500), updated_at: now })
      .where('id', '=', d.deviceId).where('disabled_at', 'is', null).executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1) continue;
    const dev = await trx.selectFrom('devices').select(['name', 'platform', 'push_token_hint']).where('id', '=', d.deviceId).executeTakeFirst();
    const label = dev ? `${dev.platform} device${dev.name ? ` "${dev.name}"` : ''} (token ${dev.push_token_hint})` : 'device';
    out.push({ deviceId: d.deviceId, message: `${label} disabled: ${d.reason}; it is paged again once the app registers it again` });
  }
  return out;
}

/** A Telegram chat Telegram refused for good (403 "bot was blocked by the user", chat not found): PRODUCT.md 12. */
export interface TelegramDisable {
  linkId: string;
  reason: string;
}

export function telegramDisableOf(outcome: SendOutcome, to: { kind: string; destinationId?: string | undefined }): TelegramDisable | undefined {
  if (outcome.state !== 'failed' || !outcome.disable || !to.destinationId || to.kind !== 'telegram') return undefined;
  return { linkId: to.destinationId, reason: outcome.detail };
}

/**
 * Disables the Telegram links in the caller's transaction, with the reason their owner sees in
 * GET /api/me/telegram; answers the timeline line of each it disabled (once).
 */
export async function disableTelegramLinks(trx: Kysely<Database>, disables: TelegramDisable[], now: string): Promise<{ linkId: string; message: string }[]> {
  const out = [];
  for (const d of disables) {
    const r = await trx.updateTable('telegram_links').set({ disabled_at: now, disabled_reason: d.reason.slice(0, 500), updated_at: now })
      .where('id', '=', d.linkId).where('disabled_at', 'is', null).executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1) continue;
    out.push({ linkId: d.linkId, message: `Telegram chat turned off for paging: ${d.reason}; it is paged again once linked again from the profile` });
  }
  return out;
}
