import type { Insertable, Selectable } from 'kysely';

/** The code an SMS page gives; a reply of it from one of the person's numbers acts on `alert_ids` (JSON array). */
export interface SmsReplyCodeTable {
  id: string;
  org_id: string;
  user_id: string;
  code: string;
  alert_ids: string;
  notification_id: string | null;
  expires_at: string;
  created_at: string;
}
export type SmsReplyCodeRow = Selectable<SmsReplyCodeTable>;
export type NewSmsReplyCodeRow = Insertable<SmsReplyCodeTable>;

/** One SMS or call sent to a person: what the per-destination throttles count. */
export interface DeliverySendTable {
  id: string;
  org_id: string;
  user_id: string;
  channel: 'sms' | 'voice';
  sent_at: string;
}

/**
 * A Twilio callback that acted (docs/adr/0706): `key` is `sms:<MessageSid>` for an inbound SMS,
 * `key:<CallSid>` for a call's acting key, `status:<SID>:<status>` for a final status. A replay of
 * the same signed callback finds its row and does nothing. Pruned after 7 days (receipt-prune).
 */
export interface TwilioCallbackTable {
  key: string;
  created_at: string;
}
