import type { Insertable, Selectable } from 'kysely';

/** One person's notification rules (PRODUCT.md 10, docs/adr/0800): JSON lists per urgency, quiet hours, handoff notice. */
export interface NotificationRulesTable {
  user_id: string;
  /** JSON Rule[] for high urgency; [] means "the level's steps". */
  high: string;
  low: string;
  /** JSON QuietHours or null. */
  quiet_hours: string | null;
  handoff_notice_minutes: number | null;
  updated_at: string;
}
export type NotificationRulesRow = Selectable<NotificationRulesTable>;
export type NewNotificationRulesRow = Insertable<NotificationRulesTable>;

/** One handoff notice (PRODUCT.md 10): unique per person, schedule, level and shift start. */
export interface HandoffNoticeTable {
  id: string;
  org_id: string;
  user_id: string;
  schedule_id: string;
  level: number;
  shift_start: string;
  shift_end: string;
  status: 'pending' | 'claimed' | 'sent' | 'failed';
  channel: 'push' | 'email' | null;
  attempts: number;
  claim_expires_at: string | null;
  detail: string | null;
  created_at: string;
  updated_at: string;
}
