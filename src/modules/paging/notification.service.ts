import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { type Actor, actorTitle } from '../../lib/actor.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { type AlertOperation, type Priority, type Urgency, priorityFromRank } from '../alert/index.ts';
import { recordAudit, type RequestMeta } from '../audit/index.ts';
import type { ChannelStep, OnCallDirectory } from './directory.port.ts';
import { defaultSteps } from './escalation.ts';
import { pagingLog } from './log.ts';
import { effectiveSteps, heldLine, planPeople } from './rules.ts';
import { loadRules } from './rules.service.ts';
import { type StopReason, type StopScope, stopPages } from './stop.ts';
import { type ConfiguredChannels, reachOf, unreachableLine } from './reach.ts';
import * as repo from './notification.repository.ts';
import type { NewNotificationRow } from './notification.table.ts';

/** "; Ada by their own rules": who of the responders was paged by their own notification rules. */
const ownLine = (people: readonly string[], sources: ReadonlyMap<string, 'own' | 'level'>, names: Map<string, { name: string }>): string => {
  const own = people.filter((p) => sources.get(p) === 'own').map((p) => names.get(p)?.name ?? p);
  return own.length ? `; ${own.join(', ')} by their own rules` : '';
};

/**
 * Inside an operation's transaction (PRODUCT.md 7.3): acknowledge, resolve and snooze cancel
 * the pending pages with the change; an acknowledgement stops the escalation and the
 * acknowledger's own responder pages, not other responders'; a wake and an escalation leave the
 * escalation to the intake, which pages in a new epoch. It needs no service: the alerts module
 * takes it before paging is built (src/compose/alerts.module.ts).
 */
export async function stopPagesOnOperation(trx: Kysely<Database>, op: AlertOperation): Promise<void> {
  const user = op.actor.type === 'user' ? op.actor.id : undefined;
  const stop = (reason: StopReason, scope: StopScope, stopEscalation: boolean) =>
    stopPages(trx, { alertId: op.alertId, reason, scope, user: user ?? null, stopEscalation, actor: { type: op.actor.type, id: op.actor.id } }, op.now, { by: op.by });
  switch (op.op) {
    case 'ack':
      // A person's acknowledgement of an alert already acknowledged stops their own responder pages.
      if (op.changed) await stop('acknowledged', user ? 'acknowledger' : 'escalation', true);
      else if (user && op.previousStatus === 'acknowledged') await stop('acknowledged', 'responder', false);
      return;
    case 'resolve':
    case 'snooze':
      if (op.changed) await stop(op.op === 'resolve' ? 'resolved' : 'snoozed', 'all', op.op === 'resolve');
      return;
    case 'escalate':
      if (op.changed) await stop('escalated', 'escalation', false);
      return;
    case 'wake':
      // The escalation rests until the intake applies the wake (a new epoch, due now): its old
      // due time must not page the old epoch first.
      if (op.changed) await trx.updateTable('alert_escalations').set({ next_at: null, updated_at: op.now }).where('alert_id', '=', op.alertId).execute();
      return;
    case 'priority':
      // Lowered to low urgency: the waiting sms and voice steps are skipped when due (decidePage).
      return;
  }
}

/**
 * The paging engine's requests (issue 21): its part of the alert operations (in their
 * transactions), responders, the escalation preview and each service's paging status.
 */
export function createPagingService(deps: {
  db: Kysely<Database>;
  clock: Clock;
  directory: OnCallDirectory;
  notify: () => void;
  /** The channels this server can send on (PRODUCT.md 10's email fallback); absent: no fallback. */
  channels?: () => ConfiguredChannels;
}) {
  const { db, clock, directory } = deps;

  /**
   * The steps that page `userId` at `level` of a schedule for a high-urgency alert (PRODUCT.md 10):
   * the person's own high-urgency list where set (rules.ts effectiveSteps, as the engine pages),
   * else the level's steps for `critical` and for `high` together, the defaults fitted to the
   * level's timeout (as GET …/level-channels shows).
   */
  async function highUrgencySteps(orgId: string, scheduleId: string, level: number, userId: string, rules: Awaited<ReturnType<typeof loadRules>>): Promise<ChannelStep[]> {
    const byPriority = await Promise.all((['critical', 'high'] as const).map((priority) => directory.steps(orgId, scheduleId, level, priority)));
    return effectiveSteps(rules.of(userId), byPriority.flat(), 'high', rules.on).steps;
  }

  /**
   * Whether each (level, person) of a schedule is reached by their high-urgency steps: reach.ts's
   * reachOf, the rule the engine pages by (at least one step reaches a configured, working
   * destination); problems say why a step does not.
   */
  async function reachability(orgId: string, scheduleId: string, people: readonly { level: number; userId: string }[]): Promise<(level: number, userId: string) => { reachable: boolean; problems: string[] }> {
    const contacts = await repo.contactsOf(db, orgId, people.map((p) => p.userId));
    const rules = await loadRules(db, orgId, people.map((p) => p.userId));
    const configured: ConfiguredChannels = deps.channels ? deps.channels() : { email: false, sms: false, voice: false, push: [] };
    const out = new Map<string, { reachable: boolean; problems: string[] }>();
    for (const { level, userId } of people) {
      const key = `${level}|${userId}`;
      if (out.has(key)) continue;
      const { reachable, problems } = reachOf(await highUrgencySteps(orgId, scheduleId, level, userId, rules), contacts(userId), configured, 'high');
      out.set(key, { reachable, problems });
    }
    return (level, userId) => out.get(`${level}|${userId}`) ?? { reachable: false, problems: [] };
  }

  return {
    reachability,

    onOperation: stopPagesOnOperation,

    /**
     * POST /api/alerts/{id}/responders: pages these people now with level 1's steps for the alert's
     * priority, even on an acknowledged alert; each responder's pages stop on their own ack.
     */
    async addResponders(actor: Extract<Actor, { type: 'user' | 'api_key' }> | Actor, orgId: string, alertId: string, input: { user_ids?: string[] | undefined; schedule_id?: string | undefined; message?: string | undefined }, meta?: RequestMeta) {
      const alert = await db.selectFrom('alerts').selectAll().where('org_id', '=', orgId).where('id', '=', alertId).executeTakeFirst();
      if (!alert) throw notFound('Alert', alertId);
      if (!input.user_ids?.length && !input.schedule_id) {
        throw new AppError('invalid_request', 'Name the people to page in user_ids, or a schedule_id whose level 1 is paged.', { details: [{ field: 'user_ids', message: 'send user_ids or schedule_id' }] });
      }
      if (alert.status === 'resolved') throw conflict('The alert is resolved; responders can be paged on an open, acknowledged or snoozed alert.');
      const now = clock.now();
      const ids = [...new Set(input.user_ids ?? [])];
      if (ids.length) {
        const members = await db.selectFrom('memberships').select('user_id').where('org_id', '=', orgId).where('user_id', 'in', ids).execute();
        const missing = ids.filter((id) => !members.some((m) => m.user_id === id));
        if (missing.length) {
          throw new AppError('invalid_request', `user_ids ${missing.join(', ')} ${missing.length === 1 ? 'is not a member' : 'are not members'} of this organization.`, {
            details: missing.map((id) => ({ field: 'user_ids', message: `${id} is not a member of this organization` })),
          });
        }
      }
      let people = ids;
      if (input.schedule_id) {
        if (!(await directory.plan(orgId, input.schedule_id))) {
          throw new AppError('invalid_request', `schedule_id ${input.schedule_id} is not a schedule of this organization.`, { details: [{ field: 'schedule_id', message: 'no such schedule in this organization' }] });
        }
        people = [...new Set([...people, ...(await directory.onCall(orgId, input.schedule_id, 1, now))])];
        if (!people.length) throw new AppError('invalid_request', 'Nobody is on call at level 1 of that schedule now; name people in user_ids.', { details: [{ field: 'schedule_id', message: 'nobody on call at level 1 now' }] });
      }
      const priority = priorityFromRank(alert.priority);
      const escalation = await db.selectFrom('alert_escalations').select('schedule_id').where('alert_id', '=', alertId).executeTakeFirst();
      const stepsFrom = input.schedule_id ?? escalation?.schedule_id ?? null;
      const steps = stepsFrom ? await directory.steps(orgId, stepsFrom, 1, priority) : defaultSteps(priority);
      const requestId = newId('rsp');
      const nowIso = now.toISOString();
      const draft = { alertId, epoch: 0, cycle: 0, level: `resp:${requestId}`, at: now.getTime(), people, urgency: alert.urgency };
      // A responder is paged by their own rules where they set them (PRODUCT.md 10), delays from now.
      const { drafts, unreached, sources, held } = planPeople(draft, steps, await loadRules(db, orgId, people),
        deps.channels ? { contactsOf: await repo.contactsOf(db, orgId, people), configured: deps.channels() } : undefined);
      const rows: NewNotificationRow[] = drafts.map((d) => ({
        id: newId('ntf'), org_id: orgId, alert_id: alertId, user_id: d.userId, kind: 'responder', epoch: 0, cycle: 0, level: 1, step_index: d.stepIndex,
        channel: d.channel, destination_id: d.destinationId, urgency: alert.urgency, due_at: new Date(d.dueAt).toISOString(), status: d.status, attempts: 0,
        claim_token: null, claim_expires_at: null, provider_message_id: null, detail: d.detail, idempotency_key: d.idempotencyKey, created_at: nowIso, updated_at: nowIso,
      }));
      const names = await repo.peopleNames(db, people);
      const by = actorTitle(actor.type, actor.type === 'user' ? (await repo.peopleNames(db, [actor.id])).get(actor.id)?.name : actor.type === 'system' ? null : actor.name, actor.type === 'user' ? 'a member' : 'an API key');
      const listed = people.map((p) => names.get(p)?.name ?? p);
      await db.transaction().execute(async (trx) => {
        await repo.insertPages(trx, rows);
        const skipped = [...new Set(drafts.filter((d) => d.status === 'skipped').map((d) => d.channel))];
        await repo.insertLogs(trx, [
          pagingLog(alertId, 'responders_added', `Responders paged by ${by}: ${listed.join(', ')}${input.message ? ` — "${input.message}"` : ''}${skipped.length ? `; ${skipped.join(' and ')} skipped: low urgency` : ''}${ownLine(people, sources, names)}`, { user_ids: people, request_id: requestId, rules: Object.fromEntries(sources) }, nowIso, { actor: { type: actor.type, id: actor.id } }),
          ...held.map((h) => pagingLog(alertId, 'page_held', heldLine(names.get(h.userId)?.name ?? h.userId, h), { request_id: requestId, user_id: h.userId, channel: h.channel, until: new Date(h.until).toISOString() }, nowIso)),
          ...unreached.map((u) => pagingLog(alertId, u.reach.fallback ? 'paging_fallback' : 'paging_unreachable', unreachableLine(names.get(u.userId)?.name ?? u.userId, u.reach), {
            request_id: requestId, user_id: u.userId, fallback: u.reach.fallback, problems: u.reach.problems,
          }, nowIso)),
        ]);
        if (meta) await recordAudit(trx, { orgId, actor, action: 'alert.responders', targetType: 'alert', targetId: alertId, changes: { user_ids: people, schedule_id: input.schedule_id ?? null }, meta, now: nowIso });
      });
      deps.notify();
      return { ok: true as const, alert_id: alertId, responders: people.map((p) => ({ user_id: p, name: names.get(p)?.name ?? p })), pages: rows.filter((r) => r.status === 'pending').length };
    },

    /**
     * POST /api/services/{id}/routing/preview: which schedule routing would choose, and level by
     * level who would be paged on which channel and when, if nobody acknowledged. Pages nobody.
     */
    async preview(orgId: string, serviceId: string, input: { priority: Priority; urgency?: Urgency | undefined; at?: string | undefined }) {
      const service = await db.selectFrom('services').select(['id']).where('org_id', '=', orgId).where('id', '=', serviceId).executeTakeFirst();
      if (!service) throw notFound('Service', serviceId);
      const at = input.at ? new Date(input.at) : clock.now();
      if (Number.isNaN(at.getTime())) throw new AppError('invalid_request', 'at must be an ISO 8601 time with an offset or Z.', { details: [{ field: 'at', message: 'must be an ISO 8601 time' }] });
      const urgency: Urgency = input.urgency ?? (input.priority === 'info' ? 'low' : 'high');
      const scheduleId = await directory.chooseSchedule(orgId, serviceId, { priority: input.priority, urgency }, at);
      const plan = scheduleId ? await directory.plan(orgId, scheduleId) : undefined;
      if (!scheduleId || !plan) return { at: at.toISOString(), priority: input.priority, urgency, schedule_id: null, repeat: 0, paging: 'no_schedule' as const, levels: [], warnings: [] };
      const levels = [];
      const warnings: string[] = [];
      let start = at.getTime();
      for (const l of plan.levels) {
        const people = await directory.onCall(orgId, scheduleId, l.level, new Date(start));
        const steps = await directory.steps(orgId, scheduleId, l.level, input.priority);
        const names = await repo.peopleNames(db, people);
        const draft = { alertId: 'preview', epoch: 0, cycle: 0, level: l.level, at: start, people, urgency };
        // As the engine will page: each person by their effective steps, with the email fallback for whoever no step reaches (PRODUCT.md 10).
        const rules = await loadRules(db, orgId, people);
        const contacts = deps.channels ? await repo.contactsOf(db, orgId, people) : undefined;
        const { drafts, unreached } = planPeople(draft, steps, rules, contacts && deps.channels ? { contactsOf: contacts, configured: deps.channels() } : undefined);
        const reachOfUser = (p: string) => (contacts && deps.channels ? reachOf(effectiveSteps(rules.of(p), steps, urgency, rules.on).steps, contacts(p), deps.channels(), urgency) : undefined);
        for (const u of unreached) warnings.push(`Level ${l.level}: ${unreachableLine(names.get(u.userId)?.name ?? u.userId, u.reach)}`);
        levels.push({
          level: l.level,
          timeout_minutes: l.timeoutMinutes,
          starts_at: new Date(start).toISOString(),
          users: people.map((p) => {
            const r = reachOfUser(p);
            return { user_id: p, name: names.get(p)?.name ?? p, ...(r ? { reachable: r.reachable, problems: r.problems, fallback: r.fallback } : {}) };
          }),
          pages: drafts.map((d) => ({
            user_id: d.userId, name: names.get(d.userId)?.name ?? d.userId, channel: d.channel, delay_seconds: Math.round((d.dueAt - start) / 1000),
            at: new Date(d.dueAt).toISOString(), ...(d.status === 'skipped' ? { skipped: 'low urgency' } : {}), ...(d.detail === 'fallback: email' ? { fallback: true } : {}),
            ...(d.detail?.endsWith(': quiet hours') ? { held: d.detail } : {}),
          })),
        });
        // Nobody on call: the engine moves on at once.
        if (people.length) start += l.timeoutMinutes * 60_000;
      }
      const nobody = levels.length > 0 && levels[0]!.users.length === 0;
      return { at: at.toISOString(), priority: input.priority, urgency, schedule_id: scheduleId, repeat: plan.repeat, paging: nobody ? ('nobody_on_call' as const) : ('ok' as const), levels, warnings };
    },

    /**
     * GET /api/services' `paging`: can a high-priority alert on the service page someone now?
     * `unreachable` (PRODUCT.md 10): people are on call now at level 1, and no one of them is
     * reached by their high-urgency steps (the same answer as GET /api/schedules/{id}/reachability).
     */
    async pagingStatus(orgId: string, serviceIds: string[]): Promise<Map<string, 'ok' | 'no_schedule' | 'nobody_on_call' | 'unreachable'>> {
      const now = clock.now();
      const out = new Map<string, 'ok' | 'no_schedule' | 'nobody_on_call' | 'unreachable'>();
      for (const id of serviceIds) {
        const scheduleId = await directory.chooseSchedule(orgId, id, { priority: 'high', urgency: 'high' }, now);
        const plan = scheduleId ? await directory.plan(orgId, scheduleId) : undefined;
        if (!scheduleId || !plan) {
          out.set(id, 'no_schedule');
          continue;
        }
        let anyone = false;
        for (const l of plan.levels) {
          if ((await directory.onCall(orgId, scheduleId, l.level, now)).length) {
            anyone = true;
            break;
          }
        }
        if (!anyone) {
          out.set(id, 'nobody_on_call');
          continue;
        }
        const first = [...plan.levels].sort((a, b) => a.level - b.level)[0]!;
        const people = (await directory.onCall(orgId, scheduleId, first.level, now)).map((userId) => ({ level: first.level, userId }));
        const reach = people.length ? await reachability(orgId, scheduleId, people) : undefined;
        out.set(id, reach && !people.some((p) => reach(p.level, p.userId).reachable) ? 'unreachable' : 'ok');
      }
      return out;
    },
  };
}
export type PagingService = ReturnType<typeof createPagingService>;
