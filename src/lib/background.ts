import type { Clock } from './clock.ts';

/**
 * One kind of background work (GoAlert's engine modules, `processinglock/module.go`): one round at
 * `now`, answering how much it did (0: nothing was due). A failure throws; the runner logs it and
 * runs the job again later. Its state lives in rows, never in timers, so a restart loses nothing.
 */
export interface BackgroundJob {
  readonly name: string;
  run(now: Date): Promise<number>;
}

/** When a job runs (docs/adr/0760-one-background-runner.md). */
export interface JobSchedule {
  /** Wait after an idle run: the poll that finds other processes' work. */
  everyMs: number;
  /** A run that did at least this much (a full batch: a backlog) is followed by another at once. Default: never. */
  burstAt?: number;
  /** Least idle time between the end of a run and a run started by a nudge (a few ms gathers a stream of commits into one round). */
  nudgeGapMs?: number;
  /** After an idle run, a shorter wait than everyMs when the rows say when work is due (the engine's next page). */
  nextWaitMs?: (done: number, now: Date) => Promise<number | undefined> | number | undefined;
  /** The first run at start waits everyMs (a job that ran already while the process started). */
  delayFirst?: boolean;
  /** After failures the wait doubles from everyMs up to this. Default: the larger of everyMs and 5 s. */
  maxBackoffMs?: number;
  /** Told of each successful run (the outage log's all-clear, a nudge of the next stage). */
  after?: (done: number) => void;
  /** Told of each failure instead of the runner's onError (the outage log: one line per outage). */
  failed?: (err: unknown, msg: string) => void;
}

/** Counts and times runs (`klaxon_job_runs_total{job}`, `klaxon_job_duration_seconds{job}`, src/http/metrics.ts). */
export interface JobMetrics {
  observe(job: string, seconds: number, failed: boolean): void;
}

export interface JobLoop {
  readonly name: string;
  /** One run now, counted and timed; a failure is reported (not thrown) and answers 0. */
  runOnce(): Promise<number>;
  start(): void;
  /** New work was committed here: run now (or once the nudge gap has passed), not at the next poll. */
  nudge(): void;
  /** Stops polling and waits for a run in progress. */
  stop(): Promise<void>;
  readonly started: boolean;
  /** How the last finished run ended, at the clock's time (the self heartbeat reads the engine's); undefined before the first. */
  readonly lastRun: { at: Date; ok: boolean } | undefined;
}

/** Consecutive runs of a burst before the loop yields to the event loop once. */
const BURST = 100;

/**
 * The one background runner: every loop of the process (outbox rounds, the paging engine, the
 * dispatcher, webhook delivery, the spool drain, the credential snapshot, the periodic prunes) is a
 * BackgroundJob added here with its schedule, and gets the same nudge, stop, error and metrics
 * handling. A failed run is logged (never silent) and retried after a backoff; a run never overlaps
 * another run of the same job in this process (other processes are kept apart by leases and claims).
 */
export function createBackgroundRunner(opts: {
  clock: Clock;
  metrics?: JobMetrics;
  /** Where a job without a `failed` of its own reports (the outage log's job report, src/db/outage-log.ts). */
  report?: (job: string) => { failed(err: unknown, msg: string): void; ok(): void };
}) {
  const loops = new Map<string, JobLoop>();

  function add(job: BackgroundJob, schedule: JobSchedule): JobLoop {
    if (loops.has(job.name)) throw new Error(`a background job named ${job.name} is added already`);
    const maxBackoffMs = schedule.maxBackoffMs ?? Math.max(schedule.everyMs, 5_000);
    const gap = schedule.nudgeGapMs ?? 0;
    let stopped = true;
    /** A loop body is in progress (a run, or reading when the next is due). */
    let busy: Promise<void> | undefined;
    let again = false;
    let timer: NodeJS.Timeout | undefined;
    let failures = 0;
    let lastEndMs = 0;
    let lastRun: { at: Date; ok: boolean } | undefined;
    const report = opts.report?.(job.name);

    /** One run, counted and timed. Answers -1 after a failure (reported here). */
    async function once(): Promise<number> {
      const t0 = performance.now();
      try {
        const done = await job.run(opts.clock.now());
        opts.metrics?.observe(job.name, (performance.now() - t0) / 1000, false);
        lastRun = { at: opts.clock.now(), ok: true };
        failures = 0;
        report?.ok();
        schedule.after?.(done);
        return done;
      } catch (err) {
        opts.metrics?.observe(job.name, (performance.now() - t0) / 1000, true);
        lastRun = { at: opts.clock.now(), ok: false };
        failures++;
        const retryMs = Math.min(maxBackoffMs, schedule.everyMs * 2 ** Math.min(failures - 1, 16));
        const msg = `background job ${job.name} failed; it runs again in ${retryMs < 1000 ? `${retryMs} ms` : `${Math.round(retryMs / 1000)} s`}`;
        if (schedule.failed) schedule.failed(err, msg);
        else if (report) report.failed(err, msg);
        // Never silent: without a report the failure still reaches the log.
        else console.error(msg, err);
        return -1;
      }
    }

    function arm(ms: number) {
      clearTimeout(timer);
      if (stopped) return;
      timer = setTimeout(() => void loop(), Math.max(0, ms));
      timer.unref();
    }

    function loop(): Promise<void> {
      if (stopped) return Promise.resolve();
      if (busy) {
        again = true;
        return busy;
      }
      clearTimeout(timer);
      busy = body().finally(() => {
        busy = undefined;
      });
      return busy;
    }

    async function body(): Promise<void> {
      let wait = schedule.everyMs;
      let done = 0;
      for (let i = 0; i < BURST && !stopped; i++) {
        again = false;
        done = await once();
        lastEndMs = performance.now();
        if (done < 0) break;
        const burst = schedule.burstAt !== undefined && done >= schedule.burstAt;
        if (!burst && !again) break;
        if (!burst && again && gap > 0) break;
        if (i === BURST - 1) again = true;
      }
      if (stopped) return;
      if (done < 0) wait = Math.min(maxBackoffMs, schedule.everyMs * 2 ** Math.min(failures - 1, 16));
      else if (again) wait = gap;
      else if (schedule.nextWaitMs) {
        try {
          const next = await schedule.nextWaitMs(done, opts.clock.now());
          if (next !== undefined) wait = Math.min(wait, Math.max(0, next));
        } catch {
          // The store did not answer: the poll comes at everyMs.
        }
        // Nudged while reading it.
        if (again) wait = gap;
      }
      arm(wait);
    }

    const self: JobLoop = {
      name: job.name,
      async runOnce() {
        return Math.max(0, await once());
      },
      start() {
        if (!stopped) return;
        stopped = false;
        if (schedule.delayFirst) arm(schedule.everyMs);
        else void loop();
      },
      nudge() {
        if (stopped) return;
        if (busy) {
          again = true;
          return;
        }
        arm(lastEndMs + gap - performance.now());
      },
      async stop() {
        stopped = true;
        clearTimeout(timer);
        await busy?.catch(() => undefined);
      },
      get started() {
        return !stopped;
      },
      get lastRun() {
        return lastRun;
      },
    };
    loops.set(job.name, self);
    return self;
  }

  return {
    add,
    /** A loop by name (tests, `klaxon serve` starting work by role). */
    loop(name: string): JobLoop | undefined {
      return loops.get(name);
    },
    get names(): string[] {
      return [...loops.keys()];
    },
    /** Starts the named loops (all when none are named). */
    start(names?: readonly string[]) {
      for (const l of loops.values()) if (!names || names.includes(l.name)) l.start();
    },
    /** Stops every loop and waits for the runs in progress. */
    async stop() {
      await Promise.all([...loops.values()].map((l) => l.stop()));
    },
  };
}
export type BackgroundRunner = ReturnType<typeof createBackgroundRunner>;

/** A runner of its own, for a loop built without the process's (tests that build one worker alone). */
export const privateRunner = (clock: Clock) => createBackgroundRunner({ clock });
