// Time to page (issue 21): from the 202 of a trigger to the provider's fake receiving the page, at a
// fixed rate of new alerts (open loop), on SQLite or PostgreSQL. The app runs in this process with
// its real outbox runner and paging engine on the system clock, one real schedule (made through the
// API, chosen by the service's routing, read by the schedule module's directory) with one person on
// call and one push step at 0 s; the fake push provider notes when each page arrives.
import { Writable } from 'node:stream';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createContainer } from '../src/container.ts';
import { connectDb } from '../src/db/connect.ts';
import { migrateToLatest } from '../src/db/migrator.ts';
import { createLogger } from '../src/http/logging.ts';
import type { DeliveryProvider } from '../src/modules/paging/delivery.port.ts';
import { freshStore } from './start-up.ts';

export interface TimeToPage {
  dialect: 'sqlite' | 'postgres';
  rate: number;
  duration_s: number;
  alerts: number;
  paged: number;
  p50_ms: number;
  p99_ms: number;
  max_ms: number;
}

const quantile = (sorted: number[], q: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : NaN);

export async function timeToPage(opts: { dialect: 'sqlite' | 'postgres'; rate: number; durationS: number; pgUrl?: string }): Promise<TimeToPage> {
  const fresh = await freshStore({ dialect: opts.dialect, name: 'ttp', pgUrl: opts.pgUrl });
  const { databaseUrl, work: dir } = fresh;
  const config = loadConfig({ DATABASE_URL: databaseUrl, KLAXON_SECRET_KEY: '0f'.repeat(32), KLAXON_DATA_DIR: dir, LOG_LEVEL: 'warn' }, { readDotEnv: false, generateSecret: false });
  const store = connectDb({ dialect: opts.dialect, sqlitePath: config.sqlitePath, databaseUrl });
  await migrateToLatest(store.db);
  const arrived = new Map<string, number>();
  const fakePush: DeliveryProvider = {
    name: 'fake-push',
    channels: ['push'],
    configured: () => true,
    async send(m) {
      if (!arrived.has(m.alert.id)) arrived.set(m.alert.id, performance.now());
      return { state: 'accepted' };
    },
  };
  const logger = createLogger('warn', new Writable({ write: (_c, _e, cb) => cb() }));
  const container = createContainer({ config, store, providers: [fakePush], log: logger });
  const app = await buildApp(container, { logger });
  try {
    const t = await container.services.orgs.bootstrap({ orgName: 'Bench', email: `bench-${Date.now()}@example.com` });
    const now = new Date().toISOString();
    await store.db.insertInto('devices').values({
      id: 'dev_bench', user_id: t.user_id, platform: 'ios', name: 'bench', app_version: '1', critical_alerts_permitted: 1,
      push_token_sealed: container.box.seal('bench-token'), push_token_hash: 'h-bench', push_token_hint: 'bench', created_at: now, updated_at: now,
    }).execute();
    await store.db.updateTable('organizations').set({ ingest_rate_per_minute: 10_000_000 }).where('id', '=', t.org_id).execute();
    const headers = { authorization: `Bearer ${t.api_key}`, 'x-service-org': t.org_id };
    const svc = (await app.inject({ method: 'POST', url: '/api/services', headers, payload: { name: 'bench' } })).json() as { default_integration: { ingest_url: string } };
    const path = new URL(svc.default_integration.ingest_url).pathname;
    const ok = async (method: 'POST' | 'PUT', url: string, payload: object) => {
      const res = await app.inject({ method, url, headers, payload });
      if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
      return res.json() as { id: string };
    };
    const schedule = await ok('POST', '/api/schedules', {
      name: 'Bench', time_zone: 'UTC',
      levels: [{ level: 1, timeout_minutes: 30, layers: [{ name: 'everyone', precedence: 0, rotation: { unit: 'week', length: 1, handoff_local: '2026-01-05T09:00', participants: [t.user_id] } }] }],
    });
    await ok('PUT', `/api/schedules/${schedule.id}/level-channels`, { entries: [{ level: 1, priority: 'high', steps: [{ channel: 'push', delay_seconds: 0 }] }] });
    await ok('PUT', `/api/services/${(svc as unknown as { id: string }).id}/routing`, { rules: [{ name: 'everything', schedule_id: schedule.id }] });
    container.runner.start();
    container.engine.start();

    const accepted = new Map<string, number>();
    let n = 0;
    const inflight = new Set<Promise<void>>();
    const send = () => {
      const i = n++;
      const p = app.inject({ method: 'POST', url: path, payload: { title: `ttp ${i}`, event_key: `ttp-${i}` } }).then((res) => {
        if (res.statusCode === 202) accepted.set((res.json() as { alert_id: string }).alert_id, performance.now());
      });
      inflight.add(p);
      void p.finally(() => inflight.delete(p));
    };
    // Open loop: each 10 ms, the requests due by then (a slow answer does not slow the sender).
    const start = performance.now();
    const end = start + opts.durationS * 1000;
    await new Promise<void>((resolve) => {
      const timer = setInterval(() => {
        const t1 = performance.now();
        const due = Math.floor(((Math.min(t1, end) - start) / 1000) * opts.rate);
        while (n < due) send();
        if (t1 >= end) {
          clearInterval(timer);
          resolve();
        }
      }, 10);
    });
    await Promise.all(inflight);
    const deadline = performance.now() + 60_000;
    while (performance.now() < deadline && [...accepted.keys()].some((id) => !arrived.has(id))) await new Promise((r) => setTimeout(r, 50));
    const latencies = [...accepted].filter(([id]) => arrived.has(id)).map(([id, t202]) => Math.max(0, arrived.get(id)! - t202)).sort((a, b) => a - b);
    return {
      dialect: opts.dialect, rate: opts.rate, duration_s: opts.durationS, alerts: accepted.size, paged: latencies.length,
      p50_ms: Math.round(quantile(latencies, 0.5)), p99_ms: Math.round(quantile(latencies, 0.99)), max_ms: Math.round(latencies.at(-1) ?? NaN),
    };
  } finally {
    await app.close();
    await container.close();
    await fresh.cleanup();
  }
}

// Alone: node --import tsx bench/time-to-page.ts [--no-pg] [--duration=10]
if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const duration = Number(args.find((a) => a.startsWith('--duration='))?.split('=')[1] ?? 10);
  const dialects: ('sqlite' | 'postgres')[] = args.includes('--no-pg') ? ['sqlite'] : ['sqlite', 'postgres'];
  for (const dialect of dialects) {
    for (const rate of [10, 500]) {
      const r = await timeToPage({ dialect, rate, durationS: duration, pgUrl: process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' });
      console.log(JSON.stringify(r));
    }
  }
}
