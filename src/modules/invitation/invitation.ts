import type { InvitationRow } from './invitation.table.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}
/**
 * The narrow mail port invitations need; the SMTP adapter (`Mailer` of the mail module) has this
 * shape. `configured: false` means no relay is set up: the invitation says so instead of waiting.
 */
export interface InvitationMailer {
  readonly configured: boolean;
  send(msg: MailMessage): Promise<void>;
}

export const INVITATION_TTL_MS = 7 * 24 * 3600_000;
export const TOKEN_PREFIX = 'kxv_';
export const INVITATION_EVENT = 'invitation.created';

export type InvitationStatus = 'pending' | 'accepted' | 'revoked' | 'expired';

export function statusOf(r: Pick<InvitationRow, 'accepted_at' | 'revoked_at' | 'expires_at'>, nowMs: number): InvitationStatus {
  if (r.accepted_at) return 'accepted';
  if (r.revoked_at) return 'revoked';
  if (Date.parse(r.expires_at) <= nowMs) return 'expired';
  return 'pending';
}

/** The link in the mail; the token rides in a query parameter the request log redacts. */
export const invitationUrl = (publicUrl: string, token: string): string => `${publicUrl}/invitations/accept?token=${encodeURIComponent(token)}`;

/**
 * The invitation mail. It carries no text any account chose: the organization's name is what anyone
 * who signs up types, so quoting it let open sign-up send a chosen sentence to any address (issue 19
 * item 7, issue 33 item 9, docs/adr/0713). Only Klaxon's own words, the role, the link and its
 * expiry; the person sees the organization's name once signed in, when they accept.
 */
export function invitationMail(opts: { to: string; role: string; url: string; expiresAt: string }): MailMessage {
  return {
    to: opts.to,
    subject: 'You are invited to an organization on Klaxon',
    text:
      `You have been invited to join an organization on Klaxon as ${opts.role}.\n\n` +
      `Open this link to join. If you have no Klaxon account yet, you create it there (your name and a password; the account is this email address). If you have one, sign in as this address and accept:\n${opts.url}\n\n` +
      `The link works once and expires at ${opts.expiresAt}. If you did not expect this, ignore this mail.\n`,
  };
}

export const rowToInvitation = (r: InvitationRow, nowMs: number) => ({
  id: r.id,
  email: r.email,
  role: r.role,
  status: statusOf(r, nowMs),
  mail_status: r.mail_status,
  invited_by: r.invited_by,
  created_at: r.created_at,
  expires_at: r.expires_at,
  accepted_at: r.accepted_at,
  accepted_by: r.accepted_by,
});
