import { createSlackPoster } from '../modules/slack/index.ts';
import {
  type DeliveryProvider, type OnCallDirectory, configuredChannels, createClaimRecoveryJob, createDispatchJob, createEscalationJob, createPagingEngine,
  createHandoffJob, createAlertTimersJob, createPagingService, createPhoneDelivery, createRulesService, createSnoozeExpiryJob, deliveryRoutes, notificationRoutes, rulesRoutes,
} from '../modules/paging/index.ts';
import { createPageActionService, pageActionRoutes } from '../modules/page-action/index.ts';
import { createOnCallDirectory } from '../modules/schedule/index.ts';
import { createChatProvider } from '../providers/chat.ts';
import { createEmailProvider } from '../providers/email.ts';
import { createPushProviderFromConfig } from '../providers/push-config.ts';
import { createTwilioProviders } from '../providers/twilio-delivery.ts';
import { createTelegramClient, createTelegramProvider } from '../providers/telegram.ts';
import { createTelegramService, telegramRoutes } from '../modules/telegram/index.ts';
import type { AlertsModule } from './alerts.module.ts';
import type { BillingModule } from './billing.module.ts';
import type { TimeModule } from './time.module.ts';
import type { Core, Routes } from './core.ts';

/**
 * Paging (issue 21, docs/adr/0420-paging-engine.md): the delivery providers, who is on call, the
 * paging service, the engine and its jobs, acknowledge-from-the-page. Answers `core.wake.paging`.
 */
export function createPagingModule(core: Core, deps: {
  alerts: AlertsModule;
  billing: BillingModule;
  /** Maintenance windows hold pages; the heartbeat check is one of the engine's jobs (issue 36). */
  time: TimeModule;
  /** Delivery providers tests inject; looked up by channel, first match, before the built-in ones. */
  providers?: DeliveryProvider[] | undefined;
  /** Who is on call; default: the schedule module's (createOnCallDirectory). */
  directory?: OnCallDirectory | undefined;
  /** Push providers' TLS trust and timeout (tests: the fakes' self-signed certificate). */
  push?: { ca?: string | Buffer | (string | Buffer)[]; timeoutMs?: number } | undefined;
}) {
  const { config, db, dialect, clock, box } = core;
  const { alerts } = deps.alerts;
  const { billing } = deps.billing;
  // Push (docs/adr/0440): APNs, FCM and Web Push behind the `push` channel, when any is configured.
  const pushProvider = createPushProviderFromConfig(config, { clock, ...deps.push });
  // `slack_app` destinations (PRODUCT.md 12): the alert's one message per channel, by chat steps and webhook deliveries alike.
  const slackPoster = createSlackPoster({ db, box, clock, api: core.slackApi, publicUrl: config.publicUrl });
  const chatProvider = createChatProvider({ db, box, http: core.webhookHttp, clock, slack: slackPoster });
  // The whole list before anything gets it. SMS and voice through the same Twilio client as
  // verification (issue 22, docs/adr/0445); `chat` posts to a webhook destination.
  const emailProvider = createEmailProvider({ smtpUrl: config.smtpUrl, from: config.mailFrom });
  // Telegram, a person's own chat (issue 37, docs/adr/0835): configured with TELEGRAM_BOT_TOKEN.
  const telegramClient = config.telegram ? createTelegramClient({ apiUrl: config.telegram.apiUrl, botToken: config.telegram.botToken }) : undefined;
  const providers: DeliveryProvider[] = [
    ...(deps.providers ?? []),
    ...(pushProvider ? [pushProvider] : []),
    emailProvider,
    ...createTwilioProviders({ client: core.sms.client, publicUrl: config.publicUrl }),
    chatProvider,
    createTelegramProvider(telegramClient),
  ];
  // What the server can send on, read at each call (tests swap providers): reach, routing preview and org settings.
  const channels = () => configuredChannels(providers);
  const directory = deps.directory ?? createOnCallDirectory(db, { clock });
  const paging = createPagingService({ db, clock, directory, notify: core.wake.paging.fire, channels });
  // Each person's notification rules and quiet hours (issue 35, docs/adr/0800).
  const rules = createRulesService({ db, clock });
  // Acknowledge from the page: push action tokens and email links (docs/adr/0441).
  const pageActions = createPageActionService({ db, clock, secretKey: config.secretKey, publicUrl: config.publicUrl, alerts });
  const telegram = createTelegramService({ db, clock, client: telegramClient, webhookSecret: config.telegram?.webhookSecret, publicUrl: config.publicUrl, alerts });
  const phoneDelivery = createPhoneDelivery({ db, clock, publicUrl: config.publicUrl, box, alerts, billing, providers: () => providers, throttle: core.throttle });
  const pagingJob = core.outage.job('paging', 'the paging engine');
  const engine = createPagingEngine({
    db, clock, background: core.background, metrics: core.metrics.jobs,
    jobs: [
      createSnoozeExpiryJob({ db }),
      // 100 escalations a run, high urgency first: a storm's backlog is worked through in short
      // runs, each nudging the dispatcher, so a critical alert's page waits one short run (docs/adr/0761).
      createEscalationJob({ db, directory, dialect, batch: 100, onEvents: core.notify, channels, maintenance: deps.time.maintenance.decide }),
      createClaimRecoveryJob({ db }),
    ],
    // The time checks, in a loop of their own: not between the runs of an escalation burst (docs/adr/0765).
    checks: [
      // Handoff notices before each person's shifts (issue 35, docs/adr/0800).
      createHandoffJob({ db, directory, providers, box, publicUrl: config.publicUrl }),
      // Time-driven checks (issue 36): heartbeats whose deadline passed; each service's
      // acknowledgement timeout and auto-resolve (docs/adr/0822-alert-timers.md).
      deps.time.heartbeatJob,
      createAlertTimersJob({ db, dialect, settledEvents: deps.alerts.settledEvents, onChanged: core.notify }),
    ],
    dispatch: createDispatchJob({ db, dialect, providers, box, publicUrl: config.publicUrl, claimMs: config.pageClaimMs, emailBundleFrom: config.emailBundleFrom, actions: pageActions, phone: phoneDelivery, maintenance: deps.time.maintenance.windowsNow, onFate: (channel, status) => core.metrics.countPage(channel, status) }),
    onError: (err, what) => pagingJob.failed(err, what),
  });
  core.wake.paging.listen(() => engine.nudge());
  const routes = {
    paging: notificationRoutes({ paging }),
    delivery: deliveryRoutes({ phone: phoneDelivery, publicUrl: config.publicUrl, authToken: config.sms?.authToken }),
    pageActions: pageActionRoutes({ actions: pageActions }),
    rules: rulesRoutes({ rules }),
    telegram: telegramRoutes({ telegram }),
  } satisfies Routes;
  const close = async () => {
    emailProvider.close();
    await pushProvider?.close().catch(() => undefined);
  };
  return { providers, channels, chatProvider, slackPoster, directory, paging, rules, pageActions, phoneDelivery, telegram, engine, routes, close };
}
export type PagingModule = ReturnType<typeof createPagingModule>;
