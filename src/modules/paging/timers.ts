/**
 * A service's alert timers (PRODUCT.md 11; docs/adr/0822-alert-timers.md), the pure part: when an
 * acknowledgement expires (`ack_timeout_minutes` after it) and when an alert resolves itself
 * (`auto_resolve_minutes` after its last signal). A timer not set (null) never fires.
 */

const MINUTE_MS = 60_000;

/** The instant (ms) `minutes` after `from`; undefined when either is not set. */
export function timerDueAt(from: string | null | undefined, minutes: number | null | undefined): number | undefined {
  if (!from || minutes === null || minutes === undefined || minutes <= 0) return undefined;
  const at = Date.parse(from);
  return Number.isNaN(at) ? undefined : at + minutes * MINUTE_MS;
}

/** An acknowledged alert not resolved within `minutes` of its acknowledgement is open again. */
export function ackExpired(alert: { status: string; acknowledged_at: string | null }, minutes: number | null | undefined, nowMs: number): boolean {
  if (alert.status !== 'acknowledged') return false;
  const due = timerDueAt(alert.acknowledged_at, minutes);
  return due !== undefined && due <= nowMs;
}

/** An alert not resolved, without a signal for `minutes` since its last, resolves itself. */
export function autoResolveDue(alert: { status: string; last_signal_at: string }, minutes: number | null | undefined, nowMs: number): boolean {
  if (alert.status === 'resolved') return false;
  const due = timerDueAt(alert.last_signal_at, minutes);
  return due !== undefined && due <= nowMs;
}
