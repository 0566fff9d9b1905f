import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import { buildApp } from '../../src/app.ts';
import { type Config, loadConfig } from '../../src/config.ts';
import { createContainer, type Container, type ContainerOptions } from '../../src/container.ts';
import { connectDb, type Db, type Dialect } from '../../src/db/connect.ts';
import { migrateToLatest } from '../../src/db/migrator.ts';
import { createLogger } from '../../src/http/logging.ts';
import { ManualClock } from '../../src/lib/clock.ts';
import { copySqliteTemplate, storeTemplates } from './store-template.ts';

/**
 * Every integration test runs on SQLite and on PostgreSQL. Without KLAXON_TEST_PG_URL the
 * PostgreSQL suites (named `postgres: …` or `… (postgres)`) are skipped and counted
 * (test/helpers/pg-runner.ts).
 */
export const DIALECTS: Dialect[] = ['sqlite', 'postgres'];

export const TEST_SECRET_KEY = '0f'.repeat(32);

export interface TestStore {
  dialect: Dialect;
  config: Config;
  store: Db;
  drop(): Promise<void>;
}

/**
 * A fresh database, a temp SQLite file or a new PostgreSQL database, migrated to the latest
 * version unless `migrate: false` (the migration tests start from an empty one). Within a vitest
 * run it is a copy of the run's migrated template (test/helpers/store-template.ts,
 * docs/adr/0775-test-store-templates.md): a file copy on SQLite, `CREATE DATABASE … TEMPLATE` on
 * PostgreSQL; outside one it is migrated here.
 */
export async function createTestStore(dialect: Dialect, env: Record<string, string> = {}, opts: { migrate?: boolean } = {}): Promise<TestStore> {
  const dir = mkdtempSync(join(tmpdir(), 'klaxon-test-'));
  const templates = opts.migrate === false ? { sqlite: null, postgres: null } : await storeTemplates();
  let migrated = false;
  let databaseUrl = `sqlite:${join(dir, 'klaxon.db')}`;
  let dbName: string | undefined;
  if (dialect === 'postgres') {
    dbName = `klaxon_t_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = new pg.Client({ connectionString: process.env.KLAXON_TEST_PG_URL });
    await admin.connect();
    await admin.query(templates.postgres ? `create database ${dbName} template ${templates.postgres}` : `create database ${dbName}`);
    await admin.end();
    migrated = templates.postgres !== null;
    const u = new URL(process.env.KLAXON_TEST_PG_URL!);
    u.pathname = `/${dbName}`;
    databaseUrl = u.toString();
  }
  const config = loadConfig(
    { DATABASE_URL: databaseUrl, KLAXON_SECRET_KEY: TEST_SECRET_KEY, KLAXON_DATA_DIR: dir, KLAXON_PUBLIC_URL: 'http://klaxon.test', LOG_LEVEL: 'info', ...env },
    { readDotEnv: false, generateSecret: false },
  );
  if (dialect === 'sqlite') migrated = copySqliteTemplate(templates, config.sqlitePath);
  const store = connectDb({ dialect, sqlitePath: config.sqlitePath, databaseUrl });
  if (opts.migrate !== false && !migrated) await migrateToLatest(store.db);
  return {
    dialect,
    config,
    store,
    async drop() {
      await store.close().catch(() => undefined);
      if (dbName) {
        const admin = new pg.Client({ connectionString: process.env.KLAXON_TEST_PG_URL });
        await admin.connect();
        await admin.query(`drop database if exists ${dbName} with (force)`);
        await admin.end();
      }
      // No retry: once the store's close has resolved its SQLite thread has exited (src/db/connect.ts).
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  container: Container;
  clock: ManualClock;
  dialect: Dialect;
  /** Every log line the app wrote (JSON strings). */
  logs: string[];
  /** With `outage: true`: makes the store unreachable and back (see StoreOutage). */
  outage: StoreOutage;
  close(): Promise<void>;
}

/** What PostgreSQL down looks like to Klaxon (its pool cannot connect). */
export const connectionRefused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432 (test outage)'), { code: 'ECONNREFUSED' });

/**
 * The store unreachable on demand, on both dialects and without stopping a server: while `down`,
 * every Kysely query of the app fails before it is sent, and every ingest batch (which the
 * committer sends outside Kysely) fails, with ECONNREFUSED. The spool file is not the store and
 * keeps working. Needs `buildTestApp({ outage: true })`.
 */
export interface StoreOutage {
  down: boolean;
  begin(): void;
  end(): void;
}

class OutagePlugin implements KyselyPlugin {
  down = false;
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (this.down) throw connectionRefused();
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

export async function buildTestApp(opts: {
  dialect: Dialect;
  clock?: ManualClock;
  env?: Record<string, string>;
  container?: Partial<ContainerOptions>;
  /** Lets the test make the store unreachable (`t.outage`). */
  outage?: boolean;
  /** A built dashboard to serve at / (src/web/build.ts). */
  dashboard?: string;
}): Promise<TestApp> {
  const ts = await createTestStore(opts.dialect, opts.env);
  const plugin = new OutagePlugin();
  const store = opts.outage ? { ...ts.store, db: ts.store.db.withPlugin(plugin) } : ts.store;
  const clock = opts.clock ?? new ManualClock('2026-03-01T10:00:00.000Z');
  const logs: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, cb) {
      logs.push(...String(chunk).split('\n').filter(Boolean));
      cb();
    },
  });
  // The event-loop delay behind load shedding is wall-clock and machine-dependent: tests read 0
  // unless they inject their own (test/integration/durability/backpressure.test.ts).
  const logger = createLogger('info', sink);
  const container = createContainer({ config: ts.config, clock, store, eventLoopDelay: () => 0, log: logger, ...opts.container });
  const app = await buildApp(container, { logger, ...(opts.dashboard ? { dashboard: opts.dashboard } : {}) });
  const submit = container.committer.submit;
  const outage: StoreOutage = {
    get down() {
      return plugin.down;
    },
    set down(on: boolean) {
      if (!opts.outage) throw new Error('buildTestApp({ outage: true }) to simulate an outage');
      plugin.down = on;
      container.committer.submit = on ? () => Promise.reject(connectionRefused()) : submit;
    },
    begin() {
      this.down = true;
    },
    end() {
      this.down = false;
    },
  };
  return {
    app,
    container,
    clock,
    dialect: opts.dialect,
    logs,
    outage,
    async close() {
      await app.close();
      await container.close();
      await ts.drop();
    },
  };
}

export interface Tenant {
  orgId: string;
  userId: string;
  apiKey: string;
  ingestKey: string;
  /** Headers for /api routes as this org's owner. */
  headers: Record<string, string>;
}

export async function bootstrapTenant(t: TestApp, name = 'Acme', email?: string): Promise<Tenant> {
  const r = await t.container.services.orgs.bootstrap({ orgName: name, email: email ?? `owner-${Math.random().toString(36).slice(2)}@example.com` });
  return {
    orgId: r.org_id,
    userId: r.user_id,
    apiKey: r.api_key,
    ingestKey: r.ingest_key,
    headers: { authorization: `Bearer ${r.api_key}`, 'x-service-org': r.org_id },
  };
}

/** Lifts the organization's ingest rate limit, so a property test exercises the full path (the limiter has its own tests). */
export async function liftIngestRateLimit(t: TestApp, tenant: Pick<Tenant, 'orgId'>): Promise<void> {
  await t.container.db.updateTable('organizations').set({ ingest_rate_per_minute: 1_000_000 }).where('id', '=', tenant.orgId).execute();
}

export async function createService(t: TestApp, tenant: Tenant, name = `svc-${Math.random().toString(36).slice(2, 8)}`) {
  const res = await t.app.inject({ method: 'POST', url: '/api/services', headers: tenant.headers, payload: { name } });
  if (res.statusCode !== 200) throw new Error(`createService: ${res.statusCode} ${res.body}`);
  const body = res.json() as { id: string; default_integration: { id: string; ingest_url: string } };
  return { id: body.id, integrationId: body.default_integration.id, ingestUrl: body.default_integration.ingest_url, ingestPath: new URL(body.default_integration.ingest_url).pathname };
}
