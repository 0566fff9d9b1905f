import type SQLite from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import type { OutboxEvent } from '../modules/outbox/index.ts';

// The shapes of the outbox runner's work, apart from the runner (src/jobs/runner.ts) and the SQLite
// thread's round (src/jobs/outbox-round.sqlite.ts), so a handler anywhere imports types only.

/**
 * A consumer of outbox events. Delivery is at least once (a lease can expire while a slow handler
 * runs), so handlers must be idempotent, keyed by event id.
 */
export interface EventHandler {
  name: string;
  handles: (type: string) => boolean;
  handle: (event: OutboxEvent, ctx: { db: Kysely<Database>; now: string }) => Promise<void>;
  /**
   * True for a handler that only writes to the database (no network, no sleep). Events whose
   * handlers are all local are handled inside one transaction with the claim and marked
   * processed there: a round costs one commit, not one per event (docs/adr/0120-ingest-throughput.md).
   */
  local?: boolean;
  /**
   * Optional, for local handlers: the round's events of this handler at once (in id order), in
   * place of one handle() call each. The event-by-event redo of a failed round uses handle().
   */
  handleMany?: (events: OutboxEvent[], ctx: { db: Kysely<Database>; now: string }) => Promise<void>;
}

/** Work done every so often on the runner's clock (pruning). Must be safe to run in several processes. */
export interface PeriodicJob {
  name: string;
  everyMs: number;
  run: (ctx: { db: Kysely<Database>; now: Date }) => Promise<unknown>;
}

/**
 * A local handler's form that runs on the SQLite thread, inside the round's transaction
 * (docs/adr/0125-outbox-round-on-the-sqlite-thread.md). It stands for the EventHandler of the same
 * name and must write what that handler writes.
 */
export interface SqliteEventHandler {
  name: string;
  handles: (type: string) => boolean;
  /** Prepares its statements once; the function it returns handles one event. */
  prepare: (sqlite: SQLite.Database) => (event: OutboxEvent, now: string) => void;
}

/** One round on the thread: due events of `types`, handled by the handlers named. */
export interface SqliteOutboxRound {
  now: string;
  limit: number;
  types: string[];
  handlers: string[];
}

/** What the runner needs to have the SQLite thread run a round (RunnerOptions.storeRound). */
export interface StoreRound {
  types: string[];
  handlers: string[];
  run(round: SqliteOutboxRound): Promise<number>;
}
