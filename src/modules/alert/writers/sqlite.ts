import type SQLite from 'better-sqlite3';
import { type AlertWriter, type SettledEventTypes, planEventRows } from './writer.ts';
import type { AlertRow } from '../alert.table.ts';
import type { AlertPlan } from '../alert.plan.ts';
import { usageRepository } from '../../usage/index.ts';
import { sqliteLogWriter } from '../alert.log.ts';
import { ALERT_COLUMNS, OUTBOX_EVENT_COLUMNS } from './columns.ts';
import { sqliteListWordsInsertSql } from './list-words.ts';

/** A prepared INSERT of the columns named (columns.ts), each row's value of each (absent: null). */
export function columnsInserter<C extends string>(sqlite: SQLite.Database, table: string, cols: readonly C[]) {
  const stmt = sqlite.prepare(`insert into ${table} (${cols.map((c) => `"${c}"`).join(', ')}) values (${cols.map(() => '?').join(', ')})`);
  return (row: { [K in C]?: unknown }) => stmt.run(cols.map((c) => row[c] ?? null));
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
  const insertAlert = columnsInserter(sqlite, 'alerts', ALERT_COLUMNS);
  const insertEvent = columnsInserter(sqlite, 'outbox_events', OUTBOX_EVENT_COLUMNS);
  const findOpen = sqlite.prepare(`select * from alerts where service_id = ? and event_key = ? and status <> 'resolved'`);
  const updates = new Map<string, SQLite.Statement>();
  const insertLog = sqliteLogWriter(sqlite);
  return {
    findOpen: (serviceId, eventKey) => findOpen.get(serviceId, eventKey) as AlertRow | undefined,
    insertIfNoOpen(row) {
      // The title's words and the hour's count are written at the batch's end, in its
      // transaction (sqliteInsertedAlerts; docs/adr/0542, 0543, 0556).
      insertAlert(row);
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
      for (const ev of planEventRows(plan, orgId, now, settled())) insertEvent(ev);
      if (plan.events.length) afterEffects?.(plan.events, now);
    },
  };
}

/**
 * What an ingest batch writes once for the alerts it inserted, at its end and in its transaction
 * (`begin` after BEGIN, `end` before COMMIT): their words in both title search tables (alerts_fts,
 * alerts_unresolved_words) and in alert_list_words (docs/adr/0781), and their count in usage_hours, one statement each instead of one an
 * alert (docs/adr/0553-sqlite-ingest-cost.md, 0556). FTS5 writes its pending entries to disk at
 * every savepoint, which SQLite opens at each later statement of the transaction, so an alert's
 * entry written alone was written and merged alert by alert. The batch marks its alerts by
 * alert_words_batch (the alerts above after_rowid): the update and delete triggers leave them
 * alone until their words are written here, from the alerts as they are then.
 */
export function sqliteInsertedAlerts(sqlite: SQLite.Database): { begin(): void; end(): void } {
  // Prepared at the first batch: the tables exist once migrations have run.
  let s: ReturnType<typeof prepare> | undefined;
  const prepare = () => ({
    last: sqlite.prepare('select coalesce(max(rowid), 0) from alerts').pluck().safeIntegers(),
    mark: sqlite.prepare('insert into alert_words_batch (id, after_rowid) values (1, ?) on conflict (id) do update set after_rowid = excluded.after_rowid'),
    unmark: sqlite.prepare('delete from alert_words_batch'),
    words: sqlite.prepare('insert into alerts_fts (rowid, title_words) select rowid, title_words from alerts where rowid > ?'),
    unresolved: sqlite.prepare(`insert into alerts_unresolved_words (rowid, title_words) select rowid, title_words from alerts where rowid > ? and status <> 'resolved'`),
    listWords: sqlite.prepare(sqliteListWordsInsertSql('a.rowid > ?')),
    counts: sqlite.prepare(usageRepository.sqliteCountAlertsCreatedSql('alerts where rowid > ?')),
  });
  let after = 0n;
  return {
    begin() {
      s ??= prepare();
      after = s.last.get() as bigint;
      s.mark.run(after);
    },
    end() {
      // From the alerts as they are now: one the batch inserted and then resolved or changed is
      // indexed as it ended. Ingest deletes no alert, so every alert above the mark is counted.
      s!.words.run(after);
      s!.unresolved.run(after);
      s!.listWords.run(after);
      s!.counts.run(after);
      s!.unmark.run();
    },
  };
}

