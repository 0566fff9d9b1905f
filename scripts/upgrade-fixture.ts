// Makes the upgrade test's fixtures (test/fixtures/upgrade/README.md, docs/adr/0863): a store filled
// by an earlier version of Klaxon, on both stores. The earlier version is this repository at COMMIT,
// checked out with `git worktree` (it runs on this checkout's node_modules), started as a real
// `klaxon serve` and filled through its own HTTP API; the SQLite file and a plain `pg_dump` of the
// PostgreSQL database are written to test/fixtures/upgrade/<COMMIT>/.
//
//   KLAXON_TEST_PG_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx scripts/upgrade-fixture.ts edf37d6
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';

const REPO = resolve(import.meta.dirname, '..');
const commit = process.argv[2];
const adminUrl = process.env.KLAXON_TEST_PG_URL;
if (!commit || !adminUrl) {
  console.error('usage: KLAXON_TEST_PG_URL=postgres://… node --import tsx scripts/upgrade-fixture.ts COMMIT');
  process.exit(1);
}
/** The key the fixtures' secrets are sealed with (the tests' TEST_SECRET_KEY). */
export const FIXTURE_SECRET_KEY = '0f'.repeat(32);
const short = execFileSync('git', ['rev-parse', '--short=7', commit], { cwd: REPO, encoding: 'utf8' }).trim();
const out = join(REPO, 'test/fixtures/upgrade', short);
const tmp = mkdtempSync(join(tmpdir(), 'klaxon-fixture-'));
const src = join(tmp, 'src');

const freePort = () =>
  new Promise<number>((res) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => res(port));
    });
  });

async function fill(databaseUrl: string, dataDir: string) {
  const port = await freePort();
  const env = {
    PATH: process.env.PATH!, HOME: process.env.HOME ?? '/tmp', DATABASE_URL: databaseUrl, KLAXON_SECRET_KEY: FIXTURE_SECRET_KEY, KLAXON_DATA_DIR: dataDir,
    KLAXON_PUBLIC_URL: 'http://klaxon.test', HOST: '127.0.0.1', PORT: String(port), SMTP_PORT: '0', LOG_LEVEL: 'warn',
  };
  const bin = join(src, 'bin/klaxon.js');
  const boot = execFileSync(process.execPath, [bin, 'admin', 'bootstrap', '--org', 'Upgrade Co', '--email', 'olive@example.com', '--password', 'correct horse battery', '--json'], { cwd: tmp, env, encoding: 'utf8' });
  const keys = JSON.parse(boot.trim().split('\n').pop()!) as { org_id: string; user_id: string; api_key: string; ingest_key: string };
  const child: ChildProcess = spawn(process.execPath, [bin, 'serve'], { cwd: tmp, env, stdio: ['ignore', 'inherit', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      /* starting */
    }
    if (i > 1200) throw new Error('the earlier version did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  const api = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${url}${path}`, {
      method,
      headers: { authorization: `Bearer ${keys.api_key}`, 'x-service-org': keys.org_id, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<any>;
  };
  const service = await api('POST', '/api/services', { name: 'Checkout' });
  const ingest = new URL(service.default_integration.ingest_url).pathname;
  const signal = async (payload: object) => {
    const res = await fetch(`${url}${ingest}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(payload) });
    if (res.status !== 202) throw new Error(`signal: ${res.status} ${await res.text()}`);
    return res.json() as Promise<{ alert_id: string }>;
  };
  const disk = await signal({ title: 'Disk full on db-1', event_key: 'disk-1', priority: 'critical' });
  await signal({ title: 'Disk full on db-1', event_key: 'disk-1', priority: 'critical' });
  const cpu = await signal({ title: 'CPU high on web-2', event_key: 'cpu-2', priority: 'high' });
  const backup = await signal({ title: 'Nightly backup failed', event_key: 'backup-nightly', priority: 'low' });
  await api('PUT', `/api/alerts/${cpu.alert_id}/ack`, {});
  await api('PUT', `/api/alerts/${backup.alert_id}/resolve`, {});
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  return { ...keys, service_id: service.id, ingest_path: ingest, alerts: { open: disk.alert_id, acknowledged: cpu.alert_id, resolved: backup.alert_id } };
}

try {
  execFileSync('git', ['worktree', 'add', '--detach', src, commit], { cwd: REPO, stdio: 'inherit' });
  symlinkSync(join(REPO, 'node_modules'), join(src, 'node_modules'));
  mkdirSync(out, { recursive: true });

  const sqliteDir = join(tmp, 'sqlite');
  mkdirSync(sqliteDir);
  const sqlite = await fill(`sqlite:${join(sqliteDir, 'klaxon.db')}`, sqliteDir);
  if (existsSync(join(sqliteDir, 'klaxon.db-wal'))) execFileSync(process.execPath, ['-e', `new (require('better-sqlite3'))(${JSON.stringify(join(sqliteDir, 'klaxon.db'))}).pragma('wal_checkpoint(TRUNCATE)')`], { cwd: REPO });
  copyFileSync(join(sqliteDir, 'klaxon.db'), join(out, 'klaxon.sqlite'));

  const name = `klaxon_fixture_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  try {
    const pgDir = join(tmp, 'pg');
    mkdirSync(pgDir);
    const postgres = await fill(u.toString(), pgDir);
    const dump = execFileSync('pg_dump', ['--format=plain', '--no-owner', '--no-privileges', u.toString()], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    writeFileSync(join(out, 'klaxon.pg.sql'), dump);
    const made = { commit: execFileSync('git', ['rev-parse', commit], { cwd: REPO, encoding: 'utf8' }).trim(), secret_key: FIXTURE_SECRET_KEY, sqlite, postgres };
    writeFileSync(join(out, 'fixture.json'), `${JSON.stringify(made, null, 2)}\n`);
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
  console.log(`fixtures written to ${out}`);
} finally {
  execFileSync('git', ['worktree', 'remove', '--force', src], { cwd: REPO, stdio: 'inherit' });
  rmSync(tmp, { recursive: true, force: true });
}
