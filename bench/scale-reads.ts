// `node --import tsx bench/scale-reads.ts <kept work dir> [reads]`: serves a store (SQLite, or the
// kept PostgreSQL database its bench-env.json names) that
// `BENCH_KEEP=1 npm run bench -- --scale=N` kept (its bench-env.json) with a fresh `klaxon serve`,
// waits until the server is idle (no alert with an escalation step due), and times the scale
// bench's reads on it: the same reads, the first request of each apart. A script, not a test.
import { spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';
import pg from 'pg';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dir = process.argv[2];
if (!dir) throw new Error('usage: bench/scale-reads.ts <kept work dir> [reads]');
const n = Number(process.argv[3] ?? 40);
const { env, headers } = JSON.parse(readFileSync(join(dir, 'bench-env.json'), 'utf8')) as { env: Record<string, string>; headers: Record<string, string> };
const pgUrl = env.DATABASE_URL?.startsWith('postgres') ? env.DATABASE_URL : undefined;
const file = join(dir, 'klaxon.db');
/** The rows of a query on the kept store (its SQLite file or PostgreSQL database). */
async function rows<T>(q: string): Promise<T[]> {
  if (pgUrl) {
    const c = new pg.Client({ connectionString: pgUrl });
    await c.connect();
    try {
      return (await c.query(q)).rows as T[];
    } finally {
      await c.end();
    }
  }
  const s = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    return s.prepare(q).all() as T[];
  } finally {
    s.close();
  }
}
const count = async (q: string) => Number((await rows<{ n: number | string }>(q))[0]!.n);
const port = 41000 + Math.floor(Math.random() * 1000);
const fd = openSync(join(dir, 'scale-reads-server.log'), 'w');
const child = spawn(process.execPath, ['bin/klaxon.js', 'serve'], {
  cwd: ROOT,
  env: { ...process.env, ...env, PORT: String(port), KLAXON_PUBLIC_URL: `http://127.0.0.1:${port}`, LOG_LEVEL: 'warn' },
  stdio: ['ignore', fd, fd],
});
closeSync(fd);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const base = `http://127.0.0.1:${port}`;
try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      /* not yet */
    }
    if (i > 600) throw new Error('klaxon serve did not start');
    await sleep(100);
  }
  for (let i = 0; i < 300 && (await count('select count(*) as n from alert_escalations where next_at is not null')) > 0; i++) await sleep(1000);
  const alerts = await count('select count(*) as n from alerts');
  const services = ((await (await fetch(`${base}/api/services`, { headers })).json()) as { id: string }[]).map((s) => s.id);
  const sample = (await rows<{ id: string }>(`select id from alerts order by id limit ${n} offset ${Math.floor(alerts / 2)}`)).map((r) => r.id);
  const cursor = (await fetch(`${base}/api/alerts?status=any&limit=50`, { headers })).headers.get('x-next-cursor') ?? '';
  const READS: Array<[string, (i: number) => string]> = [
    ['list (default: not resolved)', () => '/api/alerts'],
    ['list status=any', () => '/api/alerts?status=any'],
    ['list status=resolved', () => '/api/alerts?status=resolved'],
    ['list status=any, one service', () => `/api/alerts?status=any&service_id=${services[1]}`],
    ['list status=any, priority=critical', () => '/api/alerts?status=any&priority=critical'],
    ['list status=any, page 2', () => `/api/alerts?status=any&limit=50&cursor=${cursor}`],
    ['search q=certificate (default)', () => '/api/alerts?q=certificate'],
    ['search q=certificate, status=any', () => '/api/alerts?q=certificate&status=any'],
    ['search q=Knoten, status=resolved', () => '/api/alerts?q=Knoten&status=resolved'],
    ['search q=heartbeat (default)', () => '/api/alerts?q=heartbeat'],
    ['search q=heartbeat, status=any', () => '/api/alerts?q=heartbeat&status=any'],
    ['search rare q=7f3c9q, status=any', () => '/api/alerts?q=7f3c9q&status=any'],
    ['search absent q=zqxjv, status=any', () => '/api/alerts?q=zqxjv&status=any'],
    ['usage', () => '/api/org/usage'],
    ['alert', (i) => `/api/alerts/${sample[i % sample.length]}`],
    ['timeline', (i) => `/api/alerts/${sample[i % sample.length]}/timeline`],
    ['audit', () => '/api/audit'],
    ['services', () => '/api/services'],
  ];
  console.log(`${alerts} alerts; ${n} sequential requests per read after one apart (ms)`);
  for (const [name, path] of READS) {
    const f0 = performance.now();
    await (await fetch(base + path(n), { headers })).arrayBuffer();
    const first = performance.now() - f0;
    const ms: number[] = [];
    let bad = 0;
    for (let i = 0; i < n; i++) {
      const t0 = performance.now();
      const r = await fetch(base + path(i), { headers });
      await r.arrayBuffer();
      ms.push(performance.now() - t0);
      if (r.status !== 200) bad++;
    }
    ms.sort((a, b) => a - b);
    const at = (q: number) => ms[Math.min(ms.length - 1, Math.ceil(q * ms.length) - 1)]!.toFixed(1);
    console.log(`  ${name.padEnd(38)} p50 ${at(0.5).padStart(6)}  p99 ${at(0.99).padStart(6)}  (first ${first.toFixed(1)})${bad ? `  ${bad} not 200` : ''}`);
  }
} finally {
  child.kill('SIGTERM');
}
