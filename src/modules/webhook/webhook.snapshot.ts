import type { OutboxEvent } from '../outbox/index.ts';
import { type AlertRow, type AlertView, rowToAlert } from '../alert/index.ts';
import { newId } from '../../lib/ids.ts';
import { personName } from '../../lib/actor.ts';
import type { ContextVariable, Json, TemplateContext } from './webhook.template.ts';
import type { NewWebhookDeliveryRow } from './webhook.table.ts';

/**
 * What a delivery is rendered from, fixed when the event is fanned out (so a retry a day later says
 * what happened then): the template variables (all but alert_url, which comes from the
 * configuration at render time), the alert record and the event. Pure: the SQLite thread's form of
 * the fan-out uses it too (docs/adr/0461-webhook-delivery.md).
 */
export interface DeliverySnapshot {
  // ts_unix comes from ts at render time; the names of who acted are absent from older snapshots.
  vars: Record<Exclude<ContextVariable, 'alert_url' | 'ts_unix' | 'acked_by_name' | 'resolved_by_name'>, string | null> &
    Partial<Record<'acked_by_name' | 'resolved_by_name', string | null>>;
  alert: AlertView | null;
  event: { kind: string; sequence: number | null; actor: { type: string; id: string | null } | null; changes: Record<string, unknown> };
}

/** The alert row with what the context names: its service's name and the emails and names of who acted. */
export type ContextRow = AlertRow & {
  service_name: string | null;
  acked_by_email: string | null;
  resolved_by_email: string | null;
  acked_by_user_name: string | null;
  resolved_by_user_name: string | null;
};

/** The statement both forms of the fan-out read a context row with (one `?`: the alert id). */
export const CONTEXT_ROW_SQL = `select a.*, s.name as service_name, ua.email as acked_by_email, ur.email as resolved_by_email,
  ua.name as acked_by_user_name, ur.name as resolved_by_user_name
  from alerts a left join services s on s.id = a.service_id
  left join users ua on ua.id = a.acknowledged_by left join users ur on ur.id = a.resolved_by
  where a.id = ?`;

/** Enabled destinations of an organization, as the fan-out matches them. */
export interface FanoutDestination {
  id: string;
  events: string;
  service_ids: string | null;
}
export const FANOUT_DESTINATIONS_SQL = 'select id, events, service_ids from webhook_destinations where org_id = ? and enabled = 1';

/** Who acted, as people read them (their name, else their email); null while nobody has. */
const nameOf = (email: string | null | undefined, name: string | null | undefined): string | null => (email ? personName({ name, email }) : null);

const str = (v: unknown): string | null => (typeof v === 'string' ? v : v === null || v === undefined ? null : String(v));

export function snapshotOf(event: OutboxEvent, row: ContextRow | undefined): DeliverySnapshot {
  const snap = (event.payload.alert ?? {}) as Record<string, unknown>;
  // log_id, page_log_id: timeline entries for the paging intake (planEventRows, eventLogId), not a change.
  const { alert: _alert, actor, receipt_id: _receipt, log_id: _log, page_log_id: _pageLog, ...changes } = event.payload as Record<string, unknown>;
  // The record as the row is now, with the fields the event fixed (the alert may have moved on since).
  let alert: AlertView | null = row ? rowToAlert(row) : null;
  if (alert) {
    for (const k of ['title', 'event_key', 'priority', 'urgency', 'status', 'duplicate_count'] as const) {
      if (snap[k] !== undefined) (alert as Record<string, unknown>)[k] = snap[k];
    }
  }
  const pick = (k: string) => str(snap[k] ?? (alert as Record<string, unknown> | null)?.[k]);
  return {
    vars: {
      event: event.type,
      ts: event.createdAt,
      alert_id: event.alertId,
      title: pick('title') ?? '',
      body: alert?.body ?? '',
      priority: pick('priority'),
      urgency: pick('urgency'),
      status: pick('status'),
      service_name: row?.service_name ?? null,
      acked_by_email: row?.acked_by_email ?? null,
      resolved_by_email: row?.resolved_by_email ?? null,
      acked_by_name: nameOf(row?.acked_by_email, row?.acked_by_user_name),
      resolved_by_name: nameOf(row?.resolved_by_email, row?.resolved_by_user_name),
    },
    alert,
    event: { kind: event.type, sequence: event.id, actor: (actor as DeliverySnapshot['event']['actor']) ?? null, changes },
  };
}

export const alertUrl = (publicUrl: string, alertId: string | null) => `${publicUrl}/alerts/${alertId ?? ''}`;

/** ts in whole seconds since 1970 (Slack's <!date^…>); null for a ts that is not a time. */
export const unixSeconds = (ts: string | null | undefined): string | null => {
  const ms = ts ? Date.parse(ts) : NaN;
  return Number.isNaN(ms) ? null : String(Math.floor(ms / 1000));
};

export const templateContext = (s: DeliverySnapshot, publicUrl: string): TemplateContext => ({
  acked_by_name: null, resolved_by_name: null, ...s.vars, alert_url: alertUrl(publicUrl, s.vars.alert_id), ts_unix: unixSeconds(s.vars.ts),
});

/** The fixed Klaxon JSON of a `native` destination: the Standard Webhooks envelope, the event and the alert record. */
export function nativeBody(s: DeliverySnapshot, publicUrl: string): Json {
  return {
    type: s.event.kind,
    timestamp: s.vars.ts,
    data: {
      event: { kind: s.event.kind, sequence: s.event.sequence, actor: s.event.actor, ...s.event.changes } as Json,
      alert: (s.alert ?? { id: s.vars.alert_id, title: s.vars.title, priority: s.vars.priority, urgency: s.vars.urgency, status: s.vars.status }) as unknown as Json,
      alert_url: alertUrl(publicUrl, s.vars.alert_id),
    },
  };
}

/** The destinations of `dests` that want this event: its kind, and its service when they filter. */
export function wantedBy(event: OutboxEvent, dests: readonly FanoutDestination[]): FanoutDestination[] {
  const serviceId = (event.payload.alert as { service_id?: string } | undefined)?.service_id;
  return dests.filter((d) => {
    if (!(JSON.parse(d.events) as string[]).includes(event.type)) return false;
    if (d.service_ids === null) return true;
    return serviceId !== undefined && (JSON.parse(d.service_ids) as string[]).includes(serviceId);
  });
}

/** One delivery per destination, due now, in the order of the outbox (seq) within its alert. */
export function deliveryRows(event: OutboxEvent, dests: readonly FanoutDestination[], snapshot: DeliverySnapshot, now: string): NewWebhookDeliveryRow[] {
  const text = JSON.stringify(snapshot);
  return dests.map((d) => ({
    id: newId('msg'),
    org_id: event.orgId,
    destination_id: d.id,
    event_id: event.id,
    event_kind: event.type,
    alert_id: event.alertId,
    seq: event.id,
    snapshot: text,
    body: null,
    state: 'pending' as const,
    attempts: 0,
    next_attempt_at: now,
    lease_owner: null,
    lease_until: null,
    last_status: null,
    last_error: null,
    is_test: 0,
    created_at: now,
    updated_at: now,
    finished_at: null,
  }));
}

/** The columns of a delivery row, in the order the SQLite thread's insert binds them. */
export const DELIVERY_COLUMNS = [
  'id', 'org_id', 'destination_id', 'event_id', 'event_kind', 'alert_id', 'seq', 'snapshot', 'body', 'state', 'attempts', 'next_attempt_at',
  'lease_owner', 'lease_until', 'last_status', 'last_error', 'is_test', 'created_at', 'updated_at', 'finished_at',
] as const;

/** A made-up alert for previews and test deliveries. */
export function sampleSnapshot(kind: string, now: string): DeliverySnapshot {
  const acked = ['alert.acknowledged', 'alert.resolved', 'alert.snoozed'].includes(kind);
  const status = kind === 'alert.resolved' ? 'resolved' : kind === 'alert.acknowledged' ? 'acknowledged' : kind === 'alert.snoozed' ? 'snoozed' : 'open';
  const alert = {
    id: 'alr_sample00000000000000000000', org_id: 'org_sample', service_id: 'svc_sample', title: 'Disk almost full on db-1 (sample)',
    body: 'Free space on /var/lib/postgresql is below 5 % (4.2 GB left).\nThis is a sample alert sent by Klaxon.', event_key: 'disk-db-1',
    priority: 'high', urgency: 'high', status, duplicate_count: kind === 'alert.repeated' ? 1 : 0, source: 'klaxon-sample', created_at: now, updated_at: now,
    last_signal_at: now, acknowledged_at: acked ? now : null, acknowledged_by: acked ? 'usr_sample' : null, resolved_at: status === 'resolved' ? now : null,
    resolved_by: status === 'resolved' ? 'usr_sample' : null, snoozed_until: null, level: 1, maintenance_window_id: null, details: { sample: true },
  } as AlertView;
  return {
    vars: {
      event: kind, ts: now, alert_id: alert.id, title: alert.title, body: alert.body, priority: alert.priority, urgency: alert.urgency, status,
      service_name: 'Sample service', acked_by_email: acked ? 'ada@example.com' : null, resolved_by_email: status === 'resolved' ? 'ada@example.com' : null,
      acked_by_name: acked ? 'Ada Lovelace' : null, resolved_by_name: status === 'resolved' ? 'Ada Lovelace' : null,
    },
    alert,
    event: { kind, sequence: null, actor: { type: 'system', id: null }, changes: { sample: true } },
  };
}
