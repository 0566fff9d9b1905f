import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

export interface PhoneNumberTable {
  id: string;
  org_id: string;
  user_id: string;
  e164: string;
  label: string;
  verified_at: string | null;
  code_hash: string | null;
  code_expires_at: string | null;
  code_attempts: number;
  /** Set when the SMS provider refused the number for good (opted out, not a mobile number); not paged then. */
  disabled_reason: Generated<string | null>;
  disabled_at: Generated<string | null>;
  created_at: string;
  updated_at: string;
}
export type PhoneNumberRow = Selectable<PhoneNumberTable>;
export type NewPhoneNumberRow = Insertable<PhoneNumberTable>;
export type PhoneNumberUpdate = Updateable<PhoneNumberTable>;

export interface VerificationSendTable {
  id: string;
  e164: string;
  phone_number_id: string | null;
  sent_at: string;
}
