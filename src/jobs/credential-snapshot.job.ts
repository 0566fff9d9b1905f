import type { BackgroundLog, JobReport } from '../db/outage-log.ts';

/** How often each process reloads its outage credential snapshot (docs/adr/0103). */
export const SNAPSHOT_REFRESH_MS = 60_000;

/**
 * Reloads the ingest credential snapshots (docs/adr/0103-outage-credential-snapshot.md) now and
 * every `everyMs`, in every process that takes ingest: the snapshot is per process, so this is a
 * local timer, not a leased periodic job of the outbox worker. A failed refresh keeps the previous
 * snapshot and is reported; it never throws.
 */
export function createSnapshotRefresher(opts: {
  refresh: () => Promise<{ truncated: boolean }[]>;
  report: JobReport;
  log: BackgroundLog;
  everyMs?: number;
}) {
  const everyMs = opts.everyMs ?? SNAPSHOT_REFRESH_MS;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<boolean> | undefined;
  let truncated = false;

  async function refresh(): Promise<boolean> {
    try {
      const parts = await opts.refresh();
      opts.report.ok();
      const now = parts.some((p) => p.truncated);
      // Once per change, not per refresh: the bound is a configuration fact, not an event.
      if (now && !truncated) opts.log.warn({}, 'the outage credential snapshot is at its bound: some credentials will get 503 rather than be spooled while the store is down');
      truncated = now;
      return true;
    } catch (err) {
      opts.report.failed(err, 'credential snapshot refresh failed; the previous snapshot stays in use');
      return false;
    }
  }

  function tick() {
    current = refresh().finally(() => {
      current = undefined;
      if (timer) {
        timer = setTimeout(tick, everyMs);
        timer.unref();
      }
    });
  }

  return {
    /** One refresh now (start and tests); true when it loaded. */
    refresh,
    start() {
      if (timer) return;
      timer = setTimeout(tick, everyMs);
      timer.unref();
    },
    async stop() {
      clearTimeout(timer);
      timer = undefined;
      await current;
    },
  };
}
export type SnapshotRefresher = ReturnType<typeof createSnapshotRefresher>;
