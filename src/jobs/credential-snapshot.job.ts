import type { BackgroundLog, JobReport } from '../db/outage-log.ts';
import { type BackgroundRunner, createBackgroundRunner } from '../lib/background.ts';
import { systemClock } from '../lib/clock.ts';

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
  /** Keeps the snapshot just loaded in the data folder (docs/adr/0511); may throw (disk full). */
  save?: () => void;
  /** Loads the snapshot kept in the data folder, answering when it was taken, if there is one. */
  restore?: () => string | undefined;
  /** The process's background runner; a runner of its own when not given (tests). */
  background?: BackgroundRunner;
}) {
  const everyMs = opts.everyMs ?? SNAPSHOT_REFRESH_MS;
  let truncated = false;
  let saveFailed = false;
  let loaded = false;

  async function refresh(): Promise<boolean> {
    try {
      const parts = await opts.refresh();
      loaded = true;
      opts.report.ok();
      try {
        opts.save?.();
        saveFailed = false;
      } catch (err) {
        // Once per failure spell: the previous file stays, and the in-memory snapshot is current.
        if (!saveFailed) opts.log.error({ err }, 'could not keep the outage credential snapshot in the data folder; a restart during an outage would use an older one');
        saveFailed = true;
      }
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

  const loop = (opts.background ?? createBackgroundRunner({ clock: systemClock })).add(
    { name: 'credential-snapshot', run: async () => ((await refresh()) ? 1 : 0) },
    // Started right after a refresh of its own (klaxon serve): the first run waits its minute.
    { everyMs, delayFirst: true, maxBackoffMs: everyMs },
  );

  return {
    /** One refresh now (start and tests); true when it loaded. */
    refresh,
    /** Loads the snapshot kept in the data folder; answers when it was taken, if there was one. */
    restore(): string | undefined {
      const takenAt = opts.restore?.();
      if (takenAt) loaded = true;
      return takenAt;
    },
    /** True once a snapshot was loaded, from the store or from the data folder. */
    get loaded(): boolean {
      return loaded;
    },
    start: () => loop.start(),
    stop: () => loop.stop(),
  };
}
export type SnapshotRefresher = ReturnType<typeof createSnapshotRefresher>;
