import type { ColumnType, Insertable, Selectable } from 'kysely';

export interface UserTable {
  id: string;
  email: string;
  name: string;
  password_hash: string | null;
  created_at: string;
  updated_at: string;
  /** TOTP secret (AES-GCM sealed) once the second factor is on; the pending one during setup. */
  totp_secret_sealed: ColumnType<string | null, string | null | undefined, string | null>;
  totp_pending_sealed: ColumnType<string | null, string | null | undefined, string | null>;
  totp_enabled_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** JSON AlertSoundPreference. */
  alert_sound: ColumnType<string, string | undefined, string>;
  email_verified_at: ColumnType<string | null, string | null | undefined, string | null>;
}
export type UserRow = Selectable<UserTable>;
export type NewUserRow = Insertable<UserTable>;

export interface EmailChangeTable {
  id: string;
  user_id: string;
  new_email: string;
  code_hash: string;
  attempts: number;
  created_at: string;
  expires_at: string;
  closed_at: string | null;
}
export type EmailChangeRow = Selectable<EmailChangeTable>;

export interface AgreementConsentTable {
  id: string;
  user_id: string;
  kind: string;
  version: string;
  ip: string | null;
  created_at: string;
}
export type AgreementConsentRow = Selectable<AgreementConsentTable>;
