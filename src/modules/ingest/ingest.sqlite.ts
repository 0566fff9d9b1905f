import type SQLite from 'better-sqlite3';
import { NO_SETTLED_TYPES, type SettledEventTypes, columnsInserter, settledVersion, sqliteInsertedAlerts, sqliteAlertWriter } from '../alert/index.ts';
import { sqlitePageStopper } from '../paging/index.ts';
import { type ReceiptRow, RECEIPT_COLUMNS } from './receipt.table.ts';
import type { IngestUnit, UnitOutcome } from './ingest.ts';
import type { SqliteThread } from '../../db/sqlite-thread.ts';
import { type BatchExecutor, type ReceiptWriter, applyUnit } from './committer.ts';

/** The SQLite thread's operation that applies an ingest batch (createSqliteThreadExecutor). */
export const SQLITE_INGEST_OP = 'ingest';

/** What the main thread sends with the ingest operation. */
export interface SqliteIngestBatch {
  units: IngestUnit[];
  /**
   * Event types nobody consumes (SettledEventTypes), sent as a list: plain data crosses threads.
   * Absent when unchanged since the last batch (`settledVersion`): the thread keeps the last one.
   */
  settled?: readonly string[];
  settledVersion?: number;
}

/**
 * Applies a batch in one BEGIN IMMEDIATE … COMMIT on the raw connection with prepared
 * statements. Runs on the SQLite thread, which owns the only connection: nothing interleaves.
 * Every writer is synchronous, so the batch completes before the thread takes another message.
 */
export function sqliteBatchApplier(sqlite: SQLite.Database): (batch: SqliteIngestBatch) => Promise<UnitOutcome[]> {
  // Statements are prepared on first use: the tables exist only once migrations have run.
  let writers: { alerts: ReturnType<typeof sqliteAlertWriter>; receipts: ReceiptWriter } | undefined;
  const inserted = sqliteInsertedAlerts(sqlite);
  // The current batch's settled types, read by the alert writer (made once, for its statements).
  let settled: SettledEventTypes = NO_SETTLED_TYPES;
  const prepare = () => {
    const insert = columnsInserter(sqlite, 'receipts', RECEIPT_COLUMNS);
    const find = sqlite.prepare('select * from receipts where id = ?');
    const findIdem = sqlite.prepare('select * from receipts where credential_id = ? and idempotency_key = ?');
    const release = sqlite.prepare('update receipts set idempotency_key = null where id = ?');
    return {
      alerts: sqliteAlertWriter(sqlite, () => settled, sqlitePageStopper(sqlite)),
      receipts: {
        find: (id) => find.get(id) as ReceiptRow | undefined,
        findByIdempotencyKey: (c, k) => findIdem.get(c, k) as ReceiptRow | undefined,
        releaseIdempotencyKey: (id) => void release.run(id),
        insert: (row) => void insert(row),
      } satisfies ReceiptWriter,
    };
  };
  return async (batch) => {
    if (batch.settled) settled = new Set(batch.settled);
    sqlite.exec('BEGIN IMMEDIATE');
    try {
      const out: UnitOutcome[] = [];
      writers ??= prepare();
      inserted.begin();
      for (const u of batch.units) out.push(await applyUnit(writers, u));
      inserted.end();
      sqlite.exec('COMMIT');
      return out;
    } catch (err) {
      if (sqlite.inTransaction) sqlite.exec('ROLLBACK');
      throw err;
    }
  };
}

/**
 * SQLite's executor: the batch goes to the SQLite thread as one operation, so its commit's fsync
 * never stops the event loop (docs/adr/0121-sqlite-thread.md). The thread is ready for a batch
 * when it has nothing else to run (docs/adr/0124).
 */
export function createSqliteThreadExecutor(
  thread: Pick<SqliteThread, 'call' | 'idle' | 'onIdle'>,
  settled: SettledEventTypes = NO_SETTLED_TYPES,
): BatchExecutor {
  let sent = -1;
  return {
    executeBatch: (units) => {
      // The list goes with the first batch and again only when it changed (webhook subscriptions).
      const version = settledVersion(settled);
      const batch: SqliteIngestBatch = version === sent ? { units, settledVersion: version } : { units, settled: [...settled], settledVersion: version };
      sent = version;
      return thread.call<UnitOutcome[]>(SQLITE_INGEST_OP, batch);
    },
    ready: () => thread.idle(),
    onReady: (listener) => thread.onIdle(listener),
  };
}
