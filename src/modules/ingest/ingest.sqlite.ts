import type SQLite from 'better-sqlite3';
import { preparedInserter, sqliteAlertWriter } from '../alert/index.ts';
import type { ReceiptRow } from './receipt.table.ts';
import type { IngestUnit, UnitOutcome } from './ingest.ts';
import type { SqliteThread } from '../../db/sqlite-thread.ts';
import { type BatchExecutor, type ReceiptWriter, applyUnit } from './committer.ts';

/** The SQLite thread's operation that applies an ingest batch (createSqliteThreadExecutor). */
export const SQLITE_INGEST_OP = 'ingest';

/**
 * Applies a batch in one BEGIN IMMEDIATE … COMMIT on the raw connection with prepared
 * statements. Runs on the SQLite thread, which owns the only connection: nothing interleaves.
 * Every writer is synchronous, so the batch completes before the thread takes another message.
 */
export function sqliteBatchApplier(sqlite: SQLite.Database): (units: IngestUnit[]) => Promise<UnitOutcome[]> {
  // Statements are prepared on first use: the tables exist only once migrations have run.
  let writers: { alerts: ReturnType<typeof sqliteAlertWriter>; receipts: ReceiptWriter } | undefined;
  const prepare = () => {
    const insert = preparedInserter(sqlite);
    const find = sqlite.prepare('select * from receipts where id = ?');
    const findIdem = sqlite.prepare('select * from receipts where credential_id = ? and idempotency_key = ?');
    const release = sqlite.prepare('update receipts set idempotency_key = null where id = ?');
    return {
      alerts: sqliteAlertWriter(sqlite),
      receipts: {
        find: (id) => find.get(id) as ReceiptRow | undefined,
        findByIdempotencyKey: (c, k) => findIdem.get(c, k) as ReceiptRow | undefined,
        releaseIdempotencyKey: (id) => void release.run(id),
        insert: (row) => insert('receipts', row),
      } satisfies ReceiptWriter,
    };
  };
  return async (units) => {
    sqlite.exec('BEGIN IMMEDIATE');
    try {
      const out: UnitOutcome[] = [];
      writers ??= prepare();
      for (const u of units) out.push(await applyUnit(writers, u));
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
 * never stops the event loop (docs/adr/0121-sqlite-thread.md).
 */
export function createSqliteThreadExecutor(thread: Pick<SqliteThread, 'call'>): BatchExecutor {
  return { executeBatch: (units) => thread.call<UnitOutcome[]>(SQLITE_INGEST_OP, units) };
}
