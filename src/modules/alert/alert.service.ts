import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { Dialect } from '../../db/connect.ts';
import { type Actor, actorTitle, personName } from '../../lib/actor.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { decodeCursor, filteredScope, idPosition, pageOf } from '../../lib/cursor.ts';
import * as repo from './alert.repository.ts';
import { type AlertWriter, type SettledEventTypes, kyselyAlertWriter, writePlanEffects } from './writers/index.ts';
import { listAlerts } from './search/index.ts';
import { type AlertPlan, type AlertResult, type PlanContext, planAck, planEscalate, planPriority, planResolve, planSignal, planSnooze, planWake } from './alert.plan.ts';
import { orgRepository, urgencyRulesOf } from '../org/index.ts';
import { recordAudit, type RequestMeta } from '../audit/index.ts';
import { type AlertStatus, type NormalizedSignal, type Priority, type Urgency, ALERT_STATUSES, PRIORITIES, normalizeSignal, priorityRank } from './alert.ts';
import { rowToAlert, rowToLogEntry } from './alert.mapper.ts';
import { serviceRepository } from '../service/index.ts';
import { userRepository } from '../user/index.ts';

export interface ApplySignalInput {
  orgId: string;
  serviceId: string;
  integrationId: string | null;
  receiptId: string | null;
  actor: Actor;
  signal: NormalizedSignal;
  now: string;
}

export const planContext = (i: Omit<ApplySignalInput, 'signal'>): PlanContext => ({
  orgId: i.orgId,
  serviceId: i.serviceId,
  integrationId: i.integrationId,
  receiptId: i.receiptId,
  actor: i.actor,
  now: i.now,
  newAlertId: () => newId('alr'),
  newLogId: () => newId('log'),
});

/**
 * Applies one signal inside the caller's transaction (GoAlert's CreateOrUpdateTx). On PostgreSQL
 * the open alert is locked; a concurrent first trigger for the same key makes our insert
 * conflict, and we re-read and join it. The partial unique index is what keeps dedupe exact.
 */
export async function applySignal(writer: AlertWriter, input: ApplySignalInput): Promise<AlertResult> {
  const ctx = planContext(input);
  for (let attempt = 0; attempt < 5; attempt++) {
    const existing = await writer.findOpen(input.serviceId, input.signal.eventKey);
    const plan = planSignal(existing, input.signal, ctx);
    if (plan.insert && !(await writer.insertIfNoOpen(plan.insert))) continue;
    await writer.writeEffects(plan, input.orgId, input.now);
    return plan.result;
  }
  throw new AppError('service_unavailable', 'The alert is changing under heavy contention; retry shortly.', { retryAfterSeconds: 1 });
}

export const applySignalTx = (trx: Kysely<Database>, dialect: Dialect, input: ApplySignalInput, settled?: SettledEventTypes) =>
  applySignal(kyselyAlertWriter(trx, dialect, settled), input);

export interface AlertCreateInput {
  service_id: string;
  title: string;
  body?: string | undefined;
  event_key?: string | undefined;
  priority?: Priority | undefined;
  urgency?: Urgency | undefined;
}

export interface AlertListQuery {
  status?: string | undefined;
  service_id?: string | undefined;
  priority?: string | undefined;
  urgency?: string | undefined;
  q?: string | undefined;
  limit: number;
  cursor?: string | undefined;
}

/** An operation by id, as the paging engine sees it inside the operation's transaction. */
export interface AlertOperation {
  op: 'ack' | 'resolve' | 'escalate' | 'snooze' | 'wake' | 'priority';
  alertId: string;
  /** The alert's status before the operation. */
  previousStatus: string;
  actor: Actor;
  /** Who did it, as the timeline names them. */
  by: string;
  changed: boolean;
  now: string;
}

/** A person acting, with the name their timeline entries show: their name, or else their email (issue 18 item 10). */
async function named<A extends Actor>(db: Kysely<Database>, actor: A): Promise<A> {
  if (actor.type !== 'user' || actor.name) return actor;
  const user = await userRepository.findUserById(db, actor.id);
  return user ? { ...actor, name: user.name.trim() || user.email } : actor;
}

/** What `GET /api/alerts` lists without a status filter: every alert not resolved (PRODUCT.md 6). */
export const UNRESOLVED_STATUSES: readonly AlertStatus[] = ALERT_STATUSES.filter((s) => s !== 'resolved');

/**
 * The statuses a list asks for, sorted and distinct: `status` is a comma-separated list of
 * statuses or `any` (every status); absent, the alerts not resolved (PRODUCT.md 6).
 */
export function listedStatuses(status: string | undefined): AlertStatus[] {
  const asked = (status ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  if (!asked.length) return [...UNRESOLVED_STATUSES];
  for (const s of asked) {
    if (s !== 'any' && !ALERT_STATUSES.includes(s as AlertStatus)) {
      throw new AppError('invalid_request', `status "${s}" is not one of ${ALERT_STATUSES.join(', ')} or any`, {
        details: [{ field: 'status', message: `must be any, or one or more of ${ALERT_STATUSES.join(', ')} (comma-separated)` }],
      });
    }
  }
  if (asked.includes('any')) return [...ALERT_STATUSES];
  return [...new Set(asked as AlertStatus[])].sort();
}

export function createAlertService(deps: {
  db: Kysely<Database>;
  dialect: Dialect;
  clock: Clock;
  notify: () => void;
  /**
   * The paging engine's part of an operation, in its transaction: acknowledge, resolve and snooze
   * cancel pending pages with the change (PRODUCT.md 7.3).
   */
  onOperation?: (trx: Kysely<Database>, op: AlertOperation) => Promise<void>;
  /** Event types nobody consumes: written processed (SettledEventTypes). */
  settledEvents?: SettledEventTypes;
}) {
  const { db, dialect, clock, settledEvents } = deps;

  /** How the timeline names whoever acted: a person's name (else email), a key's or a source's name. */
  async function nameOf(actor: Actor): Promise<string> {
    if (actor.type === 'user') {
      const u = await db.selectFrom('users').select(['name', 'email']).where('id', '=', actor.id).executeTakeFirst();
      return actorTitle('user', u && personName(u), 'a former member');
    }
    if (actor.type === 'api_key') return actorTitle('api_key', (await db.selectFrom('api_keys').select('name').where('id', '=', actor.id).executeTakeFirst())?.name ?? actor.id);
    if (actor.type === 'integration') return actorTitle('integration', (await db.selectFrom('integrations').select('name').where('id', '=', actor.id).executeTakeFirst())?.name ?? actor.id);
    return actorTitle('system', null);
  }

  async function changeById(
    actor: Actor,
    orgId: string,
    alertId: string,
    planner: (row: NonNullable<Awaited<ReturnType<typeof repo.findById>>>, ctx: PlanContext) => AlertPlan,
    allowedServiceIds?: string[] | null,
    audit?: { action: string; meta: RequestMeta; changes?: Record<string, unknown> },
    op?: { op: AlertOperation['op']; by: string },
  ): Promise<AlertResult> {
    const now = clock.now().toISOString();
    const result = await db.transaction().execute(async (trx) => {
      const row = await repo.findById(trx, orgId, alertId, { dialect });
      if (!row || (allowedServiceIds && !allowedServiceIds.includes(row.service_id))) throw notFound('Alert', alertId);
      const plan = planner(row, planContext({ orgId, serviceId: row.service_id, integrationId: null, receiptId: null, actor: await named(trx, actor), now }));
      await writePlanEffects(trx, plan, orgId, now, settledEvents);
      if (audit && plan.result.changed) {
        await recordAudit(trx, { orgId, actor, action: audit.action, targetType: 'alert', targetId: alertId, changes: { status: plan.result.status, ...audit.changes }, meta: audit.meta, now });
      }
      if (op && deps.onOperation) await deps.onOperation(trx, { op: op.op, alertId, previousStatus: row.status, actor, by: op.by, changed: plan.result.changed, now });
      return plan.result;
    });
    if (result.changed) deps.notify();
    return result;
  }

  return {
    /** `meta` given: the change is written to the audit log (requests by people and API keys). */
    ack: async (actor: Actor, orgId: string, alertId: string, allowedServiceIds?: string[] | null, meta?: RequestMeta) =>
      changeById(actor, orgId, alertId, planAck, allowedServiceIds, meta && { action: 'alert.ack', meta }, { op: 'ack', by: await nameOf(actor) }),
    resolve: async (actor: Actor, orgId: string, alertId: string, allowedServiceIds?: string[] | null, meta?: RequestMeta) =>
      changeById(actor, orgId, alertId, planResolve, allowedServiceIds, meta && { action: 'alert.resolve', meta }, { op: 'resolve', by: await nameOf(actor) }),

    /** PUT /api/alerts/{id}/escalate: the next level now (PRODUCT.md 7.3). A resolved alert is a 409. */
    async escalate(actor: Actor, orgId: string, alertId: string, meta?: RequestMeta) {
      const by = await nameOf(actor);
      const r = await changeById(actor, orgId, alertId, (row, ctx) => {
        if (row.status === 'resolved') throw new AppError('conflict', 'The alert is resolved; a resolved alert cannot be escalated. A new signal with its key opens a new alert.');
        return planEscalate(row, ctx, by);
      }, null, meta && { action: 'alert.escalate', meta }, { op: 'escalate', by });
      return r;
    },

    /** PUT /api/alerts/{id}/snooze: `until` (ISO) or `duration_minutes` (1–10080). */
    async snooze(actor: Actor, orgId: string, alertId: string, input: { until?: string | undefined; duration_minutes?: number | undefined }, meta?: RequestMeta) {
      // Another organization's alert is a 404 whatever the body says.
      if (!(await repo.findById(db, orgId, alertId))) throw notFound('Alert', alertId);
      const now = clock.now();
      if ((input.until === undefined) === (input.duration_minutes === undefined)) {
        throw new AppError('invalid_request', 'Send either until (a time with an offset or Z) or duration_minutes (1 to 10080), not both and not neither.', {
          details: [{ field: 'until', message: 'send until or duration_minutes' }],
        });
      }
      let until: Date;
      if (input.until !== undefined) {
        until = new Date(input.until);
        if (!/(Z|[+-]\d{2}:\d{2})$/i.test(input.until) || Number.isNaN(until.getTime())) {
          throw new AppError('invalid_request', 'until must be an ISO 8601 time with an offset or Z, such as 2026-03-01T18:00:00Z.', { details: [{ field: 'until', message: 'must be an ISO 8601 time with an offset or Z' }] });
        }
        if (until.getTime() <= now.getTime() || until.getTime() > now.getTime() + 10080 * 60_000) {
          throw new AppError('invalid_request', 'until must be in the future and at most 7 days (10080 minutes) from now.', { details: [{ field: 'until', message: 'must be in the future, at most 7 days away' }] });
        }
      } else until = new Date(now.getTime() + input.duration_minutes! * 60_000);
      const by = await nameOf(actor);
      const untilIso = until.toISOString();
      return changeById(actor, orgId, alertId, (row, ctx) => {
        if (row.status === 'resolved') throw new AppError('conflict', 'The alert is resolved; only an open or acknowledged alert can be snoozed.');
        return planSnooze(row, ctx, by, untilIso);
      }, null, meta && { action: 'alert.snooze', meta, changes: { snoozed_until: untilIso } }, { op: 'snooze', by });
    },

    /** PUT /api/alerts/{id}/wake: a snoozed alert is open again and its level paged again; any other is unchanged. */
    async wake(actor: Actor, orgId: string, alertId: string, meta?: RequestMeta) {
      const by = await nameOf(actor);
      return changeById(actor, orgId, alertId, (row, ctx) => planWake(row, ctx, by), null, meta && { action: 'alert.wake', meta }, { op: 'wake', by });
    },

    /** PUT /api/alerts/{id}/priority: a raise pages the current level at the new urgency; a lowering pages nobody. */
    async setPriority(actor: Actor, orgId: string, alertId: string, input: { priority: Priority; urgency?: Urgency | undefined }, meta?: RequestMeta) {
      let urgency = input.urgency;
      if (!urgency) {
        const org = await orgRepository.findOrg(db, orgId);
        urgency = org ? urgencyRulesOf(org)[input.priority] : input.priority === 'info' ? 'low' : 'high';
      }
      const by = await nameOf(actor);
      return changeById(actor, orgId, alertId, (row, ctx) => {
        if (row.status === 'resolved') throw new AppError('conflict', "The alert is resolved; a resolved alert's priority cannot change.");
        return planPriority(row, ctx, by, input.priority, urgency);
      }, null, meta && { action: 'alert.priority', meta, changes: { priority: input.priority, urgency } }, { op: 'priority', by });
    },

    /** A person opens an alert on a service (POST /api/alerts); same rules as a signal. */
    async create(actor: Extract<Actor, { type: 'user' }>, input: AlertCreateInput, meta?: RequestMeta) {
      const signal = normalizeSignal({
        action: 'trigger', title: input.title, body: input.body, eventKey: input.event_key,
        priority: input.priority, urgency: input.urgency, source: 'manual',
      });
      if (!signal.urgencyGiven) {
        // The organization's default urgency rules (org settings, docs/adr/0320).
        const org = await orgRepository.findOrg(db, actor.orgId);
        if (org) signal.urgency = urgencyRulesOf(org)[signal.priority];
      }
      const now = clock.now().toISOString();
      const result = await db.transaction().execute(async (trx) => {
        if (!(await serviceRepository.findService(trx, actor.orgId, input.service_id))) throw notFound('Service', input.service_id);
        const r = await applySignalTx(trx, dialect, { orgId: actor.orgId, serviceId: input.service_id, integrationId: null, receiptId: null, actor: await named(trx, actor), signal, now }, settledEvents);
        if (meta && r.alertId) {
          await recordAudit(trx, {
            orgId: actor.orgId, actor, action: 'alert.create', targetType: 'alert', targetId: r.alertId,
            changes: { service_id: input.service_id, title: signal.title, priority: signal.priority, urgency: signal.urgency, deduped: r.deduped }, meta, now,
          });
        }
        return r;
      });
      deps.notify();
      return this.get(actor.orgId, result.alertId!);
    },

    /** The organization of an alert, if the person is a member of it (else 404: no leak). */
    async orgForMember(userId: string, alertId: string) {
      const row = await repo.findAlertOrgForMember(db, alertId, userId);
      if (!row) throw notFound('Alert', alertId);
      return row;
    },

    async get(orgId: string, id: string) {
      const row = await repo.findById(db, orgId, id);
      if (!row) throw notFound('Alert', id);
      return rowToAlert(row);
    },

    async list(orgId: string, q: AlertListQuery) {
      const statuses = listedStatuses(q.status);
      const priorities = q.priority
        ? q.priority.split(',').map((p) => p.trim()).filter(Boolean).map((p) => {
            if (!PRIORITIES.includes(p as Priority)) {
              throw new AppError('invalid_request', `priority "${p}" is not one of ${PRIORITIES.join(', ')}`, {
                details: [{ field: 'priority', message: `must be one of ${PRIORITIES.join(', ')}` }],
              });
            }
            return priorityRank(p as Priority);
          })
        : undefined;
      // The position of the page's last alert: its priority rank (1-5) and id.
      const scope = filteredScope(orgId, {
        status: statuses,
        service_id: q.service_id,
        priority: priorities && [...new Set(priorities)].sort(),
        urgency: q.urgency,
        q: q.q,
      });
      const after = decodeCursor(q.cursor, scope, (v) => {
        const m = /^([1-5]):(alr_[0-9a-z]{26})$/.exec(v);
        return m ? { priority: Number(m[1]), id: m[2]! } : undefined;
      });
      const rows = await listAlerts(db, dialect, {
        orgId,
        status: statuses,
        serviceId: q.service_id,
        priority: priorities,
        urgency: q.urgency,
        q: q.q,
        after,
        limit: q.limit + 1,
      });
      const { rows: page, nextCursor } = pageOf(rows, q.limit, scope, (last) => `${last.priority}:${last.id}`);
      return { items: page.map(rowToAlert), nextCursor };
    },

    async timeline(orgId: string, id: string, limit: number, cursor?: string) {
      const row = await repo.findById(db, orgId, id);
      if (!row) throw notFound('Alert', id);
      const after = decodeCursor(cursor, id, idPosition('log'));
      const rows = await repo.listLog(db, id, after, limit + 1);
      const { rows: page, nextCursor } = pageOf(rows, limit, id, (last) => last.id);
      return { items: page.map(rowToLogEntry), nextCursor };
    },
  };
}
export type AlertService = ReturnType<typeof createAlertService>;
