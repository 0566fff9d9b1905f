import type { Insertable, Selectable, Updateable } from 'kysely';

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
