import type pg from 'pg';
import { type PreparedSql, columnList, ensurePrepared, executeSql, jsonLiteral, textArrayLiteral } from '../../db/pg-prepared.ts';
import {
  type PendingAlertWrites, ALERT_COLUMNS, ALERT_LOG_COLUMNS, LOCK_OPEN_ALERTS, LOG_TEMPLATE_COLUMNS, OUTBOX_EVENT_COLUMNS, pgBatchAlertWriter, updateAlertsSql,
} from '../alert/writers/index.ts';
import { compactLogs } from '../alert/alert.log.ts';
import { NO_SETTLED_TYPES, type SettledEventTypes } from '../alert/index.ts';
import { pgPageStopper } from '../paging/index.ts';
import type { BatchExecutor, ReceiptWriter } from './committer.ts';
import { applyUnit } from './committer.ts';
import type { UnitOutcome } from './ingest.ts';
import { type ReceiptRow, RECEIPT_COLUMNS } from './receipt.table.ts';
import { usageRepository } from '../usage/index.ts';


/** `insert into <table> (<cols>) select <cols> from <the rows of a JSON array>` */
const insertFromJson = (table: string, cols: readonly string[], json: string) => {
  const list = columnList(cols);
  return `insert into ${table} (${list}) select ${list} from json_populate_recordset(null::${table}, ${json})`;
};

/**
 * Everything a batch writes, in one statement: new alerts, write-backs of repeated alerts,
 * timeline rows and the templates they name (docs/adr/0550), outbox rows and receipts, and the new alerts' hourly usage counts
 * (docs/adr/0543-usage-counters.md), as data-modifying CTEs (which all run to completion).
 * A concurrent first trigger of one of the new keys makes the INSERT fail on alerts_open_dedupe.
 */
const WRITE_BATCH: PreparedSql = {
  name: 'klaxon_write_ingest_batch',
  params: ['json', 'json', 'text[]', 'json', 'json', 'json', 'json'],
  text: `with new_alerts as (${insertFromJson('alerts', ALERT_COLUMNS, '$1')} returning org_id, created_at),
    counted as (${usageRepository.pgCountAlertsCreatedSql('new_alerts')}),
    repeated_alerts as (${updateAlertsSql('$2', '$3')}),
    templates as (${insertFromJson('alert_log_templates', LOG_TEMPLATE_COLUMNS, '$7')} on conflict (id) do nothing),
    logs as (${insertFromJson('alert_log', ALERT_LOG_COLUMNS, '$4')}),
    events as (${insertFromJson('outbox_events', OUTBOX_EVENT_COLUMNS, '$5')})
    ${insertFromJson('receipts', RECEIPT_COLUMNS, '$6')}`,
};

/**
 * The batch's writes, then COMMIT, in one round trip; after an error the COMMIT is not run.
 * When the batch writes back repeated alerts, the statement is planned for its arguments: the
 * generic plan, made once per connection and kept until the table is next analyzed, could
 * hash-join a sequential scan of alerts for that write-back when it was made while the table
 * was small, and then scanned the table in every batch of repeats. A batch without write-backs
 * never runs that part (its hash side is empty), so it keeps the cached plan and skips planning
 * (ADR 0120, 2026-11-23).
 */
const writeAndCommitSql = (a: PendingAlertWrites, receipts: ReceiptRow[]) => {
  const logs = compactLogs(a.logs);
  return `${a.updates.length ? 'set local plan_cache_mode = force_custom_plan; ' : ''}${executeSql(WRITE_BATCH, [
    jsonLiteral(a.inserts),
    jsonLiteral(a.updates),
    textArrayLiteral(a.updates.map((r) => r.id)),
    jsonLiteral(logs.entries),
    jsonLiteral(a.events),
    jsonLiteral(receipts),
    jsonLiteral(logs.templates),
  ])}; commit`;
};

// Columns named, not `*`, as in alert/writers/pg.ts: prepared statements must keep their result type.
const RECEIPT_LIST = columnList(RECEIPT_COLUMNS);
const FIND_RECEIPT = { name: 'klaxon_receipt_by_id', text: `select ${RECEIPT_LIST} from receipts where id = $1` };
const FIND_BY_IDEMPOTENCY_KEY = {
  name: 'klaxon_receipt_by_idempotency_key',
  text: `select ${RECEIPT_LIST} from receipts where credential_id = $1 and idempotency_key = $2`,
};
const RELEASE_IDEMPOTENCY_KEY = { name: 'klaxon_receipt_release_key', text: 'update receipts set idempotency_key = null where id = $1' };

/**
 * Receipts on the batch's client, kept until the batch's write statement; lookups see the
 * receipts of earlier units of the batch, so an Idempotency-Key repeated inside one batch still
 * replays.
 */
function pgDeferringReceiptWriter(client: pg.ClientBase): ReceiptWriter & { take(): ReceiptRow[] } {
  let pending: ReceiptRow[] = [];
  const first = async (q: { name: string; text: string }, values: unknown[]) => (await client.query<ReceiptRow>({ ...q, values })).rows[0];
  return {
    find: async (id) => pending.find((r) => r.id === id) ?? (await first(FIND_RECEIPT, [id])),
    findByIdempotencyKey: async (c, k) =>
      pending.find((r) => r.credential_id === c && r.idempotency_key === k) ?? (await first(FIND_BY_IDEMPOTENCY_KEY, [c, k])),
    releaseIdempotencyKey: async (id) => {
      const mine = pending.find((r) => r.id === id);
      if (mine) mine.idempotency_key = null;
      else await client.query({ ...RELEASE_IDEMPOTENCY_KEY, values: [id] });
    },
    insert: (row) => void pending.push({ ...row }),
    take() {
      const rows = pending;
      pending = [];
      return rows;
    },
  };
}

/**
 * PostgreSQL's ingest executor: a batch is two round trips whatever its size, BEGIN with the
 * read-and-lock of the batch's open alerts, and the batch's writes with COMMIT, each a
 * simple-protocol query running a statement prepared once per connection; between them the
 * plans are applied in memory (docs/adr/0120-ingest-throughput.md). An acknowledgement or a
 * resolve adds one round trip for the batch's page stops (docs/adr/0552); a key resolved and
 * opened again in one batch, one more.
 */
export function createPgExecutor(pool: pg.Pool, settled: SettledEventTypes = NO_SETTLED_TYPES): BatchExecutor {
  return {
    async executeBatch(units) {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        await ensurePrepared(client, [LOCK_OPEN_ALERTS, WRITE_BATCH]);
        const stopper = pgPageStopper(client);
        const w = { alerts: pgBatchAlertWriter(client, settled, stopper.add), receipts: pgDeferringReceiptWriter(client) };
        await w.alerts.begin(units.flatMap((u) => u.signals.map((s) => [s.serviceId, s.signal.eventKey] as const)));
        const out: UnitOutcome[] = [];
        for (const u of units) out.push(await applyUnit(w, u));
        const stopEntries = await stopper.flush();
        const writes = w.alerts.take();
        writes.logs.push(...stopEntries);
        const results = (await client.query(writeAndCommitSql(writes, w.receipts.take()))) as unknown as pg.QueryResult[];
        // COMMIT of a transaction that failed earlier answers ROLLBACK instead of an error.
        if (results.at(-1)?.command !== 'COMMIT') throw new Error(`The batch did not commit (${results.at(-1)?.command}).`);
        return out;
      } catch (err) {
        await client.query('rollback').catch((e: Error) => (broken = e));
        throw err;
      } finally {
        // A client whose rollback failed is closed, not reused.
        client.release(broken);
      }
    },
  };
}
