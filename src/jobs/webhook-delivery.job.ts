import { hostname } from 'node:os';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import type { Clock } from '../lib/clock.ts';
import { newId } from '../lib/ids.ts';
import { type BackgroundRunner, createBackgroundRunner } from '../lib/background.ts';
import { type WebhookSender, webhookRepository } from '../modules/webhook/index.ts';

export interface WebhookDeliveryWorkerOptions {
  db: Kysely<Database>;
  clock: Clock;
  sender: WebhookSender;
  /** Deliveries claimed a round. */
  batchSize?: number;
  /** At most this many of one destination a round, one after another (one request in flight per destination). */
  perDestination?: number;
  /** Destinations served at once. */
  concurrency?: number;
  leaseMs?: number;
  pollMs?: number;
  onError?: (err: unknown) => void;
  /** The process's background runner; a runner of its own when not given (tests). */
  background?: BackgroundRunner;
}

/**
 * Sends due webhook deliveries (docs/adr/0461-webhook-delivery.md). A round claims the due heads of
 * each (destination, alert) chain under a lease, serves destinations side by side and each
 * destination's deliveries one at a time, in order. Due times are rows against the injected clock,
 * so a restart loses nothing: whatever a dead worker held is taken again when its lease expires.
 */
export function createWebhookDeliveryWorker(opts: WebhookDeliveryWorkerOptions) {
  const owner = `${newId('evt').replace('evt_', 'whw_')}@${hostname()}:${process.pid}`;
  const batchSize = opts.batchSize ?? 50;
  const perDestination = opts.perDestination ?? 5;
  const concurrency = opts.concurrency ?? 8;
  const leaseMs = opts.leaseMs ?? 120_000;
  const pollMs = opts.pollMs ?? 500;

  async function tick(): Promise<number> {
    const now = opts.clock.now();
    const nowIso = now.toISOString();
    const ids = await webhookRepository.dueDeliveryIds(opts.db, nowIso, batchSize);
    const rows = await webhookRepository.leaseDeliveries(opts.db, ids, { owner, now: nowIso, leaseUntil: new Date(now.getTime() + leaseMs).toISOString() });
    if (!rows.length) return 0;
    const byDestination = new Map<string, typeof rows>();
    for (const r of rows.sort((a, b) => (a.next_attempt_at! < b.next_attempt_at! ? -1 : a.next_attempt_at! > b.next_attempt_at! ? 1 : a.seq - b.seq))) {
      const list = byDestination.get(r.destination_id) ?? [];
      list.push(r);
      byDestination.set(r.destination_id, list);
    }
    const queues = [...byDestination.values()];
    const serve = async (list: typeof rows) => {
      let stop = false;
      for (const [i, row] of list.entries()) {
        // Past the share of one destination, or once it failed (its circuit may be open, or it is
        // gone): the rest wait for a later round without an attempt being counted.
        if (stop || i >= perDestination) {
          await opts.sender.release(row, owner, row.next_attempt_at ?? nowIso);
          continue;
        }
        try {
          const outcome = await opts.sender.attempt(row, owner);
          if (outcome !== 'delivered') stop = true;
        } catch (err) {
          stop = true;
          opts.onError?.(err);
        }
      }
    };
    const workers = Array.from({ length: Math.min(concurrency, queues.length) }, async () => {
      for (let q = queues.shift(); q; q = queues.shift()) await serve(q);
    });
    await Promise.all(workers);
    return rows.length;
  }

  const loop = (opts.background ?? createBackgroundRunner({ clock: opts.clock })).add(
    { name: 'webhook-delivery', run: () => tick() },
    { everyMs: pollMs, burstAt: batchSize, failed: (err) => opts.onError?.(err) },
  );

  return {
    owner,
    tick,
    /** Rounds until nothing is due now (tests). */
    async drain(): Promise<void> {
      while ((await tick()) > 0) {
        /* keep going */
      }
    },
    start: () => loop.start(),
    nudge: () => loop.nudge(),
    stop: () => loop.stop(),
  };
}
export type WebhookDeliveryWorker = ReturnType<typeof createWebhookDeliveryWorker>;
