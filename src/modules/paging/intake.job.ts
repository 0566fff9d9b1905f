import { type Kysely, sql } from 'kysely';
import { pagingLog } from './log.ts';
import type SQLite from 'better-sqlite3';
import { type NewAlertLogRow, insertLogRows, sqliteLogWriter } from '../alert/index.ts';
import type { Database } from '../../db/database.ts';
import { derivedId, idTimeMs } from '../../lib/ids.ts';
import { isForeignKeyViolation } from '../../lib/errors.ts';
import type { OutboxEvent } from '../outbox/index.ts';
import type { EventHandler, SqliteEventHandler } from '../../jobs/handler.ts';

/**
 * The paging engine's intake (issue 21; docs/adr/0420-paging-engine.md): the alert events of the
 * outbox become escalation state, which the escalation job acts on. A trigger starts an escalation
 * due now; a priority raise, a wake or an escalation by hand makes it due now again in a new epoch;
 * acknowledge and resolve stop it, and a snooze rests it until its end. Pages it never cancels:
 * the change that stops them did, in its own transaction (the stop rule, stop.ts). It only writes
 * rows (no network), so it runs inside the outbox round, on the SQLite thread there
 * (docs/adr/0125). Idempotent: an escalation applies an event once (last_event_id), and a timeline
 * entry's id is made from its event and kind (eventLogId), so writing it again conflicts and is
 * dropped.
 */

const TYPES = new Set(['alert.triggered', 'alert.priority_raised', 'alert.acknowledged', 'alert.resolved', 'alert.snoozed', 'alert.woken', 'alert.escalated']);
const handlesType = (type: string) => TYPES.has(type);

type LogRow = NewAlertLogRow;

interface Intake {
  /** The "page requested" timeline entry of a change that pages. */
  log?: LogRow;
  start?: { alertId: string; orgId: string; at: string };
  /** Due now (or at `at`) in a new epoch: the current level is paged again, or the next one (force). */
  repage?: { at: string; force: boolean; rechoose: boolean };
  stop?: true;
}

/**
 * The id of the entry of `kind` that `event` writes: the same whoever handles the event and however
 * often (two processes, a retry after a crash), so `on conflict do nothing` keeps one. Its time is a
 * millisecond after the change's last entry (the event's log_id, planEventRows), so it sorts right
 * after the entries the change wrote; an event written before log_id existed uses its own time.
 * (docs/adr/0550-timeline-storage.md: no unique (event_id, kind) index is kept for this.)
 */
export function eventLogId(event: Pick<OutboxEvent, 'id' | 'createdAt' | 'payload'>, kind: string): string {
  // The change reserved the request's id in its own sequence of ids (alert.events.ts): it sorts
  // right after the change's entries and before any page, even one written in the same millisecond
  // (issue 34 item 7). An event written before page_log_id existed: a millisecond after log_id.
  if (kind === 'page_requested' && typeof event.payload.page_log_id === 'string') return event.payload.page_log_id;
  const after = typeof event.payload.log_id === 'string' ? idTimeMs(event.payload.log_id) : undefined;
  const ms = after !== undefined ? after + 1 : Date.parse(event.createdAt);
  return derivedId('log', ms, `${event.id} ${kind}`);
}

function intakeOf(event: OutboxEvent, now: string): Intake | undefined {
  if (!event.alertId) return undefined;
  const urgency = event.payload.page_urgency;
  const log: LogRow | undefined =
    typeof urgency === 'string'
      ? pagingLog(event.alertId, 'page_requested', `page requested: urgency ${urgency}`, { urgency, event_type: event.type }, now, { id: eventLogId(event, 'page_requested'), eventId: event.id })
      : undefined;
  // Due from when the change committed, not from when the intake saw it: after downtime the
  // escalation catches up with the levels that would have run (PRODUCT.md 7.3).
  const at = event.createdAt;
  switch (event.type) {
    case 'alert.triggered':
      return { log, start: { alertId: event.alertId, orgId: event.orgId, at } };
    case 'alert.priority_raised':
      // Raised importance pages the current level again at the new urgency, chosen again by routing.
      return log ? { log, repage: { at, force: false, rechoose: true } } : undefined;
    case 'alert.woken':
      return { repage: { at, force: false, rechoose: false } };
    case 'alert.escalated':
      // The engine's own level changes (a timeout, nobody on call) are told to webhooks by this
      // event too; the escalation has moved already (docs/adr/0731). Only a request moves it.
      if (event.payload.reason !== undefined && event.payload.reason !== 'manual') return undefined;
      return { repage: { at, force: true, rechoose: false } };
    case 'alert.acknowledged':
    case 'alert.resolved':
      return { stop: true };
    case 'alert.snoozed': {
      const until = (event.payload.alert as { snoozed_until?: string } | undefined)?.snoozed_until ?? (event.payload.snoozed_until as string | undefined);
      return { repage: { at: until ?? now, force: false, rechoose: false } };
    }
    default:
      return undefined;
  }
}

async function applyKysely(db: Kysely<Database>, event: OutboxEvent, now: string): Promise<void> {
  const it = intakeOf(event, now);
  if (!it) return;
  if (it.log) await insertLogRows(db, [it.log], { once: true });
  const alertId = event.alertId!;
  if (it.start) {
    await db
      .insertInto('alert_escalations')
      .values({ alert_id: alertId, org_id: it.start.orgId, schedule_id: null, schedule_chosen: 0, epoch: 0, cycle: 0, level: 1, level_started_at: null, paged: 0, force_next: 0, exhausted: 0, next_at: it.start.at, last_event_id: event.id, updated_at: now })
      .onConflict((oc) => oc.column('alert_id').doNothing())
      .execute();
  }
  if (it.repage) {
    await db
      .updateTable('alert_escalations')
      .set((eb) => ({
        epoch: eb('epoch', '+', 1), paged: 0, force_next: it.repage!.force ? 1 : 0, next_at: it.repage!.at, last_event_id: event.id, updated_at: now,
        ...(it.repage!.rechoose ? { schedule_chosen: 0 } : {}),
      }))
      .where('alert_id', '=', alertId)
      .where('last_event_id', '<', event.id)
      .execute();
  }
  if (it.stop) {
    await db.updateTable('alert_escalations').set({ next_at: null, last_event_id: event.id, updated_at: now }).where('alert_id', '=', alertId).where('last_event_id', '<', event.id).execute();
  }
}

export const pagingIntakeHandler: EventHandler = {
  name: 'paging-intake',
  local: true,
  handles: handlesType,
  async handle(event, { db, now }) {
    try {
      await applyKysely(db, event, now);
    } catch (err) {
      // The alert was deleted with its service before we got here: nothing left to page for.
      if (isForeignKeyViolation(err)) return;
      throw err;
    }
  },
  // A round in a few statements, whatever its size: its timeline entries and its new escalations
  // (500 rows a statement), then every other kind of event (raises, wakes, escalations by hand,
  // snoozes, acknowledgements, resolves) in one set-based update per 500 rows (applyChanges). A
  // deleted alert fails the round; the runner then redoes it event by event through handle(), which
  // skips that one.
  async handleMany(events, { db, now }) {
    const planned = events.flatMap((e) => {
      const it = intakeOf(e, now);
      return it ? [{ e, it }] : [];
    });
    await insertLogRows(db, planned.flatMap(({ it }) => (it.log ? [it.log] : [])), { once: true });
    const starts = planned.flatMap(({ e, it }) =>
      it.start
        ? [{
            alert_id: e.alertId!, org_id: it.start.orgId, schedule_id: null, schedule_chosen: 0, epoch: 0, cycle: 0, level: 1, level_started_at: null, paged: 0, force_next: 0,
            exhausted: 0, next_at: it.start.at, last_event_id: e.id, updated_at: now,
          }]
        : [],
    );
    for (let i = 0; i < starts.length; i += 500) await db.insertInto('alert_escalations').values(starts.slice(i, i + 500)).onConflict((oc) => oc.column('alert_id').doNothing()).execute();
    const rows = suffixRows(planned.flatMap(({ e, it }) => (it.repage || it.stop ? [{ alertId: e.alertId!, id: e.id, repage: it.repage }] : [])));
    for (let i = 0; i < rows.length; i += 500) await applyChanges(db, rows.slice(i, i + 500), now);
  },
};

interface Change {
  alertId: string;
  id: number;
  repage?: Intake['repage'];
}

/**
 * What an escalation becomes from a run of its events applied in order, for each point the
 * escalation may already be at (its last_event_id): the row for the events after `prev` up to
 * `last` is the result of applying them one by one (handle()). Exactly one row of an alert matches
 * its escalation (prev <= last_event_id < first), none once it applied them all, so a round redone
 * after a crash, or handled by two processes, applies each event once.
 */
export interface SuffixRow {
  alertId: string;
  prev: number;
  first: number;
  last: number;
  /** Repages among those events: the epoch moves by this many, and `paged` is reset if any. */
  repages: number;
  /** A repage there chose the schedule again (a priority raise). */
  rechoose: 0 | 1;
  /** The last repage's force_next; null with no repage (kept). */
  force: 0 | 1 | null;
  /** The last event's next_at: a repage's instant, null after a stop. */
  nextAt: string | null;
}

export function suffixRows(changes: Change[]): SuffixRow[] {
  const byAlert = new Map<string, Change[]>();
  for (const c of changes) {
    const list = byAlert.get(c.alertId);
    if (list) list.push(c);
    else byAlert.set(c.alertId, [c]);
  }
  const rows: SuffixRow[] = [];
  for (const [alertId, list] of byAlert) {
    list.sort((a, b) => a.id - b.id);
    const last = list[list.length - 1]!;
    let repages = 0;
    let rechoose: 0 | 1 = 0;
    let force: 0 | 1 | null = null;
    for (let i = list.length - 1; i >= 0; i--) {
      const c = list[i]!;
      if (c.repage) {
        repages++;
        if (c.repage.rechoose) rechoose = 1;
        if (force === null) force = c.repage.force ? 1 : 0;
      }
      rows.push({ alertId, prev: i > 0 ? list[i - 1]!.id : -1, first: c.id, last: last.id, repages, rechoose, force, nextAt: last.repage ? last.repage.at : null });
    }
  }
  return rows;
}

/** One statement for up to 500 suffix rows, the same text on both stores. */
async function applyChanges(db: Kysely<Database>, rows: SuffixRow[], now: string): Promise<void> {
  const values = sql.join(
    rows.map(
      (r) =>
        sql`(${r.alertId}, cast(${r.prev} as bigint), cast(${r.first} as bigint), cast(${r.last} as bigint), cast(${r.repages} as integer), cast(${r.rechoose} as integer), cast(${r.force} as integer), cast(${r.nextAt} as text))`,
    ),
  );
  await sql`with v (alert_id, prev_id, first_id, last_id, repages, rechoose, force_next, next_at) as (values ${values})
    update alert_escalations set
      epoch = alert_escalations.epoch + v.repages,
      paged = case when v.repages > 0 then 0 else alert_escalations.paged end,
      force_next = coalesce(v.force_next, alert_escalations.force_next),
      schedule_chosen = case when v.rechoose = 1 then 0 else alert_escalations.schedule_chosen end,
      next_at = v.next_at,
      last_event_id = v.last_id,
      updated_at = ${now}
    from v
    where alert_escalations.alert_id = v.alert_id and alert_escalations.last_event_id >= v.prev_id and alert_escalations.last_event_id < v.first_id`.execute(db);
}

/**
 * The same intake on the SQLite thread, inside the outbox round's transaction
 * (docs/adr/0125-outbox-round-on-the-sqlite-thread.md): prepared statements, no round trip per
 * row. A deleted alert fails the round (foreign key), which the runner redoes event by event.
 */
export const pagingIntakeSqlite: SqliteEventHandler = {
  name: pagingIntakeHandler.name,
  handles: handlesType,
  prepare(sqlite: SQLite.Database) {
    const logRow = sqliteLogWriter(sqlite, { once: true });
    const start = sqlite.prepare(`insert into alert_escalations (alert_id, org_id, next_at, last_event_id, updated_at) values (?, ?, ?, ?, ?) on conflict (alert_id) do nothing`);
    const repage = sqlite.prepare(
      `update alert_escalations set epoch = epoch + 1, paged = 0, force_next = ?, next_at = ?, last_event_id = ?, updated_at = ?,
         schedule_chosen = case when ? then 0 else schedule_chosen end
       where alert_id = ? and last_event_id < ?`,
    );
    const stop = sqlite.prepare(`update alert_escalations set next_at = null, last_event_id = ?, updated_at = ? where alert_id = ? and last_event_id < ?`);
    return (event, now) => {
      const it = intakeOf(event, now);
      if (!it) return;
      const alertId = event.alertId!;
      if (it.log) logRow(it.log);
      if (it.start) start.run(alertId, it.start.orgId, it.start.at, event.id, now);
      if (it.repage) repage.run(it.repage.force ? 1 : 0, it.repage.at, event.id, now, it.repage.rechoose ? 1 : 0, alertId, event.id);
      if (it.stop) stop.run(event.id, now, alertId, event.id);
    };
  },
};
