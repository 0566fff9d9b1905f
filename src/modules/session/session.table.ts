import type { Insertable, Selectable } from 'kysely';

export type SessionKind = 'dashboard' | 'mobile' | 'agent';

export interface SessionTable {
  id: string;
  user_id: string;
  kind: SessionKind;
  /** Agent tokens only: the organization the grant was approved for. */
  org_id: string | null;
  token_hash: string;
  name: string;
  /** JSON: platform, app version, time zone, locale (from POST /api/bootstrap). */
  client: string;
  ip: string | null;
  created_at: string;
  last_used_at: string | null;
  expires_at: string;
  revoked_at: string | null;
}
export type SessionRow = Selectable<SessionTable>;
export type NewSessionRow = Insertable<SessionTable>;

export interface DeviceGrantTable {
  id: string;
  device_code_hash: string;
  user_code: string;
  client_name: string;
  status: 'pending' | 'approved' | 'denied' | 'consumed';
  user_id: string | null;
  org_id: string | null;
  interval_seconds: number;
  last_polled_at: string | null;
  created_at: string;
  expires_at: string;
}
export type DeviceGrantRow = Selectable<DeviceGrantTable>;

export interface RecoveryCodeTable {
  id: string;
  user_id: string;
  code_hash: string;
  created_at: string;
  used_at: string | null;
}

export interface SignInFailureTable {
  id: string;
  email: string;
  ip: string;
  created_at: string;
}

/** The last TOTP time step a person's code was accepted at (docs/adr/0532). */
export interface TotpLastStepTable {
  user_id: string;
  step: number;
  used_at: string;
}

/** A session's latest re-authentication (password or second factor), docs/adr/0533. */
export interface SessionReauthenticationTable {
  session_id: string;
  method: 'password' | 'totp' | 'recovery_code';
  at: string;
}

/** A password reset link (docs/adr/0534): the token is hashed; sealed only until mailed. */
export interface PasswordResetTable {
  id: string;
  user_id: string;
  token_hash: string;
  token_sealed: string | null;
  mail_status: 'pending' | 'sent' | 'not_configured' | 'failed';
  ip: string | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}
export type PasswordResetRow = Selectable<PasswordResetTable>;
