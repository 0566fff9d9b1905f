import { hostname } from 'node:os';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import type { Dialect } from '../db/connect.ts';
import { isStoreUnavailable } from '../db/unavailable.ts';
import type { Clock } from '../lib/clock.ts';
import { newId } from '../lib/ids.ts';
import { type OutboxEvent, backoffMs, outboxRepository, rowToEvent } from '../modules/outbox/index.ts';
import type { EventHandler, PeriodicJob, StoreRound } from './handler.ts';
import { type BackgroundJob, type BackgroundRunner, type JobSchedule, createBackgroundRunner } from '../lib/background.ts';

/**
 * The types among `types` that none of `handlers` handles. Their events are written already
 * processed (docs/adr/0123-unconsumed-events-written-processed.md); every process computes the same
 * list from the same handlers, whatever its role.
 */
export const unconsumedTypes = (types: readonly string[], handlers: readonly Pick<EventHandler, 'handles'>[]): string[] =>
  types.filter((type) => !handlers.some((h) => h.handles(type)));

/** A periodic job as a background job of the runner (src/lib/background.ts). */
export const periodicJob = (job: PeriodicJob, db: Kysely<Database>): [BackgroundJob, JobSchedule] => [
  { name: job.name, run: async (now) => (await job.run({ db, now }), 0) },
  { everyMs: job.everyMs, maxBackoffMs: job.everyMs },
];

export interface RunnerOptions {
  db: Kysely<Database>;
  dialect: Dialect;
  clock: Clock;
  handlers: EventHandler[];
  /** The process's background runner; a runner of its own when not given (tests). */
  background?: BackgroundRunner;
  leaseMs?: number;
  /**
   * The most events a round leases for handling outside its transaction (handlers that use the
   * network), and a round's size when `roundSize` is not given. A round this full goes on at once.
   */
  batchSize?: number;
  /**
   * The most events a round takes (default batchSize). Those whose handlers are all local are
   * handled in the round's transaction at a cost of a few statements whatever their number, so a
   * backlog drains in fewer, larger rounds: on PostgreSQL a round's statements each wait for the
   * process's event loop, which ingest keeps busy (docs/adr/0871). At most batchSize of them are
   * leased; the others stay due for the next round.
   */
  roundSize?: number;
  pollMs?: number;
  /**
   * Least idle time between the end of a round and a round started by a nudge. Under a stream of
   * commits a round per commit would cost a commit (an fsync) each and hold the event loop most of
   * the time; gathering a few milliseconds of events costs none (docs/adr/0120-ingest-throughput.md).
   * A full round (a backlog) goes on at once.
   */
  nudgeGapMs?: number;
  maxAttempts?: number;
  /**
   * True (the default): a round's selection, local handling and marks share one transaction. The
   * SQLite thread sets it false: a transaction held open across the round's message round trips
   * would hold back every ingest batch behind it (docs/adr/0122-wal-flush-off-the-thread.md). Statement by
   * statement is safe there: one process owns the file, marks only touch still-unprocessed rows,
   * and local handlers are idempotent by event id (a round cut short is redone).
   */
  transactionalRounds?: boolean;
  /**
   * Optional: a round the store runs itself (the SQLite thread: one message and one commit, no
   * statement per row crossing threads), for the event types whose handlers all have a form there.
   * It runs first in each round; whatever it leaves, or fails on, the round here then handles
   * (docs/adr/0125-outbox-round-on-the-sqlite-thread.md).
   */
  storeRound?: StoreRound;
  /** `what` names the failed step when it is not a round (a periodic job, the store's round). */
  onError?: (err: unknown, event?: OutboxEvent, what?: string) => void;
  /** A round completed: the store answered (the outage log's all-clear, src/db/outage-log.ts). */
  onRound?: (taken: number) => void;
}

/**
 * Claims outbox events under a lease and hands each to its handlers. `tick()` does one round
 * (tests drive it with a manual clock); `start()` loops, woken at once by `nudge()` after a local
 * commit and otherwise polling, so events of other processes are picked up too.
 */
export function createOutboxRunner(opts: RunnerOptions) {
  // Names its process, so an operator (or a test) can tell who holds a lease.
  const owner = `${newId('evt').replace('evt_', 'wrk_')}@${hostname()}:${process.pid}`;
  const leaseMs = opts.leaseMs ?? 30_000;
  const batchSize = opts.batchSize ?? 200;
  const roundSize = Math.max(batchSize, opts.roundSize ?? batchSize);
  const pollMs = opts.pollMs ?? 250;
  const nudgeGapMs = opts.nudgeGapMs ?? 20;
  const transactionalRounds = opts.transactionalRounds ?? true;
  const maxAttempts = opts.maxAttempts ?? 20;

  const claimOptions = (limit = batchSize) => {
    const now = opts.clock.now();
    return { owner, now: now.toISOString(), leaseUntil: new Date(now.getTime() + leaseMs).toISOString(), limit };
  };
  // Per event type: its handlers, and whether all are local (types are few; rounds are many).
  const byType = new Map<string, { handlers: EventHandler[]; local: boolean }>();
  const handlersOf = (type: string) => {
    let e = byType.get(type);
    if (!e) {
      const handlers = opts.handlers.filter((h) => h.handles(type));
      byType.set(type, (e = { handlers, local: handlers.every((h) => h.local === true) }));
    }
    return e;
  };
  const allLocal = (row: { type: string }) => handlersOf(row.type).local;

  /**
   * The store's own round, if any: how many events it took, and the types it handled. After an
   * error it handled none: the round here then takes those types too.
   */
  async function storeRound(): Promise<{ taken: number; handled: readonly string[] }> {
    const store = opts.storeRound;
    if (!store) return { taken: 0, handled: [] };
    try {
      return { taken: await store.run({ now: opts.clock.now().toISOString(), limit: batchSize, types: store.types, handlers: store.handlers }), handled: store.types };
    } catch (err) {
      opts.onError?.(err, undefined, "the store's outbox round failed; this round takes its events");
      return { taken: 0, handled: [] };
    }
  }

  async function tick(): Promise<number> {
    const inStore = await storeRound();
    // Events of the store round's types that committed since it ran wait for its next round: here
    // each would cost statements and commits of their own (docs/adr/0125).
    return inStore.taken + (await roundHere(inStore.handled));
  }

  /**
   * One round: in one transaction (statement by statement with transactionalRounds off), take due
   * events, run the handlers of those whose handlers are all local and mark them processed, and
   * lease the rest; then handle the leased ones outside it. A local event thus costs no lease
   * write. If the round fails (a local handler threw), it is redone event by event under leases,
   * so one bad event is retried on its own and cannot hold back the others.
   */
  async function roundHere(exceptTypes: readonly string[] = []): Promise<number> {
    let taken: number;
    let leased: Awaited<ReturnType<typeof outboxRepository.claimBatch>>;
    try {
      const round = async (trx: Kysely<Database>) => {
        const { now, leaseUntil, limit } = claimOptions(roundSize);
        const rows = await outboxRepository.selectDue(trx, opts.dialect, { now, limit, exceptTypes });
        const localRows = rows.filter(allLocal);
        // Events no handler here consumes (most are written processed already, ADR 0123; these came
        // from a process with other handlers) are only marked processed: no payload parse.
        const local = localRows.filter((row) => handlersOf(row.type).handlers.length > 0).map(rowToEvent);
        // Handler by handler (local handlers are independent database writes), each event in order.
        for (const h of opts.handlers) {
          const mine = local.filter((e) => h.handles(e.type));
          if (!mine.length) continue;
          const ctx = { db: trx, now: opts.clock.now().toISOString() };
          if (h.handleMany) await h.handleMany(mine, ctx);
          else for (const e of mine) await h.handle(e, ctx);
        }
        await outboxRepository.markHeldProcessed(trx, localRows.map((row) => row.id), opts.clock.now().toISOString());
        // Leased: at most batchSize (each is handled one by one under the lease); the others stay due.
        const rest = rows.filter((row) => !allLocal(row)).map((row) => row.id).slice(0, batchSize);
        return [localRows.length + rest.length, await outboxRepository.leaseHeld(trx, rest, { owner, leaseUntil, now })] as const;
      };
      [taken, leased] = transactionalRounds ? await opts.db.transaction().execute(round) : await round(opts.db);
    } catch (err) {
      // With the store gone, claiming the events one by one fails the same way: the next poll retries.
      if (isStoreUnavailable(err)) throw err;
      opts.onError?.(err);
      const claimed = await outboxRepository.claimBatch(opts.db, opts.dialect, claimOptions());
      await handleEach(claimed);
      return claimed.length;
    }
    await handleEach(leased);
    return taken;
  }

  /** Handles claimed events one at a time, outside any transaction (handlers may use the network). */
  async function handleEach(rows: Awaited<ReturnType<typeof outboxRepository.claimBatch>>): Promise<number> {
    const done: number[] = [];
    for (const row of rows) {
      const event = rowToEvent(row);
      try {
        for (const h of opts.handlers) if (h.handles(event.type)) await h.handle(event, { db: opts.db, now: opts.clock.now().toISOString() });
        done.push(event.id);
      } catch (err) {
        opts.onError?.(err, event);
        const giveUp = event.attempts >= maxAttempts;
        const at = new Date(opts.clock.now().getTime() + (giveUp ? 365 * 86_400_000 : backoffMs(event.attempts)));
        await outboxRepository.markRetry(opts.db, event.id, owner, String((err as Error)?.message ?? err), at.toISOString());
      }
    }
    await outboxRepository.markProcessed(opts.db, done, owner, opts.clock.now().toISOString());
    return rows.length;
  }

  const loop = (opts.background ?? createBackgroundRunner({ clock: opts.clock })).add(
    { name: 'outbox', run: () => tick() },
    {
      everyMs: pollMs,
      burstAt: batchSize,
      nudgeGapMs,
      after: (n) => opts.onRound?.(n),
      // Logged, not thrown: a failed round is redone event by event, a failed event retried with backoff.
      failed: (err, msg) => opts.onError?.(err, undefined, msg),
    },
  );

  return {
    owner,
    tick,
    /** Runs rounds until nothing is due (tests). */
    async drain(): Promise<void> {
      while ((await tick()) > 0) {
        /* keep going */
      }
    },
    /** The runner's loop of outbox rounds (src/jobs/background.ts). */
    loop,
    start: () => loop.start(),
    /** A local commit wrote events: a round now (after the nudge gap), not at the next poll. */
    nudge: () => loop.nudge(),
    stop: () => loop.stop(),
  };
}
export type OutboxRunner = ReturnType<typeof createOutboxRunner>;
