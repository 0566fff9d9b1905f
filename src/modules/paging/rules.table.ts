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
