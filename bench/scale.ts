// `npm run bench -- --scale=N`: fills a fresh database through the HTTP ingest path to N alerts and,
// at each size on the way (10k, 100k, 1M … up to N, and N), prints the server's memory, the bytes
// per alert by table, the fill's ingest rate and p99, and p50/p99 of the list, search, usage,
// timeline and audit reads. After the last size the retention jobs run as if their windows had
// passed, and the bytes are measured again: what a store holding N alerts keeps (bench/README.md).
// Writes bench/results/scale-<timestamp>.json. A script, not a test: it asserts nothing.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import SQLite from 'better-sqlite3';
import pg from 'pg';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const LUA = join(ROOT, 'bench', 'load.lua');
const SERVICES = 5;
/** A title that occurs once, and a term that occurs in none: the rare and empty searches. */
const NEEDLE = 'Needle 7f3c9q in the haystack';
const RARE = '7f3c9q';
const ABSENT = 'zqxjv';

export interface ScaleOptions {
  /** The largest size, in alerts. */
  max: number;
  /** Sizes to stop and measure at (default: 10k, 100k, 1M, … below max, and max). */
  sizes?: number[];
  dialects: Array<'sqlite' | 'postgres'>;
  /** Sequential requests per read (p50 and p99 over them). */
  reads: number;
  pgUrl: string;
  out?: string;
  connections: number;
  threads: number;
}

const slowestAt: number[] = [];

interface Timing {
  p50: number;
  p99: number;
  max: number;
  /** When the slowest request began, ms since the bench started. */
  max_at_ms: number;
  /** The first request of this read since the server started, before the timed ones. */
  first_ms: number;
  n: number;
  errors: number;
}

interface Checkpoint {
  size: number;
  alerts: number;
  rss_mb?: number;
  peak_rss_mb?: number;
  bytes: Record<string, number>;
  bytes_total: number;
  bytes_per_alert: number;
  ingest: { signals_per_s: number; p99_ms: number; requests: number; seconds: number };
  outbox_caught_up_s: number;
  /** Seconds after the outbox caught up until no alert had an escalation step due (the bench's services have no schedule). */
  escalations_settled_s: number;
  reads: Record<string, Timing>;
}

interface DialectResult {
  dialect: string;
  /** The bare Fastify route (bench/bare-fastify.ts) under the same load just before this dialect's fill: the machine's phase. */
  bare_route?: { signals_per_s: number; p99_ms: number; seconds: number };
  checkpoints: Checkpoint[];
  after_retention?: { alerts: number; bytes: Record<string, number>; bytes_total: number; bytes_per_alert: number; note: string };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * fetch, again on a network error: after a long fill the client's pooled keep-alive connection
 * may be one the server has closed (EPIPE on the first read's write).
 */
async function fetchAgain(url: string, init?: RequestInit): Promise<Response> {
  for (let i = 0; ; i++) {
    try {
      return await fetch(url, init);
    } catch (e) {
      if (i >= 2) throw e;
      await sleep(100);
    }
  }
}

function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const s = createServer();
    s.once('error', rej);
    s.listen(0, '127.0.0.1', () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => res(p));
    });
  });
}

function memMb(pid: number): { rss?: number; peak?: number } {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (k: string) => {
      const m = new RegExp(`${k}:\\s+(\\d+) kB`).exec(status);
      return m ? Math.round(Number(m[1]) / 102.4) / 10 : undefined;
    };
    return { rss: kb('VmRSS'), peak: kb('VmHWM') };
  } catch {
    return {};
  }
}

interface WrkOut {
  requests: number;
  duration_us: number;
  errors: { connect: number; read: number; write: number; status: number; timeout: number };
  latency_us: { p50: number; p90: number; p99: number; max: number; mean: number };
}

function wrk(url: string, env: Record<string, string>, seconds: number, o: ScaleOptions): WrkOut {
  const out = execFileSync('wrk', [`-t${o.threads}`, `-c${o.connections}`, `-d${seconds}s`, '--timeout', '5s', '-s', LUA, url], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  const line = out.split('\n').find((l) => l.startsWith('BENCH_JSON '));
  if (!line) throw new Error(`wrk printed no result:\n${out}`);
  return JSON.parse(line.slice('BENCH_JSON '.length)) as WrkOut;
}

/** Queries the store from the bench process (a read-only SQLite connection, or a pg client). */
interface StoreProbe {
  count(sql: string): Promise<number>;
  rows<T>(sql: string): Promise<T[]>;
  bytes(): Promise<Record<string, number>>;
  close(): Promise<void>;
}

function sqliteProbe(file: string): StoreProbe {
  const open = () => new SQLite(file, { readonly: true, fileMustExist: true });
  return {
    async count(q) {
      const s = open();
      try {
        return Number((s.prepare(q).get() as { n: number }).n);
      } finally {
        s.close();
      }
    },
    async rows<T>(q: string) {
      const s = open();
      try {
        return s.prepare(q).all() as T[];
      } finally {
        s.close();
      }
    },
    async bytes() {
      const s = open();
      try {
        // Every b-tree's pages (dbstat), charged to its table: an index to the table it indexes, an
        // FTS5 table's shadow tables to the FTS5 table. Free pages are not counted.
        const owners = new Map((s.prepare(`select name, tbl_name from sqlite_master where type in ('table', 'index')`).all() as { name: string; tbl_name: string }[]).map((r) => [r.name, r.tbl_name]));
        const virtuals = (s.prepare(`select name from sqlite_master where type = 'table' and sql like 'create virtual table%'`).all() as { name: string }[]).map((r) => r.name);
        const out: Record<string, number> = {};
        for (const r of s.prepare('select name, sum(pgsize) as bytes from dbstat group by name').all() as { name: string; bytes: number }[]) {
          let owner = owners.get(r.name) ?? r.name;
          const vt = virtuals.find((v) => owner.startsWith(`${v}_`));
          if (vt) owner = vt;
          out[owner] = (out[owner] ?? 0) + r.bytes;
        }
        return out;
      } finally {
        s.close();
      }
    },
    async close() {},
  };
}

async function pgProbe(url: string): Promise<StoreProbe> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  return {
    async count(q) {
      return Number((await c.query<{ n: string }>(q)).rows[0]!.n);
    },
    async rows<T>(q: string) {
      return (await c.query(q)).rows as T[];
    },
    async bytes() {
      // Heap, TOAST and every index of each table.
      const r = await c.query<{ name: string; bytes: string }>(
        `select c.relname as name, pg_total_relation_size(c.oid) as bytes from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind = 'r'`,
      );
      return Object.fromEntries(r.rows.map((x) => [x.name, Number(x.bytes)]));
    },
    async close() {
      await c.end();
    },
  };
}

async function timed(n: number, path: (i: number) => string, base: string, headers: Record<string, string>): Promise<Timing> {
  const ms: number[] = [];
  let errors = 0;
  let slowest = { ms: -1, at: 0 };
  // The first request of a read after start-up pays once for what the process had not yet done on
  // that path (code compiled, caches filled: 100-350 ms seen at 300k alerts); it is reported
  // apart, and the timed requests are the ones after it.
  const f0 = performance.now();
  await (await fetchAgain(base + path(n), { headers })).arrayBuffer();
  const first = Math.round((performance.now() - f0) * 10) / 10;
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    const r = await fetchAgain(base + path(i), { headers });
    await r.arrayBuffer();
    const took = performance.now() - t0;
    ms.push(took);
    if (took > slowest.ms) slowest = { ms: took, at: t0 };
    if (r.status !== 200) errors++;
  }
  // When the slowest request began (ms since the bench started): several reads' outliers at a
  // steady interval point at periodic work in the server rather than at the read.
  slowestAt.push(Math.round(slowest.at));
  ms.sort((a, b) => a - b);
  const at = (q: number) => Math.round(ms[Math.min(ms.length - 1, Math.ceil(q * ms.length) - 1)]! * 10) / 10;
  return { p50: at(0.5), p99: at(0.99), max: Math.round(ms[ms.length - 1]! * 10) / 10, max_at_ms: slowestAt.at(-1)!, first_ms: first, n, errors };
}

function defaultSizes(max: number): number[] {
  const sizes: number[] = [];
  for (let s = 10_000; s < max; s *= 10) sizes.push(s);
  sizes.push(max);
  return sizes;
}

/** wrk against the bare Fastify route with the fill's load for `seconds`: what this machine does now without Klaxon. */
async function bareRoute(o: ScaleOptions, seconds: number): Promise<NonNullable<DialectResult['bare_route']>> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/bare-fastify.ts'], { cwd: ROOT, env: { ...process.env, PORT: String(port) }, stdio: 'ignore' });
  try {
    for (let i = 0; ; i++) {
      if (i > 300) throw new Error('the bare Fastify route did not start');
      try {
        if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) break;
      } catch {
        /* not yet */
      }
      await sleep(100);
    }
    const w = wrk(`http://127.0.0.1:${port}/v1/ingest/bench`, { BENCH_MODE: 'scale', BENCH_FORMAT: 'native', BENCH_PATHS: '/v1/ingest/bench', BENCH_PREFIX: 'bare' }, seconds, o);
    const s = w.duration_us / 1e6;
    return { signals_per_s: Math.round((w.requests - w.errors.status) / s), p99_ms: Math.round(w.latency_us.p99 / 100) / 10, seconds: Math.round(s) };
  } finally {
    child.kill('SIGTERM');
  }
}

async function scaleDialect(dialect: 'sqlite' | 'postgres', o: ScaleOptions, work: string, cleanups: (() => Promise<void> | void)[]): Promise<DialectResult> {
  const bare = await bareRoute(o, 5);
  console.log(`  bare Fastify route, same load (${bare.seconds} s): ${bare.signals_per_s} requests/s, p99 ${bare.p99_ms} ms`);
  let databaseUrl: string;
  if (dialect === 'sqlite') {
    databaseUrl = `sqlite:${join(work, 'klaxon.db')}`;
  } else {
    const dbName = `klaxon_scale_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: o.pgUrl });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const u = new URL(o.pgUrl);
    u.pathname = `/${dbName}`;
    databaseUrl = u.toString();
    cleanups.push(async () => {
      if (process.env.BENCH_KEEP) return console.log(`kept database ${dbName}`);
      const a = new pg.Client({ connectionString: o.pgUrl });
      await a.connect();
      await a.query(`drop database if exists ${dbName} with (force)`);
      await a.end();
    });
  }
  const port = await freePort();
  const env = {
    DATABASE_URL: databaseUrl,
    KLAXON_SECRET_KEY: randomBytes(32).toString('hex'),
    KLAXON_DATA_DIR: work,
    KLAXON_PUBLIC_URL: `http://127.0.0.1:${port}`,
    PORT: String(port),
    // Its own SMTP port: 2525 may be another server's on a shared machine (or another bench's).
    SMTP_PORT: String(await freePort()),
    HOST: '127.0.0.1',
    // Millions of request lines would fill the disk; the ingest bench measures with info.
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  };
  const boot = JSON.parse(
    execFileSync(process.execPath, ['bin/klaxon.js', 'admin', 'bootstrap', '--org', 'Scale', '--email', 'scale@example.com', '--json'], { cwd: ROOT, env: { ...process.env, ...env }, encoding: 'utf8' })
      .trim()
      .split('\n')
      .pop()!,
  ) as { org_id: string; api_key: string };
  const probe = dialect === 'sqlite' ? sqliteProbe(join(work, 'klaxon.db')) : await pgProbe(databaseUrl);
  cleanups.push(() => probe.close());
  // Lift the per-credential rate limit for the bench's organization before the server starts.
  if (dialect === 'sqlite') {
    const s = new SQLite(join(work, 'klaxon.db'));
    s.prepare('update organizations set ingest_rate_per_minute = 1000000000 where id = ?').run(boot.org_id);
    s.close();
  } else {
    const c = new pg.Client({ connectionString: databaseUrl });
    await c.connect();
    await c.query('update organizations set ingest_rate_per_minute = 1000000000 where id = $1', [boot.org_id]);
    await c.end();
  }

  const logFile = join(work, `klaxon-${dialect}.log`);
  const fd = openSync(logFile, 'a');
  // BENCH_NODE_ARGS: node options for the server only (for example --trace-gc, which NODE_OPTIONS refuses).
  const child: ChildProcess = spawn(process.execPath, [...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []), 'bin/klaxon.js', 'serve'], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', fd, fd] });
  closeSync(fd);
  let exited = false;
  const done = new Promise<void>((r) => child.once('exit', () => ((exited = true), r())));
  const stop = async () => {
    if (exited) return;
    child.kill('SIGTERM');
    const t = setTimeout(() => child.kill('SIGKILL'), 30_000);
    await done;
    clearTimeout(t);
  };
  cleanups.push(stop);
  // PostgreSQL: autovacuum's decisions, as a server that runs it takes them (bench/pg-autovacuum.ts).
  let stopVacuumer = async () => {};
  if (dialect === 'postgres') {
    const vacuumer = spawn(process.execPath, ['--import', 'tsx', 'bench/pg-autovacuum.ts', databaseUrl], { cwd: ROOT, stdio: 'ignore' });
    const gone = new Promise<void>((r) => vacuumer.once('exit', () => r()));
    stopVacuumer = async () => {
      if (vacuumer.exitCode === null && vacuumer.signalCode === null) vacuumer.kill('SIGTERM');
      await gone;
    };
    cleanups.push(stopVacuumer);
  }
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (exited) throw new Error(`klaxon serve exited; see ${logFile}:\n${readFileSync(logFile, 'utf8').slice(-2000)}`);
    if (i > 3000) throw new Error(`klaxon serve not ready; see ${logFile}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      /* not yet */
    }
    await sleep(100);
  }
  const headers = { authorization: `Bearer ${boot.api_key}`, 'x-service-org': boot.org_id };
  // With BENCH_KEEP, what it takes to serve the kept store again and read it as the bench did.
  if (process.env.BENCH_KEEP) writeFileSync(join(work, 'bench-env.json'), JSON.stringify({ env: { ...env, PORT: undefined, KLAXON_PUBLIC_URL: undefined }, headers }, null, 2));
  const services: { id: string; path: string }[] = [];
  for (let i = 0; i < SERVICES; i++) {
    const r = await fetch(`${base}/api/services`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ name: `scale-${i}` }) });
    const body = (await r.json()) as { id: string; default_integration: { ingest_url: string } };
    if (r.status !== 200) throw new Error(`POST /api/services answered ${r.status}: ${JSON.stringify(body)}`);
    services.push({ id: body.id, path: new URL(body.default_integration.ingest_url).pathname });
  }
  const needle = await fetch(`${base}${services[0]!.path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ title: NEEDLE, event_key: 'needle' }) });
  if (needle.status !== 202) throw new Error(`ingest answered ${needle.status}: ${await needle.text()}`);

  const countAlerts = () => probe.count('select count(*) as n from alerts');
  const backlog = () => probe.count('select count(*) as n from outbox_events where processed_at is null');
  const result: DialectResult = { dialect, bare_route: bare, checkpoints: [] };
  let segment = 0;
  let rate = 2000; // alerts a second, until the first segment says
  for (const size of o.sizes ?? defaultSizes(o.max)) {
    let requests = 0;
    let ok = 0;
    let seconds = 0;
    let p99 = 0;
    for (let alerts = await countAlerts(); alerts < size; ) {
      const want = size - alerts;
      const duration = Math.max(2, Math.min(60, Math.ceil(want / Math.max(rate, 100))));
      const w = wrk(`${base}${services[0]!.path}`, { BENCH_MODE: 'scale', BENCH_FORMAT: 'native', BENCH_PATHS: services.map((s) => s.path).join(','), BENCH_PREFIX: `s${++segment}` }, duration, o);
      const after = await countAlerts();
      const s = w.duration_us / 1e6;
      rate = (after - alerts) / s;
      requests += w.requests;
      ok += w.requests - w.errors.status;
      seconds += s;
      p99 = Math.max(p99, w.latency_us.p99 / 1000);
      process.stdout.write(`\r  ${dialect}: ${after} alerts (${Math.round((w.requests - w.errors.status) / s)} signals/s, p99 ${Math.round(w.latency_us.p99 / 100) / 10} ms, non-2xx ${w.errors.status})      `);
      alerts = after;
    }
    process.stdout.write('\n');
    // The outbox catches up before reads are measured (page requests are part of the fill's work).
    const t0 = performance.now();
    while ((await backlog()) > 0 && performance.now() - t0 < 600_000) await sleep(500);
    const caughtUp = Math.round((performance.now() - t0) / 100) / 10;
    // And the paging engine: each alert's first escalation step is due a while after it opened (an
    // alert of a service without a schedule is looked at once, then rests), so for that while after
    // the fill the engine works through the fill's last alerts on the same store the reads use.
    const t1 = performance.now();
    while ((await probe.count('select count(*) as n from alert_escalations where next_at is not null')) > 0 && performance.now() - t1 < 300_000) await sleep(1000);
    const escalationsSettled = Math.round((performance.now() - t1) / 100) / 10;

    // PostgreSQL: what autovacuum keeps up on a server where it runs (this machine's has it off):
    // statistics (without them the planner sees a table as it was when empty), index entries of
    // dead row versions removed (a resolve leaves one in the partial index of unresolved alerts)
    // and GIN pending lists merged.
    if (dialect === 'postgres') await probe.rows('vacuum analyze');
    const sample = (await probe.rows<{ id: string }>(`select id from alerts order by id limit ${o.reads} offset ${Math.floor((await countAlerts()) / 2)}`)).map((r) => r.id);
    if (exited) throw new Error(`klaxon serve exited during the fill; see ${logFile}:\n${readFileSync(logFile, 'utf8').slice(-2000)}`);
    const page1 = await fetchAgain(`${base}/api/alerts?status=any&limit=50`, { headers });
    const cursor = page1.headers.get('x-next-cursor') ?? '';
    const n = o.reads;
    const reads: Record<string, Timing> = {};
    const READS: Array<[string, (i: number) => string]> = [
      ['list (default: not resolved)', () => '/api/alerts'],
      ['list status=any', () => '/api/alerts?status=any'],
      ['list status=resolved', () => '/api/alerts?status=resolved'],
      ['list status=any, one service', () => `/api/alerts?status=any&service_id=${services[1]!.id}`],
      ['list status=any, priority=critical', () => '/api/alerts?status=any&priority=critical'],
      ['list status=any, page 2', () => `/api/alerts?status=any&limit=50&cursor=${cursor}`],
      ['search q=certificate (default)', () => '/api/alerts?q=certificate'],
      ['search q=certificate, status=any', () => '/api/alerts?q=certificate&status=any'],
      ['search q=Knoten, status=resolved', () => '/api/alerts?q=Knoten&status=resolved'],
      // A word of a third of the open alerts and of 1 in 15 resolved ones (bench/load.lua's titles).
      ['search q=heartbeat (default)', () => '/api/alerts?q=heartbeat'],
      ['search q=heartbeat, status=any', () => '/api/alerts?q=heartbeat&status=any'],
      [`search rare q=${RARE}, status=any`, () => `/api/alerts?q=${RARE}&status=any`],
      [`search absent q=${ABSENT}, status=any`, () => `/api/alerts?q=${ABSENT}&status=any`],
      ['usage', () => '/api/org/usage'],
      ['alert', (i) => `/api/alerts/${sample[i % sample.length]}`],
      ['timeline', (i) => `/api/alerts/${sample[i % sample.length]}/timeline`],
      ['audit', () => '/api/audit'],
      ['services', () => '/api/services'],
    ];
    for (const [name, path] of READS) reads[name] = await timed(n, path, base, headers);
    const alerts = await countAlerts();
    const bytes = await probe.bytes();
    const total = Object.values(bytes).reduce((a, b) => a + b, 0);
    const mem = memMb(child.pid!);
    const cp: Checkpoint = {
      size,
      alerts,
      rss_mb: mem.rss,
      peak_rss_mb: mem.peak,
      bytes,
      bytes_total: total,
      bytes_per_alert: Math.round(total / alerts),
      ingest: { signals_per_s: Math.round(ok / Math.max(seconds, 0.001)), p99_ms: Math.round(p99 * 10) / 10, requests, seconds: Math.round(seconds) },
      outbox_caught_up_s: caughtUp,
      escalations_settled_s: escalationsSettled,
      reads,
    };
    result.checkpoints.push(cp);
    printCheckpoint(dialect, cp);
  }
  await stop();
  await stopVacuumer();

  // Retention as if its windows had passed: what a store holding these alerts keeps.
  const { connectDb } = await import('../src/db/connect.ts');
  const { pruneAsOf } = await import('./scale-retention.ts');
  const store = connectDb({ dialect, sqlitePath: join(work, 'klaxon.db'), databaseUrl });
  try {
    const note = await pruneAsOf(store.db, dialect);
    const alerts = await countAlerts();
    const bytes = await probe.bytes();
    const total = Object.values(bytes).reduce((a, b) => a + b, 0);
    result.after_retention = { alerts, bytes, bytes_total: total, bytes_per_alert: Math.round(total / alerts), note };
    console.log(`\n  ${dialect} after retention (${note}): ${Math.round(total / alerts)} bytes per alert; by table: ${fmtBytes(bytes, alerts)}`);
  } finally {
    await store.close();
  }
  return result;
}

const fmtBytes = (bytes: Record<string, number>, alerts: number) =>
  Object.entries(bytes)
    .filter(([, b]) => b / alerts >= 1)
    .sort((a, b) => b[1] - a[1])
    .map(([t, b]) => `${t} ${Math.round(b / alerts)}`)
    .join(', ');

function printCheckpoint(dialect: string, c: Checkpoint) {
  console.log(`\n${dialect} at ${c.alerts} alerts (size ${c.size}):`);
  console.log(`  memory: RSS ${c.rss_mb} MB, peak ${c.peak_rss_mb} MB`);
  console.log(`  ingest (fill since the previous size): ${c.ingest.signals_per_s} signals/s, p99 ${c.ingest.p99_ms} ms over ${c.ingest.seconds} s; outbox caught up ${c.outbox_caught_up_s} s after, escalations settled ${c.escalations_settled_s} s after that`);
  console.log(`  storage: ${c.bytes_per_alert} bytes per alert (${Math.round(c.bytes_total / 1e6)} MB); by table: ${fmtBytes(c.bytes, c.alerts)}`);
  console.log(`  reads (${Object.values(c.reads)[0]?.n} sequential requests each; ms):`);
  for (const [name, t] of Object.entries(c.reads)) {
    console.log(`    ${name.padEnd(42)} p50 ${String(t.p50).padStart(7)}  p99 ${String(t.p99).padStart(7)}  (first ${t.first_ms} ms; slowest at ${(t.max_at_ms / 1000).toFixed(1)} s)${t.errors ? `  (${t.errors} not 200)` : ''}`);
  }
}

export async function runScale(o: ScaleOptions): Promise<void> {
  const startedAt = new Date();
  const work = mkdtempSync(join(process.env.BENCH_TMPDIR ?? tmpdir(), 'klaxon-scale-'));
  // BENCH_KEEP=1 keeps the work directory and the PostgreSQL database (the filled stores after retention) to look into.
  const cleanups: (() => Promise<void> | void)[] = [() => (process.env.BENCH_KEEP ? console.log(`kept ${work}`) : rmSync(work, { recursive: true, force: true }))];
  const machine = { nproc: cpus().length, cpu: cpus()[0]?.model ?? 'unknown', node: process.version };
  const sizes = o.sizes ?? defaultSizes(o.max);
  console.log(`Klaxon scale bench: fill to ${sizes.join(', ')} alerts through POST /v1/ingest/{token} (wrk -t${o.threads} -c${o.connections}, scale mix of bench/load.lua), ${o.reads} sequential requests per read`);
  console.log(`machine: ${machine.nproc} x ${machine.cpu}, node ${machine.node}; load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`);
  const results: DialectResult[] = [];
  try {
    for (const dialect of o.dialects) {
      const dir = mkdtempSync(join(work, `${dialect}-`));
      const before = cleanups.length;
      try {
        results.push(await scaleDialect(dialect, o, dir, cleanups));
      } finally {
        // This dialect's server, client and database go before the next dialect starts.
        for (const c of cleanups.splice(before).reverse()) await Promise.resolve(c()).catch((e) => console.error('cleanup:', (e as Error).message));
      }
    }
  } finally {
    for (const c of cleanups.reverse()) await Promise.resolve(c()).catch((e) => console.error('cleanup:', (e as Error).message));
  }
  const outDir = resolve(o.out ?? join(ROOT, 'bench', 'results'));
  mkdirSync(outDir, { recursive: true });
  let commit = 'unknown';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
  } catch {
    /* not a checkout */
  }
  const file = join(outDir, `scale-${startedAt.toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(
    file,
    JSON.stringify({ started_at: startedAt.toISOString(), finished_at: new Date().toISOString(), commit, machine, settings: { ...o, sizes, log_level: process.env.LOG_LEVEL ?? 'warn' }, results }, null, 2) + '\n',
  );
  console.log(`\nresults: ${file}`);
}
