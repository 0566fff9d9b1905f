import type { Insertable, Selectable, Updateable } from 'kysely';

export interface AlertTable {
  id: string;
  org_id: string;
  service_id: string;
  title: string;
  /** The title's words as search folds them (alert.search.ts), one space apart; indexed on both stores. */
  title_words: string;
  body: string;
  event_key: string;
  /** 1 critical … 5 info. */
  priority: number;
  urgency: 'high' | 'low';
  status: 'open' | 'acknowledged' | 'snoozed' | 'resolved';
  duplicate_count: number;
  source: string;
  details: string;
  level: number;
  integration_id: string | null;
  created_at: string;
  updated_at: string;
  last_signal_at: string;
  acknowledged_at: string | null;
  acknowledged_by: string | null;
  resolved_at: string | null;
  resolved_by: string | null;
  snoozed_until: string | null;
}
export type AlertRow = Selectable<AlertTable>;
export type NewAlertRow = Insertable<AlertTable>;
export type AlertUpdate = Updateable<AlertTable>;

export interface AlertLogTable {
  id: string;
  alert_id: string;
  kind: string;
  message: string;
  actor_type: string;
  actor_id: string | null;
  event_id: number | null;
  receipt_id: string | null;
  meta: string;
  created_at: string;
}
export type AlertLogRow = Selectable<AlertLogTable>;
export type NewAlertLogRow = Insertable<AlertLogTable>;
