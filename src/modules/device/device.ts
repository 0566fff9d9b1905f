import type { DeviceRow } from './device.table.ts';

export const PLATFORMS = ['ios', 'android', 'web'] as const;
export type Platform = (typeof PLATFORMS)[number];

/** A push token is a secret: after creation only its last four characters are shown. */
export const tokenHint = (token: string): string => `…${token.slice(-4)}`;

export const rowToDevice = (r: DeviceRow) => ({
  id: r.id,
  user_id: r.user_id,
  platform: r.platform,
  name: r.name,
  app_version: r.app_version,
  critical_alerts_permitted: r.critical_alerts_permitted === 1,
  push_token_hint: r.push_token_hint,
  disabled_at: r.disabled_at ?? null,
  disabled_reason: r.disabled_reason ?? null,
  created_at: r.created_at,
  updated_at: r.updated_at,
});
export type Device = ReturnType<typeof rowToDevice>;

/** A browser's push subscription as the Push API gives it (PushSubscription.toJSON()). */
export interface WebPushSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** The subscription a web device's push token holds, or why it is not one. */
export function parseSubscription(text: string): WebPushSubscription | string {
  let s: { endpoint?: unknown; keys?: { p256dh?: unknown; auth?: unknown } };
  try {
    s = JSON.parse(text) as typeof s;
  } catch {
    return 'a web push token must be the browser\'s subscription JSON ({"endpoint","keys":{"p256dh","auth"}})';
  }
  if (typeof s !== 'object' || s === null || typeof s.endpoint !== 'string' || typeof s.keys?.p256dh !== 'string' || typeof s.keys?.auth !== 'string') {
    return 'a web push subscription needs endpoint, keys.p256dh and keys.auth';
  }
  let u: URL;
  try {
    u = new URL(s.endpoint);
  } catch {
    return 'the subscription endpoint is not a URL';
  }
  if (u.protocol !== 'https:') return 'the subscription endpoint must be an https URL';
  if (Buffer.from(s.keys.p256dh, 'base64url').length !== 65) return 'keys.p256dh must be a P-256 public key (65 bytes, URL-safe base64)';
  if (Buffer.from(s.keys.auth, 'base64url').length < 16) return 'keys.auth must be 16 bytes, URL-safe base64';
  return { endpoint: s.endpoint, keys: { p256dh: s.keys.p256dh, auth: s.keys.auth } };
}
