import type { Clock } from '../lib/clock.ts';
import { isStoreUnavailable } from './unavailable.ts';

/** The part of a pino logger background jobs write to. */
export interface BackgroundLog {
  error(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

/** What one periodic job reports: a failure, and that a run of it reached the store. */
export interface JobReport {
  failed(err: unknown, msg: string): void;
  /** Cheap when nothing is wrong: a set lookup. */
  ok(): void;
}

/** At most one "still unavailable" line this often while the store stays down. */
export const OUTAGE_SUMMARY_EVERY_MS = 60_000;

const cause = (err: unknown) => {
  const e = err as { code?: unknown; message?: unknown };
  return [e?.code, e?.message].filter((p) => typeof p === 'string' && p).join(': ') || String(err);
};

/**
 * Periodic jobs retry every few hundred milliseconds, so while the store is down a line per failure
 * is a flood (with a stack each) that hides everything else. A store-unavailable failure
 * (`isStoreUnavailable`) is logged as one warning when the first job finds the store gone, then as
 * at most one summary a minute (failures per job), then one info line once every job that failed
 * has run against the store again. Any other failure is an error line, as before.
 */
export function createOutageLog(opts: { log: BackgroundLog; clock: Clock; summaryEveryMs?: number }) {
  const every = opts.summaryEveryMs ?? OUTAGE_SUMMARY_EVERY_MS;
  const down = new Set<string>(); // jobs whose last run found the store unavailable
  let failures: Record<string, number> = {}; // store-unavailable failures per job since the last line
  let since = 0;
  let lastLineAt = 0;
  const seconds = (ms: number) => Math.round(ms / 1000);

  function job(name: string, affects: string): JobReport {
    return {
      failed(err, msg) {
        if (!isStoreUnavailable(err)) {
          opts.log.error({ err, job: name }, msg);
          return;
        }
        const now = opts.clock.now().getTime();
        if (down.size === 0) {
          down.add(name);
          since = lastLineAt = now;
          failures = {};
          opts.log.warn({ job: name, cause: cause(err) }, `the store is unavailable: ${affects} waits until it answers (one summary a minute while it stays down)`);
          return;
        }
        down.add(name);
        failures[name] = (failures[name] ?? 0) + 1;
        if (now - lastLineAt >= every) {
          lastLineAt = now;
          opts.log.warn({ downForSeconds: seconds(now - since), failures, waiting: [...down], cause: cause(err) }, 'the store is still unavailable');
          failures = {};
        }
      },
      ok() {
        if (!down.delete(name) || down.size) return;
        const now = opts.clock.now().getTime();
        opts.log.info({ downForSeconds: seconds(now - since), failures }, 'the store answers again; background jobs resume');
        failures = {};
      },
    };
  }
  return { job };
}
export type OutageLog = ReturnType<typeof createOutageLog>;
