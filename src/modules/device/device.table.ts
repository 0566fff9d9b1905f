import type { Insertable, Selectable, Updateable } from 'kysely';

export interface DeviceTable {
  id: string;
  user_id: string;
  platform: 'ios' | 'android' | 'web';
  name: string;
  app_version: string;
  critical_alerts_permitted: number;
  push_token_sealed: string;
  push_token_hash: string;
  push_token_hint: string;
  /** Set when the push provider said the token is gone (docs/adr/0440); the device is not paged until registered again. */
  disabled_at: string | null;
  disabled_reason: string | null;
  created_at: string;
  updated_at: string;
}
export type DeviceRow = Selectable<DeviceTable>;
export type NewDeviceRow = Insertable<DeviceTable>;
export type DeviceUpdate = Updateable<DeviceTable>;

/** The credential (ses_… or key_…) that last registered a device (docs/adr/0710); none for older devices. */
export interface DeviceRegistrationTable {
  device_id: string;
  credential_id: string;
}
