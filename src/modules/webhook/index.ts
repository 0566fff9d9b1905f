export * as webhookRepository from './webhook.repository.ts';
export {
  type DeliverySnapshot, type ContextRow, type FanoutDestination, CONTEXT_ROW_SQL, FANOUT_DESTINATIONS_SQL, DELIVERY_COLUMNS,
  snapshotOf, wantedBy, deliveryRows, sampleSnapshot, templateContext, alertUrl,
} from './webhook.snapshot.ts';
export { createWebhookSender, renderFor, signedHeaders, type WebhookSender, type AttemptOutcome, type AppDelivery, type AppDeliveryResult } from './webhook.delivery.ts';
export {
  createLookup, blockedReason, checkLiteral, ownOriginProblem, guardedLookup, BlockedAddressError, RESPONSE_HEAD_BYTES, type LookupAll, type WebhookHttp, type PostResult,
} from './webhook.ssrf.ts';
export { WEBHOOK_KINDS, CHAT_KINDS, EVENT_KINDS, isChatKind, type WebhookKind, ORIGIN_HEADER, WEBHOOK_USER_AGENT, publicOrigin, ownWebhookRefusal } from './webhook.ts';
export { DEFAULT_TEMPLATES, PAGE_TEMPLATES, PAGE_VARIABLES } from './webhook.defaults.ts';
export { compileTemplate, renderTemplate, CONTEXT_VARIABLES, FILTERS, type Json } from './webhook.template.ts';
export type { WebhookDestinationRow, WebhookDeliveryRow } from './webhook.table.ts';
export { createWebhookSubscriptions, type WebhookSubscriptions, SUBSCRIPTIONS_REFRESH_MS } from './webhook.subscriptions.ts';
export { createWebhookService, rowToWebhook, rowToDelivery, type WebhookService, type WebhookInput, type WebhookPatchInput, type PreviewInput as WebhookPreviewInput, MAX_DESTINATIONS } from './webhook.service.ts';
export { webhookRoutes, webhookSchemas } from './webhook.routes.ts';
export { providerWarnings, type PreviewWarning } from './webhook.limits.ts';
export { maskUrl } from './webhook.ts';
