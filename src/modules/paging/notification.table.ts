import type { Insertable, Selectable } from 'kysely';
import type { Channel } from './delivery.port.ts';

/** One alert's escalation (PRODUCT.md 7.3): where it is, and when the escalation job acts next. */
export interface AlertEscalationTable {
  alert_id: string;
  org_id: string;
  schedule_id: string | null;
  schedule_chosen: number;
  epoch: number;
  cycle: number;
  level: number;
  level_started_at: string | null;
  paged: number;
  force_next: number;
  exhausted: number;
  next_at: string | null;
  last_event_id: number;
  updated_at: string;
}
export type AlertEscalationRow = Selectable<AlertEscalationTable>;

export const NOTIFICATION_STATUSES = ['pending', 'claimed', 'sent', 'delivered', 'failed', 'cancelled', 'skipped', 'superseded', 'not_configured'] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];

/** One page: a person, a channel and a step of one level (or of a responder request). */
export interface NotificationTable {
  id: string;
  org_id: string;
  alert_id: string;
  user_id: string;
  kind: 'escalation' | 'responder';
  epoch: number;
  cycle: number;
  level: number;
  step_index: number;
  channel: Channel;
  destination_id: string | null;
  urgency: 'high' | 'low';
  due_at: string;
  status: NotificationStatus;
  attempts: number;
  claim_token: string | null;
  claim_expires_at: string | null;
  provider_message_id: string | null;
  detail: string | null;
  idempotency_key: string;
  created_at: string;
  updated_at: string;
}
export type NotificationRow = Selectable<NotificationTable>;
export type NewNotificationRow = Insertable<NotificationTable>;
