import type { Config } from './config.ts';
import { configRoutes } from './modules/config/index.ts';
import type { Db } from './db/connect.ts';
import type { BackgroundLog } from './db/outage-log.ts';
import type { EventHandler } from './jobs/handler.ts';
import { webhookFanoutHandler } from './jobs/webhook-fanout.job.ts';
import type { Clock } from './lib/clock.ts';
import type { InvitationMailer } from './modules/invitation/index.ts';
import { type DeliveryProvider, type OnCallDirectory, pagingIntakeHandler } from './modules/paging/index.ts';
import type { WebhookHttp } from './modules/webhook/index.ts';
import type { SmsSender } from './providers/sms.ts';
import { createAlertsModule } from './compose/alerts.module.ts';
import { createBillingModule } from './compose/billing.module.ts';
import { createCore } from './compose/core.ts';
import { createIngestModule } from './compose/ingest.module.ts';
import { createOutboxModule } from './compose/outbox.module.ts';
import { createPagingModule } from './compose/paging.module.ts';
import { createPeopleModule } from './compose/people.module.ts';
import { createSchedulesModule } from './compose/schedules.module.ts';
import { createSlackModule } from './compose/slack.module.ts';
import { createTimeModule } from './compose/time.module.ts';
import { createWebhooksModule } from './compose/webhooks.module.ts';

export { SNAPSHOT_FILE } from './compose/ingest.module.ts';

export interface ContainerOptions {
  config: Config;
  clock?: Clock;
  /** An already-open store (tests); otherwise one is opened from the config. */
  store?: Db;
  extraHandlers?: EventHandler[];
  /** Replaces the SMS sender built from the config (tests). */
  sms?: SmsSender;
  /** Sends invitation mail; absent means the mailer built from the config (docs/adr/0321-invitations.md). */
  invitationMailer?: InvitationMailer;
  /** How soon the identity provider's keys may be fetched again for an unknown key id (tests: 0; default 30 s). */
  oidcJwksCooldownMs?: number;
  /** Background failures (spool, drainer); the server logs them. */
  onBackgroundError?: (err: unknown, msg: string) => void;
  /** Where periodic jobs log; errors go to onBackgroundError instead when it is given. */
  log?: BackgroundLog;
  /** Delivery providers the paging engine looks up by channel (tests inject fakes), before the built-in ones; a channel without one is `not configured`. */
  providers?: DeliveryProvider[];
  /** Who is on call; default: the schedule module's (createOnCallDirectory). */
  directory?: OnCallDirectory;
  /** Event-loop delay in ms for load shedding (tests inject it); measured by default. */
  eventLoopDelay?: () => number;
  /** Replaces the webhook HTTP client built from the config (tests). */
  webhookHttp?: WebhookHttp;
  /** Push providers' TLS trust and timeout (tests: the fakes' self-signed certificate). */
  push?: { ca?: string | Buffer | (string | Buffer)[]; timeoutMs?: number };
}

/**
 * The composition root (docs/adr/0770): each area's module in dependency order, each built from
 * those before it; none is changed once built. Workers that wake each other do it through the
 * core's signals. Fastify (src/app.ts), SMTP and the workers all use what this returns.
 */
export function createContainer(opts: ContainerOptions) {
  const core = createCore(opts);
  const billing = createBillingModule(core);
  const alerts = createAlertsModule(core);
  const time = createTimeModule(core, { alerts });
  const paging = createPagingModule(core, { alerts, billing, time, providers: opts.providers, directory: opts.directory, push: opts.push });
  const schedules = createSchedulesModule(core, { paging });
  const people = createPeopleModule(core, { billing, schedules, paging, invitationMailer: opts.invitationMailer, oidcJwksCooldownMs: opts.oidcJwksCooldownMs });
  const ingest = createIngestModule(core, { alerts, people, schedules, paging, time, eventLoopDelay: opts.eventLoopDelay });
  const handlers = [pagingIntakeHandler, ...people.handlers, ...(opts.extraHandlers ?? [])];
  const slack = createSlackModule(core, { alerts, paging });
  const webhooks = createWebhooksModule(core, { alerts, schedules, handlers, slack });
  const outbox = createOutboxModule(core, { handlers: [...handlers, webhookFanoutHandler], authenticate: people.authenticate });

  let closing: Promise<void> | undefined;
  async function shutdown() {
    await outbox.liveEvents.close();
    await core.background.stop();
    await slack.slack.idle();
    await webhooks.subscriptions.stop();
    await people.orgAdmin.stopPurges();
    await ingest.close();
    await core.webhookHttp.close().catch(() => undefined);
    await paging.close();
    await core.store.close();
  }

  const { config, clock, store, db, dialect, box, hashCode, mailer, sms, metrics, background } = core;
  const { apiKeys, orgs, users, devices, phones, orgAdmin, invitations, audit, sessions } = people;
  return {
    config, clock, store, db, dialect, box, hashCode, mailer, sms, metrics,
    /** Every background loop of the process (src/lib/background.ts). */
    background,
    periodic: outbox.periodic,
    selfHeartbeat: outbox.selfHeartbeat,
    /** `klaxon serve` clears `complete` while it starts: /readyz is 503 until then (docs/adr/0511). */
    startup: { complete: true, role: 'all' as 'api' | 'worker' | 'all' },
    storeGate: ingest.storeGate,
    storeWrites: ingest.storeWrites,
    runner: outbox.runner,
    engine: paging.engine,
    directory: paging.directory,
    providers: paging.providers,
    chatProvider: paging.chatProvider,
    committer: ingest.committer,
    spool: ingest.spool,
    drainer: ingest.drainer,
    snapshots: ingest.snapshots,
    load: ingest.load,
    adapters: ingest.adapters,
    mappings: ingest.mappings,
    resolvers: people.resolvers,
    authenticate: people.authenticate,
    webhookWorker: webhooks.worker,
    webhookSubscriptions: webhooks.subscriptions,
    services: {
      integrations: ingest.integrations, services: ingest.services, ingest: ingest.ingest, eventsV2: ingest.eventsV2, alerts: alerts.alerts, billing: billing.billing,
      schedules: schedules.schedules, routing: schedules.routing, calendar: schedules.calendar, paging: paging.paging, rules: paging.rules, heartbeats: time.heartbeats, maintenance: time.maintenance, pageActions: paging.pageActions,
      phoneDelivery: paging.phoneDelivery, telegram: paging.telegram, webhooks: webhooks.webhooks, slack: slack.slack, liveEvents: outbox.liveEvents, apiKeys, orgs, users, devices, phones, orgAdmin, invitations, audit, sessions,
    },
    /**
     * Every product route, registered by `src/app.ts` in this order: the OpenAPI document's (and
     * so web/src/api/schema.d.ts's) order. A new module's routes go at the end.
     */
    routes: [
      ingest.routes.ingest, alerts.routes.alerts, ingest.routes.services, paging.routes.paging, people.routes.apiKeys, people.routes.users, people.routes.sessions, people.routes.sso,
      people.routes.devices, people.routes.phones, paging.routes.delivery, billing.routes.billing, ingest.routes.integrations, ingest.routes.eventsV2,
      people.routes.orgs, people.routes.invitations, people.routes.audit, schedules.routes.schedules, webhooks.routes.webhooks, paging.routes.pageActions,
      outbox.routes.liveEvents, paging.routes.rules, time.routes.heartbeats, time.routes.heartbeatPing, time.routes.maintenance,
      paging.routes.telegram,
      slack.routes.slack, configRoutes,
    ],
    /** The first load of webhook subscriptions (once; a failure is reported, not thrown). */
    ready: webhooks.ready,
    /** Stops in order; a second call waits for the first. */
    close(): Promise<void> {
      closing ??= shutdown();
      return closing;
    },
  };
}
export type Container = ReturnType<typeof createContainer>;
