// Usage counters (docs/adr/0543-usage-counters.md). Alerts created are counted here, per hour, by
// every alert write path. SMS messages and voice minutes are counted per billing period by the
// billing service's `consume(orgId, 'sms' | 'voice_minutes', n, trx)` (with the plan's limit), in
// the sender's transaction.
export * as usageRepository from './usage.repository.ts';
export { usageHour, hourAtOrAfter, periodHours, PG_SHARDS } from './usage.ts';
export type { UsageHourTable, UsageHourRow } from './usage.table.ts';
