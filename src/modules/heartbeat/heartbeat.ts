import type { HeartbeatRow } from './heartbeat.table.ts';

/**
 * The rules of a heartbeat (PRODUCT.md 11), pure: when a silence opens the alert, and the status
 * the reads show. The job and the routes only execute them (heartbeat.job.ts, heartbeat.service.ts).
 */

export const INTERVAL_MIN = 60;
export const INTERVAL_MAX = 604_800;
export const GRACE_MAX = 86_400;
export const GRACE_DEFAULT = 60;

export type HeartbeatStatus = 'new' | 'up' | 'late' | 'down' | 'paused';

/** The instant a ping at `pingMs` stops covering: interval + grace later. */
export const deadlineAfter = (pingMs: number, intervalSeconds: number, graceSeconds: number): number => pingMs + (intervalSeconds + graceSeconds) * 1000;

/**
 * When a deadline opens the alert, given when this process started checking: at the deadline, or,
 * for a deadline that passed while Klaxon was down (before `startedMs`), one grace period after
 * start-up, so a sender whose pings were refused meanwhile has time to be heard again.
 */
export function fireAt(deadlineMs: number, graceSeconds: number, startedMs: number): number {
  return deadlineMs < startedMs ? Math.max(deadlineMs, startedMs + graceSeconds * 1000) : deadlineMs;
}

/** Whether the job opens the alert now. A paused, new or already-down heartbeat never does. */
export function isDue(hb: Pick<HeartbeatRow, 'enabled' | 'state' | 'deadline_at' | 'grace_seconds'>, nowMs: number, startedMs: number): boolean {
  if (hb.enabled !== 1 || hb.state !== 'up' || hb.deadline_at === null) return false;
  return nowMs >= fireAt(Date.parse(hb.deadline_at), hb.grace_seconds, startedMs);
}

/** The status in the reads: paused, new (never pinged), down (alert open), late (past the interval, within grace), else up. */
export function statusOf(hb: Pick<HeartbeatRow, 'enabled' | 'state' | 'last_ping_at' | 'interval_seconds'>, nowMs: number): HeartbeatStatus {
  if (hb.enabled !== 1) return 'paused';
  if (hb.state === 'down') return 'down';
  if (hb.state === 'new' || hb.last_ping_at === null) return 'new';
  return nowMs >= Date.parse(hb.last_ping_at) + hb.interval_seconds * 1000 ? 'late' : 'up';
}
