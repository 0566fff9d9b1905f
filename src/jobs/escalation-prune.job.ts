import { notificationRepository } from '../modules/paging/index.ts';
import { HANDLED_EVENT_KEEP_MS } from './outbox-prune.job.ts';
import type { PeriodicJob } from './handler.ts';

/**
 * The escalation state of a resolved alert (`alert_escalations`, one row an alert) is kept an hour
 * after the resolve, then deleted (docs/adr/0547-escalation-state-of-resolved-alerts.md). A
 * resolved alert is never paged again: the resolve stopped its escalation (next_at null) and
 * cancelled its pages, and a resolved alert cannot open again (a new signal opens a new alert).
 * The row's `last_event_id` only guards against applying an event twice, and after the hour no
 * handled event of the alert is left to redeliver (outbox-prune keeps them an hour); an alert with
 * an event still pending keeps its row.
 */
export const RESOLVED_ESCALATION_KEEP_MS = HANDLED_EVENT_KEEP_MS;

export const escalationPruneJob: PeriodicJob = {
  name: 'escalation-prune',
  everyMs: 10 * 60_000,
  async run({ db, now }) {
    return notificationRepository.pruneFinishedEscalations(db, new Date(now.getTime() - RESOLVED_ESCALATION_KEEP_MS).toISOString());
  },
};
