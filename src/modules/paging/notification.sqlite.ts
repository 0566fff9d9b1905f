import type SQLite from 'better-sqlite3';
import { sqliteLogWriter } from '../alert/alert.log.ts';
import { pagingLog } from './log.ts';
import { NAMED, actorNameSql, cancelledLine, pageStopsOf, stopPagesSql, stoppedBy, stopValues } from './stop.ts';

/**
 * Acknowledge, resolve and snooze by signal on the SQLite ingest thread (docs/adr/0421): the stop
 * rule's statement (stop.ts, the one definition) as a prepared statement inside the batch's own
 * transaction (PRODUCT.md 7.3: in the same transaction as the change), the escalation rested and
 * the timeline told.
 */
export function sqlitePageStopper(sqlite: SQLite.Database): (events: Parameters<typeof pageStopsOf>[0], now: string) => void {
  let s: ReturnType<typeof prepare> | undefined;
  function prepare() {
    return {
      cancel: sqlite.prepare(stopPagesSql(NAMED)),
      rest: sqlite.prepare(`update alert_escalations set next_at = null, updated_at = ? where alert_id = ?`),
      log: sqliteLogWriter(sqlite),
      name: sqlite.prepare(`select ${actorNameSql('@type', '@id')} as name`),
    };
  }
  return (events, now) => {
    for (const stop of pageStopsOf(events)) {
      s ??= prepare();
      if (stop.stopEscalation) s.rest.run(now, stop.alertId);
      const n = s.cancel.run(stopValues(stop, now)).changes;
      if (n === 0) continue;
      const name = stop.actor.id ? (s.name.get({ type: stop.actor.type, id: stop.actor.id }) as { name: string | null }).name : null;
      s.log(pagingLog(stop.alertId, 'pages_cancelled', cancelledLine(n, stoppedBy(stop.reason, stop.actor.type, name ?? undefined)), { cancelled: n, reason: stop.reason }, now));
    }
  };
}
