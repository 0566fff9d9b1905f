/**
 * Event kinds the alert module writes to the outbox, in the same transaction as the change
 * (PRODUCT.md 8). Paging and outbound webhooks consume them. A payload carries `alert` (a
 * snapshot after the change), `actor`, `receipt_id`, and `page_urgency` when the change must page,
 * with `page_log_id`: the id of its "page requested" timeline entry, made right after the change's
 * own entries so the request sorts before the pages it leads to (paging/intake.job.ts eventLogId).
 */
export const ALERT_EVENT_TYPES = [
  'alert.triggered',
  'alert.repeated',
  'alert.priority_raised',
  'alert.acknowledged',
  'alert.escalated',
  'alert.snoozed',
  'alert.woken',
  'alert.resolved',
] as const;
export type AlertEventType = (typeof ALERT_EVENT_TYPES)[number];
