import type { Insertable, Selectable, Updateable } from 'kysely';

export interface AlertTable {
  id: string;
  org_id: string;
  service_id: string;
  title: string;
  /** The title's words as search folds them (search/words.ts), one space apart; indexed on both stores. */
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
  /** The maintenance window that held the alert's paging (issue 36); only the paging engine sets it. */
  maintenance_window_id?: string | null;
}
/**
 * A word of an unresolved alert's title_words, keyed in list order (org_id, word, status, priority
 * desc, alert_id): a word's unresolved matches of a status come in list order from one index range
 * (docs/adr/0781). Kept by the database on every change and delete; an insert's rows by the store's
 * insert trigger (PostgreSQL) or the inserting writer (SQLite: writers/list-words.ts).
 */
export interface AlertListWordTable {
  org_id: string;
  word: string;
  status: AlertTable['status'];
  priority: number;
  alert_id: string;
}
export type AlertRow = Selectable<AlertTable>;
export type NewAlertRow = Insertable<AlertTable>;
export type AlertUpdate = Updateable<AlertTable>;

/**
 * A timeline entry as it reads, and as writers make it. Stored by alert.log.ts: an entry of an
 * interned kind keeps its actor, message and meta in a shared template (AlertLogTemplateTable).
 */
export interface AlertLogEntry {
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
export type AlertLogRow = AlertLogEntry;
export type NewAlertLogRow = AlertLogEntry;

/**
 * `alert_log` as stored (docs/adr/0550-timeline-storage.md): either template_id names the entry's
 * (actor, message, meta) in alert_log_templates and those columns are null, or template_id is
 * null and they are inline. The database checks that it is one or the other.
 */
export interface AlertLogTable {
  id: string;
  alert_id: string;
  kind: string;
  template_id: number | null;
  message: string | null;
  actor_type: string | null;
  actor_id: string | null;
  event_id: number | null;
  receipt_id: string | null;
  meta: string | null;
  created_at: string;
}

/** One distinct (kind, actor, message, meta) of timeline entries, keyed by a hash of it (alert.log.ts). */
export interface AlertLogTemplateTable {
  id: number;
  kind: string;
  actor_type: string;
  actor_id: string | null;
  message: string;
  meta: string;
}
