import type { Config } from './config.ts';
import { connectDb, type Db } from './db/connect.ts';
import type { Clock } from './lib/clock.ts';
import { systemClock } from './lib/clock.ts';
import { createSecretBox } from './lib/secrets.ts';
import { createMetrics } from './http/metrics.ts';
import { apiKeyResolver, createAuthenticator, type CredentialResolver } from './http/auth.ts';
import { createAlertService } from './modules/alert/index.ts';
import { createApiKeyService } from './modules/api-key/index.ts';
import { createIngestService, createCommitter, createKyselyExecutor, createSqliteExecutor, type SourceAdapter } from './modules/ingest/index.ts';
import { createSpoolDrainer, openSpool } from './modules/ingest/index.ts';
import { createLoadMonitor } from './lib/load-monitor.ts';
import { join } from 'node:path';
import type { IntegrationType } from './modules/integration/index.ts';
import { createIntegrationService } from './modules/integration/index.ts';
import { createOrgService } from './modules/org/index.ts';
import { outboxRepository } from './modules/outbox/index.ts';
import { createServiceService } from './modules/service/index.ts';
import { createUserService } from './modules/user/index.ts';
import { createOutboxRunner, type EventHandler } from './jobs/runner.ts';
import { pageRequestHandler } from './jobs/page-request.job.ts';


export interface ContainerOptions {
  config: Config;
  clock?: Clock;
  /** An already-open store (tests); otherwise one is opened from the config. */
  store?: Db;
  extraHandlers?: EventHandler[];
  /** Background failures (spool, drainer); the server logs them. */
  onBackgroundError?: (err: unknown, msg: string) => void;
  /** Event-loop delay in ms for load shedding (tests inject it); measured by default. */
  eventLoopDelay?: () => number;
}

/** The composition root: store → services → ports. Fastify, SMTP and workers all use this. */
export function createContainer(opts: ContainerOptions) {
  const { config } = opts;
  const clock = opts.clock ?? systemClock;
  const store = opts.store ?? connectDb({ dialect: config.dialect, sqlitePath: config.sqlitePath, databaseUrl: config.databaseUrl });
  const { db, dialect } = store;
  const box = createSecretBox(config.secretKey);

  const runner = createOutboxRunner({ db, dialect, clock, handlers: [pageRequestHandler, ...(opts.extraHandlers ?? [])], leaseMs: config.outboxLeaseMs });
  const notify = () => runner.nudge();

  const integrations = createIntegrationService({ db, clock, box, publicUrl: config.publicUrl, emailDomain: config.emailDomain });
  const apiKeys = createApiKeyService({ db, clock });
  const alerts = createAlertService({ db, dialect, clock, notify });
  const services = createServiceService({ db, clock, integrations });
  const orgs = createOrgService({ db, clock });
  const users = createUserService({ db });

  // SQLite takes the batch on its one connection with prepared statements; PostgreSQL commits
  // several batches at once through the pool (docs/adr/0005-group-commit.md).
  const executor = store.sqlite ? createSqliteExecutor(db, store.sqlite) : createKyselyExecutor(db, dialect);
  const committer = createCommitter({ executor, concurrency: dialect === 'sqlite' ? 1 : 4, onCommitted: notify });

  // Durable ingest (docs/adr/0100-ingest-spool.md): the edge spool, its drainer, load shedding.
  const onBackgroundError = opts.onBackgroundError ?? (() => {});
  const spool = openSpool({ path: join(config.dataDir, 'spool.db'), maxUnits: config.spoolMaxUnits, clock, onError: onBackgroundError });
  const drainer = createSpoolDrainer({ spool, committer, onError: onBackgroundError });
  const load = createLoadMonitor({
    maxDelayMs: config.shedEventLoopDelayMs,
    maxQueueDepth: config.shedQueueDepth,
    queueDepth: () => committer.depth,
    delayMs: opts.eventLoopDelay,
  });

  const adapters: Partial<Record<IntegrationType, SourceAdapter>> = {};
  const ingest = createIngestService({ db, clock, committer, integrations, apiKeys, alerts, adapters, spool, overloaded: load.overloaded });

  const resolvers: CredentialResolver[] = [apiKeyResolver(apiKeys)];
  const authenticate = createAuthenticator({ db, resolvers });
  const metrics = createMetrics({ backlog: () => outboxRepository.countBacklog(db), spoolSize: () => spool.size, eventLoopDelayMs: () => load.delayMs() });

  let closing: Promise<void> | undefined;
  async function shutdown() {
    await drainer.stop();
    await runner.stop();
    await committer.idle();
    // Best effort: replay what the spool holds if the store is back; what stays is replayed on
    // the next start.
    if (spool.size) await drainer.drainAll().catch((err) => onBackgroundError(err, 'spool drain at shutdown failed'));
    await committer.idle();
    spool.close();
    load.stop();
    await store.close();
  }

  return {
    config,
    clock,
    store,
    db,
    dialect,
    box,
    runner,
    committer,
    spool,
    drainer,
    load,
    adapters,
    resolvers,
    authenticate,
    metrics,
    services: { integrations, apiKeys, alerts, services, orgs, users, ingest },
    /** Stops in order; a second call waits for the first. */
    close(): Promise<void> {
      closing ??= shutdown();
      return closing;
    },
  };
}
export type Container = ReturnType<typeof createContainer>;
