import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import { createContainer, type Container } from './container.ts';
import { migrateToLatest } from './db/migrator.ts';
import { createLogger } from './http/logging.ts';
import { startEmailIngest, type SmtpIngest } from './modules/email/index.ts';

export type Role = 'api' | 'worker' | 'all';

export interface RunningServer {
  container: Container;
  app?: FastifyInstance;
  /** The bound SMTP ingest port (roles api and all). */
  smtpPort?: number;
  logger: Logger;
  close(): Promise<void>;
}

/**
 * `klaxon serve`: HTTP API and ingest (role api), the outbox worker (role worker), or both.
 * Started pieces stop in reverse order on close: stop accepting, finish in-flight batches, stop
 * the worker, close the store.
 */
export async function startServer(config: Config, opts: { role?: Role; migrate?: boolean; logger?: Logger } = {}): Promise<RunningServer> {
  const role = opts.role ?? 'all';
  const logger = opts.logger ?? createLogger(config.logLevel);
  const container = createContainer({ config, onBackgroundError: (err, msg) => logger.error({ err }, msg) });
  if (opts.migrate !== false) {
    const applied = await migrateToLatest(container.db);
    if (applied.length) logger.info({ applied }, 'migrations applied');
  }
  let app: FastifyInstance | undefined;
  if (role === 'api' || role === 'all') {
    app = await buildApp(container, { logger });
    await app.listen({ port: config.port, host: config.host });
  }
  // The SMTP ingest listener runs with the HTTP ingest (PRODUCT.md 1; docs/adr/0221-smtp-ingest.md).
  let smtp: SmtpIngest | undefined;
  let smtpPort: number | undefined;
  if (role === 'api' || role === 'all') {
    const started = await startEmailIngest({ ingest: container.services.ingest, domain: config.emailDomain, port: config.smtpPort, host: config.host, logger, metrics: container.metrics });
    smtp = started.smtp;
    smtpPort = started.port;
    logger.info({ smtpPort: started.port, emailDomain: config.emailDomain }, 'smtp ingest listening');
  }
  if (role === 'worker' || role === 'all') container.runner.start();
  // Replays the local spool whenever the store is reachable (docs/adr/0100-ingest-spool.md).
  container.drainer.start();
  if (container.spool.size) logger.warn({ units: container.spool.size }, 'spooled signals from an earlier run will be replayed');
  logger.info({ role, port: config.port, dialect: config.dialect, publicUrl: config.publicUrl, worker: container.runner.owner, pid: process.pid }, 'klaxon started');
  return {
    container,
    app,
    smtpPort,
    logger,
    async close() {
      await smtp?.close();
      // Stop accepting; in-flight requests finish. A keep-alive socket whose request finished
      // after close began is idle now: reap those too, or one quiet client holds shutdown open.
      const reap = setInterval(() => app?.server.closeIdleConnections(), 100);
      try {
        await app?.close();
      } finally {
        clearInterval(reap);
      }
      // Then: in-flight batches commit, the worker stops, the spool drains if it can.
      await container.close();
    },
  };
}
