import type pg from 'pg';
import { newId } from '../../lib/ids.ts';
import { ALERT_LOG_COLUMNS, LOG_TEMPLATE_COLUMNS, compactLogs } from '../alert/alert.log.ts';
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
/** The timeline entry of the cancelled pages and its template (docs/adr/0550), in one statement. */
const LOG = {
  name: 'klaxon_stop_pages_log',
  text: `with template as (
      insert into alert_log_templates (${LOG_TEMPLATE_COLUMNS.join(', ')}) select ${LOG_TEMPLATE_COLUMNS.join(', ')} from json_populate_recordset(null::alert_log_templates, $1::json)
      on conflict (id) do nothing)
    insert into alert_log (${ALERT_LOG_COLUMNS.join(', ')}) select ${ALERT_LOG_COLUMNS.join(', ')} from json_populate_record(null::alert_log, $2::json)`,
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
    const { entries, templates } = compactLogs([{
      id: newId('log'), alert_id: stop.alertId, kind: 'pages_cancelled', message: cancelledLine(n, stoppedBy(stop.reason, stop.actor.type, name ?? undefined)),
      actor_type: 'system', actor_id: null, event_id: null, receipt_id: null, meta: JSON.stringify({ cancelled: n, reason: stop.reason }), created_at: now,
    }]);
    await client.query({ ...LOG, values: [JSON.stringify(templates), JSON.stringify(entries[0])] });
  };
  return async (events, now) => {
    for (const stop of pageStopsOf(events)) await apply(stop, now);
  };
}
