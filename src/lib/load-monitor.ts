import { monitorEventLoopDelay } from 'node:perf_hooks';

/**
 * Decides when ingest sheds load (503 + Retry-After) before latency collapses: when the event
 * loop's p99 delay over the last two sample windows, or the committer's queue, passes its bound.
 * Tests inject `delayMs` instead of generating real overload.
 */
export function createLoadMonitor(opts: {
  maxDelayMs: number;
  maxQueueDepth: number;
  queueDepth: () => number;
  /** The current event-loop delay in ms; defaults to a perf_hooks histogram sampled every windowMs. */
  delayMs?: () => number;
  windowMs?: number;
}) {
  let lastDelayMs = 0;
  let stop = () => {};
  let delayMs = opts.delayMs;
  if (!delayMs) {
    const h = monitorEventLoopDelay({ resolution: 10 });
    h.enable();
    // Sustained delay only: the lower of the last two windows' p99, so one long synchronous
    // task (a password hash, a GC pause) does not shed traffic by itself.
    let previous = 0;
    const timer = setInterval(() => {
      const p99 = h.count ? h.percentile(99) / 1e6 : 0;
      lastDelayMs = Math.min(previous, p99);
      previous = p99;
      h.reset();
    }, opts.windowMs ?? 500);
    timer.unref();
    stop = () => {
      clearInterval(timer);
      h.disable();
    };
    delayMs = () => lastDelayMs;
  }
  const read = delayMs;
  return {
    overloaded(): boolean {
      return read() > opts.maxDelayMs || opts.queueDepth() > opts.maxQueueDepth;
    },
    delayMs: () => read(),
    stop: () => stop(),
  };
}
export type LoadMonitor = ReturnType<typeof createLoadMonitor>;
