import type pg from 'pg';
import { newId } from '../../lib/ids.ts';
import type { NewAlertLogRow } from '../alert/index.ts';
import { type PageStop, cancelledLine, pageStopsOf, stoppedBy } from './escalation.ts';

/**
 * The stops of a batch in one statement (docs/adr/0552): each stop's escalation stopped, its
 * pending pages in scope cancelled (scope all | escalation | user), and per stop the number
 * cancelled with the actor's name for the timeline. The stops name distinct alerts, so a page
 * matches one stop at most. $1: JSON array of {i, alert_id, stop, reason, scope, user_id,
 * actor_type, actor_id, at}.
 */
const STOP_PAGES = {
  name: 'klaxon_stop_pages',
  text: `with s as (
      select * from json_to_recordset($1::json)
        x(i int, alert_id text, stop boolean, reason text, scope text, user_id text, actor_type text, actor_id text, at text)),
    stopped as (
      update alert_escalations e set next_at = null, updated_at = s.at from s where s.stop and e.alert_id = s.alert_id),
    cancelled as (
      update notifications n set status = 'cancelled', detail = s.reason, updated_at = s.at from s
       where n.alert_id = s.alert_id and n.status = 'pending'
         and (s.scope = 'all' or n.kind = 'escalation' or (s.scope = 'user' and n.user_id = s.user_id))
      returning s.i),
    counts as (select i, count(*)::int as n from cancelled group by i)
    select s.i, c.n,
      case s.actor_type when 'user' then (select coalesce(nullif(name, ''), email) from users where id = s.actor_id)
              when 'integration' then (select name from integrations where id = s.actor_id)
              when 'api_key' then (select name from api_keys where id = s.actor_id) end as name
      from s join counts c on c.i = s.i`,
};
/**
 * Acknowledge and resolve by signal on the PostgreSQL ingest batch's client, inside its transaction
 * (docs/adr/0421). The stops are gathered while the batch is planned and written by flush(), in
 * one round trip before the batch's write (docs/adr/0552); the timeline entries of cancelled pages
 * that flush returns go with the batch's other entries. A second stop of an alert already waiting
 * flushes the first, so each statement names an alert once and stops apply in order.
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
        i, alert_id: stop.alertId, stop: stop.stopEscalation, reason: stop.reason, scope: typeof stop.scope === 'object' ? 'user' : stop.scope,
        user_id: typeof stop.scope === 'object' ? stop.scope.user : null, actor_type: stop.actor.type, actor_id: stop.actor.id, at: now,
      })))],
    });
    for (const { i, n, name } of r.rows) {
      const { stop, now } = stops[i]!;
      entries.push({
        id: newId('log'), alert_id: stop.alertId, kind: 'pages_cancelled', message: cancelledLine(n, stoppedBy(stop.reason, stop.actor.type, name ?? undefined)),
        actor_type: 'system', actor_id: null, event_id: null, receipt_id: null, meta: JSON.stringify({ cancelled: n, reason: stop.reason }), created_at: now,
      });
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
