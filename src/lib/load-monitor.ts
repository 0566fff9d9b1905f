import { performance } from 'node:perf_hooks';

/** Event-loop utilization above which a delayed loop counts as our own overload. */
const BUSY_UTILIZATION = 0.85;

/**
 * Decides when ingest sheds load (503 + Retry-After) before latency collapses: when the event
 * loop is both late and busy (worst timer lateness above its bound and utilization above 85 %, each the lower
 * of the last two sample windows, so one long task or GC pause does not shed), or when the
 * committer's queue passes its bound. A loop that is late but mostly idle is a starved machine
 * (other processes), not our overload: shedding would not help it. The loop is measured from
 * `start()` on (the server calls it when ready). Tests inject `delayMs`.
 */
export function createLoadMonitor(opts: {
  maxDelayMs: number;
  maxQueueDepth: number;
  queueDepth: () => number;
  /** The current event-loop delay in ms; measured by default (timer drift, per windowMs window). */
  delayMs?: () => number;
  windowMs?: number;
}) {
  let lastDelayMs = 0;
  let lastUtilization = 0;
  let start = () => {};
  let stop = () => {};
  let delayMs = opts.delayMs;
  let utilization = () => 1;
  if (!delayMs) {
    // Measured from start(), which the server calls once it is ready: start-up's own work (module
    // loading, migrations, the dashboard check, building the routes) is not load that shedding
    // could relieve, and counted in the first windows it refused a restarted process's first
    // signals. Until then only the queue bound sheds.
    // Lateness of a 20 ms ticker (timer drift), the worst per window; with it the loop's
    // utilization over the same window (perf_hooks).
    const TICK_MS = 20;
    let ticker: NodeJS.Timeout | undefined;
    let timer: NodeJS.Timeout | undefined;
    start = () => {
      if (timer) return;
      let last = performance.now();
      let worst = 0;
      ticker = setInterval(() => {
        const now = performance.now();
        worst = Math.max(worst, now - last - TICK_MS);
        last = now;
      }, TICK_MS);
      ticker.unref();
      let previous = { delay: 0, elu: 0 };
      let mark = performance.eventLoopUtilization();
      timer = setInterval(() => {
        const elu = performance.eventLoopUtilization(mark).utilization;
        mark = performance.eventLoopUtilization();
        lastDelayMs = Math.min(previous.delay, worst);
        lastUtilization = Math.min(previous.elu, elu);
        previous = { delay: worst, elu };
        worst = 0;
      }, opts.windowMs ?? 500);
      timer.unref();
    };
    stop = () => {
      clearInterval(ticker);
      clearInterval(timer);
    };
    delayMs = () => lastDelayMs;
    utilization = () => lastUtilization;
  }
  const read = delayMs;
  return {
    overloaded(): boolean {
      return (read() > opts.maxDelayMs && utilization() > BUSY_UTILIZATION) || opts.queueDepth() > opts.maxQueueDepth;
    },
    delayMs: () => read(),
    /** Begins measuring the event loop (once the server is ready); an injected `delayMs` needs none. */
    start: () => start(),
    stop: () => stop(),
  };
}
export type LoadMonitor = ReturnType<typeof createLoadMonitor>;
