import type SQLite from 'better-sqlite3';
import type { AlertWriter } from './alert.repository.ts';
import { type SettledEventTypes, planEventRows } from './alert.repository.ts';
import type { AlertRow } from './alert.table.ts';
import type { AlertPlan } from './alert.plan.ts';
import { usageRepository } from '../usage/index.ts';
import { sqliteLogWriter } from './alert.log.ts';

/** Prepared INSERTs cached by table and column list. */
export function preparedInserter(sqlite: SQLite.Database) {
  const cache = new Map<string, SQLite.Statement>();
  return (table: string, row: object) => {
    const cols = Object.keys(row);
    const key = `${table}(${cols.join(',')})`;
    let stmt = cache.get(key);
    if (!stmt) {
      stmt = sqlite.prepare(`insert into ${table} (${cols.map((c) => `"${c}"`).join(', ')}) values (${cols.map(() => '?').join(', ')})`);
      cache.set(key, stmt);
    }
    return stmt.run(...Object.values(row).map((v) => (v === undefined ? null : v)));
  };
}

/**
 * What else a change writes in its own transaction, given its events (the paging engine cancels a
 * stopped alert's pending pages: docs/adr/0421). Synchronous here: the SQLite thread's batch is.
 */
export type AfterEffects = (events: AlertPlan['events'], now: string) => void;

/**
 * The SQLite ingest fast path: the same writes as kyselyAlertWriter through cached prepared
 * statements (Kysely compiles and prepares per call, which bounded throughput). SQLite has one
 * writer, so there is no insert race to handle.
 */
export function sqliteAlertWriter(sqlite: SQLite.Database, settled: () => SettledEventTypes, afterEffects?: AfterEffects): AlertWriter {
  const insert = preparedInserter(sqlite);
  const findOpen = sqlite.prepare(`select * from alerts where service_id = ? and event_key = ? and status <> 'resolved'`);
  const updates = new Map<string, SQLite.Statement>();
  const countCreated = usageRepository.sqliteAlertsCreatedCounter(sqlite);
  const insertLog = sqliteLogWriter(sqlite);
  return {
    findOpen: (serviceId, eventKey) => findOpen.get(serviceId, eventKey) as AlertRow | undefined,
    insertIfNoOpen(row) {
      // The FTS5 index of the title's words follows by trigger; the hour's count here
      // (docs/adr/0542, 0543), both in the batch's transaction.
      insert('alerts', row);
      countCreated(row.org_id, row.created_at);
      return true;
    },
    writeEffects(plan, orgId, now) {
      if (plan.update) {
        const cols = Object.keys(plan.update.set);
        const key = cols.join(',');
        let stmt = updates.get(key);
        if (!stmt) {
          stmt = sqlite.prepare(`update alerts set ${cols.map((c) => `"${c}" = ?`).join(', ')} where id = ?`);
          updates.set(key, stmt);
        }
        stmt.run(...Object.values(plan.update.set).map((v) => (v === undefined ? null : v)), plan.update.id);
      }
      for (const log of plan.logs) insertLog(log);
      for (const ev of planEventRows(plan, orgId, now, settled())) insert('outbox_events', ev);
      if (plan.events.length) afterEffects?.(plan.events, now);
    },
  };
}
