// The paging engine's data and pure core (issue 21). Jobs live in src/jobs/paging/.
export * from './escalation.ts';
// Whether a person's steps reach them, and the email fallback (PRODUCT.md 10; issue 34).
export { type ConfiguredChannels, type PersonContacts, type PushKind, type Reach, configuredChannels, reachOf, unreachableLine, withFallback } from './reach.ts';
export * as notificationRepository from './notification.repository.ts';
export type { DueEscalation } from './notification.repository.ts';
export type { AlertEscalationRow, NotificationRow, NotificationStatus } from './notification.table.ts';
export { noSchedules } from './directory.ts';
export { createPagingService, type PagingService } from './notification.service.ts';
export { notificationRoutes } from './notification.routes.ts';
export { notificationSchemas } from './notification.schemas.ts';
export { sqlitePageStopper } from './notification.sqlite.ts';
export { pgPageStopper } from './notification.pg.ts';
// SMS and voice delivery (issue 22): throttles, bundles, reply codes, Twilio callbacks, test pages.
export { pruneTwilioCallbacks } from './delivery.repository.ts';
export { createPhoneDelivery, type PhoneDelivery, type PhoneFate, type Prepared } from './delivery.service.ts';
export { DEFAULT_THROTTLES, throttlesOf, type Throttles } from './delivery.ts';
export { deliveryRoutes, deliverySchemas } from './delivery.routes.ts';
