// `npm run bench`: drives Klaxon's ingest endpoints under load on loopback with wrk, and in the
// same run, with the same load generator and settings, a bare Fastify route parsing the same
// body and Debian's prometheus-alertmanager receiving the equivalent alert. Prints a table and
// writes bench/results/<timestamp>.json. See bench/README.md for how to read the figures.
//
//   npm run bench [-- --quick] [--duration=10] [--connections=50] [--threads=2] [--no-pg] [--no-sqlite]
//                 [--no-alertmanager] [--scenarios=new,repeat,resolve,mixed] [--rounds=1]
//                 [--heartbeats | --no-heartbeats] (the 10,000-heartbeat rows; --quick: 60 s phases)
//
// PostgreSQL: a fresh database on BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres),
// dropped afterwards. This is a script, not a test: it makes no assertion. A target that stops
// (cannot start, a probe never accepted) is reported with its process's state and log, its rows
// marked, and the run goes on; the exit code is then 1.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { copyFileSync, mkdirSync, mkdtempSync, openSync, readFileSync, readdirSync, rmSync, writeFileSync, closeSync, statSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { type TimeToPage, timeToPage } from './time-to-page.ts';
import { STORM_HEADER, type StormRow, stormBench, stormLine } from './storm.ts';
import { benchOnCall, type OnCallBench } from './oncall.ts';
import { benchStormSearch, type StormSearchRow } from './storm-search.ts';
import { HEARTBEAT_HEADER, type HeartbeatBenchRow, heartbeatBench, heartbeatLine } from './heartbeats.ts';
import { send } from './http.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const LUA = join(ROOT, 'bench', 'load.lua');

const { values: opt } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    duration: { type: 'string' },
    connections: { type: 'string', default: '50' },
    threads: { type: 'string', default: '2' },
    'no-pg': { type: 'boolean', default: false },
    'no-sqlite': { type: 'boolean', default: false },
    'no-alertmanager': { type: 'boolean', default: false },
    scenarios: { type: 'string', default: 'new,repeat,resolve,mixed' },
    rounds: { type: 'string', default: '1', description: 'run every target this many times, in turn, and report medians' },
    role: { type: 'string', default: 'all', description: 'klaxon serve --role for the measured process (all: ingest and outbox worker)' },
    'cpu-prof': { type: 'string', description: 'write Klaxon CPU profiles (node --cpu-prof) to this folder' },
    'no-time-to-page': { type: 'boolean', default: false, description: 'skip the time-to-page rows (issue 21)' },
    out: { type: 'string', description: 'results folder (default bench/results)' },
    scale: { type: 'string', description: 'fill a fresh database to this many alerts and measure reads and storage on the way (bench/scale.ts)' },
    sizes: { type: 'string', description: 'with --scale: comma-separated sizes to measure at (default 10000, 100000, … and the --scale size)' },
    reads: { type: 'string', default: '40', description: 'with --scale: sequential requests per read' },
    'no-oncall': { type: 'boolean', default: false, description: 'skip the on-call lookup and shift rows (bench/oncall.ts)' },
    oncall: { type: 'boolean', default: false, description: 'the on-call rows only, with the bare Fastify route for scale (no Klaxon or Alertmanager targets)' },
    'no-storm-search': { type: 'boolean', default: false, description: 'skip the title-search-during-a-storm rows (bench/storm-search.ts)' },
    'storm-search': { type: 'boolean', default: false, description: 'the storm search rows only, with the bare Fastify route for scale (no Klaxon, Alertmanager or time-to-page rows)' },
    storm: { type: 'boolean', default: false, description: 'the storm and email-paging rows only (bench/storm.ts), with the bare Fastify route for scale' },
    'no-storm': { type: 'boolean', default: false, description: 'skip the storm and email-paging rows (bench/storm.ts)' },
    flood: { type: 'string', default: '2000', description: 'with the storm rows: low-urgency signals/s flooding another service' },
    heartbeats: { type: 'boolean', default: false, description: 'the heartbeat rows only (bench/heartbeats.ts: 10,000 heartbeats at one minute, CPU added and deadline-to-alert delay), with the bare Fastify route for scale' },
    'no-heartbeats': { type: 'boolean', default: false, description: 'skip the heartbeat rows (bench/heartbeats.ts)' },
  },
});
const DURATION = Number(opt.duration ?? (opt.quick ? 3 : 10));
const WARMUP = opt.quick ? 1 : 2;
const CONNECTIONS = Number(opt.connections);
const THREADS = Number(opt.threads);
const SCENARIOS = opt.scenarios!.split(',').map((s) => s.trim()) as Scenario[];
const ROUNDS = Math.max(1, Number(opt.rounds) || 1);
/** The round being measured (1-based); every run records it. */
let currentRound = 1;
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

type Scenario = 'new' | 'repeat' | 'resolve' | 'mixed';
type Format = 'native' | 'alertmanager' | 'events_v2' | 'am_batch' | 'custom';

interface WrkOut {
  requests: number;
  duration_us: number;
  bytes: number;
  errors: { connect: number; read: number; write: number; status: number; timeout: number };
  latency_us: { p50: number; p90: number; p99: number; max: number; mean: number };
}

interface RunResult {
  target: string;
  dialect: string | null;
  endpoint: string;
  scenario: Scenario;
  available: boolean;
  note?: string;
  signals_per_request?: number;
  requests?: number;
  requests_per_s?: number;
  signals_per_s?: number;
  non_2xx?: number;
  socket_errors?: number;
  latency_ms?: { p50: number; p90: number; p99: number; max: number; mean: number };
  peak_rss_mb?: number;
  /** The target's CPU use during the measured run: percent of one core, and microseconds per request. */
  cpu_pct?: number;
  cpu_us_per_request?: number;
  /** The same for the process's main thread alone (the event loop: HTTP, validation, logging). */
  main_thread_us_per_request?: number;
  /** PostgreSQL rows: CPU of the server backends serving the target's database, per request. */
  store_cpu_us_per_request?: number;
  /** CPU of the target's child processes (Klaxon's custom-mapping sandbox), per request. */
  children_cpu_us_per_request?: number;
  /** The CPU probe (cpuProbeMs) just before and just after the measured run. */
  cpu_probe_ms?: { before: number; after: number };
  /** Which round of `--rounds` this run belongs to. */
  round?: number;
  /**
   * New-alert runs: from a signal's arrival (the alert's created_at) to its "page requested"
   * timeline entry, over the run's alerts, once the outbox has caught up (peers.md 5.4 item 8).
   */
  page_latency_ms?: { p50: number; p99: number; max: number; alerts: number; unpaged: number };
}

/**
 * How much CPU this process gets right now: milliseconds for a fixed loop (best of three), about
 * 88 ms on an idle 2-core development machine. Higher means something else held the cores at
 * that moment (another process, or the previous target still finishing its work). Recorded
 * beside each run so a reader can tell a busy moment from a slow change.
 */
function cpuProbeMs(): number {
  let best = Infinity;
  for (let round = 0; round < 3; round++) {
    const t0 = process.hrtime.bigint();
    let x = 0;
    for (let i = 0; i < 20_000_000; i++) x = (x + i * 7) % 1_000_003;
    if (x < 0) console.log(x); // keeps the loop from being optimized away
    best = Math.min(best, Number(process.hrtime.bigint() - t0) / 1e6);
  }
  return Math.round(best);
}

const results: RunResult[] = [];
/** The on-call rows (issue 20), when measured. */
let oncall: OnCallBench | undefined;
let stormSearch: StormSearchRow[] | undefined;
/** Time from spawning `klaxon serve` (migrated database) to its first 200 on /healthz, per start. */
const startups: Array<{ dialect: string; ready_ms: number }> = [];
const cleanups: (() => Promise<void> | void)[] = [];

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

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Peak resident set (VmHWM) of a live process, in MB. */
function peakRssMb(pid: number): number | undefined {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Math.round(Number(m[1]) / 102.4) / 10 : undefined;
  } catch {
    return undefined;
  }
}

/** CPU seconds (user + system) a process (or, given a thread id, one of its threads) has used so far. */
function cpuSeconds(pid: number, tid?: number): number | undefined {
  try {
    const stat = readFileSync(tid === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${tid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ 100)
  } catch {
    return undefined;
  }
}

/** The live child processes of a process (Klaxon's mapping sandbox: ADR 0501). */
function childPids(pid: number): number[] {
  const out: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) out.push(Number(entry));
    } catch {
      /* gone */
    }
  }
  return out;
}

interface Proc {
  child: ChildProcess;
  stop(): Promise<void>;
  /** "running", or how it ended: the exit code or signal, and whether the bench had asked it to stop. */
  status(): string;
  /** Settles when the process has exited. */
  exited: Promise<void>;
}

/** Every target process started, with its log: a target that fails reports their state (runTarget). */
const started: Array<{ name: string; proc: Proc; logFile: string }> = [];

function startProcess(cmd: string, args: string[], env: Record<string, string>, logFile: string): Proc {
  const fd = openSync(logFile, 'a');
  const child = spawn(cmd, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', fd, fd] });
  closeSync(fd);
  let exited = false;
  let stopping = false;
  let ended = '';
  const done = new Promise<void>((r) =>
    child.once('exit', (code, signal) => {
      exited = true;
      ended = `${signal ? `killed by ${signal}` : `exited with code ${code}`}${stopping ? ' after the bench asked it to stop' : ', not stopped by the bench'}`;
      r();
    }),
  );
  const stop = async () => {
    if (exited) return;
    stopping = true;
    child.kill('SIGTERM');
    const t = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await done;
    clearTimeout(t);
  };
  cleanups.push(stop);
  const proc = { child, stop, status: () => (exited ? ended : 'running'), exited: done };
  started.push({ name: [cmd === process.execPath ? 'node' : cmd, ...args.filter((a) => !a.startsWith('-'))].join(' '), proc, logFile });
  return proc;
}

async function waitReady(url: string, proc: Proc, logFile: string, timeoutMs = 60_000, pollMs = 100) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (proc.child.exitCode !== null) throw new Error(`process exited (${proc.child.exitCode}); see ${logFile}:\n${readFileSync(logFile, 'utf8').slice(-2000)}`);
    try {
      const r = await send(url, { deadlineMs: 0 });
      await r.arrayBuffer();
      if (r.ok) return;
    } catch {
      /* not yet */
    }
    await sleep(pollMs);
  }
  throw new Error(`${url} not ready after ${timeoutMs} ms; see ${logFile}`);
}

function wrk(url: string, env: Record<string, string>, seconds: number): WrkOut {
  const out = execFileSync('wrk', [`-t${THREADS}`, `-c${CONNECTIONS}`, `-d${seconds}s`, '--timeout', '5s', '-s', LUA, url], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  const line = out.split('\n').find((l) => l.startsWith('BENCH_JSON '));
  if (!line) throw new Error(`wrk printed no result:\n${out}`);
  return JSON.parse(line.slice('BENCH_JSON '.length)) as WrkOut;
}

let prefixSeq = 0;
/** One measured wrk run (after a short warm-up with the same pattern on other keys). */
async function measure(
  base: Omit<RunResult, 'available'>,
  url: string,
  format: Format,
  pid: number,
  extraEnv: Record<string, string> = {},
  storePids?: () => Promise<number[]>,
  pageLatency?: (keyPrefix: string) => Promise<RunResult['page_latency_ms']>,
): Promise<RunResult> {
  const spr = base.signals_per_request ?? 1;
  const env = (tag: string) => ({
    BENCH_MODE: base.scenario,
    BENCH_FORMAT: format,
    BENCH_PATH: new URL(url).pathname,
    BENCH_PREFIX: `${tag}${++prefixSeq}x${Date.now().toString(36)}`,
    ...extraEnv,
  });
  wrk(url, env('w'), WARMUP);
  // The server's backends for this database (the pool is warm now); a backend that exits
  // meanwhile drops out of the sum, so the figure can only be low.
  const backends = storePids ? await storePids() : [];
  // Per backend, so one that exits during the run drops out of both ends (the figure is then low).
  const cpuOf = () => new Map(backends.map((p) => [p, cpuSeconds(p)] as const));
  const storeCpu0 = cpuOf();
  // The target's children (the mapping sandbox, started by the warm-up when the row uses it).
  const children = childPids(pid);
  const childCpuOf = () => new Map(children.map((p) => [p, cpuSeconds(p)] as const));
  const childCpu0 = childCpuOf();
  const probeBefore = cpuProbeMs();
  const cpu0 = cpuSeconds(pid);
  const main0 = cpuSeconds(pid, pid);
  const measured = env('m');
  const w = wrk(url, measured, DURATION);
  const cpu1 = cpuSeconds(pid);
  const main1 = cpuSeconds(pid, pid);
  const storeCpu1 = cpuOf();
  const childCpu1 = childCpuOf();
  let childSeconds = 0;
  for (const [p, before] of childCpu0) {
    const after = childCpu1.get(p);
    if (before !== undefined && after !== undefined) childSeconds += after - before;
  }
  let storeSeconds = 0;
  for (const [p, before] of storeCpu0) {
    const after = storeCpu1.get(p);
    if (before !== undefined && after !== undefined) storeSeconds += after - before;
  }
  const probeAfter = cpuProbeMs();
  const seconds = w.duration_us / 1e6;
  const ok = w.requests - w.errors.status;
  const ms = (us: number) => Math.round(us / 10) / 100;
  const r: RunResult = {
    ...base,
    available: true,
    signals_per_request: spr,
    requests: w.requests,
    requests_per_s: Math.round(ok / seconds),
    signals_per_s: Math.round((ok * spr) / seconds),
    non_2xx: w.errors.status,
    socket_errors: w.errors.connect + w.errors.read + w.errors.write + w.errors.timeout,
    latency_ms: { p50: ms(w.latency_us.p50), p90: ms(w.latency_us.p90), p99: ms(w.latency_us.p99), max: ms(w.latency_us.max), mean: ms(w.latency_us.mean) },
    cpu_probe_ms: { before: probeBefore, after: probeAfter },
  };
  const rss = peakRssMb(pid);
  if (rss !== undefined) r.peak_rss_mb = rss;
  if (cpu0 !== undefined && cpu1 !== undefined) {
    r.cpu_pct = Math.round(((cpu1 - cpu0) / seconds) * 100);
    r.cpu_us_per_request = w.requests ? Math.round(((cpu1 - cpu0) / w.requests) * 1e6) : 0;
  }
  if (main0 !== undefined && main1 !== undefined && w.requests) r.main_thread_us_per_request = Math.round(((main1 - main0) / w.requests) * 1e6);
  if (backends.length && w.requests) r.store_cpu_us_per_request = Math.round((storeSeconds / w.requests) * 1e6);
  if (childSeconds > 0 && w.requests) r.children_cpu_us_per_request = Math.round((childSeconds / w.requests) * 1e6);
  r.round = currentRound;
  if (pageLatency && base.scenario === 'new') r.page_latency_ms = await pageLatency(measured.BENCH_PREFIX);
  results.push(r);
  printRow(r);
  return r;
}

function unavailable(base: Omit<RunResult, 'available'>, note: string) {
  const r: RunResult = { ...base, available: false, note, round: currentRound };
  results.push(r);
  printRow(r);
}

// ---------------------------------------------------------------------------------------------
// Printing

const COLS = ['target', 'dialect', 'endpoint', 'scenario', 'signals/s', 'req/s', 'p50 ms', 'p99 ms', 'max ms', 'non-2xx', 'peak RSS MB', 'CPU %', 'CPU us/req', 'main us/req', 'probe ms'];
const W = [12, 8, 19, 9, 10, 8, 8, 8, 9, 8, 11, 6, 10, 11, 9];
const fmtRow = (cells: string[]) => cells.map((c, i) => (i < 4 ? c.padEnd(W[i]!) : c.padStart(W[i]!))).join(' ');
let headerPrinted = false;
function printRow(r: RunResult) {
  if (!headerPrinted) {
    console.log(fmtRow(COLS));
    console.log('-'.repeat(W.reduce((a, b) => a + b + 1, 0)));
    headerPrinted = true;
  }
  if (!r.available) {
    console.log(fmtRow([r.target, r.dialect ?? '-', r.endpoint, r.scenario, '', '', '', '', '', '', '', '', '', '', '']) + `  not available: ${r.note}`);
    return;
  }
  console.log(
    fmtRow([
      r.target,
      r.dialect ?? '-',
      r.endpoint,
      r.scenario,
      String(r.signals_per_s),
      String(r.requests_per_s),
      String(r.latency_ms!.p50),
      String(r.latency_ms!.p99),
      String(r.latency_ms!.max),
      String(r.non_2xx),
      r.peak_rss_mb === undefined ? '?' : String(r.peak_rss_mb),
      r.cpu_pct === undefined ? '?' : String(r.cpu_pct),
      r.cpu_us_per_request === undefined ? '?' : String(r.cpu_us_per_request),
      r.main_thread_us_per_request === undefined ? '?' : String(r.main_thread_us_per_request),
      r.cpu_probe_ms ? `${r.cpu_probe_ms.before}/${r.cpu_probe_ms.after}` : '?',
    ]) +
      (r.socket_errors ? `  socket errors: ${r.socket_errors}` : '') +
      (r.store_cpu_us_per_request !== undefined ? `  server CPU us/req: ${r.store_cpu_us_per_request}` : '') +
      (r.children_cpu_us_per_request !== undefined ? `  sandbox CPU us/req: ${r.children_cpu_us_per_request}` : '') +
      (r.page_latency_ms ? `  trigger→page ms p50/p99/max: ${r.page_latency_ms.p50}/${r.page_latency_ms.p99}/${r.page_latency_ms.max} (${r.page_latency_ms.alerts} alerts${r.page_latency_ms.unpaged ? `, ${r.page_latency_ms.unpaged} unpaged` : ''})` : ''),
  );
}

// ---------------------------------------------------------------------------------------------
// Targets

/** A set-up call or probe (bench/http.ts: its own connection; load shedding waited out as Retry-After says). */
async function api(base: string, h: Record<string, string>, method: string, path: string, body?: unknown) {
  const r = await send(base + path, {
    method,
    headers: { ...h, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
    onRetry: (status, waitMs) => console.log(`  (${method} ${path.replace(/\/v1\/ingest\/[^/]+$/, '/v1/ingest/{token}')} answered ${status}: sent again after ${waitMs} ms, as Retry-After said)`),
  });
  const text = await r.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = text;
  }
  return { status: r.status, json: json as Record<string, unknown> };
}

async function benchKlaxon(dialect: 'sqlite' | 'postgres', work: string) {
  let databaseUrl: string;
  let dbName: string | undefined;
  if (dialect === 'sqlite') {
    databaseUrl = `sqlite:${join(work, 'klaxon.db')}`;
  } else {
    dbName = `klaxon_bench_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const u = new URL(PG_URL);
    u.pathname = `/${dbName}`;
    databaseUrl = u.toString();
    cleanups.push(async () => {
      const a = new pg.Client({ connectionString: PG_URL });
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
    HOST: '127.0.0.1',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
  };
  const logFile = join(work, `klaxon-${dialect}.log`);
  const boot = JSON.parse(
    execFileSync(process.execPath, ['bin/klaxon.js', 'admin', 'bootstrap', '--org', 'Bench', '--email', 'bench@example.com', '--json'], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      encoding: 'utf8',
    })
      .trim()
      .split('\n')
      .pop()!,
  ) as { org_id: string; api_key: string; ingest_key: string };

  // The per-credential rate limit (default 1,200 a minute) would cap the run: lift it for the
  // bench's own organization before the server starts (nothing caches it yet).
  const UNLIMITED = 1_000_000_000;
  if (dialect === 'sqlite') {
    const s = new SQLite(join(work, 'klaxon.db'));
    s.prepare('update organizations set ingest_rate_per_minute = ? where id = ?').run(UNLIMITED, boot.org_id);
    s.close();
  } else {
    const c = new pg.Client({ connectionString: databaseUrl });
    await c.connect();
    await c.query('update organizations set ingest_rate_per_minute = $1 where id = $2', [UNLIMITED, boot.org_id]);
    await c.end();
  }

  const nodeArgs = opt['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${resolve(opt['cpu-prof'])}`] : [];
  const spawnedAt = performance.now();
  const proc = startProcess(process.execPath, [...nodeArgs, 'bin/klaxon.js', 'serve', '--role', opt.role!], env, logFile);
  const base = `http://127.0.0.1:${port}`;
  await waitReady(`${base}/healthz`, proc, logFile, 60_000, 10);
  startups.push({ dialect, ready_ms: Math.round(performance.now() - spawnedAt) });
  const pid = proc.child.pid!;
  const h = { authorization: `Bearer ${boot.api_key}`, 'x-service-org': boot.org_id };

  const svc = await api(base, h, 'POST', '/api/services', { name: `bench-${dialect}` });
  if (svc.status !== 200) throw new Error(`POST /api/services answered ${svc.status}: ${JSON.stringify(svc.json)}`);
  const ingestUrl = new URL((svc.json.default_integration as { ingest_url: string }).ingest_url);
  const nativeUrl = `${base}${ingestUrl.pathname}`;
  const probe = await api(base, {}, 'POST', ingestUrl.pathname, { title: 'probe', event_key: 'probe' });
  if (probe.status !== 202) throw new Error(`native ingest probe answered ${probe.status}: ${JSON.stringify(probe.json)}`);

  // PostgreSQL: the server runs beside Klaxon on the same cores, so its CPU a request counts too.
  const storePids =
    dialect === 'postgres'
      ? async () => {
          const c = new pg.Client({ connectionString: databaseUrl });
          await c.connect();
          const r = await c.query<{ pid: number }>('select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
          await c.end();
          return r.rows.map((x) => x.pid);
        }
      : undefined;
  // Trigger → page requested, per alert of a new-alert run: read from the store once the outbox
  // has caught up (at most 30 s), so it includes the worker's lag under the run's load.
  const pairsOf = async (prefix: string): Promise<Array<{ created: string; paged: string | null }>> => {
    const q = `select a.created_at as created, min(l.created_at) as paged from alerts a left join alert_log l on l.alert_id = a.id and l.kind = 'page_requested'
               where a.service_id = ${dialect === 'sqlite' ? '?' : '$1'} and a.event_key like ${dialect === 'sqlite' ? '?' : '$2'} group by a.id, a.created_at`;
    const args = [svc.json.id as string, `${prefix}-%`];
    if (dialect === 'sqlite') {
      const s = new SQLite(join(work, 'klaxon.db'), { readonly: true });
      try {
        return s.prepare(q).all(...args) as Array<{ created: string; paged: string | null }>;
      } finally {
        s.close();
      }
    }
    const c = new pg.Client({ connectionString: databaseUrl });
    await c.connect();
    try {
      return (await c.query(q, args)).rows;
    } finally {
      await c.end();
    }
  };
  const pageLatency = async (prefix: string) => {
    let pairs = await pairsOf(prefix);
    for (let waited = 0; pairs.some((p) => !p.paged) && waited < 30_000; waited += 250) {
      await new Promise((r) => setTimeout(r, 250));
      pairs = await pairsOf(prefix);
    }
    const ms = pairs.filter((p) => p.paged).map((p) => Date.parse(p.paged!) - Date.parse(p.created)).sort((a, b) => a - b);
    if (!ms.length) return undefined;
    const at = (q: number) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))]!;
    return { p50: at(0.5), p99: at(0.99), max: ms[ms.length - 1]!, alerts: pairs.length, unpaged: pairs.length - ms.length };
  };
  for (const scenario of SCENARIOS) {
    await measure({ target: 'klaxon', dialect, endpoint: 'native /v1/ingest', scenario }, nativeUrl, 'native', pid, {}, storePids, opt.role === 'all' ? pageLatency : undefined);
  }

  if (dialect === 'sqlite') {
    // Events v2 and Alertmanager-batch ingest (issue: sources). Reported as not available until
    // the integrations API and the endpoints exist.
    const ev = await api(base, h, 'POST', '/api/integrations', { type: 'events_v2', name: 'bench events v2', service_id: svc.json.id });
    const routingKey = ev.status === 200 || ev.status === 201 ? (ev.json.routing_key as string | undefined) : undefined;
    const evProbe = routingKey
      ? await api(base, {}, 'POST', '/v2/enqueue', { routing_key: routingKey, event_action: 'trigger', dedup_key: 'probe', payload: { summary: 'probe', source: 'bench', severity: 'info' } })
      : undefined;
    const evBase = { target: 'klaxon', dialect, endpoint: 'events v2', scenario: 'new' as Scenario };
    if (!routingKey) unavailable(evBase, `POST /api/integrations (events_v2) answered ${ev.status}`);
    else if (evProbe!.status !== 202) unavailable(evBase, `POST /v2/enqueue answered ${evProbe!.status}`);
    else {
      for (const scenario of ['new', 'repeat'] as Scenario[]) {
        await measure({ ...evBase, scenario }, `${base}/v2/enqueue`, 'events_v2', pid, { BENCH_ROUTING_KEY: routingKey });
      }
    }

    const BATCH = 10;
    const am = await api(base, h, 'POST', '/api/integrations', { type: 'alertmanager', name: 'bench alertmanager', routing_rules: [], fallback_service_id: svc.json.id });
    const amUrl = am.status === 200 || am.status === 201 ? (am.json.ingest_url as string | undefined) : undefined;
    const amBase = { target: 'klaxon', dialect, endpoint: `am batch x${BATCH}`, scenario: 'new' as Scenario, signals_per_request: BATCH };
    const amPath = amUrl ? `${base}${new URL(amUrl).pathname}` : undefined;
    const amProbe = amPath
      ? await api(base, {}, 'POST', new URL(amPath).pathname, {
          version: '4', groupKey: '{}:{alertname="Probe"}', truncatedAlerts: 0, status: 'firing', receiver: 'klaxon', groupLabels: { alertname: 'Probe' },
          commonLabels: { alertname: 'Probe' }, commonAnnotations: {}, externalURL: 'http://alertmanager:9093',
          alerts: [{ status: 'firing', labels: { alertname: 'Probe' }, annotations: { summary: 'probe' }, startsAt: '2026-01-01T00:00:00Z', endsAt: '0001-01-01T00:00:00Z', generatorURL: '', fingerprint: '0000000000000001' }],
        })
      : undefined;
    if (!amPath) unavailable(amBase, `POST /api/integrations (alertmanager) answered ${am.status}`);
    else if (amProbe!.status !== 202) unavailable(amBase, `POST ${new URL(amUrl!).pathname.replace(/[^/]+$/, '{token}')} answered ${amProbe!.status}`);
    else {
      for (const scenario of ['new', 'repeat'] as Scenario[]) {
        await measure({ ...amBase, scenario }, amPath, 'am_batch', pid, { BENCH_BATCH: String(BATCH) });
      }
    }

    // A custom (JSONata) source: every field of every check mapped by an expression (ADR 0201, 0501).
    const custom = await api(base, h, 'POST', '/api/integrations', {
      type: 'custom',
      name: 'bench custom',
      fallback_service_id: svc.json.id,
      routing_rules: [{ attribute: 'team', value: 'web', service_id: svc.json.id }],
      mapping: {
        items: 'checks',
        title: "name & ' on ' & host",
        event_key: "$payload.tool & ':' & id",
        priority: "level = 'crit' ? 'critical' : 'medium'",
        action: "state = 'ok' ? 'resolve' : 'trigger'",
        body: 'output',
        routing: '{"team": owner.team, "region": $payload.region}',
      },
    });
    const customUrl = custom.status === 200 ? (custom.json.ingest_url as string | undefined) : undefined;
    const customPath = customUrl ? `${base}${new URL(customUrl).pathname}` : undefined;
    if (!customPath) unavailable({ target: 'klaxon', dialect, endpoint: 'custom x1', scenario: 'new' }, `POST /api/integrations (custom) answered ${custom.status}`);
    else {
      for (const batch of [1, BATCH]) {
        for (const scenario of ['new', 'repeat'] as Scenario[]) {
          await measure({ target: 'klaxon', dialect, endpoint: `custom x${batch}`, scenario, signals_per_request: batch }, customPath, 'custom', pid, { BENCH_BATCH: String(batch) });
        }
      }
    }
  }

  await proc.stop();
  const logBytes = statSync(logFile).size;
  return { logBytes };
}

async function benchBareFastify(work: string) {
  const port = await freePort();
  const logFile = join(work, 'bare-fastify.log');
  const proc = startProcess(process.execPath, ['--import', 'tsx', 'bench/bare-fastify.ts'], { PORT: String(port) }, logFile);
  await waitReady(`http://127.0.0.1:${port}/healthz`, proc, logFile);
  for (const scenario of SCENARIOS) {
    await measure({ target: 'fastify-bare', dialect: null, endpoint: 'POST, parse, 202', scenario }, `http://127.0.0.1:${port}/v1/ingest/bench`, 'native', proc.child.pid!);
  }
  await proc.stop();
}

async function benchAlertmanager(work: string) {
  const port = await freePort();
  const dir = join(work, 'alertmanager');
  mkdirSync(dir, { recursive: true });
  const config = join(dir, 'alertmanager.yml');
  writeFileSync(config, "route:\n  receiver: 'null'\nreceivers:\n  - name: 'null'\n");
  const logFile = join(work, 'alertmanager.log');
  const base = { target: 'alertmanager', dialect: null, endpoint: 'POST /api/v2/alerts' };
  try {
    execFileSync('prometheus-alertmanager', ['--version'], { stdio: 'ignore' });
  } catch {
    for (const scenario of SCENARIOS) unavailable({ ...base, scenario }, 'prometheus-alertmanager is not installed (apt-get install prometheus-alertmanager)');
    return;
  }
  const proc = startProcess(
    'prometheus-alertmanager',
    [`--config.file=${config}`, `--storage.path=${join(dir, 'data')}`, `--web.listen-address=127.0.0.1:${port}`, '--cluster.listen-address=', '--log.level=warn'],
    {},
    logFile,
  );
  await waitReady(`http://127.0.0.1:${port}/-/ready`, proc, logFile);
  for (const scenario of SCENARIOS) {
    await measure({ ...base, scenario }, `http://127.0.0.1:${port}/api/v2/alerts`, 'alertmanager', proc.child.pid!);
  }
  await proc.stop();
}

// ---------------------------------------------------------------------------------------------

async function pgAvailable(): Promise<string | undefined> {
  const c = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 3000 });
  try {
    await c.connect();
    await c.query('select 1');
    return undefined;
  } catch (err) {
    return (err as Error).message;
  } finally {
    await c.end().catch(() => undefined);
  }
}

const median = (xs: number[]) => {
  const v = [...xs].sort((a, b) => a - b);
  const m = Math.floor(v.length / 2);
  return v.length % 2 ? v[m]! : (v[m - 1]! + v[m]!) / 2;
};
const ratio = (a?: RunResult, b?: RunResult) => (a?.available && b?.available && b.signals_per_s ? Math.round((a.signals_per_s! / b.signals_per_s) * 100) / 100 : null);

async function main() {
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' });
  } catch (err) {
    // wrk --version exits 1 after printing; only a missing binary is fatal.
    if ((err as { code?: string }).code === 'ENOENT') {
      console.error('bench: wrk is not installed (apt-get install wrk)');
      process.exitCode = 1;
      return;
    }
  }
  const startedAt = new Date();
  const work = mkdtempSync(join(tmpdir(), 'klaxon-bench-'));
  cleanups.push(() => rmSync(work, { recursive: true, force: true }));
  const machine = { nproc: cpus().length, cpu: cpus()[0]?.model ?? 'unknown', node: process.version, platform: `${process.platform} ${process.arch}` };
  console.log(
    `Klaxon ingest bench: wrk -t${THREADS} -c${CONNECTIONS}, ${DURATION} s per run after ${WARMUP} s warm-up, scenarios ${SCENARIOS.join(', ')}` +
      (ROUNDS > 1 ? `, ${ROUNDS} rounds` : ''),
  );
  console.log(`machine: ${machine.nproc} x ${machine.cpu}, node ${machine.node}; CPU probe ${cpuProbeMs()} ms (lower is faster; see bench/README.md)\n`);
  const notes: string[] = [];
  let failures = 0;
  /**
   * Runs one target; if it throws (a probe never accepted, a process gone), says why and in what
   * state its processes were at that moment, keeps their logs, marks its missing rows and goes on
   * to the next target, so a run reports instead of stopping.
   */
  const runTarget = async (name: string, rows: Omit<RunResult, 'available'>[], fn: () => Promise<unknown>) => {
    const from = started.length;
    try {
      await fn();
    } catch (err) {
      failures++;
      const e = err as Error & { cause?: { message?: string; code?: string } };
      // fetch's "fetch failed" says little: its cause ("other side closed", ECONNREFUSED) is the news.
      const message = [e.message.split('\n')[0], e.cause?.message, e.cause?.code].filter(Boolean).join(': ');
      console.error(`\nbench: ${name} stopped: ${message}\n${e.stack ?? ''}`);
      const states: string[] = [];
      for (const p of started.slice(from)) {
        // A process that died while wrk blocked this loop may not have had its exit read yet.
        await Promise.race([p.proc.exited, sleep(1000)]);
        const state = p.proc.status();
        states.push(`${p.name}: ${state}`);
        const kept = join(tmpdir(), `klaxon-bench-failed-${startedAt.toISOString().replace(/[:.]/g, '-')}-${basename(p.logFile)}`);
        try {
          copyFileSync(p.logFile, kept);
          console.error(`  ${p.name} (pid ${p.proc.child.pid}) was ${state} when it stopped; its log is kept at ${kept}; it ends:\n${readFileSync(p.logFile, 'utf8').slice(-1500).replace(/^/gm, '    ')}`);
        } catch {
          console.error(`  ${p.name} (pid ${p.proc.child.pid}) was ${state} when it stopped; it left no log`);
        }
        await p.proc.stop(); // not left running under the next target's load
      }
      notes.push(`${name} stopped: ${message}${states.length ? ` (${states.join('; ')})` : ''}`);
      for (const row of rows) {
        if (!results.some((r) => r.round === currentRound && r.target === row.target && r.dialect === row.dialect && r.endpoint === row.endpoint && r.scenario === row.scenario)) {
          unavailable(row, `run stopped: ${message}`);
        }
      }
    }
  };
  try {
    // With --rounds, every target runs once per round, in turn, so each sees the machine's speed
    // of that moment as the others do; ratios are then taken within a round (bench/README.md).
    for (currentRound = 1; currentRound <= ROUNDS; currentRound++) {
      if (ROUNDS > 1) console.log(`\nRound ${currentRound} of ${ROUNDS}`);
      const roundDir = mkdtempSync(join(work, `round${currentRound}-`));
      const bareRows = SCENARIOS.map((scenario) => ({ target: 'fastify-bare', dialect: null, endpoint: 'POST, parse, 202', scenario }));
      if (opt.oncall || opt.storm || opt['storm-search'] || opt.heartbeats) {
        await runTarget('fastify-bare', bareRows, () => benchBareFastify(roundDir));
        continue;
      }
      if (opt['no-sqlite']) {
        for (const scenario of SCENARIOS) unavailable({ target: 'klaxon', dialect: 'sqlite', endpoint: 'native /v1/ingest', scenario }, 'skipped (--no-sqlite)');
      } else {
        await runTarget('klaxon sqlite', klaxonRows('sqlite'), async () => {
          const sqliteInfo = await benchKlaxon('sqlite', mkdtempSync(join(roundDir, 'sqlite-')));
          notes.push(`Klaxon (SQLite) wrote ${(sqliteInfo.logBytes / 1e6).toFixed(1)} MB of request logs at LOG_LEVEL=${process.env.LOG_LEVEL ?? 'info'}`);
        });
      }
      const pgProblem = opt['no-pg'] ? 'skipped (--no-pg)' : await pgAvailable();
      if (pgProblem) {
        for (const scenario of SCENARIOS) unavailable({ target: 'klaxon', dialect: 'postgres', endpoint: 'native /v1/ingest', scenario }, pgProblem);
      } else {
        await runTarget('klaxon postgres', klaxonRows('postgres'), () => benchKlaxon('postgres', mkdtempSync(join(roundDir, 'pg-'))));
      }
      await runTarget('fastify-bare', bareRows, () => benchBareFastify(roundDir));
      if (opt['no-alertmanager']) {
        for (const scenario of SCENARIOS) unavailable({ target: 'alertmanager', dialect: null, endpoint: 'POST /api/v2/alerts', scenario }, 'skipped (--no-alertmanager)');
      } else {
        await runTarget(
          'alertmanager',
          SCENARIOS.map((scenario) => ({ target: 'alertmanager', dialect: null, endpoint: 'POST /api/v2/alerts', scenario })),
          () => benchAlertmanager(roundDir),
        );
      }
    }
    if (!opt['no-oncall'] && !opt.storm && !opt['storm-search'] && !opt.heartbeats) {
      oncall = await benchOnCall({ quick: opt.quick });
      console.log(`\nOn-call (${oncall.schedule}), in process:`);
      console.log(`  lookups (pure module, one level)     ${String(oncall.pure_lookups_per_s).padStart(8)} /s`);
      console.log(`  lookups (directory on SQLite)        ${String(oncall.directory_lookups_per_s).padStart(8)} /s`);
      console.log(`  lookups (directory, reading the store) ${String(oncall.directory_lookups_reading_the_store_per_s).padStart(6)} /s`);
      console.log(`  31 days of shifts, every level       ${String(oncall.shifts_31_days_ms).padStart(8)} ms (${oncall.shifts_31_days_count} shifts)`);
    }
    if (!opt['no-storm-search'] && !opt.oncall && !opt.heartbeats) {
      // Issue 42: GET /api/alerts?q=… during a storm, the list's read in process (bench/storm-search.ts).
      const storm = opt.quick ? 10_000 : 100_000;
      const pgUsable = !opt['no-pg'] && !(await pgAvailable());
      const dialects = (['sqlite', 'postgres'] as const).filter((d) => (d === 'sqlite' ? !opt['no-sqlite'] : pgUsable));
      stormSearch = [];
      for (const [shape, label] of [[{ certificates: 'resolved' }, 'issue 42 storm'], [{ certificates: 'open' }, 'two open storms']] as const) {
        const rows = await benchStormSearch({ storm, reads: 20, dialects: [...dialects], pgUrl: PG_URL, shape });
        stormSearch.push(...rows.map((r) => ({ ...r, shape: label })));
      }
      console.log(`\nTitle search during a storm (${storm} open "Disk usage high on host-N", then ${storm} "Certificate expires soon…" resolved or open, 100 rare), in process, 20 reads:`);
      for (const r of stormSearch) console.log(`  ${r.dialect.padEnd(8)} ${(r.shape ?? '').padEnd(16)} ${r.read.padEnd(34)} p50 ${String(r.p50_ms).padStart(7)} ms  p99 ${String(r.p99_ms).padStart(7)} ms`);
    }
  } finally {
    for (const c of cleanups.reverse()) await Promise.resolve(c()).catch((e) => console.error('cleanup:', (e as Error).message));
  }

  const runsOf = (target: string, dialect: string | null, scenario: string, endpoint?: string) =>
    results.filter((r) => r.target === target && r.dialect === dialect && r.scenario === scenario && (!endpoint || r.endpoint === endpoint));
  /** The row itself with one round; with several, the median run with the median rate and p99. */
  const find = (target: string, dialect: string | null, scenario: string, endpoint?: string): RunResult | undefined => {
    const all = runsOf(target, dialect, scenario, endpoint);
    const ok = all.filter((r) => r.available).sort((a, b) => a.signals_per_s! - b.signals_per_s!);
    if (ok.length <= 1) return ok[0] ?? all[0];
    const mid = ok[Math.floor((ok.length - 1) / 2)]!;
    const p99 = Math.round(median(ok.map((r) => r.latency_ms!.p99)) * 100) / 100;
    return { ...mid, signals_per_s: Math.round(median(ok.map((r) => r.signals_per_s!))), latency_ms: { ...mid.latency_ms!, p99 } };
  };
  /** A ratio per round (both runs saw the same moment of the machine), then their median. */
  const roundRatio = (dialect: string, scenario: Scenario, peer: string) => {
    const per: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const k = runsOf('klaxon', dialect, scenario, 'native /v1/ingest').find((r) => r.round === round);
      const p = runsOf(peer, null, scenario).find((r) => r.round === round);
      const x = ratio(k, p);
      if (x !== null) per.push(x);
    }
    return { value: per.length ? Math.round(median(per) * 100) / 100 : null, per };
  };
  if (ROUNDS > 1) {
    console.log(`\nMedians over ${ROUNDS} rounds (signals/s and p99; the other columns are those of the median run):`);
    console.log(fmtRow(COLS));
    const seen = new Set<string>();
    for (const r of results) {
      const key = `${r.target}|${r.dialect}|${r.endpoint}|${r.scenario}`;
      if (seen.has(key)) continue;
      seen.add(key);
      printRow(find(r.target, r.dialect, r.scenario, r.endpoint)!);
    }
  }
  const ratios = [];
  console.log(`\nRatios (signals/s${ROUNDS > 1 ? ', median of the rounds\' own ratios' : ''}):`);
  for (const dialect of ['sqlite', 'postgres']) {
    for (const scenario of SCENARIOS) {
      const overFastify = roundRatio(dialect, scenario, 'fastify-bare');
      const overAlertmanager = roundRatio(dialect, scenario, 'alertmanager');
      const row = {
        dialect,
        scenario,
        klaxon_over_fastify: overFastify.value,
        klaxon_over_alertmanager: overAlertmanager.value,
        ...(ROUNDS > 1 ? { per_round: { klaxon_over_fastify: overFastify.per, klaxon_over_alertmanager: overAlertmanager.per } } : {}),
      };
      ratios.push(row);
      console.log(`  ${dialect.padEnd(8)} ${scenario.padEnd(8)} Klaxon/Fastify ${String(row.klaxon_over_fastify ?? 'n/a').padStart(5)}   Klaxon/Alertmanager ${String(row.klaxon_over_alertmanager ?? 'n/a').padStart(5)}`);
    }
  }

  // The targets of the durable-ingest issue, checked against this run.
  const targets = [];
  for (const scenario of ['new', 'repeat'] as Scenario[]) {
    const k = find('klaxon', 'sqlite', scenario, 'native /v1/ingest');
    const r = ratios.find((x) => x.dialect === 'sqlite' && x.scenario === scenario);
    if (!k?.available) continue;
    targets.push({ check: `sqlite ${scenario}: >= 8000 signals/s`, value: k.signals_per_s, pass: k.signals_per_s! >= 8000 });
    targets.push({ check: `sqlite ${scenario}: p99 <= 20 ms at ${CONNECTIONS} connections`, value: k.latency_ms!.p99, pass: k.signals_per_s! > 0 && k.latency_ms!.p99 <= 20 });
    if (r?.klaxon_over_alertmanager != null) targets.push({ check: `sqlite ${scenario}: >= 0.75x Alertmanager`, value: r.klaxon_over_alertmanager, pass: r.klaxon_over_alertmanager >= 0.75 });
    if (r?.klaxon_over_fastify != null) targets.push({ check: `sqlite ${scenario}: >= 0.5x bare Fastify`, value: r.klaxon_over_fastify, pass: r.klaxon_over_fastify >= 0.5 });
  }
  for (const scenario of ['new', 'repeat'] as Scenario[]) {
    const k = find('klaxon', 'postgres', scenario, 'native /v1/ingest');
    if (k?.available) targets.push({ check: `postgres ${scenario}: >= 5000 signals/s`, value: k.signals_per_s, pass: k.signals_per_s! >= 5000 });
  }
  const probes = results.flatMap((r) => (r.cpu_probe_ms ? [r.cpu_probe_ms.before, r.cpu_probe_ms.after] : []));
  if (probes.length) {
    const lo = Math.min(...probes);
    const hi = Math.max(...probes);
    notes.push(
      `CPU probe over the run: ${lo}–${hi} ms` +
        (hi > lo * 1.2 ? ` (the machine's speed moved by ${Math.round((hi / lo - 1) * 100)} %: compare rows whose probes are close)` : ''),
    );
  }
  // The CPU probe hardly sees the machine's two speeds (a plain loop); the bare route's cost a request does
  // (about 20 µs in the fast phase, 50–90 in the slow one: docs/adr/0120, sixth session).
  const bareCosts = results.flatMap((r) => (r.target === 'fastify-bare' && r.cpu_us_per_request ? [r.cpu_us_per_request] : []));
  if (bareCosts.length) {
    const bare = [...bareCosts].sort((a, b) => a - b)[(bareCosts.length - 1) >> 1]!;
    notes.push(
      `Machine phase: the bare Fastify route cost ${bare} µs a request (median of its runs): ` +
        (bare <= 35
          ? 'the fast phase (Klaxon is bound by the latency of its commits, the peers by CPU)'
          : 'the slow phase (every target is CPU-bound on the two cores wrk shares; absolute rates are 2-4x below the fast phase)') +
        ' (docs/adr/0120-ingest-throughput.md).',
    );
  }
  if (startups.length) {
    console.log(`\nStartup (klaxon serve on a migrated database, spawn to first /healthz 200): ${startups.map((x) => `${x.dialect} ${x.ready_ms} ms`).join(', ')}`);
  }
  // Time to page (issue 21, bench/time-to-page.ts): from the 202 of a trigger to the fake provider.
  const timeToPageRows: TimeToPage[] = [];
  if (!opt['no-time-to-page'] && !opt.storm && !opt['storm-search'] && !opt.heartbeats) {
    console.log('\nTime to page (202 of a trigger to the fake push provider, open loop, in-process; bench/time-to-page.ts):');
    console.log('  dialect  alerts/s  alerts  paged  p50 ms  p99 ms  max ms  probe ms');
    const dialects = [...(opt['no-sqlite'] ? [] : ['sqlite' as const]), ...(opt['no-pg'] || (await pgAvailable()) ? [] : ['postgres' as const])];
    for (const dialect of dialects) {
      for (const rate of [10, 500]) {
        const probe = cpuProbeMs();
        const r = await timeToPage({ dialect, rate, durationS: DURATION, pgUrl: PG_URL });
        timeToPageRows.push({ ...r, cpu_probe_ms: probe } as TimeToPage);
        console.log(`  ${dialect.padEnd(8)} ${String(rate).padStart(8)} ${String(r.alerts).padStart(7)} ${String(r.paged).padStart(6)} ${String(r.p50_ms).padStart(7)} ${String(r.p99_ms).padStart(7)} ${String(r.max_ms).padStart(7)}  ${probe}`);
        if (rate === 500) targets.push({ check: `${dialect} time to page: p99 < 500 ms at 500 alerts/s`, value: r.p99_ms, pass: r.p99_ms < 500 && r.paged === r.alerts });
      }
    }
  }
  // Pages through a storm and 200 alerts/s by email (issue 41, bench/storm.ts): 202 to the fake
  // SMTP relay's receipt, klaxon serve processes on loopback (SQLite 1, PostgreSQL 3).
  const stormRows: StormRow[] = [];
  if ((opt.storm || !opt['no-storm']) && !opt.oncall && !opt['storm-search'] && !opt.heartbeats) {
    console.log(`\nPages through a storm (202 to the fake SMTP relay's receipt; storm: critical alerts while ${opt.flood} low-urgency signals/s flood another service; email: 200 alerts/s; bench/storm.ts):`);
    console.log(STORM_HEADER + '  probe ms');
    const dialects = [...(opt['no-sqlite'] ? [] : ['sqlite' as const]), ...(opt['no-pg'] || (await pgAvailable()) ? [] : ['postgres' as const])];
    for (const dialect of dialects) {
      for (const scenario of ['storm', 'email'] as const) {
        const probe = cpuProbeMs();
        const r = await stormBench({ scenario, dialect, durationS: DURATION, floodRate: Number(opt.flood), pgUrl: PG_URL });
        stormRows.push({ ...r, cpu_probe_ms: probe } as StormRow);
        console.log(`${stormLine(r)}  ${probe}`);
        targets.push({ check: `${dialect} ${scenario === 'storm' ? `critical page through a ${r.flood_rate}/s storm` : '200 alerts/s by email'}: p99 <= 1000 ms`, value: r.p99_ms, pass: r.p99_ms <= 1000 && r.paged === r.alerts });
      }
    }
  }
  // Heartbeats at scale (issue 36, bench/heartbeats.ts): one server, idle, then with 10,000
  // heartbeats pinged each minute; the delay from a missed deadline to its alert.
  const heartbeatRows: HeartbeatBenchRow[] = [];
  if ((opt.heartbeats || !opt['no-heartbeats']) && !opt.oncall && !opt['storm-search'] && !opt.storm) {
    const phaseS = Number(opt.duration ?? (opt.quick ? 60 : 180));
    console.log(`\nHeartbeats (10,000 at a 60 s interval, 30 s grace, pinged at their slot each minute, 200 left silent; server CPU over ${phaseS} s idle, ${phaseS} s with them, ${phaseS} s with them present but none due (the check alone); bench/heartbeats.ts):`);
    console.log(HEARTBEAT_HEADER);
    const dialects = [...(opt['no-sqlite'] ? [] : ['sqlite' as const]), ...(opt['no-pg'] || (await pgAvailable()) ? [] : ['postgres' as const])];
    for (const dialect of dialects) {
      const r = await heartbeatBench({ dialect, phaseS, pgUrl: PG_URL });
      heartbeatRows.push(r);
      console.log(heartbeatLine(r));
      targets.push({ check: `${dialect} missed heartbeat opens its alert within one engine cycle: p99 <= 5000 ms`, value: r.delay_p99_ms, pass: r.delay_p99_ms <= 5000 && r.opened === r.missed });
    }
  }
  console.log('\nTargets:');
  for (const t of targets) console.log(`  ${t.pass ? 'PASS' : 'MISS'}  ${t.check}  (${t.value})`);
  for (const n of notes) console.log(`\n${n}`);

  const outDir = resolve(opt.out ?? join(ROOT, 'bench', 'results'));
  mkdirSync(outDir, { recursive: true });
  const stamp = startedAt.toISOString().replace(/[:.]/g, '-');
  const file = join(outDir, `${stamp}.json`);
  let commit = 'unknown';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
  } catch {
    /* not a checkout */
  }
  writeFileSync(
    file,
    JSON.stringify(
      {
        started_at: startedAt.toISOString(),
        finished_at: new Date().toISOString(),
        commit,
        machine,
        settings: { tool: 'wrk', threads: THREADS, connections: CONNECTIONS, duration_s: DURATION, warmup_s: WARMUP, rounds: ROUNDS, log_level: process.env.LOG_LEVEL ?? 'info', quick: opt.quick },
        runs: results,
        startups,
        ratios,
        targets,
        time_to_page: timeToPageRows,
        storm: stormRows,
        heartbeats: heartbeatRows,
        notes,
        ...(oncall ? { oncall } : {}),
        ...(stormSearch ? { storm_search: stormSearch } : {}),
      },
      null,
      2,
    ) + '\n',
  );
  console.log(`\nresults: ${file}`);
  if (failures) {
    console.error(`\nbench: ${failures} target(s) stopped before their rows were measured (see above and the notes)`);
    process.exitCode = 1;
  }
}

/** The native rows of a Klaxon target, marked when its run stops before them. */
const klaxonRows = (dialect: 'sqlite' | 'postgres') => SCENARIOS.map((scenario) => ({ target: 'klaxon', dialect, endpoint: 'native /v1/ingest', scenario }));

if (opt.scale) {
  const { runScale } = await import('./scale.ts');
  const dialects = (['sqlite', 'postgres'] as const).filter((d) => !(d === 'sqlite' ? opt['no-sqlite'] : opt['no-pg']));
  await runScale({
    max: Number(opt.scale),
    sizes: opt.sizes?.split(',').map(Number).filter((n) => n > 0).sort((a, b) => a - b),
    dialects: [...dialects],
    reads: Number(opt.reads),
    pgUrl: PG_URL,
    out: opt.out,
    connections: CONNECTIONS,
    threads: THREADS,
  });
} else {
  await main();
}
