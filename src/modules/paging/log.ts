import { newId } from '../../lib/ids.ts';
import type { NewAlertLogRow } from '../alert/index.ts';

/**
 * A paging timeline entry (the one builder of the module's alert_log rows): written by Klaxon
 * unless `actor` says who; `id` when the entry's id is derived (the intake's, eventLogId).
 */
export function pagingLog(
  alertId: string,
  kind: string,
  message: string,
  meta: Record<string, unknown>,
  at: string,
  opts: { id?: string; actor?: { type: string; id: string | null }; eventId?: number | null } = {},
): NewAlertLogRow {
  return {
    id: opts.id ?? newId('log'), alert_id: alertId, kind, message, actor_type: opts.actor?.type ?? 'system', actor_id: opts.actor?.id ?? null,
    event_id: opts.eventId ?? null, receipt_id: null, meta: JSON.stringify(meta), created_at: at,
  };
}
