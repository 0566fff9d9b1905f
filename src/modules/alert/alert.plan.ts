import { type Actor, actorLabel } from '../../lib/actor.ts';
import type { AlertRow, AlertUpdate, NewAlertLogRow, NewAlertRow } from './alert.table.ts';
import {
  type AlertStatus,
  type NormalizedSignal,
  type Priority,
  type Urgency,
  priorityFromRank,
  priorityRank,
} from './alert.ts';
import type { AlertEventType } from './alert.events.ts';
import { titleWords } from './search/words.ts';

/**
 * Planning is pure: given the locked current row (or none) and a request, it says what to write.
 * The SQLite fast path and the Kysely path both execute the same plans, so the rules of spec 3
 * live in one place and are unit-tested without a database.
 */
export interface PlanContext {
  orgId: string;
  serviceId: string;
  integrationId: string | null;
  receiptId: string | null;
  actor: Actor;
  now: string;
  newAlertId: () => string;
  newLogId: () => string;
}

export interface PlannedEvent {
  type: AlertEventType;
  alertId: string;
  payload: Record<string, unknown>;
}

export interface AlertResult {
  alertId?: string;
  status?: AlertStatus;
  deduped: boolean;
  resolved: boolean;
  changed: boolean;
}

/** What one applied signal did to its alert, as the ingest metrics count it. */
export type AlertOutcome = 'created' | 'deduped' | 'resolved' | 'ignored';
export function alertOutcome(r: Pick<AlertResult, 'alertId' | 'deduped' | 'resolved'>): AlertOutcome {
  if (r.resolved) return 'resolved';
  if (r.deduped) return 'deduped';
  return r.alertId !== undefined ? 'created' : 'ignored';
}

export interface AlertPlan {
  insert?: NewAlertRow;
  update?: { id: string; set: AlertUpdate };
  logs: NewAlertLogRow[];
  events: PlannedEvent[];
  result: AlertResult;
}


function log(ctx: PlanContext, alertId: string, kind: string, message: string, meta: Record<string, unknown> = {}): NewAlertLogRow {
  return {
    id: ctx.newLogId(),
    alert_id: alertId,
    kind,
    message,
    actor_type: ctx.actor.type,
    actor_id: ctx.actor.id,
    event_id: null,
    receipt_id: ctx.receiptId,
    meta: JSON.stringify(meta),
    created_at: ctx.now,
  };
}

/**
 * The alert as event consumers see it when the event was made: what they read and the event row
 * does not hold (docs/adr/0544-storage-per-alert.md). The webhook fan-out fixes title, event_key,
 * priority, urgency, status and duplicate_count in its delivery and filters by service_id; the
 * alert's id and organization are the event row's own alert_id and org_id.
 */
export function alertSnapshot(row: Pick<AlertRow, 'service_id' | 'title' | 'event_key' | 'priority' | 'urgency' | 'status' | 'duplicate_count'>) {
  return {
    service_id: row.service_id,
    title: row.title,
    event_key: row.event_key,
    priority: priorityFromRank(row.priority),
    urgency: row.urgency,
    status: row.status,
    duplicate_count: row.duplicate_count,
  };
}

function event(ctx: PlanContext, type: AlertEventType, alert: Parameters<typeof alertSnapshot>[0] & Pick<AlertRow, 'id'>, extra: Record<string, unknown> = {}): PlannedEvent {
  return {
    type,
    alertId: alert.id,
    // The receipt id is on the alert's timeline entry; no consumer reads it from the event.
    payload: { alert: alertSnapshot(alert), actor: { type: ctx.actor.type, id: ctx.actor.id }, ...extra },
  };
}

const noop = (existing?: AlertRow): AlertPlan => ({
  logs: [],
  events: [],
  result: existing
    ? { alertId: existing.id, status: existing.status, deduped: false, resolved: false, changed: false }
    : { deduped: false, resolved: false, changed: false },
});

export function planSignal(existing: AlertRow | undefined, sig: NormalizedSignal, ctx: PlanContext): AlertPlan {
  if (sig.action === 'trigger') return existing ? planRepeat(existing, sig, ctx) : planOpen(sig, ctx);
  if (!existing) return noop(); // spec 3: resolve/ack of a closed or unknown condition succeeds, opens nothing
  return sig.action === 'resolve' ? planResolve(existing, ctx) : planAck(existing, ctx);
}

function planOpen(sig: NormalizedSignal, ctx: PlanContext): AlertPlan {
  const id = ctx.newAlertId();
  const row: NewAlertRow = {
    id,
    org_id: ctx.orgId,
    service_id: ctx.serviceId,
    title: sig.title,
    title_words: titleWords(sig.title),
    body: sig.body,
    event_key: sig.eventKey,
    priority: priorityRank(sig.priority),
    urgency: sig.urgency,
    status: 'open',
    duplicate_count: 0,
    source: sig.source,
    details: JSON.stringify(sig.details),
    level: 1,
    integration_id: ctx.integrationId,
    created_at: ctx.now,
    updated_at: ctx.now,
    last_signal_at: ctx.now,
    acknowledged_at: null,
    acknowledged_by: null,
    resolved_at: null,
    resolved_by: null,
    snoozed_until: null,
  };
  return {
    insert: row,
    logs: [log(ctx, id, 'triggered', `Alert opened by ${actorLabel(ctx.actor)}: priority ${sig.priority}, urgency ${sig.urgency}`, { priority: sig.priority, urgency: sig.urgency })],
    events: [event(ctx, 'alert.triggered', row as AlertRow, { page_urgency: sig.urgency, page_log_id: ctx.newLogId() })],
    result: { alertId: id, status: 'open', deduped: false, resolved: false, changed: true },
  };
}

function planRepeat(existing: AlertRow, sig: NormalizedSignal, ctx: PlanContext): AlertPlan {
  const rank = Math.min(existing.priority, priorityRank(sig.priority)); // a repeat never lowers priority
  const urgency: Urgency = existing.urgency === 'high' || sig.urgency === 'high' ? 'high' : 'low';
  const priorityRaised = rank < existing.priority;
  const urgencyRaised = urgency !== existing.urgency;
  const duplicateCount = existing.duplicate_count + 1;
  const set: AlertUpdate = { duplicate_count: duplicateCount, last_signal_at: ctx.now, updated_at: ctx.now };
  if (priorityRaised) set.priority = rank;
  if (urgencyRaised) set.urgency = urgency;
  const after = { ...existing, priority: rank, urgency, duplicate_count: duplicateCount };
  const logs = [log(ctx, existing.id, 'repeated', `Repeat signal joined (duplicate ${duplicateCount})`)];
  const events: PlannedEvent[] = [];
  if (priorityRaised || urgencyRaised) {
    const from = priorityFromRank(existing.priority);
    const to = priorityFromRank(rank);
    logs.push(
      log(ctx, existing.id, 'priority_raised', priorityRaised ? `Priority raised from ${from} to ${to}, urgency ${urgency}` : `Urgency raised from ${existing.urgency} to ${urgency}`, {
        previous_priority: from, priority: to, previous_urgency: existing.urgency, urgency,
      }),
    );
    // Raised importance pages again at the new urgency (spec 2.1 rule 2, PRODUCT.md 3).
    events.push(event(ctx, 'alert.priority_raised', after, { previous_priority: from, previous_urgency: existing.urgency, page_urgency: urgency, page_log_id: ctx.newLogId() }));
  } else {
    events.push(event(ctx, 'alert.repeated', after));
  }
  return {
    update: { id: existing.id, set },
    logs,
    events,
    result: { alertId: existing.id, status: existing.status, deduped: true, resolved: false, changed: true },
  };
}

export function planResolve(existing: AlertRow, ctx: PlanContext): AlertPlan {
  if (existing.status === 'resolved') return noop(existing);
  const by = ctx.actor.id ?? 'system';
  return {
    update: { id: existing.id, set: { status: 'resolved', resolved_at: ctx.now, resolved_by: by, updated_at: ctx.now, snoozed_until: null } },
    logs: [log(ctx, existing.id, 'resolved', `Resolved by ${actorLabel(ctx.actor)}`)],
    events: [event(ctx, 'alert.resolved', { ...existing, status: 'resolved' })],
    result: { alertId: existing.id, status: 'resolved', deduped: false, resolved: true, changed: true },
  };
}

export function planAck(existing: AlertRow, ctx: PlanContext): AlertPlan {
  if (existing.status === 'resolved' || existing.status === 'acknowledged') return noop(existing);
  const by = ctx.actor.id ?? 'system';
  return {
    update: { id: existing.id, set: { status: 'acknowledged', acknowledged_at: ctx.now, acknowledged_by: by, updated_at: ctx.now, snoozed_until: null } },
    logs: [log(ctx, existing.id, 'acknowledged', `Acknowledged by ${actorLabel(ctx.actor)}`)],
    events: [event(ctx, 'alert.acknowledged', { ...existing, status: 'acknowledged' })],
    result: { alertId: existing.id, status: 'acknowledged', deduped: false, resolved: false, changed: true },
  };
}

/**
 * The operations of PRODUCT.md 7.3 on an alert by id (escalate, snooze, wake, priority). Each plans
 * the alert's change, its timeline entry and its event; the paging engine's intake turns the event
 * into escalation state. `by` names who did it in the timeline (a person's name, a key's name).
 */
export function planEscalate(existing: AlertRow, ctx: PlanContext, by: string): AlertPlan {
  if (existing.status === 'resolved') return noop(existing);
  // An acknowledged or snoozed alert escalated by hand is open again (PRODUCT.md 7.3).
  const set: AlertUpdate = { status: 'open', updated_at: ctx.now, snoozed_until: null, acknowledged_at: null, acknowledged_by: null };
  return {
    update: { id: existing.id, set },
    logs: [log(ctx, existing.id, 'escalated', `Escalated by ${by}: the next level is paged now`, { from_level: existing.level, previous_status: existing.status })],
    // reason and why as the engine's own level changes say them (escalation.job.ts); the level
    // after is the engine's to choose, so it is on the alert when the webhook is rendered.
    events: [event(ctx, 'alert.escalated', { ...existing, status: 'open' }, { from_level: existing.level, reason: 'manual', why: `escalated by ${by}` })],
    result: { alertId: existing.id, status: 'open', deduped: false, resolved: false, changed: true },
  };
}

export function planSnooze(existing: AlertRow, ctx: PlanContext, by: string, until: string): AlertPlan {
  if (existing.status === 'resolved') return noop(existing);
  if (existing.status === 'snoozed' && existing.snoozed_until === until) return noop(existing);
  return {
    update: { id: existing.id, set: { status: 'snoozed', snoozed_until: until, updated_at: ctx.now } },
    logs: [log(ctx, existing.id, 'snoozed', `Snoozed by ${by} until ${until}`, { until, previous_status: existing.status })],
    events: [event(ctx, 'alert.snoozed', { ...existing, status: 'snoozed' }, { snoozed_until: until })],
    result: { alertId: existing.id, status: 'snoozed', deduped: false, resolved: false, changed: true },
  };
}

export function planWake(existing: AlertRow, ctx: PlanContext, by: string): AlertPlan {
  if (existing.status !== 'snoozed') return noop(existing);
  return {
    update: { id: existing.id, set: { status: 'open', snoozed_until: null, updated_at: ctx.now } },
    logs: [log(ctx, existing.id, 'woken', `Woken by ${by}: the alert is open again`, {})],
    events: [event(ctx, 'alert.woken', { ...existing, status: 'open' }, { reason: 'woken' })],
    result: { alertId: existing.id, status: 'open', deduped: false, resolved: false, changed: true },
  };
}

/**
 * A service's acknowledgement timeout passed (PRODUCT.md 11; docs/adr/0822-alert-timers.md): the
 * acknowledged alert is open again, and `alert.woken` has the intake page its current level again.
 */
export function planAckExpired(existing: AlertRow, ctx: PlanContext, minutes: number): AlertPlan {
  if (existing.status !== 'acknowledged') return noop(existing);
  return {
    update: { id: existing.id, set: { status: 'open', acknowledged_at: null, acknowledged_by: null, updated_at: ctx.now } },
    logs: [log(ctx, existing.id, 'ack_expired', `acknowledgement expired: not resolved within ${minutes} minutes; the alert is open again`, { ack_timeout_minutes: minutes, acknowledged_at: existing.acknowledged_at })],
    events: [event(ctx, 'alert.woken', { ...existing, status: 'open' }, { reason: 'acknowledgement_expired' })],
    result: { alertId: existing.id, status: 'open', deduped: false, resolved: false, changed: true },
  };
}

/** A service's auto-resolve time passed without a signal: the alert resolves itself, as any resolve. */
export function planAutoResolve(existing: AlertRow, ctx: PlanContext, minutes: number): AlertPlan {
  const plan = planResolve(existing, ctx);
  return { ...plan, logs: plan.logs.map((l) => ({ ...l, message: `auto-resolved: no signal for ${minutes} minutes`, meta: JSON.stringify({ auto_resolve_minutes: minutes, last_signal_at: existing.last_signal_at }) })) };
}

/**
 * A priority (and urgency) set by hand: a raise of either pages the current level at the new
 * urgency (the same event a higher-priority repeat writes); a lowering pages nobody.
 */
export function planPriority(existing: AlertRow, ctx: PlanContext, by: string, priority: Priority, urgency: Urgency): AlertPlan {
  const rank = priorityRank(priority);
  if (existing.status === 'resolved' || (rank === existing.priority && urgency === existing.urgency)) return noop(existing);
  const from = priorityFromRank(existing.priority);
  const raised = rank < existing.priority || (urgency === 'high' && existing.urgency === 'low');
  const after = { ...existing, priority: rank, urgency };
  const message = `Priority set by ${by}: ${from} to ${priority}, urgency ${existing.urgency} to ${urgency}${raised ? '' : ' (nobody is paged for a lowering)'}`;
  const logs = [log(ctx, existing.id, 'priority_changed', message, { previous_priority: from, priority, previous_urgency: existing.urgency, urgency })];
  return {
    update: { id: existing.id, set: { priority: rank, urgency, updated_at: ctx.now } },
    logs,
    events: raised ? [event(ctx, 'alert.priority_raised', after, { previous_priority: from, previous_urgency: existing.urgency, page_urgency: urgency, page_log_id: ctx.newLogId() })] : [],
    result: { alertId: existing.id, status: existing.status, deduped: false, resolved: false, changed: true },
  };
}
