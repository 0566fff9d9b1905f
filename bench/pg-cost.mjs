// What a signal costs the PostgreSQL server, per signal, over a fixed number of signals (not a
// rate): one `klaxon serve` on a fresh database, N native signals from 50 concurrent keep-alive
// connections, the outbox drained, then the CPU of the server backends of that database
// (/proc/<pid>/stat), tuples written (pg_stat_user_tables), commits, buffer hits and the WAL that
// touched the database's relations (pg_walinspect, by record type and relation), per signal.
// On a shared machine these move far less than signals/s (docs/adr/0120-ingest-throughput.md).
//
//   node bench/pg-cost.mjs [--db pgperf_a] [--port 19201] [--role all|api] [--n 20000]
//        [--mode new|repeat] [--wal] [--keep] [--perf FILE]   (perf record of the backends;
//        PERF_CG=dwarf,16384 for call graphs: the Debian binary has no frame pointers)
//        [--stats]  (log_parser/planner/executor_stats for the database: this writes every
//                    statement to the server's log, tens of MB; short runs only)
// Needs PostgreSQL at 127.0.0.1:5432 (user postgres, superuser: pg_walinspect) and Linux /proc.
import { spawn, execFileSync } from 'node:child_process';
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import http from 'node:http';
import { createRequire } from 'node:module';

const args = Object.fromEntries(process.argv.slice(2).reduce((a, x, i, all) => (x.startsWith('--') ? [...a, [x.slice(2), all[i + 1] && !all[i + 1].startsWith('--') ? all[i + 1] : 'true']] : a), []));
const TREE = args.tree ?? new URL('..', import.meta.url).pathname;
const require = createRequire(join(TREE, 'package.json'));
const pg = require('pg');
const DB = args.db ?? 'pgperf_a';
const PORT = Number(args.port ?? 19201);
const ROLE = args.role ?? 'all';
const N = Number(args.n ?? 20000);
const MODE = args.mode ?? 'new';
const CONC = Number(args.c ?? 50);
const ADMIN = 'postgres://postgres@127.0.0.1:5432/postgres';
const URL_ = `postgres://postgres@127.0.0.1:5432/${DB}`;
const TICK = 100; // clock ticks a second

const q = async (url, text, values) => {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try { return (await c.query(text, values)).rows; } finally { await c.end(); }
};
const cpu = (pid, tid) => {
  try {
    const s = readFileSync(tid ? `/proc/${pid}/task/${tid}/stat` : `/proc/${pid}/stat`, 'utf8');
    const f = s.slice(s.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) / TICK;
  } catch { return undefined; }
};

await q(ADMIN, `drop database if exists ${DB} with (force)`);
await q(ADMIN, `create database ${DB}`);
if (args.stats) for (const s of ['log_parser_stats', 'log_planner_stats', 'log_executor_stats']) await q(ADMIN, `alter database ${DB} set ${s} = on`);
const work = mkdtempSync(join(tmpdir(), 'pgperf-'));
const env = { ...process.env, DATABASE_URL: URL_, KLAXON_SECRET_KEY: randomBytes(32).toString('hex'), KLAXON_DATA_DIR: work, KLAXON_PUBLIC_URL: `http://127.0.0.1:${PORT}`, PORT: String(PORT), SMTP_PORT: String(PORT + 50), HOST: '127.0.0.1', LOG_LEVEL: 'info' };
const boot = JSON.parse(execFileSync(process.execPath, ['bin/klaxon.js', 'admin', 'bootstrap', '--org', 'Bench', '--email', 'bench@example.com', '--json'], { cwd: TREE, env, encoding: 'utf8' }).trim().split('\n').pop());
await q(URL_, 'update organizations set ingest_rate_per_minute = $1 where id = $2', [1_000_000_000, boot.org_id]);
await q(URL_, 'create extension if not exists pg_walinspect');
const { openSync } = await import('node:fs');
try { await fetch(`http://127.0.0.1:${PORT}/healthz`); throw new Error('port ' + PORT + ' busy'); } catch (e) { if (String(e.message).startsWith('port')) throw e; }
const fd = openSync(join(work, 'klaxon.log'), 'a');
const child = spawn(process.execPath, ['bin/klaxon.js', 'serve', '--role', ROLE], { cwd: TREE, env, stdio: ['ignore', fd, fd] });
const base = `http://127.0.0.1:${PORT}`;
process.on('uncaughtException', (e) => { child.kill('SIGTERM'); console.error(e); process.exit(1); });
process.on('unhandledRejection', (e) => { child.kill('SIGTERM'); console.error(e); process.exit(1); });
child.on('exit', (code) => { if (!done) { console.error('klaxon exited', code); process.exit(1); } });
let done = false;
for (let i = 0; ; i++) {
  try { if ((await fetch(`${base}/healthz`)).status === 200) break; } catch {}
  if (i > 600) throw new Error('not ready');
  await new Promise((r) => setTimeout(r, 100));
}
const h = { authorization: `Bearer ${boot.api_key}`, 'x-service-org': boot.org_id, 'content-type': 'application/json' };
const svc = await (await fetch(`${base}/api/services`, { method: 'POST', headers: h, body: JSON.stringify({ name: 'perf' }) })).json();
const path = new URL(svc.default_integration.ingest_url).pathname;

const agent = new http.Agent({ keepAlive: true, maxSockets: CONC });
const post = (body) => new Promise((resolve, reject) => {
  const req = http.request({ host: '127.0.0.1', port: PORT, path, method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
    res.resume();
    res.on('end', () => (res.statusCode === 202 ? resolve() : reject(new Error(`status ${res.statusCode}`))));
  });
  req.on('error', reject);
  req.end(body);
});
const body = (key) => `{"title":"Bench alert ${key}","event_key":"${key}","priority":"high","source":"bench","body":"CPU above 90% for 5 minutes on host ${key}"}`;
async function drive(n, prefix) {
  let next = 0;
  const t0 = performance.now();
  await Promise.all(Array.from({ length: CONC }, async () => {
    while (next < n) {
      const i = next++;
      await post(body(MODE === 'repeat' ? `${prefix}-hot` : `${prefix}-${i}`));
    }
  }));
  return (performance.now() - t0) / 1000;
}
const pending = async () => Number((await q(URL_, 'select count(*) n from outbox_events where processed_at is null'))[0].n);
async function drain() {
  if (ROLE !== 'all') return;
  for (let i = 0; i < 600; i++) { if ((await pending()) === 0) return; await new Promise((r) => setTimeout(r, 100)); }
  throw new Error('outbox did not drain');
}

await drive(Math.min(3000, N / 4), 'warm');
await drain();
await new Promise((r) => setTimeout(r, 500));

const statsSql = `select relname, n_tup_ins::int ins, n_tup_upd::int upd, n_tup_hot_upd::int hot, n_tup_del::int del from pg_stat_user_tables where relname in ('alerts','alert_log','outbox_events','receipts','organizations','services')`;
const snap = async () => {
  const c = new pg.Client({ connectionString: URL_ });
  await c.connect();
  await c.query('select pg_stat_clear_snapshot()');
  const pids = (await c.query(`select pid, backend_type from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`)).rows;
  const lsn = (await c.query('select pg_current_wal_lsn() l')).rows[0].l;
  const tables = Object.fromEntries((await c.query(statsSql)).rows.map((r) => [r.relname, r]));
  const db = (await c.query(`select xact_commit::int commits, xact_rollback::int rollbacks, blks_hit::bigint hit, blks_read::bigint rd from pg_stat_database where datname = current_database()`)).rows[0];
  await c.end();
  return { pids, lsn, tables, db, cpu: new Map(pids.map((p) => [p.pid, cpu(p.pid)])), klaxon: cpu(child.pid) };
};
// Wait for stats to flush (PG15 flushes pending stats at most every second at idle).
const s0 = await snap();
let perfProc;
if (args.perf) { perfProc = spawn('perf', ['record', '-F', '999', '--call-graph', process.env.PERF_CG ?? 'fp', '-o', args.perf, '-p', s0.pids.map((p) => p.pid).join(',')], { stdio: 'ignore' }); await new Promise((r) => setTimeout(r, 1000)); }
const secs = await drive(N, 'run');
await drain();
if (perfProc) { perfProc.kill('SIGINT'); await new Promise((r) => perfProc.on('exit', r)); }
await new Promise((r) => setTimeout(r, 1500));
const s1 = await snap();

let serverCpu = 0;
let missing = 0;
for (const p of s1.pids) {
  const a = s0.cpu.get(p.pid) ?? 0;
  if (!s0.cpu.has(p.pid)) missing++;
  serverCpu += (s1.cpu.get(p.pid) ?? 0) - a;
}
const gone = s0.pids.filter((p) => !s1.cpu.has(p.pid)).length;
// WAL of this database only (pg_walinspect): records touching its relations, plus commit records
// of its transactions are counted by rmgr Transaction with no block refs (cluster-wide; listed apart).
const c = new pg.Client({ connectionString: URL_ });
await c.connect();
const dboid = (await c.query('select oid from pg_database where datname = current_database()')).rows[0].oid;
let wal = [];
try { wal = (await c.query(
  `select resource_manager rm, record_type rt, count(*)::int n, sum(record_length)::bigint len, sum(fpi_length)::bigint fpi, sum(case when fpi_length > 0 then 1 else 0 end)::int fpis,
          (regexp_match(block_ref, 'rel \\d+/\\d+/(\\d+)'))[1] relfile
     from pg_get_wal_records_info($1, $2)
    where block_ref like $3 or resource_manager = 'Transaction'
    group by 1, 2, 7 order by 4 desc`,
  [s0.lsn, s1.lsn, `%/${dboid}/%`],
)).rows; } catch (e) { console.error('walinspect: ' + e.message); }
const relnames = Object.fromEntries((await c.query(`select pg_relation_filenode(oid)::text f, relname from pg_class where relkind in ('r','i','t')`)).rows.map((r) => [r.f, r.relname]));
const totalWal = (await c.query('select pg_wal_lsn_diff($2, $1)::bigint d', [s0.lsn, s1.lsn])).rows[0].d;
await c.end();

const per = (x) => Math.round((x / N) * 100) / 100;
const out = {
  db: DB, role: ROLE, mode: MODE, n: N, secs: Math.round(secs * 10) / 10, rate: Math.round(N / secs),
  server_cpu_us: Math.round((serverCpu / N) * 1e6), klaxon_cpu_us: Math.round(((s1.klaxon - s0.klaxon) / N) * 1e6),
  backends: s1.pids.length, new_backends: missing, gone_backends: gone,
  commits_per_signal: per(s1.db.commits - s0.db.commits), rollbacks: s1.db.rollbacks - s0.db.rollbacks,
  blks_hit_per_signal: per(Number(s1.db.hit) - Number(s0.db.hit)),
  cluster_wal_bytes_per_signal: per(Number(totalWal)),
  tables: Object.fromEntries(Object.keys(s1.tables).map((t) => [t, Object.fromEntries(['ins', 'upd', 'hot', 'del'].map((k) => [k, per(s1.tables[t][k] - (s0.tables[t]?.[k] ?? 0))]))])),
};
const walBy = {};
let dbWal = 0, dbFpi = 0, fpiCount = 0;
for (const r of wal) {
  const key = `${r.rm}/${r.rt}${r.relfile ? ' ' + (relnames[r.relfile] ?? r.relfile) : ''}`;
  walBy[key] = { n: per(r.n), bytes: per(Number(r.len)), fpi_bytes: per(Number(r.fpi)) };
  dbWal += Number(r.len); dbFpi += Number(r.fpi); fpiCount += r.fpis;
}
out.db_wal_bytes_per_signal = per(dbWal);
out.db_fpi_bytes_per_signal = per(dbFpi);
out.fpi_per_signal = per(fpiCount);
console.log(JSON.stringify(out));
if (args.wal) console.log(JSON.stringify(walBy, null, 1));
done = true;
child.kill('SIGTERM');
await new Promise((r) => child.on('exit', r));
if (!args.keep) await q(ADMIN, `drop database if exists ${DB} with (force)`);
rmSync(work, { recursive: true, force: true });
process.exit(0);
