import { type Kysely, sql } from 'kysely';
import { pagingLog } from './log.ts';
import { type PageStop, stopPagesMany } from './stop.ts';
import type { Database } from '../../db/database.ts';
import type { Dialect } from '../../db/connect.ts';
import { newId } from '../../lib/ids.ts';
import { type AlertRow, type Priority, alertSnapshot, priorityFromRank } from '../alert/index.ts';
import { type NewOutboxEventRow, outboxRepository } from '../outbox/index.ts';
import type { OnCallDirectory, SchedulePlan } from './directory.port.ts';
import { type Advance, type LevelStart, type PageDraft, advance } from './escalation.ts';
import { type ConfiguredChannels, type PersonContacts, unreachableLine } from './reach.ts';
import { type HeldDraft, type PersonRules, heldLine, planPeople } from './rules.ts';
import { loadRulesMany } from './rules.service.ts';
import * as repo from './notification.repository.ts';
import type { DueEscalation } from './notification.repository.ts';
import type { NewAlertLogRow } from '../alert/alert.table.ts';
import type { NewNotificationRow } from './notification.table.ts';
import type { PagingJob } from './engine.ts';

const minutes = (ms: number) => `${Math.round(ms / 60_000)} min`;

const logRow = pagingLog;

/**
 * The escalation job (PRODUCT.md 7.3): for each alert whose escalation is due, chooses its schedule
 * if routing has not, starts the level that is due (and, after downtime, every level that timed out
 * since, at the instant each was due), makes one page per person × step, and rests until the level's
 * timeout. A run plans a batch, not an escalation (docs/adr/0765): one read per kind (maintenance
 * windows, routing, schedules, people's rules, contacts and names) for the whole batch, then the
 * plans in memory, then one transaction whose compare-and-sets, stops and updates are one
 * statement each, so a second process, or an ack in between, wins. On PostgreSQL the batch is
 * claimed (`for no key update skip locked`) in that transaction, so processes plan disjoint batches.
 */
export function createEscalationJob(deps: {
  db: Kysely<Database>;
  directory: OnCallDirectory;
  dialect?: Dialect;
  batch?: number;
  /** Called after a round wrote `alert.escalated` events (the outbox runner's nudge). */
  onEvents?: () => void;
  /** The channels this server can send on: a person no step reaches is paged by email (PRODUCT.md 10). Absent: no fallback. */
  channels?: () => ConfiguredChannels;
  /** Maintenance windows (issue 36): whether a due alert's service is held now. Absent: never. */
  maintenance?: MaintenancePort;
}): PagingJob {
  const { db, directory } = deps;
  const batch = deps.batch ?? 500;

  /** What acting on one due escalation writes; logs are named once the batch's people are read. */
  interface Planned {
    was: Parameters<typeof repo.casEscalation>[1];
    set: repo.EscalationSet;
    pages: NewNotificationRow[];
    people: string[];
    logs: (nameOf: (id: string) => string) => NewAlertLogRow[];
    /** The escalation moved on from pages it made before: their pending steps are cancelled. */
    cancelEarlier?: { level: number; cycle: number; epoch: number; line?: (n: number) => string };
    /** The alert's level to show, when it changed. */
    level?: number;
    /** Each level change the engine made (a timeout, or nobody on call): one `alert.escalated` event each (PRODUCT.md 8). */
    escalations: EscalationChange[];
    /** The maintenance window that held the alert (written on the alert for its reads). */
    maintenanceWindowId?: string;
  }

  /**
   * Maintenance windows (PRODUCT.md 11; docs/adr/0821): the one check before a due alert pages.
   * Held: nobody is paged, the escalation rests until the window ends (then pages from where it
   * stands: level 1 for an alert that opened in the window). Quiet: the window that held it ended
   * with `page_when_over: false`, so it never pages. Otherwise the plan goes on as usual.
   */
  function maintenanceHold(row: DueEscalation, d: MaintenanceDecision, now: Date): Planned | undefined {
    if (!d) return undefined;
    const nowIso = now.toISOString();
    const was = { alert_id: row.alert_id, epoch: row.epoch, next_at: row.next_at, last_event_id: row.last_event_id };
    const none = { pages: [], people: [], escalations: [], maintenanceWindowId: d.windowId };
    if (d.kind === 'hold') {
      // An alert that was paging when the window began starts again from level 1 when it ends
      // (a new epoch: the pages planned before are cancelled now, and never sent; docs/adr/0823).
      const restart = row.paged === 1 || row.level !== 1 || row.cycle !== 0;
      if (restart) {
        const epoch = row.epoch + 1;
        return {
          was, set: { epoch, level: 1, cycle: 0, paged: 0, force_next: 0, exhausted: 0, next_at: d.until, updated_at: nowIso }, ...none,
          level: 1,
          cancelEarlier: { epoch, cycle: 0, level: 1, line: (c) => `${c} pending page${c === 1 ? '' : 's'} cancelled: maintenance window "${d.name}"` },
          logs: () => [logRow(row.alert_id, 'maintenance_hold', `Paging stopped: the service is in maintenance window "${d.name}" until ${d.until}; level 1 is paged when it ends`, { maintenance_window_id: d.windowId, until: d.until, restart: true }, nowIso)],
        };
      }
      return {
        was, set: { next_at: d.until, updated_at: nowIso }, ...none,
        logs: () => [logRow(row.alert_id, 'maintenance_hold', `Nobody paged: the service is in maintenance window "${d.name}" until ${d.until}`, { maintenance_window_id: d.windowId, until: d.until }, nowIso)],
      };
    }
    return {
      was, set: { next_at: null, updated_at: nowIso }, ...none,
      logs: () => [logRow(row.alert_id, 'maintenance_over', `Nobody paged: maintenance window "${d.name}" ended, and it does not page when over`, { maintenance_window_id: d.windowId }, nowIso)],
    };
  }

  /** A due escalation whose levels are known: what is left are its people's pages. */
  interface Advanced {
    row: DueEscalation;
    scheduleId: string;
    shape: SchedulePlan;
    adv: Advance;
    priority: Priority;
  }

  /** The batch's reads of the people its levels page (one read each for the whole batch). */
  interface PeopleReads {
    rules: (orgId: string) => { on: boolean; of: (userId: string) => PersonRules | undefined };
    contacts: ((orgId: string) => (userId: string) => PersonContacts) | undefined;
  }

  /**
   * All of a due escalation that needs no person's reads: rested (not open), held by a window,
   * nobody to page for want of a schedule, or the levels it starts (who is on call is the
   * directory's, from its snapshot of the schedule). `decision` and `chosen`: the batch's reads.
   */
  async function prepare(row: DueEscalation, now: Date, decision: MaintenanceDecision, chosen: string | null | undefined): Promise<Planned | Advanced | undefined> {
    const nowIso = now.toISOString();
    const was = { alert_id: row.alert_id, epoch: row.epoch, next_at: row.next_at, last_event_id: row.last_event_id };
    if (row.status === 'snoozed') return undefined; // the snooze expiry job opens it first
    const none = { pages: [], people: [], escalations: [] };
    if (row.status !== 'open') return { was, set: { next_at: null, updated_at: nowIso }, ...none, logs: () => [] };
    const held = maintenanceHold(row, decision, now);
    if (held) return held;
    const priority = priorityFromRank(row.priority);

    let scheduleId = row.schedule_id;
    if (!row.schedule_chosen) {
      scheduleId = chosen ?? null;
      if (!scheduleId) {
        return {
          was, set: { schedule_id: null, schedule_chosen: 1, next_at: null, updated_at: nowIso }, ...none,
          logs: () => [logRow(row.alert_id, 'paging_no_schedule', 'Nobody paged: the service has no schedule and no routing rule matched', {}, nowIso)],
        };
      }
    }
    const shape = scheduleId ? await directory.plan(row.org_id, scheduleId) : undefined;
    if (!scheduleId || !shape) {
      return {
        was, set: { schedule_chosen: 1, next_at: null, updated_at: nowIso }, ...none,
        logs: () => [logRow(row.alert_id, 'paging_no_schedule', 'Nobody paged: the schedule of this alert no longer exists', { schedule_id: scheduleId }, nowIso)],
      };
    }

    const adv = await advance(
      { levels: shape.levels, repeat: shape.repeat },
      {
        level: row.level, cycle: row.cycle, paged: row.paged === 1, forceNext: row.force_next === 1, nextAt: Date.parse(row.next_at!),
        levelStartedAt: row.level_started_at ? Date.parse(row.level_started_at) : null, firstPage: row.epoch === 0 && !row.level_started_at,
      },
      now.getTime(),
      (level, at) => directory.onCall(row.org_id, scheduleId, level, new Date(at)),
    );
    return { row, scheduleId, shape, adv, priority };
  }

  /** The pages and timeline of the levels an escalation starts, by its people's rules and contacts. */
  async function finish({ row, scheduleId, shape, adv, priority }: Advanced, reads: PeopleReads, now: Date): Promise<Planned> {
    const nowIso = now.toISOString();
    const was = { alert_id: row.alert_id, epoch: row.epoch, next_at: row.next_at, last_event_id: row.last_event_id };
    const pages: NewNotificationRow[] = [];
    const lines: ((nameOf: (id: string) => string) => NewAlertLogRow)[] = [];
    const escalations: EscalationChange[] = [];
    let previous: { level: number; cycle: number; people?: string[] } = { level: row.level, cycle: row.cycle };
    for (const s of adv.starts) {
      const at = new Date(s.at).toISOString();
      if (s.reason === 'timeout' && (s.level !== previous.level || s.cycle !== previous.cycle)) {
        const prevTimeout = shape.levels[Math.min(previous.level, shape.levels.length) - 1]?.timeoutMinutes ?? 0;
        const from = previous.level;
        // A level that had nobody on call moved on at once: that is why, not a timeout.
        const nobody = previous.people !== undefined && previous.people.length === 0;
        const why = nobody ? `nobody was on call at level ${from}` : `level ${from} was not acknowledged within ${minutes(prevTimeout * 60_000)}`;
        lines.push(() => logRow(row.alert_id, 'escalated', `Escalated to level ${s.level}${s.cycle ? ` (cycle ${s.cycle + 1})` : ''}: ${why}`, { level: s.level, cycle: s.cycle }, at));
        escalations.push({ level: s.level, fromLevel: from, cycle: s.cycle, reason: nobody ? 'nobody_on_call' : 'timeout', why, at });
      }
      if (!s.people.length) {
        lines.push(() => logRow(row.alert_id, 'paging_nobody_on_call', `Nobody on call at level ${s.level}; moving on`, { level: s.level, cycle: s.cycle }, at));
        previous = s;
        continue;
      }
      const steps = await directory.steps(row.org_id, scheduleId, s.level, priority);
      const draft = { alertId: row.alert_id, epoch: row.epoch, cycle: s.cycle, level: s.level, at: s.at, people: s.people, urgency: row.urgency };
      // Each person by their own rules where they set them (PRODUCT.md 10), never silently unreachable.
      const { drafts, unreached, sources, held } = planPeople(draft, steps, reads.rules(row.org_id),
        deps.channels && reads.contacts ? { contactsOf: reads.contacts(row.org_id), configured: deps.channels() } : undefined);
      pages.push(...drafts.map((d) => pageRow(row, s, d, nowIso)));
      lines.push((nameOf) => logRow(row.alert_id, 'paged', levelLine(s, drafts, nameOf, sources), { level: s.level, cycle: s.cycle, epoch: row.epoch, pages: drafts.length, rules: Object.fromEntries(sources) }, at));
      for (const h of held) lines.push((nameOf) => logRow(row.alert_id, 'page_held', heldLine(nameOf(h.userId), h), { level: s.level, cycle: s.cycle, user_id: h.userId, channel: h.channel, until: new Date(h.until).toISOString() }, at));
      for (const u of unreached) {
        lines.push((nameOf) => logRow(row.alert_id, u.reach.fallback ? 'paging_fallback' : 'paging_unreachable', unreachableLine(nameOf(u.userId), u.reach), {
          level: s.level, cycle: s.cycle, user_id: u.userId, fallback: u.reach.fallback, problems: u.reach.problems,
        }, at));
      }
      previous = s;
    }
    if (adv.final.exhausted) {
      lines.push(() => logRow(row.alert_id, 'escalation_exhausted', `Escalation exhausted: nobody acknowledged through ${shape.repeat + 1} cycle${shape.repeat ? 's' : ''} of ${shape.levels.length} level${shape.levels.length === 1 ? '' : 's'}; the alert stays at level ${adv.final.level}`, { level: adv.final.level }, nowIso));
    }
    return {
      was,
      set: {
        schedule_id: scheduleId, schedule_chosen: 1, level: adv.final.level, cycle: adv.final.cycle, paged: 1, force_next: 0,
        exhausted: adv.final.exhausted ? 1 : 0, next_at: adv.final.nextAt === null ? null : new Date(adv.final.nextAt).toISOString(),
        level_started_at: new Date(adv.final.levelStartedAt).toISOString(), updated_at: nowIso,
      },
      pages,
      escalations,
      people: adv.starts.flatMap((s) => s.people),
      logs: (nameOf) => lines.map((l) => l(nameOf)),
      // Pages were made before in this alert's life: those of earlier levels or epochs stop now.
      ...(row.level_started_at !== null ? { cancelEarlier: { level: adv.final.level, cycle: adv.final.cycle, epoch: row.epoch } } : {}),
      ...(adv.final.level !== row.level ? { level: adv.final.level } : {}),
    };
  }

  /** Routing's choice for the batch's alerts that have none yet, in a few reads. */
  async function chooseSchedules(rows: readonly DueEscalation[], now: Date): Promise<(string | null)[]> {
    if (!rows.length) return [];
    const list = rows.map((r) => ({ orgId: r.org_id, serviceId: r.service_id, alert: { priority: priorityFromRank(r.priority), urgency: r.urgency } }));
    if (directory.chooseSchedules) return directory.chooseSchedules(list, now);
    return Promise.all(list.map((l) => directory.chooseSchedule(l.orgId, l.serviceId, l.alert, now)));
  }

  /**
   * Plans a batch in the order taken (high urgency first, docs/adr/0761): the maintenance windows
   * and routing of all its alerts, then the levels each starts, then the rules, contacts and names
   * of all the people those levels page, each in one read; then every plan in memory.
   */
  async function planBatch(rows: readonly DueEscalation[], now: Date): Promise<{ planned: Planned[]; names: Map<string, { name: string }> }> {
    const open = rows.filter((r) => r.status === 'open');
    const decisions = deps.maintenance && open.length ? await deps.maintenance(open.map((r) => ({ orgId: r.org_id, serviceId: r.service_id, heldBy: r.maintenance_window_id ?? null })), now) : [];
    const decisionOf = new Map(open.map((r, i) => [r.alert_id, decisions[i]]));
    const toChoose = open.filter((r) => !r.schedule_chosen && !decisionOf.get(r.alert_id));
    const choices = await chooseSchedules(toChoose, now);
    const chosenOf = new Map(toChoose.map((r, i) => [r.alert_id, choices[i]]));
    const prepared = await Promise.all(rows.map((r) => prepare(r, now, decisionOf.get(r.alert_id), chosenOf.get(r.alert_id))));
    const wanted = prepared.filter((p): p is Advanced => p !== undefined && 'adv' in p).map((a) => ({ orgId: a.row.org_id, userIds: a.adv.starts.flatMap((s) => s.people) }));
    const [rules, contacts] = await Promise.all([loadRulesMany(db, wanted), deps.channels ? repo.contactsOfMany(db, wanted) : undefined]);
    const planned: Planned[] = [];
    for (const p of prepared) {
      if (p === undefined) continue;
      planned.push('adv' in p ? await finish(p, { rules, contacts }, now) : p);
    }
    return { planned, names: await repo.peopleNames(db, planned.flatMap((p) => p.people)) };
  }

  /**
   * One transaction for the batch, each kind of write one statement for all of it: the
   * compare-and-sets (one that lost to another process or a newer event writes nothing), the
   * earlier levels' pages stopped, the alerts' levels, then the pages, entries and events of those
   * that won.
   */
  async function write(trx: Kysely<Database>, planned: Planned[], names: Map<string, { name: string }>, now: string): Promise<{ n: number; events: number }> {
    const nameOf = (id: string) => names.get(id)?.name ?? 'a former member';
    // The alerts again, inside the transaction and (PostgreSQL) locked first, in the order every
    // writer takes them (alert, escalation, pages): an acknowledgement or a resolve that
    // committed since the plan was read wins, and one still being written (its row locked) is
    // left for the next round rather than waited for (docs/adr/0421).
    const ids = [...new Set(planned.map((p) => p.was.alert_id))].sort();
    const rows = new Map(
      (await trx.selectFrom('alerts').select(['id', 'org_id', 'status', 'service_id', 'title', 'event_key', 'priority', 'urgency', 'duplicate_count']).where('id', 'in', ids)
        .$if(deps.dialect === 'postgres', (q) => q.forNoKeyUpdate().skipLocked()).execute()).map((a) => [a.id, a]),
    );
    const current = new Map([...rows].map(([id, a]) => [id, a.status]));
    if (deps.dialect === 'postgres' && current.size) {
      // Their escalations too: one held by an event's handler still being written is left for
      // the next round as well. Waiting for it here would hold the alert's lock meanwhile, and
      // an ingest batch resolving that alert would wait behind both.
      const free = new Set(
        (await trx.selectFrom('alert_escalations').select('alert_id').where('alert_id', 'in', [...current.keys()]).forNoKeyUpdate().skipLocked().execute()).map((e) => e.alert_id),
      );
      for (const id of current.keys()) if (!free.has(id)) current.delete(id);
    }
    const candidates = planned.filter((p) => {
      const status = current.get(p.was.alert_id);
      return status !== undefined && (status === 'open' || !p.pages.length);
    });
    const won = await repo.casEscalations(trx, candidates.map(({ was, set }) => ({ was, set })));
    const winners = candidates.filter((p) => won.has(p.was.alert_id));
    // Earlier levels' pending steps stop when the escalation moves on (PRODUCT.md 7.3).
    const lines = new Map<string, (n: number) => string>();
    const stops: PageStop[] = [];
    for (const p of winners) {
      if (!p.cancelEarlier) continue;
      const { line, ...keep } = p.cancelEarlier;
      if (line) lines.set(p.was.alert_id, line);
      stops.push({ alertId: p.was.alert_id, reason: line ? 'maintenance' : 'escalated', scope: 'left', keep, stopEscalation: false, actor: { type: 'system', id: null } });
    }
    await stopPagesMany(trx, stops, now, (stop, c) => lines.get(stop.alertId)?.(c) ?? `${c} pending page${c === 1 ? '' : 's'} of an earlier level cancelled: escalated`);
    await setAlerts(trx, 'level', winners.flatMap((p) => (p.level !== undefined ? [[p.was.alert_id, p.level] as const] : [])));
    await setAlerts(trx, 'maintenance_window_id', winners.flatMap((p) => (p.maintenanceWindowId ? [[p.was.alert_id, p.maintenanceWindowId] as const] : [])));
    const events = winners.flatMap((p) => p.escalations.map((e) => escalatedEvent(rows.get(p.was.alert_id)!, e, now)));
    await repo.insertPages(trx, winners.flatMap((p) => p.pages));
    await repo.insertLogs(trx, winners.flatMap((p) => p.logs(nameOf)));
    await outboxRepository.insertEvents(trx, events);
    return { n: winners.length, events: events.length };
  }

  return {
    name: 'escalation',
    async run(now) {
      const nowIso = now.toISOString();
      const none = { n: 0, events: 0 };
      let done = none;
      if (deps.dialect === 'postgres') {
        // The batch is claimed on a connection held for the run and written in a transaction on
        // it, so another process plans other escalations meanwhile (docs/adr/0765).
        done = await db.connection().execute(async (conn) => {
          try {
            const rows = await repo.claimDueEscalations(conn, nowIso, batch);
            if (!rows.length) return none;
            const { planned, names } = await planBatch(rows, now);
            if (!planned.length) return none;
            return await conn.transaction().execute((trx) => write(trx, planned, names, nowIso));
          } finally {
            await repo.releaseEscalations(conn);
          }
        });
      } else {
        const rows = await repo.dueEscalations(db, nowIso, batch);
        if (!rows.length) return 0;
        const { planned, names } = await planBatch(rows, now);
        if (!planned.length) return 0;
        done = await db.transaction().execute((trx) => write(trx, planned, names, nowIso));
      }
      if (done.events) deps.onEvents?.();
      return done.n;
    },
  };
}

/** Sets one column of several alerts in one statement, the same text on both stores. */
async function setAlerts(trx: Kysely<Database>, column: 'level' | 'maintenance_window_id', values: readonly (readonly [string, string | number])[]): Promise<void> {
  const type = sql.raw(column === 'level' ? 'integer' : 'text');
  for (let i = 0; i < values.length; i += 500) {
    const rows = sql.join(values.slice(i, i + 500).map(([id, v]) => sql`(cast(${id} as text), cast(${v} as ${type}))`));
    await sql`with v (v_id, val) as (values ${rows}) update alerts set ${sql.ref(column)} = v.val from v where alerts.id = v.v_id`.execute(trx);
  }
}

/** What a maintenance window does to each of a batch's due alerts, in the order asked (the maintenance module answers; issue 36). */
export type MaintenancePort = (list: readonly { orgId: string; serviceId: string; heldBy: string | null }[], now: Date) => Promise<MaintenanceDecision[]>;
type MaintenanceDecision = { kind: 'hold'; windowId: string; name: string; until: string } | { kind: 'quiet'; windowId: string; name: string } | undefined;

/** A level change the engine made; the PUT …/escalate request writes its own event (alert.plan.ts planEscalate). */
interface EscalationChange {
  level: number;
  fromLevel: number;
  cycle: number;
  reason: 'timeout' | 'nobody_on_call';
  why: string;
  at: string;
}

/**
 * The `alert.escalated` event of a level change by the engine (PRODUCT.md 8: every level change
 * emits it), for outbound webhooks: the level, where from, and why. The paging intake leaves an
 * event with such a reason alone: the engine has already moved (docs/adr/0731).
 */
function escalatedEvent(
  alert: Pick<AlertRow, 'id' | 'org_id' | 'service_id' | 'title' | 'event_key' | 'priority' | 'urgency' | 'status' | 'duplicate_count'>,
  e: EscalationChange,
  now: string,
): NewOutboxEventRow {
  const payload = {
    alert: { ...alertSnapshot(alert), level: e.level },
    actor: { type: 'system', id: null },
    level: e.level, from_level: e.fromLevel, cycle: e.cycle + 1, reason: e.reason, why: e.why, escalated_at: e.at,
  };
  return {
    org_id: alert.org_id, type: 'alert.escalated', alert_id: alert.id, payload: JSON.stringify(payload), created_at: now, available_at: now,
    lease_owner: null, lease_until: null, processed_at: null, last_error: null,
  };
}

function pageRow(row: DueEscalation, s: LevelStart, d: PageDraft, now: string): NewNotificationRow {
  return {
    id: newId('ntf'), org_id: row.org_id, alert_id: row.alert_id, user_id: d.userId, kind: 'escalation', epoch: row.epoch, cycle: s.cycle, level: s.level,
    step_index: d.stepIndex, channel: d.channel, destination_id: d.destinationId, urgency: row.urgency, due_at: new Date(d.dueAt).toISOString(),
    status: d.status, attempts: 0, claim_token: null, claim_expires_at: null, provider_message_id: null, detail: d.detail, idempotency_key: d.idempotencyKey,
    created_at: now, updated_at: now,
  };
}

/**
 * "Level 1 paged: Ada (own rules: push at 0 s, sms at 60 s), Bob (push at 0 s); sms and voice skipped: low urgency":
 * a person paged by their own notification rules says so; the others get the level's steps.
 */
export function levelLine(s: Pick<LevelStart, 'level' | 'reason' | 'at'>, drafts: PageDraft[], nameOf: (id: string) => string, sources?: ReadonlyMap<string, 'own' | 'level'>): string {
  const byPerson = new Map<string, string[]>();
  const skipped = new Set<string>();
  for (const d of drafts) {
    if (d.status === 'skipped') {
      skipped.add(d.channel);
      continue;
    }
    const list = byPerson.get(d.userId) ?? [];
    const held = (d as HeldDraft).heldFrom;
    list.push(`${d.channel} at ${Math.round(((held ?? d.dueAt) - s.at) / 1000)} s${held !== undefined ? ' held' : ''}`);
    byPerson.set(d.userId, list);
  }
  const people = [...new Set(drafts.map((d) => d.userId))].map((u) => `${nameOf(u)} (${sources?.get(u) === 'own' ? 'own rules: ' : ''}${(byPerson.get(u) ?? ['no step sent']).join(', ')})`);
  const verb = s.reason === 'repage' ? 'paged again' : 'paged';
  return `Level ${s.level} ${verb}: ${people.join(', ')}${skipped.size ? `; ${[...skipped].join(' and ')} skipped: low urgency` : ''}`;
}

