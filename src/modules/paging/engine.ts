import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import * as notificationRepository from './notification.repository.ts';

/** One kind of the engine's background work (GoAlert's engine modules): runs once, says how much it did. */
export interface PagingJob {
  name: string;
  run(now: Date): Promise<number>;
}

/**
 * The paging engine's loop (docs/adr/0420-paging-engine.md): runs its jobs in order (snooze
 * expiry, escalation, dispatch, claim recovery) until none has work, then sleeps until the next due
 * instant read from the rows (never a timer per page: a restart loses nothing), at most `pollMs`
 * (other processes' work), and wakes at once on nudge() (new work committed here).
 */
export function createPagingEngine(opts: {
  db: Kysely<Database>;
  clock: Clock;
  jobs: PagingJob[];
  pollMs?: number;
  onError?: (err: unknown, what: string) => void;
}) {
  const pollMs = opts.pollMs ?? 1000;
  let stopped = true;
  let running = false;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> | undefined;

  async function tick(): Promise<number> {
    let n = 0;
    for (const job of opts.jobs) {
      try {
        n += await job.run(opts.clock.now());
      } catch (err) {
        opts.onError?.(err, `paging job ${job.name} failed; it runs again shortly`);
      }
    }
    return n;
  }

  async function loop(): Promise<void> {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = true;
    clearTimeout(timer);
    let wait = pollMs;
    try {
      // Bounded: a busy engine still yields to the event loop between bursts.
      for (let i = 0; i < 100 && !stopped; i++) {
        again = false;
        if ((await tick()) === 0 && !again) break;
      }
      const due = await notificationRepository.nextDue(opts.db).catch(() => undefined);
      if (due !== undefined) wait = Math.min(pollMs, Math.max(0, due - opts.clock.now().getTime()));
    } catch (err) {
      opts.onError?.(err, 'paging engine round failed');
    } finally {
      running = false;
      if (!stopped) {
        timer = setTimeout(() => void (current = loop()), again ? 0 : wait);
        timer.unref();
      }
    }
  }

  return {
    tick,
    /** Runs rounds until no job has work (tests, with a manual clock). */
    async drain(): Promise<void> {
      for (let i = 0; i < 1000; i++) if ((await tick()) === 0) return;
    },
    start() {
      if (!stopped) return;
      stopped = false;
      current = loop();
    },
    nudge() {
      if (stopped) return;
      if (running) again = true;
      else {
        clearTimeout(timer);
        current = loop();
      }
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await current?.catch(() => undefined);
    },
  };
}
export type PagingEngine = ReturnType<typeof createPagingEngine>;
