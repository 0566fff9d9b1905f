import type { Config } from './config.ts';
import { connectDb, type Db } from './db/connect.ts';
import type { Clock } from './lib/clock.ts';
import { systemClock } from './lib/clock.ts';
import { fileOffsetClock } from './lib/test-clock.ts';
import { createSecretBox } from './lib/secrets.ts';
import { createMetrics } from './http/metrics.ts';
import { apiKeyResolver, createAuthenticator, type CredentialResolver } from './http/auth.ts';
import { ALERT_EVENT_TYPES, createAlertService } from './modules/alert/index.ts';
import { createApiKeyService } from './modules/api-key/index.ts';
import { createEventsV2Service } from './modules/events-v2/index.ts';
import { createIngestService, createCommitter, createPgExecutor, createSqliteThreadExecutor, type SourceAdapter } from './modules/ingest/index.ts';
import { createSpoolDrainer, openSpool } from './modules/ingest/index.ts';
import { createLoadMonitor } from './lib/load-monitor.ts';
import { join } from 'node:path';
import type { IntegrationType } from './modules/integration/index.ts';
import { createIntegrationService, createMappingSandbox } from './modules/integration/index.ts';
import { createOrgService } from './modules/org/index.ts';
import { outboxRepository } from './modules/outbox/index.ts';
import { createServiceService } from './modules/service/index.ts';
import { createCalendarService, createOnCallDirectory, createRoutingService, createScheduleService } from './modules/schedule/index.ts';
import { createUserService } from './modules/user/index.ts';
import { createSessionService, sessionResolver } from './modules/session/index.ts';
import { createMailer } from './modules/mail/index.ts';
import { createCodeHasher } from './lib/codes.ts';
import { createOutboxRunner, unconsumedTypes, type EventHandler } from './jobs/runner.ts';
import {
  type DeliveryProvider, configuredChannels, createClaimRecoveryJob, createDispatchJob, createEscalationJob, createPagingEngine, createPagingService,
  createPhoneDelivery, createSnoozeExpiryJob, pagingIntakeHandler,
} from './modules/paging/index.ts';
import { createTwilioProviders } from './providers/twilio-delivery.ts';
import type { OnCallDirectory } from './modules/schedule/index.ts';
import { createEmailProvider } from './providers/email.ts';
import { createSqliteStoreRound } from './jobs/outbox-round.sqlite.ts';
import { outboxPruneJob } from './jobs/outbox-prune.job.ts';
import { receiptPruneJob } from './jobs/receipt-prune.job.ts';
import { escalationPruneJob } from './jobs/escalation-prune.job.ts';
import { retentionJob } from './jobs/retention.job.ts';
import { createHmac } from 'node:crypto';
import { createDeviceService } from './modules/device/index.ts';
import { allowedPhoneCountries, createPhoneService } from './modules/phone/index.ts';
import { createBillingService, createStripeGateway } from './modules/billing/index.ts';
import { createSmsSender, type SmsSender } from './providers/sms.ts';
import { createAuditService } from './modules/audit/index.ts';
import { createOrgManagementService } from './modules/org/index.ts';
import { createInvitationService, type InvitationMailer } from './modules/invitation/index.ts';
import { invitationMailHandler } from './jobs/invitation-mail.job.ts';
import { passwordResetMailHandler } from './jobs/password-reset-mail.job.ts';
import { createHeartbeatJob, createHeartbeatService } from './modules/heartbeat/index.ts';
import { createMaintenanceService } from './modules/maintenance/index.ts';
import { createSnapshotRefresher } from './jobs/credential-snapshot.job.ts';
import { type BackgroundLog, createOutageLog } from './db/outage-log.ts';
import { createSnapshotFile } from './jobs/credential-snapshot.file.ts';
import { createStoreGate } from './db/store-gate.ts';
import { isDiskFailure, storeNotReadyError } from './db/unavailable.ts';
import type { IngestTarget } from './modules/integration/index.ts';
import type { IngestSnapshotEntries } from './modules/ingest/index.ts';

/** The outage credential snapshot's file in the data folder (docs/adr/0511). */
export const SNAPSHOT_FILE = 'credential-snapshot.sealed';
interface SavedCredentials {
  integrations: [string, IngestTarget][];
  ingest: IngestSnapshotEntries;
}
import { SettledEvents } from './modules/alert/index.ts';
import { createWebhookHttp } from './providers/webhook-http.ts';
import { createLookup, createWebhookSender, createWebhookService, createWebhookSubscriptions, type WebhookHttp } from './modules/webhook/index.ts';
import { webhookRepository } from './modules/webhook/index.ts';
import { webhookFanoutHandler } from './jobs/webhook-fanout.job.ts';
import { createWebhookDeliveryWorker } from './jobs/webhook-delivery.job.ts';
import { webhookCleanupJob } from './jobs/webhook-cleanup.job.ts';
import { createChatProvider } from './providers/chat.ts';
import { createActionThrottle } from './modules/throttle/index.ts';
import { createPushProviderFromConfig } from './providers/push-config.ts';
import { createPageActionService } from './modules/page-action/index.ts';
import { createLiveEventFeed } from './modules/live-events/index.ts';


export interface ContainerOptions {
  config: Config;
  clock?: Clock;
  /** An already-open store (tests); otherwise one is opened from the config. */
  store?: Db;
  extraHandlers?: EventHandler[];
  /** Replaces the SMS sender built from the config (tests). */
  sms?: SmsSender;
  /** Sends invitation mail; absent means mail is not configured (docs/adr/0321-invitations.md). */
  invitationMailer?: InvitationMailer;
  /** Background failures (spool, drainer); the server logs them. */
  onBackgroundError?: (err: unknown, msg: string) => void;
  /** Where periodic jobs log; errors go to onBackgroundError instead when it is given. */
  log?: BackgroundLog;
  /**
   * Delivery providers the paging engine looks up by channel (tests inject fakes; other channels
   * plug in here), before the built-in email one (SMTP_URL); a channel without one is `not configured`.
   */
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

/** The composition root: store → services → ports. Fastify, SMTP and workers all use this. */
/** PRODUCT.md 7.4: each channel configured when a provider for it is (read at each call: providers join as the container is built). */
function channelStatus(providers: { channels: string[]; configured(): boolean }[]) {
  const of = (c: string) => (providers.some((p) => p.channels.includes(c) && p.configured()) ? 'configured' as const : 'not_configured' as const);
  return { push: of('push'), sms: of('sms'), voice: of('voice'), email: of('email'), chat: of('chat') };
}

export function createContainer(opts: ContainerOptions) {
  const { config } = opts;
  // Process tests move time through a file (docs/adr/0422); otherwise the system's.
  const clock = opts.clock ?? (config.testClockFile ? fileOffsetClock(config.testClockFile) : systemClock);
  const store = opts.store ?? connectDb({ dialect: config.dialect, sqlitePath: config.sqlitePath, databaseUrl: config.databaseUrl });
  const { db, dialect } = store;
  const box = createSecretBox(config.secretKey);

  const hashCode = createCodeHasher(config.secretKey);
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom });
  // Invitation mail: the handler reaches the service lazily (it is built below).
  const invitationMail = invitationMailHandler({ invitations: { deliver: (id, m) => invitations.deliver(id, m) }, mailer: opts.invitationMailer ?? mailer });
  const resetMail = passwordResetMailHandler({ sessions: { deliverPasswordReset: (id, m) => sessions.deliverPasswordReset(id, m) }, mailer });
  const handlers = [pagingIntakeHandler, invitationMail, resetMail, ...(opts.extraHandlers ?? [])];
  // Alert events no handler but webhooks consume are written processed, except for organizations
  // with a destination that wants them (docs/adr/0123, 0461): the subscriptions keep this set.
  const settledEvents = new SettledEvents();
  const webhookSubscriptions = createWebhookSubscriptions({
    db, settled: settledEvents, types: unconsumedTypes(ALERT_EVENT_TYPES, handlers),
    onError: (err) => onBackgroundError(err, 'loading webhook subscriptions failed; events stay pending for every organization until it works'),
  });
  handlers.push(webhookFanoutHandler);
  const onBackgroundError = opts.onBackgroundError ?? ((err: unknown, msg: string) => opts.log?.error({ err }, msg));
  // Periodic jobs report through the outage log: a store that is down is one warning, a summary a
  // minute and an all-clear, not a line per retry (src/db/outage-log.ts).
  const backgroundLog: BackgroundLog = {
    error: (o, msg) => onBackgroundError((o as { err?: unknown }).err, msg),
    warn: (o, msg) => opts.log?.warn(o, msg),
    info: (o, msg) => opts.log?.info(o, msg),
  };
  const outage = createOutageLog({ clock, log: backgroundLog });
  const outboxJob = outage.job('outbox', 'paging and other outbox work');
  const runner = createOutboxRunner({
    db, dialect, clock,
    handlers,
    periodic: [outboxPruneJob, receiptPruneJob, escalationPruneJob, retentionJob, webhookCleanupJob],
    leaseMs: config.outboxLeaseMs,
    // On the SQLite thread a round must not hold a transaction open across its round trips; the
    // thread runs the rounds of the handlers it has a form of itself (docs/adr/0125).
    transactionalRounds: dialect !== 'sqlite',
    storeRound: store.sqliteThread ? createSqliteStoreRound(store.sqliteThread, handlers, ALERT_EVENT_TYPES) : undefined,
    // Logged, not thrown: a failed round is redone event by event, a failed event retried with backoff.
    onError: (err, event, what) =>
      outboxJob.failed(err, event ? `outbox event ${event.id} (${event.type}) failed; it will be retried` : (what ?? 'outbox round failed; its events are retried one by one')),
    onRound: (taken) => {
      outboxJob.ok();
      // The intake made escalations due: page now, not at the next poll.
      if (taken > 0) engine.nudge();
    },
  });
  // The paging engine (issue 21, docs/adr/0420-paging-engine.md): small jobs, one loop.
  // Looked up by channel, first match: injected providers come before the built-in email one.
  // Push (docs/adr/0440): APNs, FCM and Web Push behind the `push` channel, when any is configured.
  const pushProvider = createPushProviderFromConfig(config, { clock, ...opts.push });
  const providers = [...(opts.providers ?? []), ...(pushProvider ? [pushProvider] : []), createEmailProvider({ smtpUrl: config.smtpUrl, from: config.mailFrom })];
  const directory = opts.directory ?? createOnCallDirectory(db, { clock });
  const pagingJob = outage.job('paging', 'the paging engine');
  const engine = createPagingEngine({
    db, clock,
    jobs: [
      createSnoozeExpiryJob({ db }),
      createEscalationJob({ db, directory, dialect, onEvents: () => notify(), channels: () => configuredChannels(providers), maintenance: (o, s, h, n) => maintenance.decide(o, s, h, n) }),
      createDispatchJob({
        db, dialect, providers, box, publicUrl: config.publicUrl, claimMs: config.pageClaimMs,
        actions: { issue: (p) => pageActions.issue(p) },
        // Built below (it needs alerts and billing); called only once the engine runs.
        phone: { prepare: (rows, now) => phoneDelivery.prepare(rows, now), recordTx: (trx, f, now) => phoneDelivery.recordTx(trx, f, now) },
      }),
      createClaimRecoveryJob({ db }),
      // Time-driven checks (issue 36): heartbeats whose deadline passed.
      createHeartbeatJob({ db, dialect, settledEvents, startedAt: clock.now(), onFired: () => notify(), inMaintenance: (l, n) => maintenance.servicesInMaintenance(l, n) }),
    ],
    onError: (err, what) => pagingJob.failed(err, what),
  });
  // The dashboard's live feed reads the outbox after commit (docs/adr/0601-live-events.md).
  const liveEvents = createLiveEventFeed({ db, onError: (err) => onBackgroundError(err, 'live event feed poll failed') });
  const notify = () => {
    runner.nudge();
    liveEvents.nudge();
  };

  // Custom mappings run in sandbox processes (docs/adr/0501-custom-mapping-sandbox.md).
  const mappings = createMappingSandbox({ onKill: (info) => opts.log?.warn(info, 'a custom mapping exceeded its bounds; its sandbox process was replaced') });
  const integrations = createIntegrationService({
    db, clock, box, publicUrl: config.publicUrl, emailDomain: config.emailDomain, mappings,
    // A revocation here leaves the snapshot's file as current as its memory (docs/adr/0202, 0511).
    onSnapshotChanged: () => saveSnapshotNow(),
  });
  const apiKeys = createApiKeyService({ db, clock });
  const paging = createPagingService({ db, clock, directory, notify: () => engine.nudge(), channels: () => configuredChannels(providers) });
  const alerts = createAlertService({ db, dialect, clock, notify, settledEvents, onOperation: paging.onOperation });
  // Acknowledge from the page: push action tokens and email links (docs/adr/0441).
  const pageActions = createPageActionService({ db, clock, secretKey: config.secretKey, publicUrl: config.publicUrl, alerts });
  // Schedules and on-call (issue 20): the engine reads them through `directory` (above).
  const schedules = createScheduleService({
    db, dialect, clock,
    // A chat step names an existing, enabled chat destination of the organization (PRODUCT.md 7.2, 8).
    chatDestinations: (q, orgId, ids) => webhookRepository.destinationsForSteps(q, orgId, ids, dialect),
    // Who a schedule's shifts reach (PRODUCT.md 10): the paging module's one rule (notification/reach.ts).
    reachability: (orgId, scheduleId, people) => paging.reachability(orgId, scheduleId, people),
  });
  const maintenance = createMaintenanceService({ db, clock, nudge: () => engine.nudge() });
  const heartbeats = createHeartbeatService({ db, dialect, clock, publicUrl: config.publicUrl, settledEvents, notify });
  const routing = createRoutingService({ db, dialect, clock });
  const calendar = createCalendarService({ db, clock, publicUrl: config.publicUrl });
  const services = createServiceService({ db, clock, integrations, schedules, pagingOf: (orgId, ids) => paging.pagingStatus(orgId, ids), maintenanceOf: (orgId, ids) => maintenance.maintenanceOf(orgId, ids) });
  const orgs = createOrgService({ db, clock });
  // people: sign-in, sessions, the person's account (docs/adr/0300-sign-in-and-sessions.md)
  const users = createUserService({
    db, dialect, clock, hashCode, mailer,
    // Resolved at call time: billing and org settings are built below.
    planOf: async (orgId) => {
      const s = await billing.status(orgId);
      return { plan: s.plan, entitlements: { ...s.limits, billing_enabled: s.billing_enabled } };
    },
    settingsOf: (orgId) => orgAdmin.getSettings(orgId),
    membershipEndingTx: (trx, e) => schedules.memberRemovedTx(trx, e),
  });
  // Sign-up, SMS verification codes and invitation mail, counted (issue 19 item 7, docs/adr/0537).
  const actionThrottle = createActionThrottle({ db, clock });
  const sessions = createSessionService({
    db, clock, box, hashCode, publicUrl: config.publicUrl, signup: config.signup, mailer, notify, throttle: actionThrottle,
    // Resolved at call time: invitations are built below.
    invitations: { joinTx: (trx, input) => invitations.joinTx(trx, input) },
  });
  // Organizations, members, invitations, audit (docs/adr/0320-org-settings.md, 0321, 0322).
  const dropIngestCaches = () => {
    integrations.invalidateCache();
    ingest.invalidateCaches();
  };
  const orgAdmin = createOrgManagementService({ db, dialect, clock, channels: () => channelStatus(providers), phoneCountries: allowedPhoneCountries, hooks: { credentialsRevoked: dropIngestCaches, settingsChanged: dropIngestCaches, backgroundError: onBackgroundError, memberRemovedTx: (trx, e) => schedules.memberRemovedTx(trx, e), membershipEnded: () => liveEvents.nudge() } });
  const invitations = createInvitationService({
    db, dialect, clock, box, publicUrl: config.publicUrl, notify,
    seats: { assertCanAddSeat: (orgId, o) => billing.assertCanAddSeat(orgId, o) },
    throttle: actionThrottle,
  });
  const audit = createAuditService({ db });

  // Devices, phone numbers and billing (docs/adr/0340–0343).
  const sms = opts.sms ?? createSmsSender(config.sms);
  const stripe = config.billing.provider === 'stripe' ? createStripeGateway(config.billing) : undefined;
  const billing = createBillingService({ db, clock, publicUrl: config.publicUrl, stripe });
  const devices = createDeviceService({ db, clock, box, webPush: { allowPrivate: config.webhooks.allowPrivate, publicKey: config.push.webpush?.publicKey } });
  const codeKey = createHmac('sha256', config.secretKey).update('klaxon:verification-code').digest();
  const phones = createPhoneService({ db, clock, sms, billing, codeKey, throttle: actionThrottle });
  // SMS and voice pages through the same Twilio client as verification (issue 22, docs/adr/0445).
  providers.push(...createTwilioProviders({ client: sms.client, publicUrl: config.publicUrl }));
  const phoneDelivery = createPhoneDelivery({ db, clock, publicUrl: config.publicUrl, box, alerts, billing, providers: () => providers, throttle: actionThrottle });

  // SQLite takes the batch on its thread's one connection with prepared statements
  // (docs/adr/0121-sqlite-thread.md); PostgreSQL commits several batches at once, with raw prepared
  // statements on a pooled client (docs/adr/0005-group-commit.md, 0120).
  const executor = store.sqliteThread ? createSqliteThreadExecutor(store.sqliteThread, settledEvents) : createPgExecutor(store.pool!, settledEvents);
  // SQLite: a batch goes whenever the thread is free (docs/adr/0124), so it applies the next batch
  // while earlier ones wait for the WAL flush (docs/adr/0122); 8 in flight at most. PostgreSQL: 2
  // batches at once, not 4: each is two round trips, so two keep the server busy, and fewer
  // batches of a hot key wait on its row lock (docs/adr/0120-ingest-throughput.md).
  const committer = createCommitter({ executor, concurrency: dialect === 'sqlite' ? 8 : 2, onCommitted: notify });
  // Nothing is written to a store this process has not migrated and checked yet: until then
  // ingest spools and the drainer waits (docs/adr/0511).
  const storeGate = createStoreGate();
  // The last ingest write's disk failure (full, I/O error) until a write succeeds: /readyz reads it.
  const storeWrites = { failure: undefined as string | undefined, atMs: 0 };
  const gatedCommitter: Pick<typeof committer, 'submit'> = {
    submit: (unit) => {
      if (!storeGate.isOpen()) return Promise.reject(storeNotReadyError());
      return committer.submit(unit).then(
        (outcome) => {
          storeWrites.failure = undefined;
          return outcome;
        },
        (err: unknown) => {
          if (isDiskFailure(err)) {
            storeWrites.failure = (err as { code: string }).code;
            storeWrites.atMs = performance.now();
          }
          throw err;
        },
      );
    },
  };

  // Durable ingest (docs/adr/0100-ingest-spool.md): the edge spool, its drainer, load shedding.
  const spool = openSpool({ path: join(config.dataDir, 'spool.db'), maxUnits: config.spoolMaxUnits, clock, onError: onBackgroundError });
  const drainer = createSpoolDrainer({ spool, committer: gatedCommitter, onError: onBackgroundError });
  const load = createLoadMonitor({
    maxDelayMs: config.shedEventLoopDelayMs,
    maxQueueDepth: config.shedQueueDepth,
    queueDepth: () => committer.depth,
    delayMs: opts.eventLoopDelay,
  });

  const adapters: Partial<Record<IntegrationType, SourceAdapter>> = {};
  // Vendor connections (issue: sources): each parser turns a payload into routed items.
  for (const type of ['alertmanager', 'grafana', 'datadog', 'custom'] as const) {
    adapters[type] = (body, target) => integrations.parse(type, body, target);
  }
  const ingest = createIngestService({ db, clock, committer: gatedCommitter, integrations, apiKeys, alerts, adapters, spool, overloaded: load.overloaded });
  const eventsV2 = createEventsV2Service({ ingest });
  // Every live ingest credential, reloaded each minute, for lookups the store cannot answer during
  // an outage (docs/adr/0103-outage-credential-snapshot.md).
  // Kept in the data folder too, sealed, so a restart during an outage can spool (docs/adr/0511).
  const snapshotFile = createSnapshotFile<SavedCredentials>({ path: join(config.dataDir, SNAPSHOT_FILE), box });
  let snapshotTakenAt: string | undefined;
  const snapshots = createSnapshotRefresher({
    refresh: () => Promise.all([integrations.refreshSnapshot(), ingest.refreshSnapshot()]),
    report: outage.job('credential snapshot', 'refreshing the outage credential snapshot (the last one loaded stays in use)'),
    log: backgroundLog,
    save: () => snapshotFile.save({ integrations: integrations.exportSnapshot(), ingest: ingest.exportSnapshot() }, (snapshotTakenAt = clock.now().toISOString())),
    restore: () => {
      const saved = snapshotFile.load();
      if (!saved) return undefined;
      integrations.restoreSnapshot(saved.data.integrations);
      ingest.restoreSnapshot(saved.data.ingest);
      return (snapshotTakenAt = saved.takenAt);
    },
  });

  // Outbound webhooks (docs/adr/0461, 0462): the guarded HTTP client, the sender, its worker, the chat provider.
  const webhookHttp = opts.webhookHttp ?? createWebhookHttp({ allowPrivate: config.webhooks.allowPrivate, lookup: createLookup(config.webhooks.dnsServer), timeoutMs: config.webhooks.timeoutMs, publicUrl: config.publicUrl });
  const webhookSender = createWebhookSender({ db, clock, box, http: webhookHttp, publicUrl: config.publicUrl });
  const webhookWorker = createWebhookDeliveryWorker({ db, clock, sender: webhookSender, onError: (err) => onBackgroundError(err, 'webhook delivery round failed; it is retried') });
  const webhooks = createWebhookService({
    db, clock, box, publicUrl: config.publicUrl, allowPrivate: config.webhooks.allowPrivate, lookup: createLookup(config.webhooks.dnsServer), sender: webhookSender,
    subscriptionsChanged: () => webhookSubscriptions.refresh(),
    nudge: () => webhookWorker.nudge(),
    dialect,
    // A destination a chat step posts to is not deleted from under it: 409 naming the schedules.
    chatStepsUsing: (trx, orgId, id) => schedules.schedulesUsingDestination(trx, orgId, id),
  });
  /** The `chat` channel's provider, for the paging engine (src/modules/paging/delivery.port.ts). */
  const chatProvider = createChatProvider({ db, box, http: webhookHttp, clock });
  providers.push(chatProvider);
  // Loaded before the first request (buildApp, after migrations): until then every webhook-only
  // event type is written pending.
  let subscriptionsLoaded: Promise<void> | undefined;

  function saveSnapshotNow() {
    // Only a snapshot that was loaded: an empty one must not replace a good file.
    if (!snapshots.loaded || !snapshotTakenAt) return;
    try {
      // Still the snapshot of that refresh, less what was revoked since.
      snapshotFile.save({ integrations: integrations.exportSnapshot(), ingest: ingest.exportSnapshot() }, snapshotTakenAt);
    } catch (err) {
      onBackgroundError(err, 'could not rewrite the outage credential snapshot after a revocation; the next refresh will');
    }
  }

  const resolvers: CredentialResolver[] = [apiKeyResolver(apiKeys), sessionResolver({ sessions, hashCode })];
  const authenticate = createAuthenticator({ db, resolvers, clock, provenAt: (sessionId) => sessions.provenAt(sessionId) });
  const metrics = createMetrics({ backlog: () => outboxRepository.countBacklog(db), spoolSize: () => spool.size, eventLoopDelayMs: () => load.delayMs() });

  let closing: Promise<void> | undefined;
  async function shutdown() {
    await liveEvents.close();
    await snapshots.stop();
    await drainer.stop();
    await engine.stop();
    await runner.stop();
    await webhookWorker.stop();
    await webhookSubscriptions.stop();
    await orgAdmin.stopPurges();
    await committer.idle();
    // Best effort: replay what the spool holds if the store is back; what stays is replayed on
    // the next start.
    if (spool.size) await drainer.drainAll().catch((err) => onBackgroundError(err, 'spool drain at shutdown failed'));
    await committer.idle();
    spool.close();
    load.stop();
    await mappings.close();
    await webhookHttp.close().catch(() => undefined);
    await pushProvider?.close().catch(() => undefined);
    await store.close();
  }

  return {
    config,
    clock,
    /** `klaxon serve` clears `complete` while it starts: /readyz is 503 until then (docs/adr/0511). */
    startup: { complete: true, role: 'all' as 'api' | 'worker' | 'all' },
    storeGate,
    storeWrites,
    store,
    db,
    dialect,
    box,
    runner,
    engine,
    directory,
    providers,
    committer,
    spool,
    drainer,
    snapshots,
    load,
    adapters,
    mappings,
    resolvers,
    authenticate,
    metrics,
    hashCode,
    mailer,
    sms,
    services: { integrations, apiKeys, alerts, paging, services, orgs, users, ingest, devices, phones, billing, eventsV2, orgAdmin, invitations, audit, sessions, schedules, routing, calendar, heartbeats, maintenance, webhooks, pageActions, phoneDelivery, liveEvents },
    webhookWorker,
    webhookSubscriptions,
    /** The first load of webhook subscriptions (once; a failure is reported, not thrown). */
    ready: () => (subscriptionsLoaded ??= webhookSubscriptions.refreshQuietly()),
    chatProvider,
    /** Stops in order; a second call waits for the first. */
    close(): Promise<void> {
      closing ??= shutdown();
      return closing;
    },
  };
}
export type Container = ReturnType<typeof createContainer>;
