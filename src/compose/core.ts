import { createSlackApi } from '../modules/slack/index.ts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Config } from '../config.ts';
import { connectDb, type Db } from '../db/connect.ts';
import { type BackgroundLog, createOutageLog } from '../db/outage-log.ts';
import { type Clock, systemClock } from '../lib/clock.ts';
import { createCodeHasher } from '../lib/codes.ts';
import { createSecretBox } from '../lib/secrets.ts';
import { createSignal } from '../lib/signal.ts';
import { createBackgroundRunner } from '../lib/background.ts';
import { createMetrics } from '../http/metrics.ts';
import { outboxRepository } from '../modules/outbox/index.ts';
import { fileOffsetClock } from '../lib/test-clock.ts';
import { createMailer } from '../modules/mail/index.ts';
import { createLookup, type WebhookHttp } from '../modules/webhook/index.ts';
import { createActionThrottle } from '../modules/throttle/index.ts';
import { createSmsSender, type SmsSender } from '../providers/sms.ts';
import { createWebhookHttp } from '../providers/webhook-http.ts';

/** What every module is built from: the store, time, secrets, logs, the shared senders and the wake-ups. */
export function createCore(opts: {
  config: Config;
  clock?: Clock | undefined;
  store?: Db | undefined;
  sms?: SmsSender | undefined;
  webhookHttp?: WebhookHttp | undefined;
  onBackgroundError?: ((err: unknown, msg: string) => void) | undefined;
  log?: BackgroundLog | undefined;
}) {
  const { config } = opts;
  // Process tests move time through a file (docs/adr/0422); otherwise the system's.
  const clock = opts.clock ?? (config.testClockFile ? fileOffsetClock(config.testClockFile) : systemClock);
  const store = opts.store ?? connectDb({ dialect: config.dialect, sqlitePath: config.sqlitePath, databaseUrl: config.databaseUrl });
  const onBackgroundError = opts.onBackgroundError ?? ((err: unknown, msg: string) => opts.log?.error({ err }, msg));
  // Periodic jobs report through the outage log: a store that is down is one warning, a summary a
  // minute and an all-clear, not a line per retry (src/db/outage-log.ts).
  const backgroundLog: BackgroundLog = {
    error: (o, msg) => onBackgroundError((o as { err?: unknown }).err, msg),
    warn: (o, msg) => opts.log?.warn(o, msg),
    info: (o, msg) => opts.log?.info(o, msg),
  };
  // Who answers each wake-up listens where it is built: the runner `outbox`, the paging engine
  // `paging`, the live feed `live`, ingest's credential caches `credentials` (docs/adr/0770).
  const wake = { outbox: createSignal(), paging: createSignal(), live: createSignal(), credentials: createSignal() };
  const outage = createOutageLog({ clock, log: backgroundLog });
  const metrics = createMetrics({ backlog: () => outboxRepository.countBacklog(store.db) });
  // Every loop of the process is a job of one runner: the same nudge, stop, error and metrics
  // handling (docs/adr/0760). Jobs without a reporter of their own report through the outage log.
  const background = createBackgroundRunner({ clock, metrics: metrics.jobs, report: (job) => outage.job(job, `the background job ${job}`) });
  return {
    config,
    clock,
    store,
    db: store.db,
    dialect: store.dialect,
    box: createSecretBox(config.secretKey),
    hashCode: createCodeHasher(config.secretKey),
    mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom }),
    sms: opts.sms ?? createSmsSender(config.sms),
    // Outbound webhooks and chat pages share the guarded HTTP client (docs/adr/0461, 0462).
    /** The Slack Web API client factory (SLACK_API_URL; PRODUCT.md 12). */
    slackApi: createSlackApi({ apiUrl: config.slackApiUrl, timeoutMs: config.webhooks.timeoutMs }),
    webhookHttp: opts.webhookHttp ?? createWebhookHttp({ allowPrivate: config.webhooks.allowPrivate, lookup: createLookup(config.webhooks.dnsServer), timeoutMs: config.webhooks.timeoutMs, publicUrl: config.publicUrl }),
    // Sign-up, SMS verification codes and invitation mail, counted (issue 19 item 7, docs/adr/0537).
    throttle: createActionThrottle({ db: store.db, clock }),
    onBackgroundError,
    backgroundLog,
    outage,
    metrics,
    background,
    wake,
    /** Something was committed: the outbox runner and the dashboard's live feed look at once. */
    notify: () => {
      wake.outbox.fire();
      wake.live.fire();
    },
  };
}
export type Core = ReturnType<typeof createCore>;

/** A module's routes by name; the container lists them in the order `src/app.ts` registers them. */
export type Routes = Record<string, FastifyPluginAsyncTypebox>;
