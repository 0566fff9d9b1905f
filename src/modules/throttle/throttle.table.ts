/** One action taken, counted against one subject (docs/adr/0537; migration 2026-11-26T040000). */
export interface ThrottleEventTable {
  id: string;
  /** What was done, e.g. `sign_up.address`, `sms_verification.person`, `invitation.org.hour`. */
  action: string;
  /** What it is counted against: an address, a number, a person or an organization id. */
  subject: string;
  created_at: string;
}
