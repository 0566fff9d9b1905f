// Pages through a storm (issue 41 items 5 and 7): the time from an alert's 202 to the fake SMTP
// relay's receipt of its page, with `klaxon serve` processes on loopback (1 on SQLite, 3 on
// PostgreSQL by default) sending real mail to a real SMTP server in this process.
// - `storm`: critical alerts on one service (one every 200 ms) while Alertmanager batches of
//   low-urgency (severity info) alerts flood another service at `floodRate` signals/s; both page the
//   same person by email. Measured: the critical alerts.
// - `email`: `alertRate` new high-priority alerts/s, each paging the same person by email.
// - `fill`: the flood alone, to a service without a schedule (as the scale bench's fill), then the
//   outbox backlog (events not yet handled) when the flood ends and every 10 s for 60 s after.
// A page sent inside another's message (a bundle, PRODUCT.md 7.4) counts from that message's receipt.
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { type Servers, api, baseEnv, bootstrapOrg, freePort, freshStore, sleep, startServers } from './start-up.ts';

export interface StormRow {
  scenario: 'storm' | 'email' | 'fill';
  dialect: 'sqlite' | 'postgres';
  processes: number;
  /** Low-urgency signals/s asked for (storm) and accepted. */
  flood_rate: number;
  flood_accepted_per_s: number;
  /** Measured alerts a second asked for. */
  alert_rate: number;
  duration_s: number;
  alerts: number;
  paged: number;
  p50_ms: number;
  p99_ms: number;
  max_ms: number;
  /** Mails the relay received in all. */
  mails: number;
  /** `fill`: outbox events not yet handled when the flood ended, then 10, 20 … 60 s after. */
  backlog?: number[];
  /** `fill`: signals accepted in all. */
  flood_accepted?: number;
}

const quantile = (sorted: number[], q: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : NaN);

const agent = new Agent({ keepAlive: true, maxSockets: 64 });
function post(port: number, path: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; json: any }> {
  const data = JSON.stringify(body);
  return new Promise((resolvePost, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data), ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let json: unknown;
        try {
          json = text ? JSON.parse(text) : undefined;
        } catch {
          json = text;
        }
        resolvePost({ status: res.statusCode ?? 0, json });
      });
    });
    req.on('error', reject);
    req.end(data);
  });
}
/** Each process's job runs: how many, and the mean time of one (the stage a page waits for). */
async function printJobMetrics(ports: number[], when = ''): Promise<void> {
  if (when) console.log(`  job runs ${when}:`);
  for (const [i, port] of ports.entries()) {
    const m = await fetch(`http://127.0.0.1:${port}/metrics`).then((r) => r.text());
    const stat = new Map<string, { sum: number; count: number }>();
    for (const l of m.split('\n')) {
      const x = /^klaxon_job_duration_seconds_(sum|count)\{job="([^"]+)"\} ([0-9.e+-]+)/.exec(l);
      if (!x) continue;
      const s = stat.get(x[2]!) ?? { sum: 0, count: 0 };
      s[x[1] as 'sum' | 'count'] = Number(x[3]);
      stat.set(x[2]!, s);
    }
    console.log(`  process ${i}: ${[...stat].filter(([, s]) => s.count > 0).map(([job, s]) => `${job} ${s.count}× ${((s.sum / s.count) * 1000).toFixed(0)} ms`).join(', ')}`);
  }
}

export async function stormBench(opts: {
  scenario: 'storm' | 'email' | 'fill';
  dialect: 'sqlite' | 'postgres';
  processes?: number;
  floodRate?: number;
  alertRate?: number;
  durationS: number;
  pgUrl?: string;
}): Promise<StormRow> {
  const processes = opts.processes ?? (opts.dialect === 'postgres' ? 3 : 1);
  const floodRate = opts.scenario !== 'email' ? (opts.floodRate ?? 2000) : 0;
  const alertRate = opts.scenario === 'fill' ? 0 : (opts.alertRate ?? (opts.scenario === 'storm' ? 5 : 200));
  const store = await freshStore({ dialect: opts.dialect, name: 'storm', pgUrl: opts.pgUrl });
  const { databaseUrl } = store;
  // The relay: notes when each page's mail arrives, by its Message-ID (the page's id).
  const mailAt = new Map<string, number>();
  let mails = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, cb) {
      let head = '';
      stream.on('data', (c: Buffer) => {
        if (head.length < 4096) head += c.toString('utf8');
      });
      stream.on('end', () => {
        const at = performance.now();
        mails++;
        const id = /Message-ID: <(ntf_[0-9a-z]+)@/i.exec(head)?.[1];
        if (id) mailAt.set(id, at);
        cb();
      });
    },
  });
  const smtpPort = await freePort();
  await new Promise<void>((r) => smtp.listen(smtpPort, '127.0.0.1', () => r()));

  const base = baseEnv(databaseUrl, { SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, MAIL_FROM: 'klaxon@bench.test' });
  let servers: Servers | undefined;
  try {
    const boot = bootstrapOrg(store.work, base);
    // The rate limit lifted and the person's address proved (an unverified account is sent nothing).
    const setup = ['update organizations set ingest_rate_per_minute = 1000000000', `update users set email_verified_at = '2026-01-01T00:00:00.000Z'`];
    if (opts.dialect === 'sqlite') {
      const s = new SQLite(store.sqliteFile);
      for (const q of setup) s.prepare(q).run();
      s.close();
    } else {
      const c = new pg.Client({ connectionString: databaseUrl });
      await c.connect();
      for (const q of setup) await c.query(q);
      await c.end();
    }
    // A loaded machine can take minutes to start three processes.
    servers = await startServers(store.work, base, processes, 240_000);
    const { ports } = servers;
    const h = { authorization: `Bearer ${boot.api_key}`, 'x-service-org': boot.org_id };
    const me = await api(ports[0]!, h, 'GET', '/api/me');
    const userId = (me.user?.id ?? me.id) as string;
    const paged = await api(ports[0]!, h, 'POST', '/api/services', { name: 'paged' });
    const stormSvc = await api(ports[0]!, h, 'POST', '/api/services', { name: 'storm' });
    const schedule = await api(ports[0]!, h, 'POST', '/api/schedules', {
      name: 'Bench', time_zone: 'UTC',
      levels: [{ level: 1, timeout_minutes: 30, layers: [{ name: 'everyone', precedence: 0, rotation: { unit: 'week', length: 1, handoff_local: '2026-01-05T09:00', participants: [userId] } }] }],
    });
    await api(ports[0]!, h, 'PUT', `/api/schedules/${schedule.id}/level-channels`, {
      entries: (['critical', 'high', 'medium', 'low', 'info'] as const).map((priority) => ({ level: 1, priority, steps: [{ channel: 'email', delay_seconds: 0 }] })),
    });
    for (const svc of opts.scenario === 'fill' ? [paged] : [paged, stormSvc]) await api(ports[0]!, h, 'PUT', `/api/services/${svc.id}/routing`, { rules: [{ name: 'everything', schedule_id: schedule.id }] });
    const pagedPath = new URL(paged.default_integration.ingest_url).pathname;
    const am = await api(ports[0]!, h, 'POST', '/api/integrations', { type: 'alertmanager', name: 'storm', routing_rules: [], fallback_service_id: stormSvc.id });
    const amPath = new URL(am.ingest_url).pathname;

    const accepted = new Map<string, number>();
    let floodAccepted = 0;
    let sentAlerts = 0;
    let sentFlood = 0;
    const BATCH = 10;
    const inflight = new Set<Promise<unknown>>();
    const track = (p: Promise<unknown>) => {
      inflight.add(p);
      void p.finally(() => inflight.delete(p)).catch(() => undefined);
    };
    const alertBody = (i: number) => ({ title: `page ${i}`, event_key: `page-${i}`, priority: opts.scenario === 'storm' ? 'critical' : 'high' });
    const floodBody = (i: number) => ({
      version: '4', groupKey: '{}:{alertname="Storm"}', truncatedAlerts: 0, status: 'firing', receiver: 'klaxon', groupLabels: { alertname: 'Storm' }, commonLabels: { alertname: 'Storm' },
      commonAnnotations: {}, externalURL: 'http://alertmanager:9093',
      alerts: Array.from({ length: BATCH }, (_, k) => ({
        status: 'firing', labels: { alertname: 'Storm', severity: 'info', instance: `host-${i}-${k}` }, annotations: { summary: 'disk filling' },
        startsAt: '2026-01-01T00:00:00Z', endsAt: '0001-01-01T00:00:00Z', generatorURL: '', fingerprint: (i * BATCH + k).toString(16).padStart(16, '0'),
      })),
    });
    const start = performance.now();
    const end = start + opts.durationS * 1000;
    await new Promise<void>((resolveLoad) => {
      const timer = setInterval(() => {
        const now = performance.now();
        const elapsed = (Math.min(now, end) - start) / 1000;
        for (const due = Math.floor((elapsed * floodRate) / BATCH); sentFlood < due; sentFlood++) {
          const port = ports[sentFlood % ports.length]!;
          track(post(port, amPath, floodBody(sentFlood)).then((r) => r.status === 202 && (floodAccepted += BATCH)));
        }
        for (const due = Math.floor(elapsed * alertRate); sentAlerts < due; sentAlerts++) {
          const port = ports[sentAlerts % ports.length]!;
          track(post(port, pagedPath, alertBody(sentAlerts)).then((r) => {
            if (r.status === 202) accepted.set(r.json.alert_id as string, performance.now());
          }));
        }
        if (now >= end) {
          clearInterval(timer);
          resolveLoad();
        }
      }, 10);
    });
    await Promise.allSettled([...inflight]);
    const floodSeconds = (performance.now() - start) / 1000;
    if (opts.scenario === 'fill') {
      if (process.env.STORM_METRICS) await printJobMetrics(ports, 'at the end of the flood');
      // The backlog when the last signal was answered, then every 10 s for 60 s.
      const text = 'select count(*) as n from outbox_events where processed_at is null';
      const db = opts.dialect === 'sqlite' ? new SQLite(store.sqliteFile, { readonly: true }) : undefined;
      const c = db ? undefined : new pg.Client({ connectionString: databaseUrl });
      await c?.connect();
      const backlog: number[] = [];
      const t0 = performance.now();
      for (let i = 0; i <= 6; i++) {
        await sleep(Math.max(0, t0 + i * 10_000 - performance.now()));
        backlog.push(Number(db ? (db.prepare(text).get() as { n: number }).n : (await c!.query(text)).rows[0].n));
        if (process.env.STORM_METRICS) {
          // And the escalations still due (the escalation job's own backlog, after the intake's).
          const due = 'select count(*) as n from alert_escalations where next_at is not null';
          console.log(`  +${i * 10} s: backlog ${backlog.at(-1)}, escalations due ${Number(db ? (db.prepare(due).get() as { n: number }).n : (await c!.query(due)).rows[0].n)}`);
        }
      }
      db?.close();
      await c?.end();
      return {
        scenario: 'fill', dialect: opts.dialect, processes, flood_rate: floodRate, flood_accepted_per_s: Math.round(floodAccepted / floodSeconds), alert_rate: 0,
        duration_s: Math.round(floodSeconds), alerts: 0, paged: 0, p50_ms: NaN, p99_ms: NaN, max_ms: NaN, mails, backlog, flood_accepted: floodAccepted,
      };
    }

    // Which mail carried each measured alert's page: its own, or the one it was bundled into.
    const q = new pg.Client({ connectionString: opts.dialect === 'postgres' ? databaseUrl : undefined });
    const sqlite = opts.dialect === 'sqlite' ? new SQLite(store.sqliteFile, { readonly: true }) : undefined;
    if (!sqlite) await q.connect();
    const pagesOf = async (): Promise<{ alert_id: string; id: string; detail: string | null }[]> => {
      const text = `select alert_id, id, detail from notifications where alert_id in (${[...accepted.keys()].map((id) => `'${id}'`).join(',') || `''`}) and status in ('sent', 'delivered')`;
      return sqlite ? (sqlite.prepare(text).all() as never) : (await q.query(text)).rows;
    };
    const receipts = new Map<string, number>();
    const deadline = performance.now() + 30_000;
    while (performance.now() < deadline) {
      for (const p of await pagesOf()) {
        const via = /\(page (ntf_[0-9a-z]+)\)/.exec(p.detail ?? '')?.[1] ?? p.id;
        const at = mailAt.get(via);
        if (at !== undefined && !receipts.has(p.alert_id)) receipts.set(p.alert_id, at);
      }
      if (receipts.size >= accepted.size) break;
      await sleep(250);
    }
    sqlite?.close();
    if (!sqlite) await q.end();
    if (process.env.STORM_METRICS) await printJobMetrics(ports);
    const latencies = [...accepted].filter(([id]) => receipts.has(id)).map(([id, t202]) => Math.max(0, receipts.get(id)! - t202)).sort((a, b) => a - b);
    return {
      scenario: opts.scenario, dialect: opts.dialect, processes, flood_rate: floodRate, flood_accepted_per_s: Math.round(floodAccepted / floodSeconds), alert_rate: alertRate,
      duration_s: opts.durationS, alerts: accepted.size, paged: latencies.length,
      p50_ms: Math.round(quantile(latencies, 0.5)), p99_ms: Math.round(quantile(latencies, 0.99)), max_ms: Math.round(latencies.at(-1) ?? NaN), mails,
    };
  } finally {
    await servers?.stop();
    await new Promise<void>((r) => smtp.close(() => r()));
    await store.cleanup();
  }
}

/** One row as the bench prints it. */
export const stormLine = (r: StormRow): string =>
  `  ${r.scenario.padEnd(6)} ${r.dialect.padEnd(8)} ${String(r.processes).padStart(5)} ${String(r.flood_rate).padStart(8)} ${String(r.flood_accepted_per_s).padStart(8)} ${String(r.alert_rate).padStart(8)} ${String(r.alerts).padStart(6)} ${String(r.paged).padStart(6)} ${String(r.p50_ms).padStart(7)} ${String(r.p99_ms).padStart(7)} ${String(r.max_ms).padStart(7)} ${String(r.mails).padStart(6)}`;
export const STORM_HEADER = '  row    dialect  procs  flood/s  taken/s alerts/s alerts  paged  p50 ms  p99 ms  max ms  mails';

// Alone: node --import tsx bench/storm.ts [--no-pg] [--duration=10] [--flood=2000]
if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const arg = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
  const durationS = Number(arg('duration') ?? 10);
  const dialects: ('sqlite' | 'postgres')[] = args.includes('--no-pg') ? ['sqlite'] : args.includes('--no-sqlite') ? ['postgres'] : ['sqlite', 'postgres'];
  const scenarios = (arg('scenarios') ?? 'storm,email').split(',') as ('storm' | 'email' | 'fill')[];
  const processes = arg('processes') ? Number(arg('processes')) : undefined;
  console.log(STORM_HEADER);
  for (const dialect of dialects) {
    for (const scenario of scenarios) {
      const r = await stormBench({ scenario, dialect, processes, durationS, floodRate: Number(arg('flood') ?? 2000), pgUrl: process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' });
      console.log(stormLine(r));
      if (r.backlog) console.log(`  fill: ${r.flood_accepted} signals in ${r.duration_s} s; outbox backlog at the end and every 10 s after: ${r.backlog.join(', ')}`);
    }
  }
  agent.destroy();
}
