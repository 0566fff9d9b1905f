import { afterEach, describe, expect, it } from 'vitest';
import { connectDb } from '../../../src/db/connect.ts';
import { testClock } from '../../helpers/proc-fakes.ts';
import { DIALECTS } from '../../helpers/app.ts';
import { type KlaxonProc, apiJson as api, cleanup, bootstrapOrg, createServiceHttp, freshDatabase, klaxonEnv, startKlaxon, tempDir, waitFor } from '../../helpers/procs.ts';

/**
 * Heartbeats with real processes (issue 36): each silence opens its alert exactly once through a
 * kill -9 while the alerts are being opened, after downtime (one grace period after start-up), and
 * across three processes on one PostgreSQL. Time moves through the test clock file every process
 * reads (docs/adr/0422).
 */

type Tenant = Awaited<ReturnType<typeof bootstrapOrg>>;

/** `n` heartbeats on a new service, each pinged once through `urls` in turn; their ping paths. */
async function heartbeats(urls: string[], tenant: Tenant, n: number, grace: number, name = 'cron') {
  const service = await createServiceHttp(urls[0]!, tenant, name);
  const paths: string[] = [];
  for (let i = 0; i < n; i++) {
    const hb = await api(urls[0]!, tenant, 'POST', `/api/services/${service.id}/heartbeats`, { name: `job ${i}`, interval_seconds: 60, grace_seconds: grace });
    paths.push(new URL(hb.ping_url).pathname);
  }
  await Promise.all(paths.map(async (p, i) => {
    const res = await fetch(`${urls[i % urls.length]}${p}`, { method: 'POST' });
    expect(res.status).toBe(200);
  }));
  return { serviceId: service.id, paths };
}

for (const dialect of DIALECTS) {
  describe(`${dialect}: heartbeat alerts through crashes, downtime and several processes`, () => {
    const dirs: string[] = [];
    let procs: KlaxonProc[] = [];
    const closers: (() => Promise<unknown>)[] = [];
    afterEach(async () => {
      for (const p of procs) await p.kill('SIGKILL');
      procs = [];
      for (const c of closers.splice(0).reverse()) await c().catch(() => undefined);
      for (const d of dirs.splice(0)) cleanup(d);
    });

    async function setUp() {
      const dir = tempDir();
      dirs.push(dir);
      const database = await freshDatabase(dialect, dir);
      closers.push(database.drop);
      const clock = testClock(dir);
      const env = klaxonEnv(database.url, dir, { KLAXON_TEST_CLOCK_FILE: clock.path });
      const tenant = await bootstrapOrg(env);
      const store = connectDb({ dialect, sqlitePath: database.url.slice('sqlite:'.length), databaseUrl: database.url });
      closers.push(() => store.close());
      const alerts = () => store.db.selectFrom('alerts').select(['id', 'event_key', 'status']).where('event_key', 'like', 'heartbeat:%').execute();
      const triggered = () => store.db.selectFrom('outbox_events').select(['alert_id']).where('type', '=', 'alert.triggered').execute();
      return { env, tenant, clock, db: store.db, alerts, triggered };
    }

    it('kill -9 while the alerts are being opened, then downtime: each heartbeat opened once, one grace period after start-up', async () => {
      const N = 150;
      const { env, tenant, clock, db, alerts, triggered } = await setUp();
      let proc = await startKlaxon(env);
      procs.push(proc);
      await heartbeats([proc.url], tenant, N, 0);
      // Every deadline passes at once; killed as soon as the first alerts are open.
      clock.advance(2 * 60_000);
      await waitFor('the first heartbeat alerts open', async () => (await alerts()).length > 0, 60_000, 5);
      await proc.kill('SIGKILL');
      proc = await startKlaxon(env);
      procs.push(proc);
      await waitFor('every heartbeat alert open', async () => (await alerts()).length >= N, 90_000);
      await proc.kill('SIGKILL');
      const before = await alerts();
      expect(before).toHaveLength(N);
      expect(new Set(before.map((a) => a.event_key)).size).toBe(N);

      // A second round, with a grace period: pinged, then silent through downtime.
      const second = await setUpGraceRound(env, tenant, clock, db);
      expect(second.openNow).toBe(0);
      clock.advance(121_000);
      await waitFor('the second round open after the grace period', async () => (await alerts()).length >= N + second.n, 90_000);
      const all = await alerts();
      expect(all).toHaveLength(N + second.n);
      expect(new Set(all.map((a) => a.event_key)).size).toBe(N + second.n);
      const events = (await triggered()).filter((e) => all.some((a) => a.id === e.alert_id));
      expect(events).toHaveLength(N + second.n);
    }, 400_000);

    /** Starts a process, makes `n` heartbeats with a 120 s grace, pings them, kills it, moves 10 minutes on, starts again. */
    async function setUpGraceRound(env: Record<string, string>, tenant: Tenant, clock: ReturnType<typeof testClock>, db: ReturnType<typeof connectDb>['db']) {
      const n = 20;
      let proc = await startKlaxon(env);
      procs.push(proc);
      const { serviceId } = await heartbeats([proc.url], tenant, n, 120, 'cron-2');
      await proc.kill('SIGKILL');
      clock.advance(10 * 60_000);
      proc = await startKlaxon(env);
      procs.push(proc);
      // Started: the overdue deadlines wait one grace period (120 s) from start-up.
      const openNow = (await db.selectFrom('alerts').select('id').where('service_id', '=', serviceId).execute()).length;
      return { n, openNow };
    }

    if (dialect === 'postgres') {
      it('three processes on one PostgreSQL, 200 heartbeats silent at once: each alert opened exactly once', async () => {
        const N = 200;
        const { env, tenant, clock, alerts, triggered } = await setUp();
        const more = [tempDir(), tempDir()];
        dirs.push(...more);
        for (const e of [env, ...more.map((d) => ({ ...env, KLAXON_DATA_DIR: d }))]) procs.push(await startKlaxon(e));
        await heartbeats(procs.map((p) => p.url), tenant, N, 0);
        clock.advance(2 * 60_000);
        await waitFor('every heartbeat alert open', async () => (await alerts()).length >= N, 120_000);
        // Later engine cycles open nothing more: a sentinel heartbeat silent after them opens alone.
        await heartbeats([procs[1]!.url], tenant, 1, 0, 'sentinel');
        clock.advance(2 * 60_000);
        await waitFor('the sentinel open', async () => (await alerts()).length >= N + 1, 60_000);
        const all = await alerts();
        expect(all).toHaveLength(N + 1);
        expect(new Set(all.map((a) => a.event_key)).size).toBe(N + 1);
        expect((await triggered()).filter((e) => all.some((a) => a.id === e.alert_id))).toHaveLength(N + 1);
      }, 400_000);
    }
  });
}
