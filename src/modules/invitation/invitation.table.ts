import type { Insertable, Selectable } from 'kysely';

export type MailStatus = 'pending' | 'sent' | 'not_configured' | 'failed';

export interface InvitationTable {
  id: string;
  org_id: string;
  email: string;
  role: 'owner' | 'admin' | 'responder' | 'observer';
  token_hash: string;
  /** The token sealed with KLAXON_SECRET_KEY until the mail is handed over; then null. */
  token_sealed: string | null;
  mail_status: MailStatus;
  invited_by: string | null;
  created_at: string;
  expires_at: string;
  accepted_at: string | null;
  accepted_by: string | null;
  revoked_at: string | null;
}
export type InvitationRow = Selectable<InvitationTable>;
export type NewInvitationRow = Insertable<InvitationTable>;
