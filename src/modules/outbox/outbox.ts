import type { OutboxEventRow } from './outbox.table.ts';

/** An event as consumers see it. */
export interface OutboxEvent {
  id: number;
  orgId: string;
  type: string;
  alertId: string | null;
  payload: Record<string, unknown>;
  attempts: number;
  createdAt: string;
}

export const rowToEvent = (r: OutboxEventRow): OutboxEvent => ({
  id: r.id,
  orgId: r.org_id,
  type: r.type,
  alertId: r.alert_id,
  payload: JSON.parse(r.payload) as Record<string, unknown>,
  attempts: r.attempts,
  createdAt: r.created_at,
});

/** Exponential backoff with full jitter, capped (seconds). */
export const backoffMs = (attempt: number, random: () => number = Math.random): number =>
  Math.round(random() * Math.min(3_600_000, 1000 * 2 ** Math.min(attempt, 20)));
