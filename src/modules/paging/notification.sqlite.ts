import type SQLite from 'better-sqlite3';
import { newId } from '../../lib/ids.ts';
import { sqliteLogWriter } from '../alert/alert.log.ts';
import { type PageStop, cancelledLine, pageStopsOf, stoppedBy } from './escalation.ts';

/** Who an actor is, by name, for the timeline (a person's name or email, a source's or key's name). */
export const ACTOR_NAME_SQL: Record<string, string | undefined> = {
  user: `select coalesce(nullif(name, ''), email) as name from users where id = ?`,
  integration: `select name from integrations where id = ?`,
  api_key: `select name from api_keys where id = ?`,
};

/**
 * Acknowledge and resolve by signal on the SQLite ingest thread (docs/adr/0421): the pending pages
 * are cancelled, the escalation stopped and the timeline told, with prepared statements inside the
 * batch's own transaction (PRODUCT.md 7.3: in the same transaction as the change).
 */
export function sqlitePageStopper(sqlite: SQLite.Database): (events: Parameters<typeof pageStopsOf>[0], now: string) => void {
  let s: ReturnType<typeof prepare> | undefined;
  function prepare() {
    const cancel = (extra: string) => sqlite.prepare(`update notifications set status = 'cancelled', detail = ?, updated_at = ? where alert_id = ? and status = 'pending'${extra}`);
    return {
      all: cancel(''),
      escalation: cancel(` and kind = 'escalation'`),
      user: cancel(` and (kind = 'escalation' or user_id = ?)`),
      stop: sqlite.prepare(`update alert_escalations set next_at = null, updated_at = ? where alert_id = ?`),
      log: sqliteLogWriter(sqlite),
      names: Object.fromEntries(Object.entries(ACTOR_NAME_SQL).map(([k, v]) => [k, sqlite.prepare(v!)])),
    };
  }
  const apply = (stop: PageStop, now: string) => {
    s ??= prepare();
    const { alertId, reason, scope } = stop;
    if (stop.stopEscalation) s.stop.run(now, alertId);
    const n = scope === 'all' ? s.all.run(reason, now, alertId).changes : scope === 'escalation' ? s.escalation.run(reason, now, alertId).changes : s.user.run(reason, now, alertId, scope.user).changes;
    if (n === 0) return;
    const named = s.names[stop.actor.type];
    const name = named && stop.actor.id ? (named.get(stop.actor.id) as { name?: string } | undefined)?.name : undefined;
    s.log({
      id: newId('log'), alert_id: alertId, kind: 'pages_cancelled', message: cancelledLine(n, stoppedBy(reason, stop.actor.type, name ?? undefined)),
      actor_type: 'system', actor_id: null, event_id: null, receipt_id: null, meta: JSON.stringify({ cancelled: n, reason }), created_at: now,
    });
  };
  return (events, now) => {
    for (const stop of pageStopsOf(events)) apply(stop, now);
  };
}
