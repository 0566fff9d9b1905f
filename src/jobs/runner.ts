import { hostname } from 'node:os';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import type { Dialect } from '../db/connect.ts';
import type { Clock } from '../lib/clock.ts';
import { newId } from '../lib/ids.ts';
import { type OutboxEvent, backoffMs, outboxRepository, rowToEvent } from '../modules/outbox/index.ts';

/**
 * A consumer of outbox events. Delivery is at least once (a lease can expire while a slow handler
 * runs), so handlers must be idempotent, keyed by event id.
 */
export interface EventHandler {
  name: string;
  handles: (type: string) => boolean;
  handle: (event: OutboxEvent, ctx: { db: Kysely<Database>; now: string }) => Promise<void>;
}

/** Work done every so often on the runner's clock (pruning). Must be safe to run in several processes. */
export interface PeriodicJob {
  name: string;
  everyMs: number;
  run: (ctx: { db: Kysely<Database>; now: Date }) => Promise<unknown>;
}

export interface RunnerOptions {
  db: Kysely<Database>;
  dialect: Dialect;
  clock: Clock;
  handlers: EventHandler[];
  periodic?: PeriodicJob[];
  leaseMs?: number;
  batchSize?: number;
  pollMs?: number;
  maxAttempts?: number;
  onError?: (err: unknown, event?: OutboxEvent) => void;
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
  const pollMs = opts.pollMs ?? 250;
  const maxAttempts = opts.maxAttempts ?? 20;
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  let stopped = true;
  let again = false;
  let current: Promise<number> | undefined;

  const nextDue = new Map<string, number>();
  async function runPeriodic() {
    const now = opts.clock.now();
    for (const job of opts.periodic ?? []) {
      if ((nextDue.get(job.name) ?? 0) > now.getTime()) continue;
      nextDue.set(job.name, now.getTime() + job.everyMs);
      try {
        await job.run({ db: opts.db, now });
      } catch (err) {
        opts.onError?.(err);
      }
    }
  }

  async function tick(): Promise<number> {
    const now = opts.clock.now();
    const rows = await outboxRepository.claimBatch(opts.db, opts.dialect, {
      owner,
      now: now.toISOString(),
      leaseUntil: new Date(now.getTime() + leaseMs).toISOString(),
      limit: batchSize,
    });
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
    await runPeriodic();
    return rows.length;
  }

  async function loop() {
    if (running || stopped) {
      again = true;
      return;
    }
    running = true;
    try {
      do {
        again = false;
        current = tick();
        const n = await current;
        if (n >= batchSize) again = true;
      } while (again && !stopped);
    } catch (err) {
      opts.onError?.(err);
    } finally {
      running = false;
      current = undefined;
      if (!stopped) {
        clearTimeout(timer);
        timer = setTimeout(loop, pollMs);
        timer.unref();
      }
    }
  }

  return {
    owner,
    tick,
    /** Runs rounds until nothing is due (tests). */
    async drain(): Promise<void> {
      while ((await tick()) > 0) {
        /* keep going */
      }
    },
    start() {
      stopped = false;
      void loop();
    },
    nudge() {
      if (!stopped) void loop();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await current?.catch(() => undefined);
    },
  };
}
export type OutboxRunner = ReturnType<typeof createOutboxRunner>;
