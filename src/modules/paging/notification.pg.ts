import type pg from 'pg';
import type { NewAlertLogRow } from '../alert/index.ts';
import { pagingLog } from './log.ts';
import { type PageStop, actorNameSql, cancelledLine, pageStopsOf, stopPagesSql, stoppedBy } from './stop.ts';

/**
 * The stops of a batch in one statement (docs/adr/0552): each stop's escalation rested, its
 * waiting pages stopped by the stop rule's statement (stop.ts, the one definition) with the
 * recordset's columns for parameters, and per stop the number stopped with the actor's name for
 * the timeline. The stops name distinct alerts, so a page matches one stop at most. $1: JSON
 * array of {i, alert_id, stop, reason, scope, user_id, epoch, cycle, level, actor_type, actor_id, at}.
 */
const STOP_PAGES = {
  name: 'klaxon_stop_pages_v2',
  text: `with s as (
      select * from json_to_recordset($1::json)
        x(i int, alert_id text, stop boolean, reason text, scope text, user_id text, epoch int, cycle int, level int, actor_type text, actor_id text, at text)),
    stopped as (
      update alert_escalations e set next_at = null, updated_at = s.at from s where s.stop and e.alert_id = s.alert_id),
    cancelled as (
      ${stopPagesSql({ alert: 's.alert_id', scope: 's.scope', user: 's.user_id', epoch: 's.epoch', cycle: 's.cycle', level: 's.level', reason: 's.reason', at: 's.at' }, 's')}
      returning s.i),
    counts as (select i, count(*)::int as n from cancelled group by i)
    select s.i, c.n, ${actorNameSql('s.actor_type', 's.actor_id')} as name
      from s join counts c on c.i = s.i`,
};
/**
 * Acknowledge, resolve and snooze by signal on the PostgreSQL ingest batch's client, inside its
 * transaction (docs/adr/0421). The stops are gathered while the batch is planned and written by
 * flush(), in one round trip before the batch's write (docs/adr/0552); the timeline entries of
 * stopped pages that flush returns go with the batch's other entries. A second stop of an alert
 * already waiting flushes the first, so each statement names an alert once and stops apply in order.
 */
export function pgPageStopper(client: pg.ClientBase): {
  add(events: Parameters<typeof pageStopsOf>[0], now: string): Promise<void>;
  flush(): Promise<NewAlertLogRow[]>;
} {
  let pending: { stop: PageStop; now: string }[] = [];
  let entries: NewAlertLogRow[] = [];
  const write = async () => {
    if (!pending.length) return;
    const stops = pending;
    pending = [];
    const r = await client.query<{ i: number; n: number; name: string | null }>({
      ...STOP_PAGES,
      values: [JSON.stringify(stops.map(({ stop, now }, i) => ({
        i, alert_id: stop.alertId, stop: stop.stopEscalation, reason: stop.reason, scope: stop.scope, user_id: stop.user ?? null,
        epoch: stop.keep?.epoch ?? -1, cycle: stop.keep?.cycle ?? -1, level: stop.keep?.level ?? -1, actor_type: stop.actor.type, actor_id: stop.actor.id, at: now,
      })))],
    });
    for (const { i, n, name } of r.rows) {
      const { stop, now } = stops[i]!;
      entries.push(pagingLog(stop.alertId, 'pages_cancelled', cancelledLine(n, stoppedBy(stop.reason, stop.actor.type, name ?? undefined)), { cancelled: n, reason: stop.reason }, now));
    }
  };
  return {
    async add(events, now) {
      for (const stop of pageStopsOf(events)) {
        if (pending.some((p) => p.stop.alertId === stop.alertId)) await write();
        pending.push({ stop, now });
      }
    },
    async flush() {
      await write();
      const out = entries;
      entries = [];
      return out;
    },
  };
}
