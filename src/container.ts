import type { Config } from './config.ts';
import { connectDb, type Db } from './db/connect.ts';
import type { Clock } from './lib/clock.ts';
import { systemClock } from './lib/clock.ts';
import { createSecretBox } from './lib/secrets.ts';
import { createMetrics } from './http/metrics.ts';
import { apiKeyResolver, createAuthenticator, type CredentialResolver } from './http/auth.ts';
import { createAlertService } from './modules/alert/index.ts';
import { createApiKeyService } from './modules/api-key/index.ts';
import { createEventsV2Service } from './modules/events-v2/index.ts';
import { createIngestService, createCommitter, createKyselyExecutor, createSqliteExecutor, type SourceAdapter } from './modules/ingest/index.ts';
import type { IntegrationType } from './modules/integration/index.ts';
import { createIntegrationService, parseVendorPayload } from './modules/integration/index.ts';
import { createOrgService } from './modules/org/index.ts';
import { outboxRepository } from './modules/outbox/index.ts';
import { createServiceService } from './modules/service/index.ts';
import { createUserService } from './modules/user/index.ts';
import { createOutboxRunner, type EventHandler } from './jobs/runner.ts';
import { pageRequestHandler } from './jobs/page-request.job.ts';
import { cleanupJob } from './jobs/cleanup.job.ts';
import { createHmac } from 'node:crypto';
import { createDeviceService } from './modules/device/index.ts';
import { createPhoneService } from './modules/phone/index.ts';
import { createBillingService, createStripeGateway } from './modules/billing/index.ts';
import { createSmsSender, type SmsSender } from './providers/sms.ts';


export interface ContainerOptions {
  config: Config;
  clock?: Clock;
  /** An already-open store (tests); otherwise one is opened from the config. */
  store?: Db;
  extraHandlers?: EventHandler[];
  /** Replaces the SMS sender built from the config (tests). */
  sms?: SmsSender;
}

/** The composition root: store → services → ports. Fastify, SMTP and workers all use this. */
export function createContainer(opts: ContainerOptions) {
  const { config } = opts;
  const clock = opts.clock ?? systemClock;
  const store = opts.store ?? connectDb({ dialect: config.dialect, sqlitePath: config.sqlitePath, databaseUrl: config.databaseUrl });
  const { db, dialect } = store;
  const box = createSecretBox(config.secretKey);

  const runner = createOutboxRunner({ db, dialect, clock, handlers: [pageRequestHandler, ...(opts.extraHandlers ?? [])], periodic: [cleanupJob] });
  const notify = () => runner.nudge();

  const integrations = createIntegrationService({ db, clock, box, publicUrl: config.publicUrl, emailDomain: config.emailDomain });
  const apiKeys = createApiKeyService({ db, clock });
  const alerts = createAlertService({ db, dialect, clock, notify });
  const services = createServiceService({ db, clock, integrations });
  const orgs = createOrgService({ db, clock });
  const users = createUserService({ db });

  // Devices, phone numbers and billing (docs/adr/0340–0343).
  const sms = opts.sms ?? createSmsSender(config.sms);
  const stripe = config.billing.provider === 'stripe' ? createStripeGateway(config.billing) : undefined;
  const billing = createBillingService({ db, clock, publicUrl: config.publicUrl, stripe });
  const devices = createDeviceService({ db, clock, box });
  const codeKey = createHmac('sha256', config.secretKey).update('klaxon:verification-code').digest();
  const phones = createPhoneService({ db, clock, sms, billing, codeKey });

  // SQLite takes the batch on its one connection with prepared statements; PostgreSQL commits
  // several batches at once through the pool (docs/adr/0005-group-commit.md).
  const executor = store.sqlite ? createSqliteExecutor(db, store.sqlite) : createKyselyExecutor(db, dialect);
  const committer = createCommitter({ executor, concurrency: dialect === 'sqlite' ? 1 : 4, onCommitted: notify });

  const adapters: Partial<Record<IntegrationType, SourceAdapter>> = {};
  // Vendor connections (issue: sources): each parser turns a payload into routed items.
  for (const type of ['alertmanager', 'grafana', 'datadog', 'custom'] as const) {
    adapters[type] = (body, target) => parseVendorPayload(type, body, target.mapping);
  }
  const ingest = createIngestService({ db, clock, committer, integrations, apiKeys, alerts, adapters });
  const eventsV2 = createEventsV2Service({ ingest });

  const resolvers: CredentialResolver[] = [apiKeyResolver(apiKeys)];
  const authenticate = createAuthenticator({ db, resolvers });
  const metrics = createMetrics({ backlog: () => outboxRepository.countBacklog(db) });

  return {
    config,
    clock,
    store,
    db,
    dialect,
    box,
    runner,
    committer,
    adapters,
    resolvers,
    authenticate,
    metrics,
    sms,
    services: { integrations, apiKeys, alerts, services, orgs, users, ingest, devices, phones, billing, eventsV2 },
    async close() {
      await runner.stop();
      await committer.idle();
      await store.close();
    },
  };
}
export type Container = ReturnType<typeof createContainer>;
