import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { TEST_SECRET_KEY } from './app.ts';
import { freePort } from './binaries.ts';
import { copySqliteTemplate, storeTemplates } from './store-template.ts';
import { bootstrapOrganization } from '../../src/cli.ts';
import { loadConfig } from '../../src/config.ts';

/**
 * Real `klaxon` processes for the durability tests (crash, outage, cluster, shutdown): spawned
 * with `node bin/klaxon.js`, killed with real signals.
 */

const ROOT = resolve(import.meta.dirname, '../..');
const BIN = join(ROOT, 'bin/klaxon.js');
const run = promisify(execFile);

export { freePort } from './binaries.ts';

export const tempDir = (prefix = 'klaxon-proc-') => mkdtempSync(join(tmpdir(), prefix));

/**
 * A fresh database on the shared test server (KLAXON_TEST_PG_URL), or a SQLite file in `dir`:
 * a copy of the run's migrated template (store-template.ts), so `klaxon serve` finds nothing to
 * migrate. `migrated: false` for an empty one that the process migrates (a test of that: concurrent
 * starts, a fresh clone, the files a first start creates).
 */
export async function freshDatabase(dialect: 'sqlite' | 'postgres', dir: string, adminUrl = process.env.KLAXON_TEST_PG_URL, opts: { migrated?: boolean } = {}) {
  const templates = opts.migrated === false ? { sqlite: null, postgres: null } : await storeTemplates();
  if (dialect === 'sqlite') {
    copySqliteTemplate(templates, join(dir, 'klaxon.db'));
    return { url: `sqlite:${join(dir, 'klaxon.db')}`, drop: async () => {} };
  }
  const name = `klaxon_p_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  // The template lives on the shared server only: a test's own server gets an empty database.
  const template = adminUrl === process.env.KLAXON_TEST_PG_URL ? templates.postgres : null;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  await admin.end();
  const u = new URL(adminUrl!);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    async drop() {
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}

export function klaxonEnv(databaseUrl: string, dataDir: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: process.env.HOME ?? '/tmp',
    DATABASE_URL: databaseUrl,
    KLAXON_SECRET_KEY: TEST_SECRET_KEY,
    KLAXON_DATA_DIR: dataDir,
    KLAXON_PUBLIC_URL: 'http://klaxon.test',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    SMTP_PORT: '0', // several processes at once: each SMTP listener on a free port
    // These processes test durability, not shedding (backpressure.test.ts does): on a machine busy
    // with the rest of the suite, a start's event-loop stalls must not turn a signal into a 503.
    KLAXON_SHED_EVENT_LOOP_DELAY_MS: '10000',
    ...extra,
  };
}

export async function cliBootstrap(env: Record<string, string>) {
  const { stdout } = await run(process.execPath, [BIN, 'admin', 'bootstrap', '--org', 'Acme', '--email', `owner-${Date.now()}@example.com`, '--json'], { cwd: ROOT, env });
  return JSON.parse(stdout.trim().split('\n').pop()!) as { org_id: string; user_id: string; api_key: string; ingest_key: string };
}

/**
 * What `cliBootstrap` does, in this process (src/cli.ts `bootstrapOrganization`): the same
 * configuration from the same environment, without a second process start (2–4 s of CPU each,
 * docs/adr/0776). For tests about the processes a store serves, not about the CLI; those that test
 * what the CLI itself does or creates keep `cliBootstrap`.
 */
export async function bootstrapOrg(env: Record<string, string>) {
  const out = await bootstrapOrganization(loadConfig(env, { readDotEnv: false }), { orgName: 'Acme', email: `owner-${Date.now()}@example.com` });
  return { org_id: out.org_id, user_id: out.user_id, api_key: out.api_key, ingest_key: out.ingest_key };
}

export interface KlaxonProc {
  child: ChildProcess;
  port: number;
  url: string;
  output: string[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  kill(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts `klaxon serve` and resolves once /healthz answers. */
export async function startKlaxon(
  env: Record<string, string>,
  /** `program`: another `klaxon` executable (an installed package's) instead of this checkout's. */
  opts: { port?: number; args?: string[]; cwd?: string; program?: string; startWithinMs?: number } = {},
): Promise<KlaxonProc> {
  const port = opts.port ?? (await freePort());
  const [command, first] = opts.program ? [opts.program, []] : [process.execPath, [BIN]];
  const child = spawn(command, [...first, 'serve', ...(opts.args ?? [])], { cwd: opts.cwd ?? ROOT, env: { ...env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  child.stdout!.on('data', (d) => output.push(String(d)));
  child.stderr!.on('data', (d) => output.push(String(d)));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((res) => child.once('exit', (code, signal) => res({ code, signal })));
  const url = `http://127.0.0.1:${port}`;
  let gone = false;
  void exited.then(() => (gone = true));
  const within = opts.startWithinMs ?? 90_000;
  const deadline = Date.now() + within; // generous: a loaded 2-core CI machine starts a process in ~10 s
  for (;;) {
    if (gone) throw new Error(`klaxon exited during start:\n${output.join('')}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`klaxon did not start within ${within / 1000} s:\n${output.join('')}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    child,
    port,
    url,
    output,
    exited,
    async kill(signal: NodeJS.Signals = 'SIGKILL') {
      if (!gone) child.kill(signal);
      return exited;
    },
  };
}

export async function createServiceHttp(url: string, tenant: { org_id: string; api_key: string }, name: string) {
  const res = await fetch(`${url}/api/services`, {
    method: 'POST',
    headers: { authorization: `Bearer ${tenant.api_key}`, 'x-service-org': tenant.org_id, 'content-type': 'application/json' },
    body: JSON.stringify({ name }),
  });
  if (res.status !== 200) throw new Error(`create service: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { id: string; default_integration: { ingest_url: string } };
  return { id: body.id, ingestPath: new URL(body.default_integration.ingest_url).pathname };
}

export interface SendResult {
  status: number;
  body: Record<string, unknown> | undefined;
  receiptId: string | undefined;
  retryAfter: string | undefined;
}

/** One signal; a refused or reset connection is status 0 (the sender would retry). */
export async function sendSignal(url: string, path: string, payload: object, headers: Record<string, string> = {}): Promise<SendResult> {
  try {
    const res = await fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(payload) });
    const text = await res.text();
    let body: Record<string, unknown> | undefined;
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      body = undefined;
    }
    return { status: res.status, body, receiptId: res.headers.get('x-service-receipt-id') ?? undefined, retryAfter: res.headers.get('retry-after') ?? undefined };
  } catch {
    return { status: 0, body: undefined, receiptId: undefined, retryAfter: undefined };
  }
}

/** Polls `check` until it returns true (a condition the system reaches, not a sleep for luck). */
export async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 30_000, everyMs = 100): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** A JSON call to a running server as the tenant's API key; throws on anything but 200. */
export async function apiJson(url: string, tenant: { org_id: string; api_key: string }, method: string, path: string, body?: unknown) {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { authorization: `Bearer ${tenant.api_key}`, 'x-service-org': tenant.org_id, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
}

export const cleanup = (dir: string) => rmSync(dir, { recursive: true, force: true });
