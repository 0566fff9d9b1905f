import type SQLite from 'better-sqlite3';
import type { SqliteThread } from '../db/sqlite-thread.ts';
import { type OutboxEvent, type OutboxEventRow, rowToEvent } from '../modules/outbox/index.ts';
import type { EventHandler, SqliteEventHandler, SqliteOutboxRound, StoreRound } from './handler.ts';
import { pagingIntakeSqlite } from '../modules/paging/index.ts';
import { webhookFanoutSqlite } from './webhook-fanout.job.ts';

/** Every handler with a form on the SQLite thread (the thread's bundle holds these). */
export const SQLITE_EVENT_HANDLERS: readonly SqliteEventHandler[] = [pagingIntakeSqlite, webhookFanoutSqlite];

/** The SQLite thread's operation that runs an outbox round (see sqliteOutboxRound). */
export const SQLITE_OUTBOX_ROUND_OP = 'outbox-round';

const SELECT_DUE = `select id, org_id, type, alert_id, payload, attempts, created_at from outbox_events
  where processed_at is null and available_at <= ? and (lease_until is null or lease_until < ?)
    and type in (select value from json_each(?))
  order by available_at, id limit ?`;
const MARK_PROCESSED = 'update outbox_events set processed_at = ?, last_error = null where id = ? and processed_at is null';

/**
 * Runs a round in one BEGIN IMMEDIATE … COMMIT on the thread's connection: takes the first due,
 * unleased events of the round's types (in the order of the index outbox_events_pending), runs
 * the named handlers on each and marks it processed. Returns how many it took. Any error rolls the
 * whole round back.
 */
export function sqliteOutboxRound(sqlite: SQLite.Database, available: readonly SqliteEventHandler[] = SQLITE_EVENT_HANDLERS) {
  let statements: { selectDue: SQLite.Statement; markProcessed: SQLite.Statement } | undefined;
  const prepared = new Map<string, (event: OutboxEvent, now: string) => void>();
  const runnerOf = (h: SqliteEventHandler) => {
    let run = prepared.get(h.name);
    if (!run) prepared.set(h.name, (run = h.prepare(sqlite)));
    return run;
  };
  return (round: SqliteOutboxRound): number => {
    statements ??= { selectDue: sqlite.prepare(SELECT_DUE), markProcessed: sqlite.prepare(MARK_PROCESSED) };
    const handlers = available.filter((h) => round.handlers.includes(h.name)).map((h) => ({ handles: h.handles, run: runnerOf(h) }));
    sqlite.exec('BEGIN IMMEDIATE');
    try {
      const rows = statements.selectDue.all(round.now, round.now, JSON.stringify(round.types), round.limit) as OutboxEventRow[];
      for (const row of rows) {
        const event = rowToEvent(row);
        for (const h of handlers) if (h.handles(event.type)) h.run(event, round.now);
        statements.markProcessed.run(round.now, row.id);
      }
      sqlite.exec('COMMIT');
      return rows.length;
    } catch (err) {
      if (sqlite.inTransaction) sqlite.exec('ROLLBACK');
      throw err;
    }
  };
}

/**
 * The store round for SQLite: the event types whose handlers here are all local and all have a
 * form on the thread, or undefined when there are none (then every event goes the Kysely way).
 */
export function createSqliteStoreRound(
  thread: Pick<SqliteThread, 'call'>,
  handlers: readonly EventHandler[],
  types: readonly string[],
): StoreRound | undefined {
  const onThread = new Set(SQLITE_EVENT_HANDLERS.map((h) => h.name));
  const roundTypes = types.filter((type) => {
    const mine = handlers.filter((h) => h.handles(type));
    return mine.length > 0 && mine.every((h) => h.local === true && onThread.has(h.name));
  });
  if (!roundTypes.length) return undefined;
  const names = [...new Set(handlers.filter((h) => roundTypes.some((t) => h.handles(t))).map((h) => h.name))];
  return { types: roundTypes, handlers: names, run: (round) => thread.call<number>(SQLITE_OUTBOX_ROUND_OP, round) };
}
