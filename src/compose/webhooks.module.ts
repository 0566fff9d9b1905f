import type { EventHandler } from '../jobs/handler.ts';
import { unconsumedTypes } from '../jobs/runner.ts';
import { createWebhookDeliveryWorker } from '../jobs/webhook-delivery.job.ts';
import { ALERT_EVENT_TYPES } from '../modules/alert/index.ts';
import { createLookup, createWebhookSender, createWebhookService, createWebhookSubscriptions, webhookRoutes } from '../modules/webhook/index.ts';
import type { AlertsModule } from './alerts.module.ts';
import type { Core, Routes } from './core.ts';
import type { SchedulesModule } from './schedules.module.ts';
import type { SlackModule } from './slack.module.ts';

/** Outbound webhooks (docs/adr/0461, 0462): destinations, who wants which event, the sender and its worker. */
export function createWebhooksModule(core: Core, deps: {
  alerts: AlertsModule;
  schedules: SchedulesModule;
  /** `slack_app` destinations send through the Slack module. */
  slack: SlackModule;
  /** The outbox handlers besides the webhook fan-out: the alert events none of them consumes are webhook-only. */
  handlers: readonly EventHandler[];
}) {
  const { config, db, dialect, clock, box, onBackgroundError } = core;
  // Alert events no handler but webhooks consume are written processed, except for organizations
  // with a destination that wants them (docs/adr/0123, 0461): the subscriptions keep the set.
  const subscriptions = createWebhookSubscriptions({
    db, settled: deps.alerts.settledEvents, types: unconsumedTypes(ALERT_EVENT_TYPES, deps.handlers),
    onError: (err) => onBackgroundError(err, 'loading webhook subscriptions failed; events stay pending for every organization until it works'),
  });
  const sender = createWebhookSender({ db, clock, box, http: core.webhookHttp, publicUrl: config.publicUrl, slackApp: deps.slack.slack.deliver });
  const worker = createWebhookDeliveryWorker({ db, clock, sender, background: core.background, onError: (err) => onBackgroundError(err, 'webhook delivery round failed; it is retried') });
  const webhooks = createWebhookService({
    db, clock, box, publicUrl: config.publicUrl, allowPrivate: config.webhooks.allowPrivate, lookup: createLookup(config.webhooks.dnsServer), sender,
    subscriptionsChanged: () => subscriptions.refresh(),
    nudge: () => worker.nudge(),
    dialect,
    slackConnected: async (orgId) => (await deps.slack.slack.connectionOf(orgId)) !== undefined,
    // A destination a chat step posts to is not deleted from under it: 409 naming the schedules.
    chatStepsUsing: deps.schedules.schedules.schedulesUsingDestination,
  });
  const routes = { webhooks: webhookRoutes({ webhooks }) } satisfies Routes;
  // Loaded before the first request (buildApp, after migrations): until then every webhook-only event type is written pending.
  let loaded: Promise<void> | undefined;
  return { subscriptions, worker, webhooks, routes, ready: () => (loaded ??= subscriptions.refreshQuietly()) };
}
export type WebhooksModule = ReturnType<typeof createWebhooksModule>;
