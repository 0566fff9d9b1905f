import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { actorTitle } from '../../lib/actor.ts';
import { insertLogRows } from '../alert/index.ts';
import { pagingLog } from './log.ts';

/**
 * The one stop rule (PRODUCT.md 7.3; docs/adr/0750-one-stop-rule-and-one-send-decision.md): which
 * of an alert's pages a change stops. It runs in the transaction of the change that stops them,
 * on whichever path makes the change: an operation (Kysely, `stopPages`), an ingest batch on the
 * SQLite thread (notification.sqlite.ts) or on PostgreSQL (notification.pg.ts), and the escalation
 * moving on (escalation.job.ts). Each runs the statement `stopPagesSql` writes, with its own
 * placeholders; nothing else cancels pages that wait (the intake does not cancel again).
 *
 * Waiting pages are `pending` and `claimed` ones: a claimed page (a dispatcher holds it, or held it
 * and died) of a stopped alert or of a level the alert has left is cancelled too, so claim
 * recovery never sends it again; its claim token stays, so a send already under way still records
 * what it did (finishClaimed).
 */

/**
 * `all`: every page (resolve, snooze). `escalation`: the escalation's pages (an acknowledgement by
 * a source or a key, an escalation by hand). `acknowledger`: the escalation's pages and the
 * acknowledging person's own (a person acknowledges an open alert). `responder`: that person's
 * responder pages only (a responder acknowledges an alert already acknowledged). `left`: the
 * escalation's pages of another epoch, cycle or level than `keep` (the escalation moved on, or a
 * maintenance window stopped an alert that was paging: it restarts at level 1 in a new epoch).
 */
export type StopScope = 'all' | 'escalation' | 'acknowledger' | 'responder' | 'left';
export type StopReason = 'acknowledged' | 'resolved' | 'snoozed' | 'escalated' | 'maintenance';

export interface PageStop {
  alertId: string;
  reason: StopReason;
  scope: StopScope;
  /** The person of `acknowledger` and `responder`. */
  user?: string | null;
  /** The position kept by `left`. */
  keep?: { epoch: number; cycle: number; level: number };
  /** The escalation rests too (acknowledge, resolve). */
  stopEscalation: boolean;
  actor: { type: string; id: string | null };
}

/** The placeholders (or column references) a store's statement names the stop's values by. */
export interface StopParams {
  alert: string;
  scope: string;
  user: string;
  epoch: string;
  cycle: string;
  level: string;
  reason: string;
  at: string;
}

/**
 * The statement that stops pages: the one definition. `from`: a PostgreSQL `from` list the
 * parameters refer to (the batch writer's recordset). Counts as `changes` / `numAffectedRows`.
 */
export function stopPagesSql(p: StopParams, from = ''): string {
  return `update notifications as n set status = 'cancelled', detail = ${p.reason}, updated_at = ${p.at}${from ? ` from ${from}` : ''}
    where n.alert_id = ${p.alert} and n.status in ('pending', 'claimed') and (
      ${p.scope} = 'all'
      or (${p.scope} = 'escalation' and n.kind = 'escalation')
      or (${p.scope} = 'acknowledger' and (n.kind = 'escalation' or n.user_id = ${p.user}))
      or (${p.scope} = 'responder' and n.kind = 'responder' and n.user_id = ${p.user})
      or (${p.scope} = 'left' and n.kind = 'escalation' and (n.epoch <> ${p.epoch} or n.cycle <> ${p.cycle} or n.level <> ${p.level})))`;
}

/** The name of whoever stopped pages, by actor type and id (a person's as personName says it). */
export function actorNameSql(type: string, id: string): string {
  return `case ${type} when 'user' then (select coalesce(nullif(trim(name), ''), email) from users where id = ${id})
    when 'integration' then (select name from integrations where id = ${id})
    when 'api_key' then (select name from api_keys where id = ${id}) end`;
}

/** Named placeholders, as better-sqlite3 binds them (`@alert` …). */
export const NAMED: StopParams = { alert: '@alert', scope: '@scope', user: '@user', epoch: '@epoch', cycle: '@cycle', level: '@level', reason: '@reason', at: '@at' };

/** A stop's values by placeholder name. */
export const stopValues = (stop: PageStop, at: string): Record<keyof StopParams, string | number | null> => ({
  alert: stop.alertId, scope: stop.scope, user: stop.user ?? null, epoch: stop.keep?.epoch ?? -1, cycle: stop.keep?.cycle ?? -1, level: stop.keep?.level ?? -1, reason: stop.reason, at,
});

/** A statement written with NAMED placeholders, as a Kysely query with its values bound. */
function bound(text: string, values: Record<string, unknown>) {
  const parts = text.split(/@(\w+)/);
  const strings = parts.filter((_, i) => i % 2 === 0);
  const args = parts.filter((_, i) => i % 2 === 1).map((name) => values[name]);
  return sql(Object.assign([...strings], { raw: strings }) as unknown as TemplateStringsArray, ...args);
}

/**
 * Stops pages inside `trx` (the change's transaction): the rule above, the escalation rested when
 * the stop says so, and one timeline line for the pages cancelled. Returns how many.
 */
export async function stopPages(trx: Kysely<Database>, stop: PageStop, at: string, opts: { by?: string; line?: (n: number) => string } = {}): Promise<number> {
  if (stop.stopEscalation) await trx.updateTable('alert_escalations').set({ next_at: null, updated_at: at }).where('alert_id', '=', stop.alertId).execute();
  const r = await bound(stopPagesSql(NAMED), stopValues(stop, at)).execute(trx);
  const n = Number(r.numAffectedRows ?? 0n);
  if (n > 0) {
    const message = opts.line ? opts.line(n) : cancelledLine(n, `${stop.reason} by ${opts.by ?? 'Klaxon'}`);
    await insertLogRows(trx, [pagingLog(stop.alertId, 'pages_cancelled', message, { cancelled: n, reason: stop.reason }, at)], { once: true });
  }
  return n;
}

/**
 * stopPages for several alerts at once (the escalation job's batch), in one statement per 500
 * stops: the rule's statement with a recordset's columns for parameters. The stops name distinct
 * alerts, so a page matches one stop at most. `line`: each stop's timeline line for `n` pages.
 */
export async function stopPagesMany(trx: Kysely<Database>, stops: readonly PageStop[], at: string, line: (stop: PageStop, n: number) => string): Promise<void> {
  const rest = stops.filter((s) => s.stopEscalation).map((s) => s.alertId);
  if (rest.length) await trx.updateTable('alert_escalations').set({ next_at: null, updated_at: at }).where('alert_id', 'in', rest).execute();
  const counts = new Map<string, number>();
  for (let i = 0; i < stops.length; i += 500) {
    const values = sql.join(stops.slice(i, i + 500).map((stop) => {
      const v = stopValues(stop, at);
      return sql`(cast(${v.alert} as text), cast(${v.scope} as text), cast(${v.user} as text), cast(${v.epoch} as integer), cast(${v.cycle} as integer), cast(${v.level} as integer), cast(${v.reason} as text), cast(${v.at} as text))`;
    }));
    const columns = { alert: 'v.alert', scope: 'v.scope', user: 'v.usr', epoch: 'v.epoch', cycle: 'v.cycle', level: 'v.level', reason: 'v.reason', at: 'v.at' };
    // `returning alert_id` unqualified: SQLite names only the updated table's columns there.
    const r = await sql<{ alert_id: string }>`with v (alert, scope, usr, epoch, cycle, level, reason, at) as (values ${values})
      ${sql.raw(stopPagesSql(columns, 'v'))} returning alert_id`.execute(trx);
    for (const row of r.rows) counts.set(row.alert_id, (counts.get(row.alert_id) ?? 0) + 1);
  }
  const rows = stops.filter((s) => counts.has(s.alertId)).map((s) => {
    const n = counts.get(s.alertId)!;
    return pagingLog(s.alertId, 'pages_cancelled', line(s, n), { cancelled: n, reason: s.reason }, at);
  });
  if (rows.length) await insertLogRows(trx, rows, { once: true });
}

/** "acknowledged by Ada", "resolved by source prometheus", "resolved by Klaxon": who stopped the pages, by name. */
export const stoppedBy = (reason: string, actorType: string, name: string | undefined): string => `${reason} by ${actorTitle(actorType, name)}`;

/** The timeline line of pages cancelled together. */
export const cancelledLine = (n: number, by: string): string => `${n} pending page${n === 1 ? '' : 's'} cancelled: ${by}`;

/**
 * What an alert change written by an ingest batch does to its pages (PRODUCT.md 7.3), from the
 * events the change writes: an acknowledgement stops the escalation's pages (a source's or a key's
 * is never a person's) and rests the escalation; a resolve stops every page and rests it; a snooze
 * stops every page (the intake rests the escalation until the snooze ends).
 */
export function pageStopsOf(events: readonly { type: string; alertId: string; payload: Record<string, unknown> }[]): PageStop[] {
  const out: PageStop[] = [];
  for (const e of events) {
    const actor = (e.payload.actor ?? { type: 'system', id: null }) as PageStop['actor'];
    const person = actor.type === 'user' && actor.id ? actor.id : null;
    if (e.type === 'alert.acknowledged') out.push({ alertId: e.alertId, reason: 'acknowledged', scope: person ? 'acknowledger' : 'escalation', user: person, stopEscalation: true, actor });
    else if (e.type === 'alert.resolved') out.push({ alertId: e.alertId, reason: 'resolved', scope: 'all', stopEscalation: true, actor });
    else if (e.type === 'alert.snoozed') out.push({ alertId: e.alertId, reason: 'snoozed', scope: 'all', stopEscalation: false, actor });
  }
  return out;
}
