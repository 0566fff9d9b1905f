export { createAlertService, applySignalTx, planContext, type AlertService, type ApplySignalInput, type AlertOperation } from './alert.service.ts';
export {
  type Signal, type NormalizedSignal, type Priority, type Urgency, type SignalAction, type AlertStatus,
  PRIORITIES, URGENCIES, SIGNAL_ACTIONS, ALERT_STATUSES, TITLE_MAX, EVENT_KEY_MAX, normalizeSignal, priorityRank, priorityFromRank,
} from './alert.ts';
export { type AlertResult, type AlertPlan, type AlertOutcome, alertOutcome, planSignal, alertSnapshot, planAckExpired, planAutoResolve } from './alert.plan.ts';
export { ALERT_EVENT_TYPES, type AlertEventType } from './alert.events.ts';
export { rowToAlert, type AlertView } from './alert.mapper.ts';
export { alertRoutes, alertSchemas } from './alert.routes.ts';
export type { AlertRow, NewAlertLogRow } from './alert.table.ts';
export { insertLogOnce } from './alert.repository.ts';
export { planEventRows, NO_SETTLED_TYPES, type SettledEventTypes, SettledEvents, settledVersion, wantedKey, isSettled, ALERT_LOG_COLUMNS } from './writers/index.ts';
export { INTERNED_KINDS, compactLogs, insertLogRows, logEntries, logTemplateId, sqliteLogWriter } from './alert.log.ts';
export { applySignal } from './alert.service.ts';
export { kyselyAlertWriter, type AlertWriter, sqliteAlertWriter, sqliteInsertedAlerts, columnsInserter, writePlanEffects } from './writers/index.ts';
export { BODY_MAX, SOURCE_MAX, fittedKey } from './alert.ts';
export { searchWords, titleWords, queryWords, titleMatches, WORD_MAX, QUERY_WORDS_MAX } from './search/index.ts';
