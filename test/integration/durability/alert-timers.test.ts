import { afterEach, describe, expect, it } from 'vitest';
import { connectDb } from '../../../src/db/connect.ts';
import { testClock } from '../../helpers/proc-fakes.ts';
import { DIALECTS } from '../../helpers/app.ts';
import { type KlaxonProc, apiJson as api, cleanup, bootstrapOrg, createServiceHttp, freshDatabase, klaxonEnv, sendSignal, startKlaxon, tempDir, waitFor } from '../../helpers/procs.ts';

/**
 * A service's alert timers with real processes (issue 36 item 3; docs/adr/0822-alert-timers.md):
 * three processes on one PostgreSQL, every engine cycle of each looking at the same due alerts; each
 * expired acknowledgement re-opens and re-pages its alert once, each quiet alert resolves once.
 * Time moves through the test clock file every process reads (docs/adr/0422).
 */

type Tenant = Awaited<ReturnType<typeof bootstrapOrg>>;

// PostgreSQL only: one SQLite file is served by one process.
for (const dialect of DIALECTS.filter((d) => d === 'postgres')) {
  describe(`${dialect}: alert timers across several processes`, () => {
    const dirs: string[] = [];
    let procs: KlaxonProc[] = [];
    const closers: (() => Promise<unknown>)[] = [];
    afterEach(async () => {
      for (const p of procs) await p.kill('SIGKILL');
      procs = [];
      for (const c of closers.splice(0).reverse()) await c().catch(() => undefined);
      for (const d of dirs.splice(0)) cleanup(d);
    });

    it('three processes on one PostgreSQL: each expired acknowledgement re-opens and re-pages once, each quiet alert resolves once', async () => {
      const N = 60;
      const dir = tempDir();
      dirs.push(dir);
      const database = await freshDatabase(dialect, dir);
      closers.push(database.drop);
      const clock = testClock(dir);
      const env = klaxonEnv(database.url, dir, { KLAXON_TEST_CLOCK_FILE: clock.path });
      const tenant = await bootstrapOrg(env);
      const store = connectDb({ dialect, sqlitePath: '', databaseUrl: database.url });
      closers.push(() => store.close());
      const db = store.db;
      const more = [tempDir(), tempDir()];
      dirs.push(...more);
      for (const e of [env, ...more.map((d) => ({ ...env, KLAXON_DATA_DIR: d }))]) procs.push(await startKlaxon(e));
      const urls = procs.map((p) => p.url);

      const acked = await createServiceHttp(urls[0]!, tenant, 'acked');
      await api(urls[0]!, tenant, 'PATCH', `/api/services/${acked.id}`, { ack_timeout_minutes: 5 });
      const quiet = await createServiceHttp(urls[0]!, tenant, 'quiet');
      await api(urls[0]!, tenant, 'PATCH', `/api/services/${quiet.id}`, { auto_resolve_minutes: 5 });
      const alertsOf = (serviceId: string) => db.selectFrom('alerts').select(['id', 'status']).where('service_id', '=', serviceId).execute();
      for (let i = 0; i < N; i++) {
        for (const s of [acked, quiet]) expect((await sendSignal(urls[i % urls.length]!, s.ingestPath, { title: `Alert ${i}`, event_key: `k${i}` })).status).toBe(202);
      }
      await waitFor('every alert open', async () => (await alertsOf(acked.id)).length >= N && (await alertsOf(quiet.id)).length >= N, 60_000);
      const ackedIds = (await alertsOf(acked.id)).map((a) => a.id);
      await Promise.all(ackedIds.map((id, i) => api(urls[i % urls.length]!, tenant, 'PUT', `/api/alerts/${id}/ack`)));
      // Every acknowledgement's event handled (its escalation rests) before time moves.
      await waitFor('the acknowledgements handled', async () => {
        const left = await db.selectFrom('outbox_events').select('id').where('type', '=', 'alert.acknowledged').where('processed_at', 'is', null).execute();
        return left.length === 0;
      }, 60_000);

      clock.advance(6 * 60_000);
      const opened = async () => (await alertsOf(acked.id)).filter((a) => a.status === 'open').length;
      const resolved = async () => (await alertsOf(quiet.id)).filter((a) => a.status === 'resolved').length;
      await waitFor('every acknowledgement expired, every quiet alert resolved', async () => (await opened()) >= N && (await resolved()) >= N, 120_000);
      // Later engine cycles of the three change nothing more: a sentinel acknowledged after them expires alone.
      const sentinel = await sendSignal(urls[1]!, acked.ingestPath, { title: 'Sentinel', event_key: 'sentinel' });
      expect(sentinel.status).toBe(202);
      await waitFor('the sentinel open', async () => (await alertsOf(acked.id)).length >= N + 1, 60_000);
      const sentinelId = (await db.selectFrom('alerts').select('id').where('event_key', '=', 'sentinel').executeTakeFirstOrThrow()).id;
      await api(urls[2]!, tenant, 'PUT', `/api/alerts/${sentinelId}/ack`);
      clock.advance(6 * 60_000);
      await waitFor('the sentinel expired', async () => (await db.selectFrom('alerts').select('status').where('id', '=', sentinelId).executeTakeFirstOrThrow()).status === 'open', 60_000);

      const events = async (type: string, ids: string[]) => (await db.selectFrom('outbox_events').select('alert_id').where('type', '=', type).execute()).filter((e) => ids.includes(e.alert_id!));
      const woken = await events('alert.woken', [...ackedIds, sentinelId]);
      expect(woken).toHaveLength(N + 1);
      expect(new Set(woken.map((e) => e.alert_id)).size).toBe(N + 1);
      const expiredLines = await db.selectFrom('alert_log').select('alert_id').where('kind', '=', 'ack_expired').execute();
      expect(expiredLines).toHaveLength(N + 1);
      // Re-paged once: each escalation is in its second epoch (the trigger's was 0).
      await waitFor('the wakes handled', async () => {
        const left = await db.selectFrom('outbox_events').select('id').where('type', '=', 'alert.woken').where('processed_at', 'is', null).execute();
        return left.length === 0;
      }, 60_000);
      const epochs = await db.selectFrom('alert_escalations').select(['alert_id', 'epoch']).where('alert_id', 'in', ackedIds).execute();
      expect(epochs).toHaveLength(N);
      expect(epochs.every((e) => Number(e.epoch) === 1)).toBe(true);
      const quietIds = (await alertsOf(quiet.id)).map((a) => a.id);
      expect(await events('alert.resolved', quietIds)).toHaveLength(N);
    }, 400_000);
  });
}
