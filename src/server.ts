import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { buildApp } from './app.ts';
import { ensureDashboard } from './web/build.ts';
import { type Config, ConfigError } from './config.ts';
import { createContainer, type Container } from './container.ts';
import { migrateToLatest, pendingMigrations } from './db/migrator.ts';
import { verifySecretKey } from './db/secret-key-check.ts';
import { createLogger } from './http/logging.ts';
import { startEmailIngest, type SmtpIngest } from './modules/email/index.ts';
import { isStoreUnavailable, storeNotReadyError, storeProblem } from './db/unavailable.ts';
import { createStoreStartup } from './jobs/store-startup.job.ts';
import { fitConnections, openFilesLimit } from './http/limits.ts';

/** How long start-up waits for a SQLite file another process writes (a concurrent start migrating). */
const STORE_START_WAIT_MS = 2_000;

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
export async function startServer(
  config: Config,
  opts: {
    role?: Role;
    migrate?: boolean;
    logger?: Logger;
    /** Started without the store, a later failure to prepare it that is not an outage (docs/adr/0511). */
    onFatal?: (err: unknown) => void;
    /** How long start-up waits for a SQLite file another process holds before starting without it. */
    storeWaitMs?: number;
  } = {},
): Promise<RunningServer> {
  const role = opts.role ?? 'all';
  const logger = opts.logger ?? createLogger(config.logLevel);
  const container = createContainer({ config, log: logger });
  if (config.testClockFile) logger.warn({ testClockFile: config.testClockFile }, 'KLAXON_TEST_CLOCK_FILE is set: this process runs on a test clock, not the real time; unset it outside tests');
  if (config.testStartupBusyMs) logger.warn({ testStartupBusyMs: config.testStartupBusyMs }, 'KLAXON_TEST_STARTUP_BUSY_MS is set: start-up keeps the event loop busy on purpose; unset it outside tests');
  const takesIngest = role === 'api' || role === 'all';
  container.startup.role = role;
  // Nothing is written to the store before it is migrated and checked (docs/adr/0511).
  container.storeGate.close();
  /** Migrations (or the check that none is pending) and the secret key check; throws as it found. */
  const prepareStore = async (waitMs?: number) => {
    if (opts.migrate !== false) {
      const applied = await migrateToLatest(container.db, { waitMs });
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
    if ((await verifySecretKey(container.db, container.box, container.clock.now().toISOString())) === 'skipped') throw storeNotReadyError();
  };
  let storeReady = false;
  try {
    // A restart during an outage still knows every live credential (docs/adr/0511).
    const takenAt = takesIngest ? container.snapshots.restore() : undefined;
    try {
      await prepareStore(opts.storeWaitMs ?? STORE_START_WAIT_MS);
      storeReady = true;
    } catch (err) {
      if (!isStoreUnavailable(err)) throw err;
      // Start anyway: ingest spools, and migrations, paging and the drain begin once the store
      // answers. Refusing to start would refuse the very signals the spool exists to keep.
      logger.warn(
        { problem: storeProblem(err), snapshotTakenAt: takenAt ?? null },
        takenAt
          ? 'the database is unavailable: starting without it; signals to credentials in the outage snapshot are kept in the spool until it answers'
          : 'the database is unavailable and no outage credential snapshot is kept here: starting without it; every signal is answered 503 until it answers',
      );
    }
  } catch (err) {
    await container.close();
    throw err;
  }
  if (storeReady) container.storeGate.open();
  // Every role listens: a worker alone serves /healthz, /readyz and /metrics, which also keeps
  // its process alive (it used to exit at once, its timers unref'd; docs/adr/0104-worker-role.md).
  // /readyz answers 503 until every listener is up and start-up is done (docs/adr/0511).
  container.startup.complete = false;
  let app: FastifyInstance | undefined;
  let smtp: SmtpIngest | undefined;
  let smtpPort: number | undefined;
  try {
    const dashboard = role === 'worker' ? undefined : await dashboardFolder(logger);
    app = await buildApp(container, { logger, routes: role === 'worker' ? 'operations' : 'all', dashboard });
    const http = app;
    // A connection cap above the descriptor limit protects nothing: it is lowered to fit (docs/adr/0700).
    const fitted = fitConnections(config.http.maxConnections, readOpenFilesLimit());
    if (fitted.problem) logger.warn({ maxConnections: fitted.maxConnections }, fitted.problem);
    http.server.maxConnections = fitted.maxConnections;
    await listening('the HTTP API', 'PORT', config.host, config.port, () => http.listen({ port: config.port, host: config.host }));
    // The SMTP ingest listener runs with the HTTP ingest (PRODUCT.md 1; docs/adr/0221-smtp-ingest.md).
    if (role === 'api' || role === 'all') {
      const started = await listening('SMTP ingest', 'SMTP_PORT', config.host, config.smtpPort, () =>
        startEmailIngest({ ingest: container.services.ingest, domain: config.emailDomain, port: config.smtpPort, host: config.host, logger, metrics: container.metrics }),
      );
      smtp = started.smtp;
      smtpPort = started.port;
      logger.info({ smtpPort: started.port, emailDomain: config.emailDomain }, 'smtp ingest listening');
    }
    if (takesIngest && storeReady) {
      // Ingest can spool any live credential during an outage, not only those seen lately (docs/adr/0103).
      await container.snapshots.refresh();
      container.snapshots.start();
    }
  } catch (err) {
    // Nothing half-started stays behind: a listener that could not start stops the process (issue 18.6).
    await smtp?.close().catch(() => undefined);
    await app?.close().catch(() => undefined);
    await container.close().catch(() => undefined);
    throw err;
  }
  /** The store is migrated and checked: write, drain and page. */
  const useStore = async () => {
    container.storeGate.open();
    if (role === 'worker' || role === 'all') {
      container.runner.start();
      container.periodic.start();
      container.webhookWorker.start();
      container.engine.start();
      container.selfHeartbeat?.start();
    }
    // Every role writes alert events, so every role follows who wants which (docs/adr/0461).
    container.webhookSubscriptions.start();
    // Replays the local spool whenever the store is reachable (docs/adr/0100-ingest-spool.md).
    container.drainer.start();
  };
  let storeStartup: ReturnType<typeof createStoreStartup> | undefined;
  if (storeReady) await useStore();
  else {
    storeStartup = createStoreStartup({
      prepare: () => prepareStore(opts.storeWaitMs ?? STORE_START_WAIT_MS),
      onReady: async () => {
        await useStore();
        logger.info('the database answers: migrations and checks done; draining the spool and paging');
        if (takesIngest) {
          await container.snapshots.refresh();
          container.snapshots.start();
        }
      },
      onFatal: (err) => {
        logger.error({ err: { message: String((err as Error)?.message ?? err) } }, 'the database answered, but this process cannot use it; stopping');
        opts.onFatal?.(err);
      },
    });
    storeStartup.start();
  }
  if (config.testStartupBusyMs) await busyStartup(config.testStartupBusyMs);
  container.startup.complete = true;
  // Load shedding measures the event loop from now: start-up's own work is not load to shed, and
  // counted it refused a restarted process's first signals for about a second.
  container.load.start();
  if (container.spool.size) logger.warn({ units: container.spool.size }, 'spooled signals from an earlier run will be replayed');
  logger.info({ role, port: config.port, dialect: config.dialect, publicUrl: config.publicUrl, worker: container.runner.owner, pid: process.pid }, 'klaxon started');
  // Telegram (docs/adr/0835): the API role tells Telegram where its webhook is, with the secret it must send.
  if (config.telegram && role !== 'worker') {
    void container.services.telegram.registerWebhook().then(
      (r) => (r.ok ? logger.info('telegram webhook registered') : logger.warn({ detail: r.detail }, 'telegram webhook not registered; pages still go, button presses do not arrive')),
      (err: unknown) => logger.warn({ err: (err as Error).name }, 'telegram webhook not registered'),
    );
  }
  // Ingest URLs are built from KLAXON_PUBLIC_URL: a sender on another machine cannot reach localhost.
  if (listensBeyondLoopback(config.host) && isLoopbackUrl(config.publicUrl)) {
    logger.warn({ publicUrl: config.publicUrl }, 'KLAXON_PUBLIC_URL is a loopback address: ingest URLs handed to senders on other machines will not reach Klaxon; set KLAXON_PUBLIC_URL to the address they use');
  }
  const http = app;
  return {
    container,
    app: http,
    smtpPort,
    logger,
    async close() {
      await storeStartup?.stop();
      await smtp?.close();
      // Stop accepting; in-flight requests finish. A keep-alive socket whose request finished
      // after close began is idle now: reap those too, or one quiet client holds shutdown open.
      const reap = setInterval(() => http.server.closeIdleConnections(), 100);
      try {
        await http.close();
      } finally {
        clearInterval(reap);
      }
      // Then: in-flight batches commit, the worker stops, the spool drains if it can.
      await container.close();
    },
  };
}

/**
 * KLAXON_TEST_STARTUP_BUSY_MS (tests only): start-up work that keeps the event loop busy for `ms`,
 * in 400 ms stretches with a turn of the loop between them, as heavy start-up work does; requests
 * (/healthz, ingest) are answered in those turns.
 */
async function busyStartup(ms: number): Promise<void> {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    const stretch = Math.min(end, performance.now() + 400);
    while (performance.now() < stretch) {
      /* busy, as start-up work is */
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** The process's soft open-file limit where the system tells it (Linux), else undefined. */
function readOpenFilesLimit(): number | undefined {
  try {
    return openFilesLimit(readFileSync('/proc/self/limits', 'utf8'));
  } catch {
    return undefined;
  }
}

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;
const listensBeyondLoopback = (host: string) => !LOOPBACK.test(host) && host !== '::1';
const isLoopbackUrl = (url: string) => LOOPBACK.test(new URL(url).hostname.replace(/^\[?(::1)\]?$/, '[::1]'));

/** Why a listener could not bind, and what to change: one line, no stack (issue 18.6). */
const LISTEN_PROBLEMS: Record<string, (variable: string) => string> = {
  EADDRINUSE: (v) => `the port is in use; set ${v} to a free port`,
  EACCES: (v) => `permission denied; set ${v} to a port above 1023, or give Klaxon the right to bind it`,
  EADDRNOTAVAIL: () => 'the address is not one of this machine\'s; set HOST to one of its addresses (or 0.0.0.0)',
};

async function listening<T>(what: string, variable: string, host: string, port: number, listen: () => Promise<T>): Promise<T> {
  try {
    return await listen();
  } catch (err) {
    const code = (err as { code?: string }).code ?? '';
    const problem = LISTEN_PROBLEMS[code];
    if (!problem) throw err;
    throw new ConfigError(`cannot listen on ${host}:${port} (${code}) for ${what}: ${problem(variable)}`);
  }
}

/**
 * The built dashboard, rebuilt first when missing or stale (docs/adr/0600). A build that fails
 * leaves the API running without the dashboard: the UI must never keep signals out.
 */
async function dashboardFolder(logger: Logger): Promise<string | undefined> {
  try {
    return await ensureDashboard({ onBuild: (reason) => logger.info({ reason }, 'building the dashboard') });
  } catch (err) {
    logger.error({ err: { message: (err as Error).message } }, 'the dashboard could not be built; / answers 404 until it is (npm run build:web)');
    return undefined;
  }
}
