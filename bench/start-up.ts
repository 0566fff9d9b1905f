// The start-up the benches share (bench/storm.ts, bench/heartbeats.ts, bench/time-to-page.ts):
// a fresh store (a temporary directory and, on PostgreSQL, a new database on the server given),
// an organization bootstrapped through the CLI, `klaxon serve` processes on loopback ready on
// /readyz, and the clean-up of all of it.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { closeSync, mkdtempSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()));
  const port = (s.address() as { port: number }).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

export interface FreshStore {
  /** The temporary directory: the SQLite file, the processes' data directories and logs. */
  work: string;
  databaseUrl: string;
  /** The SQLite file (on SQLite). */
  sqliteFile: string;
  /** Drops the database (PostgreSQL) and removes the directory. */
  cleanup(): Promise<void>;
}

/** A temporary directory `klaxon-<name>-…` and a store in it (SQLite) or a new database `klaxon_<name>_…` (PostgreSQL at `pgUrl`). */
export async function freshStore(opts: { dialect: 'sqlite' | 'postgres'; name: string; pgUrl?: string | undefined }): Promise<FreshStore> {
  const work = mkdtempSync(join(tmpdir(), `klaxon-${opts.name}-`));
  const sqliteFile = join(work, 'klaxon.db');
  let databaseUrl = `sqlite:${sqliteFile}`;
  let dbName: string | undefined;
  if (opts.dialect === 'postgres') {
    dbName = `klaxon_${opts.name}_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: opts.pgUrl });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const u = new URL(opts.pgUrl!);
    u.pathname = `/${dbName}`;
    databaseUrl = u.toString();
  }
  return {
    work, databaseUrl, sqliteFile,
    async cleanup() {
      try {
        if (dbName) {
          const admin = new pg.Client({ connectionString: opts.pgUrl });
          await admin.connect();
          await admin.query(`drop database if exists ${dbName} with (force)`).finally(() => admin.end());
        }
      } finally {
        rmSync(work, { recursive: true, force: true });
      }
    },
  };
}

/** The environment every bench process gets: the store, a fixed secret key, quiet logs, loopback. */
export const baseEnv = (databaseUrl: string, more: Record<string, string> = {}): Record<string, string> => ({
  DATABASE_URL: databaseUrl, KLAXON_SECRET_KEY: '0f'.repeat(32), LOG_LEVEL: 'warn', HOST: '127.0.0.1', ...more,
});

/** `klaxon admin bootstrap` (organization "Bench", bench@example.com): its organization and API key. */
export function bootstrapOrg(work: string, env: Record<string, string>): { org_id: string; api_key: string } {
  return JSON.parse(
    execFileSync(process.execPath, ['bin/klaxon.js', 'admin', 'bootstrap', '--org', 'Bench', '--email', 'bench@example.com', '--json'], {
      cwd: ROOT, env: { ...process.env, ...env, KLAXON_DATA_DIR: join(work, 'boot') }, encoding: 'utf8',
    }).trim().split('\n').pop()!,
  ) as { org_id: string; api_key: string };
}

export interface Servers {
  children: ChildProcess[];
  ports: number[];
  /** SIGTERM to each, SIGKILL after 15 s; resolves once all exited. */
  stop(): Promise<void>;
}

/**
 * Starts `count` `klaxon serve` processes (each its own port, SMTP port, data directory `p<i>` and
 * log `klaxon-<i>.log` under `work`), all at once, then waits until each answers /readyz (a loaded
 * machine can take minutes to start three). A process that exits first fails with its log's tail.
 */
export async function startServers(work: string, env: Record<string, string>, count: number, readyMs: number): Promise<Servers> {
  const children: ChildProcess[] = [];
  const ports: number[] = [];
  const servers: Servers = {
    children, ports,
    async stop() {
      for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
      await Promise.all(children.map((c) => (c.exitCode !== null ? undefined : new Promise((r) => { const t = setTimeout(() => c.kill('SIGKILL'), 15_000); c.once('exit', () => (clearTimeout(t), r(undefined))); }))));
    },
  };
  try {
    for (let i = 0; i < count; i++) {
      const port = await freePort();
      const dataDir = join(work, `p${i}`);
      mkdirSync(dataDir, { recursive: true });
      const fd = openSync(join(work, `klaxon-${i}.log`), 'a');
      children.push(spawn(process.execPath, ['bin/klaxon.js', 'serve'], { cwd: ROOT, env: { ...process.env, ...env, PORT: String(port), SMTP_PORT: String(await freePort()), KLAXON_DATA_DIR: dataDir }, stdio: ['ignore', fd, fd] }));
      closeSync(fd);
      ports.push(port);
    }
    for (const [i, port] of ports.entries()) {
      const until = Date.now() + readyMs;
      for (;;) {
        if (children[i]!.exitCode !== null) throw new Error(`klaxon ${i} exited: ${readFileSync(join(work, `klaxon-${i}.log`), 'utf8').slice(-2000)}`);
        if (await fetch(`http://127.0.0.1:${port}/readyz`).then((r) => r.ok, () => false)) break;
        if (Date.now() > until) throw new Error(`klaxon ${i} not ready`);
        await sleep(100);
      }
    }
  } catch (err) {
    await servers.stop();
    throw err;
  }
  return servers;
}

/** One call of the management API; a status of 300 or more throws with the body. */
export async function api(port: number, h: Record<string, string>, method: string, path: string, body?: unknown) {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, { method, headers: { ...h, ...(body ? { 'content-type': 'application/json' } : {}) }, ...(body ? { body: JSON.stringify(body) } : {}) });
  const json = (await res.json().catch(() => undefined)) as any;
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}
