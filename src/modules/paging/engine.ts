import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { type BackgroundRunner, type JobMetrics, createBackgroundRunner } from '../../lib/background.ts';
import * as notificationRepository from './notification.repository.ts';

/** One kind of the engine's background work (GoAlert's engine modules): runs once, says how much it did. */
export interface PagingJob {
  name: string;
  run(now: Date): Promise<number>;
}

/**
 * The paging engine (docs/adr/0420-paging-engine.md, 0760): two loops of the background runner.
 * The engine cycle runs its jobs in order (snooze expiry, escalation, claim recovery) until none
 * has work; the dispatcher is a loop of its own, so sends waiting on a provider never hold back
 * escalations, and an escalation that made pages nudges it at once. Each sleeps until the next
 * due instant read from the rows (never a timer per page: a restart loses nothing), at most
 * `pollMs` (other processes' work), and wakes at once on nudge() (new work committed here).
 */
export function createPagingEngine(opts: {
  db: Kysely<Database>;
  clock: Clock;
  /** The engine cycle, in order. */
  jobs: PagingJob[];
  /**
   * Time checks (handoff notices, heartbeats, alert timers): a loop of their own at `pollMs`, so a
   * burst of escalations runs without them between its runs (docs/adr/0765). tick() and drain()
   * run them after the cycle's jobs, as before.
   */
  checks?: PagingJob[];
  /**
   * The dispatcher (createDispatchJob): its own loop, or with `lanes` two loops, high urgency apart
   * from low (docs/adr/0876).
   */
  dispatch?: PagingJob & { lanes?: { high: PagingJob; low: PagingJob } };
  pollMs?: number;
  /** The process's background runner; a runner of its own when not given. */
  background?: BackgroundRunner;
  onError?: (err: unknown, what: string) => void;
  /** Times each job of the cycle as `paging-engine:<job>` (which stage a slow cycle spends in). */
  metrics?: JobMetrics;
}) {
  const pollMs = opts.pollMs ?? 1000;
  const background = opts.background ?? createBackgroundRunner({ clock: opts.clock });
  const failed = (err: unknown, msg: string) => opts.onError?.(err, msg);
  const nextDueIn = async (_done: number, now: Date) => {
    const due = await notificationRepository.nextDue(opts.db);
    return due === undefined ? undefined : due - now.getTime();
  };

  // One failing job does not stop the others of the cycle: it is logged, and the cycle goes on.
  // `worked` is told after each job that did something (the engine nudges the dispatcher then,
  // not after the rest of the cycle).
  async function cycle(now: Date, jobs: readonly PagingJob[], worked?: () => void): Promise<number> {
    let n = 0;
    for (const job of jobs) {
      const t0 = performance.now();
      try {
        const done = await job.run(now);
        n += done;
        opts.metrics?.observe(`paging-engine:${job.name}`, (performance.now() - t0) / 1000, false);
        if (done > 0) worked?.();
      } catch (err) {
        opts.metrics?.observe(`paging-engine:${job.name}`, (performance.now() - t0) / 1000, true);
        failed(err, `paging job ${job.name} failed; it runs again shortly`);
      }
    }
    return n;
  }

  // With lanes, high urgency is its own loop (small rounds, its own next due page): a critical page
  // never waits for a round bundling a low-urgency backlog (docs/adr/0876).
  const lanes = opts.dispatch?.lanes;
  const lane = (name: string, job: PagingJob, urgency: 'high' | 'low') =>
    background.add({ name, run: (now) => job.run(now) }, {
      everyMs: pollMs, burstAt: 1, maxBackoffMs: 5_000, failed,
      nextWaitMs: async (_done, now) => {
        const due = await notificationRepository.nextPageDue(opts.db, urgency);
        return due === undefined ? undefined : due - now.getTime();
      },
    });
  const dispatchers = !opts.dispatch
    ? []
    : lanes
      ? [lane('paging-dispatch-urgent', lanes.high, 'high'), lane('paging-dispatch', lanes.low, 'low')]
      : [background.add({ name: 'paging-dispatch', run: (now) => opts.dispatch!.run(now) }, { everyMs: pollMs, burstAt: 1, nextWaitMs: nextDueIn, maxBackoffMs: 5_000, failed })];
  const nudgeDispatch = () => {
    for (const d of dispatchers) d.nudge();
  };
  // The dispatcher starts once the engine has run once: after downtime, an escalation that moved on
  // while the process was down cancels its old level's overdue steps before they could be sent.
  let started = false;
  const startDispatch = () => {
    if (started) for (const d of dispatchers) if (!d.started) d.start();
  };
  const engine = background.add(
    { name: 'paging-engine', run: (now) => cycle(now, opts.jobs, nudgeDispatch) },
    {
      everyMs: pollMs, burstAt: 1, nextWaitMs: nextDueIn, maxBackoffMs: 5_000,
      failed: (err, msg) => {
        failed(err, msg);
        startDispatch();
      },
      after: () => startDispatch(),
    },
  );
  const checks = opts.checks?.length
    ? background.add({ name: 'paging-checks', run: (now) => cycle(now, opts.checks!) }, { everyMs: pollMs, burstAt: 1, maxBackoffMs: 5_000, failed })
    : undefined;
  const all = [...opts.jobs, ...(opts.checks ?? []), ...(opts.dispatch ? [opts.dispatch] : [])];

  return {
    /** One pass of every job in order, the dispatcher last (tests, with a manual clock). */
    tick: (): Promise<number> => cycle(opts.clock.now(), all),
    /** Runs rounds until no job has work (tests, with a manual clock). */
    async drain(): Promise<void> {
      for (let i = 0; i < 1000; i++) if ((await cycle(opts.clock.now(), all)) === 0) return;
    },
    start() {
      started = true;
      engine.start();
      checks?.start();
    },
    nudge() {
      engine.nudge();
      nudgeDispatch();
    },
    async stop() {
      started = false;
      await Promise.all([engine.stop(), checks?.stop(), ...dispatchers.map((d) => d.stop())]);
    },
  };
}
export type PagingEngine = ReturnType<typeof createPagingEngine>;
