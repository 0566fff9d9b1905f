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
