import { outboxRepository } from '../modules/outbox/index.ts';
import type { PeriodicJob } from './handler.ts';

/**
 * A handled outbox event is kept an hour (docs/adr/0544-storage-per-alert.md). No consumer reads
 * one after handling it: the paging intake applies an event once (alert_escalations.last_event_id)
 * and keeps nothing of it but its id; the webhook fan-out copies the event into each delivery's
 * own snapshot, which redelivery and the delivery log read (kept 7 days by webhook-cleanup); the
 * mail jobs send once; there is no event stream to resume. The hour is for an operator looking at
 * what just happened. Pending events are never pruned.
 */
export const HANDLED_EVENT_KEEP_MS = 60 * 60_000;

export const outboxPruneJob: PeriodicJob = {
  name: 'outbox-prune',
  everyMs: 5 * 60_000,
  async run({ db, now }) {
    // A thousand rows a statement, oldest first (outboxRepository.pruneProcessed).
    return outboxRepository.pruneProcessed(db, new Date(now.getTime() - HANDLED_EVENT_KEEP_MS).toISOString());
  },
};
