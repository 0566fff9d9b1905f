// Paging (issue 41): escalation state, notifications, the intake, the engine's jobs and dispatcher,
// the delivery port providers implement, and the directory port the schedule module implements.
export type { Channel, DeliveryProvider, DestinationKind, OutboundMessage, SendOutcome } from './delivery.port.ts';
export type { ChannelStep, OnCallDirectory, SchedulePlan, UpcomingShift } from './directory.port.ts';
export { createPagingEngine, type PagingEngine, type PagingJob } from './engine.ts';
export { createEscalationJob } from './escalation.job.ts';
export { createDispatchJob } from './dispatch.job.ts';
export { createSnoozeExpiryJob } from './snooze-expiry.job.ts';
export { createAlertTimersJob } from './timers.job.ts';
export { ackExpired, autoResolveDue, timerDueAt } from './timers.ts';
export { createClaimRecoveryJob } from './claim-recovery.job.ts';
export { eventLogId, pagingIntakeHandler, pagingIntakeSqlite } from './intake.job.ts';
export * from './escalation.ts';
// The one stop rule and the one send decision (docs/adr/0750).
export { type PageStop, type StopReason, type StopScope, cancelledLine, pageStopsOf, stopPages, stoppedBy } from './stop.ts';
export { type PageDecision, decidePage } from './decide.ts';
// Whether a person's steps reach them, and the email fallback (PRODUCT.md 10; issue 34).
export { type ChannelState, type ConfiguredChannels, type PersonContacts, type PushKind, type Reach, channelStates, configuredChannels, reachOf, unreachableLine, withFallback } from './reach.ts';
export * as notificationRepository from './notification.repository.ts';
export type { DueEscalation } from './notification.repository.ts';
export type { AlertEscalationRow, NotificationRow, NotificationStatus } from './notification.table.ts';
export { createPagingService, stopPagesOnOperation, type PagingService } from './notification.service.ts';
export { notificationRoutes } from './notification.routes.ts';
export { notificationSchemas } from './notification.schemas.ts';
export { sqlitePageStopper } from './notification.sqlite.ts';
export { pgPageStopper } from './notification.pg.ts';
// SMS and voice delivery (issue 22): throttles, bundles, reply codes, Twilio callbacks, test pages.
export { pruneTwilioCallbacks } from './delivery.repository.ts';
export { createPhoneDelivery, type PhoneDelivery, type PhoneFate, type Prepared } from './delivery.service.ts';
export { DEFAULT_THROTTLES, disableReasonOf, smsText, throttlesOf, type Throttles } from './delivery.ts';
export { deliveryRoutes, deliverySchemas } from './delivery.routes.ts';
// How each person is reached (issue 35, PRODUCT.md 10): notification rules, quiet hours.
export { type Effective, type PersonRules, type QuietHours, type Rule, effectiveSteps, planPeople, quietUntil, rulesLine } from './rules.ts';
export { createRulesService, loadRules, type RulesService } from './rules.service.ts';
export { rulesRoutes, rulesSchemas } from './rules.routes.ts';
export { createHandoffJob, handoffText } from './handoff.job.ts';
