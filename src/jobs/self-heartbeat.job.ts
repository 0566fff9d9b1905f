import type { BackgroundJob, JobLoop, JobSchedule } from '../lib/background.ts';

/** How often the URL is pinged while Klaxon is well (PRODUCT.md 15: each minute). */
export const SELF_HEARTBEAT_EVERY_MS = 60_000;
/** The engine's last finished cycle must be this recent: a stuck cycle stops the pings. */
export const SELF_HEARTBEAT_ENGINE_STALE_MS = 120_000;
/** Alert events waiting for the worker past which Klaxon is not well (it pages late). */
export const SELF_HEARTBEAT_MAX_BACKLOG = 10_000;

export interface SelfHeartbeatOptions {
  /** KLAXON_SELF_HEARTBEAT_URL: another system's dead-man switch (a heartbeat URL); never logged. */
  url: string;
  /** The paging engine's loop (its last run's end and outcome, src/lib/background.ts). */
  engine: () => Pick<JobLoop, 'lastRun'> | undefined;
  /**
   * The time checks' loop (`paging-checks`, ADR 0765: heartbeats, alert timers, handoff notices),
   * held to the same rule as the engine where this process runs it (ADR 0885).
   */
  checks?: () => Pick<JobLoop, 'lastRun'> | undefined;
  /** Alert events written but not yet handled (the outbox backlog). */
  backlog: () => Promise<number>;
  maxBacklog?: number;
  everyMs?: number;
  staleMs?: number;
  timeoutMs?: number;
}

/**
 * Klaxon watching itself (docs/adr/0865-self-heartbeat.md): each minute, a GET of
 * KLAXON_SELF_HEARTBEAT_URL, but only while the paging engine's last cycle (and the time checks'
 * last run, ADR 0885) succeeded recently and the outbox backlog is under its bound. A dead process,
 * a stuck or failing engine or time check, an unreachable store or a backlog that does not drain
 * all stop the pings, and the system behind the URL (a
 * second Klaxon's heartbeat, a dead-man's-switch service) raises the alarm. Runs with the engine
 * (roles worker and all). Answers 1 when it pinged, 0 when not due or not well; a failed ping
 * throws (the runner logs it and retries).
 */
export function selfHeartbeatJob(opts: SelfHeartbeatOptions): BackgroundJob & { readonly lastPingAt: Date | undefined } {
  const everyMs = opts.everyMs ?? SELF_HEARTBEAT_EVERY_MS;
  const staleMs = opts.staleMs ?? SELF_HEARTBEAT_ENGINE_STALE_MS;
  const maxBacklog = opts.maxBacklog ?? SELF_HEARTBEAT_MAX_BACKLOG;
  let lastPingAt: Date | undefined;
  return {
    name: 'self-heartbeat',
    get lastPingAt() {
      return lastPingAt;
    },
    async run(now: Date): Promise<number> {
      if (lastPingAt && now.getTime() - lastPingAt.getTime() < everyMs) return 0;
      const well = (loop: Pick<JobLoop, 'lastRun'> | undefined) => {
        const last = loop?.lastRun;
        return !!last && last.ok && now.getTime() - last.at.getTime() < staleMs;
      };
      if (!well(opts.engine())) return 0;
      const checks = opts.checks?.();
      if (checks && !well(checks)) return 0;
      // An unreadable backlog (the store is down) is not well either.
      const backlog = await opts.backlog().catch(() => Infinity);
      if (backlog >= maxBacklog) return 0;
      let status: number;
      try {
        const res = await fetch(opts.url, { method: 'GET', signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000), redirect: 'manual' });
        await res.body?.cancel();
        status = res.status;
      } catch (err) {
        // The URL may carry a token: the message names neither it nor its host.
        throw new Error(`the self heartbeat ping failed (${(err as Error).name})`);
      }
      if (status < 200 || status >= 300) throw new Error(`the self heartbeat URL answered ${status}`);
      lastPingAt = now;
      return 1;
    },
  };
}

/** Polled every few seconds so a ping is never much later than the minute; each run checks the minute itself. */
export const SELF_HEARTBEAT_SCHEDULE: JobSchedule = { everyMs: 5_000, maxBackoffMs: SELF_HEARTBEAT_EVERY_MS };
