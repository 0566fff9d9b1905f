import type { AlertLogRow, AlertRow } from './alert.table.ts';
import { priorityFromRank } from './alert.ts';

/** The alert record of PRODUCT.md 3. */
export function rowToAlert(r: AlertRow) {
  return {
    id: r.id,
    org_id: r.org_id,
    service_id: r.service_id,
    title: r.title,
    body: r.body,
    event_key: r.event_key,
    priority: priorityFromRank(r.priority),
    urgency: r.urgency,
    status: r.status,
    duplicate_count: r.duplicate_count,
    source: r.source,
    created_at: r.created_at,
    updated_at: r.updated_at,
    last_signal_at: r.last_signal_at,
    acknowledged_at: r.acknowledged_at,
    acknowledged_by: r.acknowledged_by,
    resolved_at: r.resolved_at,
    resolved_by: r.resolved_by,
    snoozed_until: r.snoozed_until,
    level: r.level,
    // The maintenance window that held its paging (PRODUCT.md 11), or null.
    maintenance_window_id: r.maintenance_window_id ?? null,
    details: JSON.parse(r.details) as Record<string, unknown>,
  };
}
export type AlertView = ReturnType<typeof rowToAlert>;

export function rowToLogEntry(r: AlertLogRow) {
  return {
    id: r.id,
    alert_id: r.alert_id,
    kind: r.kind,
    message: r.message,
    actor: { type: r.actor_type, id: r.actor_id },
    receipt_id: r.receipt_id,
    meta: JSON.parse(r.meta) as Record<string, unknown>,
    created_at: r.created_at,
  };
}
