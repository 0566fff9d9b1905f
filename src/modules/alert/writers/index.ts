export { type AlertWriter, type SettledEventTypes, NO_SETTLED_TYPES, SettledEvents, settledVersion, wantedKey, isSettled, planEventRows } from './writer.ts';
export { kyselyAlertWriter, writePlanEffects, findOpenByKey, insertIfNoOpen, sqliteIndexAlertWords } from './kysely.ts';
export { sqliteAlertWriter, sqliteInsertedAlerts, columnsInserter, type AfterEffects } from './sqlite.ts';
export { pgBatchAlertWriter, updateAlertsSql, LOCK_OPEN_ALERTS, type PendingAlertWrites } from './pg.ts';
export { ALERT_COLUMNS, ALERT_STATE_COLUMNS, OUTBOX_EVENT_COLUMNS, ALERT_LOG_COLUMNS, LOG_TEMPLATE_COLUMNS } from './columns.ts';
