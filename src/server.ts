import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { buildApp } from './app.ts';
import { type Config, ConfigError } from './config.ts';
import { createContainer, type Container } from './container.ts';
import { migrateToLatest, pendingMigrations } from './db/migrator.ts';
import { verifySecretKey } from './db/secret-key-check.ts';
import { createLogger } from './http/logging.ts';
import { startEmailIngest, type SmtpIngest } from './modules/email/index.ts';

export type Role = 'api' | 'worker' | 'all';

export interface RunningServer {
  container: Container;
  app: FastifyInstance;
  /** The bound SMTP ingest port (roles api and all). */
  smtpPort?: number;
  logger: Logger;
  close(): Promise<void>;
}

/**
 * `klaxon serve`: HTTP API and ingest (role api), the outbox worker (role worker), or both. Each
 * role answers the operations routes on PORT.
 * Started pieces stop in reverse order on close: stop accepting, finish in-flight batches, stop
 * the worker, close the store.
 */
export async function startServer(config: Config, opts: { role?: Role; migrate?: boolean; logger?: Logger } = {}): Promise<RunningServer> {
  const role = opts.role ?? 'all';
  const logger = opts.logger ?? createLogger(config.logLevel);
  const container = createContainer({ config, log: logger });
  try {
    if (opts.migrate !== false) {
      const applied = await migrateToLatest(container.db);
      if (applied.length) logger.info({ applied }, 'migrations applied');
    } else {
      // Started on a schema older than the code (migrations are a separate deploy step that did
      // not run): refuse now, rather than serve and fail on the first query that needs the new one.
      const pending = await pendingMigrations(container.db);
      if (pending.length) {
        throw new ConfigError(
          `the database lacks ${pending.length} migration${pending.length === 1 ? '' : 's'} of this version (first: ${pending[0]}); run "klaxon migrate", or start without --no-migrate`,
        );
      }
    }
    if ((await verifySecretKey(container.db, container.box, container.clock.now().toISOString())) === 'skipped') {
      logger.warn('the database did not answer: KLAXON_SECRET_KEY was not checked against it');
    }
  } catch (err) {
    await container.close();
    throw err;
  }
  // Every role listens: a worker alone serves /healthz, /readyz and /metrics, which also keeps
  // its process alive (it used to exit at once, its timers unref'd; docs/adr/0104-worker-role.md).
  const app = await buildApp(container, { logger, routes: role === 'worker' ? 'operations' : 'all' });
  await app.listen({ port: config.port, host: config.host });
  // The SMTP ingest listener runs with the HTTP ingest (PRODUCT.md 1; docs/adr/0221-smtp-ingest.md).
  let smtp: SmtpIngest | undefined;
  let smtpPort: number | undefined;
  if (role === 'api' || role === 'all') {
    const started = await startEmailIngest({ ingest: container.services.ingest, domain: config.emailDomain, port: config.smtpPort, host: config.host, logger, metrics: container.metrics });
    smtp = started.smtp;
    smtpPort = started.port;
    logger.info({ smtpPort: started.port, emailDomain: config.emailDomain }, 'smtp ingest listening');
  }
  if (role === 'api' || role === 'all') {
    // Ingest can spool any live credential during an outage, not only those seen lately (docs/adr/0103).
    await container.snapshots.refresh();
    container.snapshots.start();
  }
  if (role === 'worker' || role === 'all') {
    container.runner.start();
    container.engine.start();
  }
  // Replays the local spool whenever the store is reachable (docs/adr/0100-ingest-spool.md).
  container.drainer.start();
  if (container.spool.size) logger.warn({ units: container.spool.size }, 'spooled signals from an earlier run will be replayed');
  logger.info({ role, port: config.port, dialect: config.dialect, publicUrl: config.publicUrl, worker: container.runner.owner, pid: process.pid }, 'klaxon started');
  // Ingest URLs are built from KLAXON_PUBLIC_URL: a sender on another machine cannot reach localhost.
  if (listensBeyondLoopback(config.host) && isLoopbackUrl(config.publicUrl)) {
    logger.warn({ publicUrl: config.publicUrl }, 'KLAXON_PUBLIC_URL is a loopback address: ingest URLs handed to senders on other machines will not reach Klaxon; set KLAXON_PUBLIC_URL to the address they use');
  }
  return {
    container,
    app,
    smtpPort,
    logger,
    async close() {
      await smtp?.close();
      // Stop accepting; in-flight requests finish. A keep-alive socket whose request finished
      // after close began is idle now: reap those too, or one quiet client holds shutdown open.
      const reap = setInterval(() => app.server.closeIdleConnections(), 100);
      try {
        await app.close();
      } finally {
        clearInterval(reap);
      }
      // Then: in-flight batches commit, the worker stops, the spool drains if it can.
      await container.close();
    },
  };
}

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;
const listensBeyondLoopback = (host: string) => !LOOPBACK.test(host) && host !== '::1';
const isLoopbackUrl = (url: string) => LOOPBACK.test(new URL(url).hostname.replace(/^\[?(::1)\]?$/, '[::1]'));
