// Heartbeats at scale (issue 36 item D; PRODUCT.md 11): one `klaxon serve` process on loopback,
// first idle (no heartbeat), then holding 10,000 heartbeats at a one-minute interval, each pinged
// once a minute by this process (about 167 pings/s, spread evenly) while a sample of them is never
// pinged. Measured:
// - the server's CPU (its own utime + stime from /proc, what process.cpuUsage reports inside it)
//   over each phase, as a share of one core: idle, with the heartbeats, and the difference;
// - the same with the 10,000 heartbeats present but none due and none pinged: the check alone;
// - for the heartbeats left silent, the delay from each deadline (last ping + interval + grace) to
//   its alert opening (`alerts.created_at`, written by the heartbeat check), p50 / p99 / max.
// The check is index-driven (`heartbeats_deadline`: the due rows, soonest first, a bounded batch),
// so heartbeats that are not due cost it nothing.
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { loadavg } from 'node:os';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { hashSecret, randomToken } from '../src/lib/secrets.ts';
import { newId } from '../src/lib/ids.ts';
import { type Servers, api, baseEnv, bootstrapOrg, freshStore, sleep, startServers } from './start-up.ts';

export interface HeartbeatBenchRow {
  dialect: 'sqlite' | 'postgres';
  heartbeats: number;
  interval_s: number;
  phase_s: number;
  /** Server CPU as % of one core. */
  idle_cpu_pct: number;
  heartbeats_cpu_pct: number;
  added_cpu_pct: number;
  /** 10,000 heartbeats present, none due and none pinged: the check's own cost. */
  check_only_cpu_pct: number;
  check_added_cpu_pct: number;
  pings: number;
  ping_errors: number;
  pings_per_s: number;
  missed: number;
  opened: number;
  /** Alerts of pinged heartbeats whose ping came after the deadline (the pinger fell behind): a loaded machine. */
  late_pinged_opened: number;
  delay_p50_ms: number;
  delay_p99_ms: number;
  delay_max_ms: number;
  /** 1-minute load average at the start and the end of the row. */
  load_before: number;
  load_after: number;
}

const quantile = (sorted: number[], q: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : NaN);

/** utime + stime of a process, in seconds (/proc/<pid>/stat, clock ticks of 1/100 s). */
function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

const agent = new Agent({ keepAlive: true, maxSockets: 16 });
function get(port: number, path: string): Promise<number> {
  return new Promise((res) => {
    const req = request({ host: '127.0.0.1', port, path, method: 'GET', agent }, (r) => {
      r.resume();
      r.on('end', () => res(r.statusCode ?? 0));
    });
    req.on('error', () => res(0));
    req.end();
  });
}

export async function heartbeatBench(opts: { dialect: 'sqlite' | 'postgres'; count?: number; phaseS: number; missed?: number; pgUrl?: string }): Promise<HeartbeatBenchRow> {
  const count = opts.count ?? 10_000;
  const missedCount = opts.missed ?? 200;
  const INTERVAL = 60;
  const GRACE = 30;
  const loadBefore = loadavg()[0]!;
  const store = await freshStore({ dialect: opts.dialect, name: 'hb', pgUrl: opts.pgUrl });
  const { databaseUrl } = store;
  const base = baseEnv(databaseUrl);
  let servers: Servers | undefined;
  let pgc: pg.Client | undefined;
  let lite: SQLite.Database | undefined;
  try {
    const boot = bootstrapOrg(store.work, base);
    servers = await startServers(store.work, base, 1, 180_000);
    const child = servers.children[0]!;
    const port = servers.ports[0]!;
    const h = { authorization: `Bearer ${boot.api_key}`, 'x-service-org': boot.org_id };
    const svc = await api(port, h, 'POST', '/api/services', { name: 'cron jobs' });
    // Let start-up work settle, then the idle phase: the same server, no heartbeat.
    await sleep(3000);
    const pid = child.pid!;
    const c0 = cpuSeconds(pid);
    const w0 = Date.now();
    await sleep(opts.phaseS * 1000);
    const idleCpu = (cpuSeconds(pid) - c0) / ((Date.now() - w0) / 1000);

    // 10,000 heartbeats written straight into the store (as 10,000 creates would leave them):
    // heartbeat i was last pinged one interval before its slot i/count of the minute, so its
    // deadline is 30 s (the grace) after that slot; the bench pings it at its slot every minute.
    const t0 = Date.now() + 2000;
    const tokens: string[] = [];
    const rows: Record<string, string | number | null>[] = [];
    const missedEvery = Math.floor(count / missedCount);
    const missed = new Set<number>();
    const missedIds: string[] = [];
    const nowIso = new Date().toISOString();
    for (let i = 0; i < count; i++) {
      const token = `kxh_${randomToken(32)}`;
      tokens.push(token);
      const slot = t0 + Math.floor((i / count) * INTERVAL * 1000);
      if (i % missedEvery === 0 && missed.size < missedCount) missed.add(i);
      const last = slot - INTERVAL * 1000;
      const id = newId('hbt');
      if (missed.has(i)) missedIds.push(id);
      rows.push({
        id, org_id: boot.org_id, service_id: svc.id as string, name: `job ${i}`, interval_seconds: INTERVAL, grace_seconds: GRACE, priority: 'low',
        enabled: 1, token_hash: hashSecret(token), state: 'up', last_ping_at: new Date(last).toISOString(), deadline_at: new Date(last + (INTERVAL + GRACE) * 1000).toISOString(),
        created_at: nowIso, updated_at: nowIso,
      });
    }
    const cols = Object.keys(rows[0]!);
    if (opts.dialect === 'sqlite') {
      lite = new SQLite(store.sqliteFile);
      lite.pragma('busy_timeout = 10000');
      const ins = lite.prepare(`insert into heartbeats (${cols.join(', ')}) values (${cols.map((c) => `@${c}`).join(', ')})`);
      lite.transaction(() => {
        for (const r of rows) ins.run(r);
      })();
    } else {
      pgc = new pg.Client({ connectionString: databaseUrl });
      await pgc.connect();
      for (let i = 0; i < rows.length; i += 500) {
        const chunk = rows.slice(i, i + 500);
        const values: unknown[] = [];
        const tuples = chunk.map((r, j) => `(${cols.map((c, k) => { values.push(r[c]); return `$${j * cols.length + k + 1}`; }).join(', ')})`);
        await pgc.query(`insert into heartbeats (${cols.join(', ')}) values ${tuples.join(', ')}`, values);
      }
    }

    // The pinger: each heartbeat at its slot of every minute, except the silent sample.
    let pings = 0;
    let pingErrors = 0;
    let stop = false;
    const inflight = new Set<Promise<void>>();
    const pinger = (async () => {
      while (Date.now() < t0) await sleep(10);
      let next = 0;
      let minute = 0;
      while (!stop) {
        const elapsed = Date.now() - t0 - minute * INTERVAL * 1000;
        const upTo = Math.min(count, Math.floor((elapsed / (INTERVAL * 1000)) * count) + 1);
        for (; next < upTo; next++) {
          if (missed.has(next)) continue;
          const p = get(port, `/v1/heartbeat/${tokens[next]}`).then((s) => {
            if (s === 200) pings++;
            else pingErrors++;
          });
          inflight.add(p);
          void p.finally(() => inflight.delete(p));
        }
        if (next >= count) {
          next = 0;
          minute++;
        }
        await sleep(50);
      }
      await Promise.all(inflight);
    })();
    while (Date.now() < t0) await sleep(10);
    const c1 = cpuSeconds(pid);
    const w1 = Date.now();
    await sleep(opts.phaseS * 1000);
    const hbCpu = (cpuSeconds(pid) - c1) / ((Date.now() - w1) / 1000);
    const wall = (Date.now() - w1) / 1000;
    const phasePings = pings;
    // The silent sample's deadlines are all within 90 s of t0: wait for them if the phase was shorter.
    const lastDeadline = t0 + (INTERVAL + GRACE) * 1000 + 6000;
    while (Date.now() < lastDeadline) await sleep(200);
    stop = true;
    await pinger;

    // Every silent heartbeat's alert is open before the check-only phase moves the deadlines (a
    // starved server can be minutes late: the delays then say so).
    const countOpened = async () => opts.dialect === 'sqlite'
      ? (lite!.prepare(`select count(*) as n from heartbeats where state = 'down' and id in (select value from json_each(?))`).get(JSON.stringify(missedIds)) as { n: number }).n
      : Number((await pgc!.query(`select count(*) as n from heartbeats where state = 'down' and id = any($1)`, [missedIds])).rows[0].n);
    for (const until = Date.now() + 300_000; Date.now() < until && (await countOpened()) < missedIds.length;) await sleep(500);
    // The check alone: the same 10,000 heartbeats, none due for a day and none pinged, so what
    // the server spends over idle is the heartbeat check's cycles over a table of 10,000.
    const later = new Date(Date.now() + 86_400_000).toISOString();
    if (opts.dialect === 'sqlite') lite!.prepare(`update heartbeats set deadline_at = ? where state = 'up'`).run(later);
    else await pgc!.query(`update heartbeats set deadline_at = $1 where state = 'up'`, [later]);
    await sleep(2000);
    const c2 = cpuSeconds(pid);
    const w2 = Date.now();
    await sleep(opts.phaseS * 1000);
    const checkCpu = (cpuSeconds(pid) - c2) / ((Date.now() - w2) / 1000);

    const q = `select h.last_ping_at, h.interval_seconds, h.grace_seconds, a.created_at from alerts a join heartbeats h on a.event_key = 'heartbeat:' || h.id`;
    const all = opts.dialect === 'sqlite' ? (lite!.prepare(q + ' where h.id in (select value from json_each(?))').all(JSON.stringify(missedIds)) as any[]) : (await pgc!.query(q + ' where h.id = any($1)', [missedIds])).rows;
    // The silent sample only: a pinged heartbeat whose ping came late (a starved pinger) has a newer last ping now.
    const opened = all;
    const latePinged = (opts.dialect === 'sqlite' ? (lite!.prepare(`select count(*) as n from alerts where event_key like 'heartbeat:%'`).get() as any).n : Number((await pgc!.query(`select count(*) as n from alerts where event_key like 'heartbeat:%'`)).rows[0].n)) - opened.length;
    const delays = opened.map((r) => Date.parse(r.created_at) - (Date.parse(r.last_ping_at) + (r.interval_seconds + r.grace_seconds) * 1000)).sort((a, b) => a - b);
    return {
      dialect: opts.dialect, heartbeats: count, interval_s: INTERVAL, phase_s: opts.phaseS,
      idle_cpu_pct: round(idleCpu * 100), heartbeats_cpu_pct: round(hbCpu * 100), added_cpu_pct: round((hbCpu - idleCpu) * 100),
      check_only_cpu_pct: round(checkCpu * 100), check_added_cpu_pct: round((checkCpu - idleCpu) * 100),
      pings: phasePings, ping_errors: pingErrors, pings_per_s: round(phasePings / wall), missed: missed.size, opened: opened.length, late_pinged_opened: latePinged,
      delay_p50_ms: quantile(delays, 0.5), delay_p99_ms: quantile(delays, 0.99), delay_max_ms: delays.at(-1) ?? NaN,
      load_before: round(loadBefore), load_after: round(loadavg()[0]!),
    };
  } finally {
    lite?.close();
    await pgc?.end().catch(() => undefined);
    await servers?.stop();
    await store.cleanup().catch(() => undefined);
  }
}

const round = (n: number) => Math.round(n * 100) / 100;

export const HEARTBEAT_HEADER = '  dialect  heartbeats  idle cpu%  with cpu%  added cpu%  check-only added%  pings/s  errors  missed opened  delay p50 ms  p99 ms  max ms  load';
export const heartbeatLine = (r: HeartbeatBenchRow): string =>
  `  ${r.dialect.padEnd(8)} ${String(r.heartbeats).padStart(10)} ${String(r.idle_cpu_pct).padStart(10)} ${String(r.heartbeats_cpu_pct).padStart(10)} ${String(r.added_cpu_pct).padStart(11)} ${String(r.check_added_cpu_pct).padStart(18)} ${String(r.pings_per_s).padStart(8)} ${String(r.ping_errors).padStart(7)} ${String(r.missed).padStart(7)} ${String(r.opened).padStart(6)}${r.late_pinged_opened ? ` (+${r.late_pinged_opened} late pings)` : ''} ${String(r.delay_p50_ms).padStart(13)} ${String(r.delay_p99_ms).padStart(7)} ${String(r.delay_max_ms).padStart(7)}  ${r.load_before}→${r.load_after}`;
