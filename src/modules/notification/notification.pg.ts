import type pg from 'pg';
import { newId } from '../../lib/ids.ts';
import { type PageStop, cancelledLine, pageStopsOf, stoppedBy } from './escalation.ts';

/**
 * The escalation stopped first, then the pages: the escalation job takes its escalation row before
 * the pages too (and the alert's row before both, skipping one that is locked), so the two never
 * wait on each other in opposite orders.
 */
const STOP_ESCALATION = { name: 'klaxon_stop_escalation', text: `update alert_escalations set next_at = null, updated_at = $2 where alert_id = $1` };
/**
 * The pending pages in scope cancelled, with the actor's name for the timeline. $1 alert, $2
 * reason, $3 now, $4 scope (all | escalation | user), $5 the acknowledging person, $6 actor type,
 * $7 actor id.
 */
const CANCEL_PAGES = {
  name: 'klaxon_cancel_pages',
  text: `with cancelled as (
      update notifications set status = 'cancelled', detail = $2, updated_at = $3
       where alert_id = $1 and status = 'pending' and ($4::text = 'all' or kind = 'escalation' or ($4::text = 'user' and user_id = $5::text))
       returning 1)
    select (select count(*)::int from cancelled) as n,
      case $6::text when 'user' then (select coalesce(nullif(name, ''), email) from users where id = $7::text)
              when 'integration' then (select name from integrations where id = $7::text)
              when 'api_key' then (select name from api_keys where id = $7::text) end as name`,
};
const LOG = {
  name: 'klaxon_stop_pages_log',
  text: `insert into alert_log (id, alert_id, kind, message, actor_type, actor_id, event_id, receipt_id, meta, created_at)
         values ($1, $2, 'pages_cancelled', $3, 'system', null, null, null, $4, $5)`,
};

/**
 * Acknowledge and resolve by signal on the PostgreSQL ingest batch's client, inside its transaction
 * (docs/adr/0421): the same as the SQLite thread's sqlitePageStopper, a round trip per stop (a
 * status change already costs one: alert.pg.ts writes it back at once).
 */
export function pgPageStopper(client: pg.ClientBase): (events: Parameters<typeof pageStopsOf>[0], now: string) => Promise<void> {
  const apply = async (stop: PageStop, now: string) => {
    const scope = typeof stop.scope === 'object' ? 'user' : stop.scope;
    const user = typeof stop.scope === 'object' ? stop.scope.user : null;
    if (stop.stopEscalation) await client.query({ ...STOP_ESCALATION, values: [stop.alertId, now] });
    const r = await client.query<{ n: number; name: string | null }>({
      ...CANCEL_PAGES,
      values: [stop.alertId, stop.reason, now, scope, user, stop.actor.type, stop.actor.id],
    });
    const { n, name } = r.rows[0]!;
    if (n === 0) return;
    await client.query({ ...LOG, values: [newId('log'), stop.alertId, cancelledLine(n, stoppedBy(stop.reason, stop.actor.type, name ?? undefined)), JSON.stringify({ cancelled: n, reason: stop.reason }), now] });
  };
  return async (events, now) => {
    for (const stop of pageStopsOf(events)) await apply(stop, now);
  };
}
