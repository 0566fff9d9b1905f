import { afterEach, describe, expect, it } from 'vitest';
import { connectDb, type Db } from '../../../src/db/connect.ts';
import { DIALECTS } from '../../helpers/app.ts';
import { type KlaxonProc, cleanup, bootstrapOrg, createServiceHttp, freshDatabase, klaxonEnv, sendSignal, startKlaxon, tempDir, waitFor } from '../../helpers/procs.ts';
import { type Receiver, startReceiver } from '../../helpers/webhook-receiver.ts';

/**
 * Outbound webhooks through a kill -9 with real processes (issue 23, "a restart mid-retry loses
 * and duplicates nothing (by webhook-id)"): a `klaxon serve` delivers alert events to a receiver
 * on loopback that refuses the first attempts; the process is killed in the retry window (failed
 * deliveries waiting for their next attempt, nothing on the wire) and started again. Every
 * delivery arrives, none is accepted twice (by webhook-id), and each alert's events arrive in
 * order.
 */

const EVENTS = ['alert.triggered', 'alert.acknowledged', 'alert.resolved'];
const ALERTS = 3;

for (const dialect of DIALECTS) {
  describe(`${dialect}: webhook deliveries through a kill -9 mid-retry (real processes)`, () => {
    const dirs: string[] = [];
    let procs: KlaxonProc[] = [];
    const closers: (() => Promise<unknown>)[] = [];
    afterEach(async () => {
      for (const p of procs) await p.kill('SIGKILL');
      procs = [];
      for (const c of closers.splice(0).reverse()) await c().catch(() => undefined);
      for (const d of dirs.splice(0)) cleanup(d);
    });

    it('failed deliveries waiting to be retried survive kill -9: after restart each arrives once, in order per alert', async () => {
      const dir = tempDir();
      dirs.push(dir);
      const database = await freshDatabase(dialect, dir);
      closers.push(database.drop);
      const rx: Receiver = await startReceiver();
      closers.push(() => rx.close());
      const env = klaxonEnv(database.url, dir, { KLAXON_WEBHOOK_ALLOW_PRIVATE: 'true' });
      const tenant = await bootstrapOrg(env);
      const store: Db = connectDb({ dialect, sqlitePath: database.url.slice('sqlite:'.length), databaseUrl: database.url });
      closers.push(() => store.close());
      const db = store.db;

      let proc = await startKlaxon(env);
      procs.push(proc);
      const headers = { authorization: `Bearer ${tenant.api_key}`, 'x-service-org': tenant.org_id, 'content-type': 'application/json' };
      const hook = await fetch(`${proc.url}/api/webhooks`, { method: 'POST', headers, body: JSON.stringify({ name: 'audit sink', kind: 'native', url: rx.url('/sink'), events: EVENTS }) });
      expect(hook.status, await hook.clone().text()).toBe(200);
      const svc = await createServiceHttp(proc.url, tenant, 'payments');

      // The first two attempts are refused (503): their alerts' deliveries wait for the retry.
      rx.reply({ status: 503, body: 'busy' }, { status: 503, body: 'busy' });
      const alertIds: string[] = [];
      for (let i = 0; i < ALERTS; i++) {
        const r = await sendSignal(proc.url, svc.ingestPath, { title: `Down ${i}`, event_key: `k${i}` });
        expect(r.status).toBe(202);
        alertIds.push(r.body!.alert_id as string);
      }
      for (const id of alertIds) expect((await fetch(`${proc.url}/api/alerts/${id}/ack`, { method: 'PUT', headers })).status).toBe(200);
      for (let i = 0; i < ALERTS; i++) expect((await sendSignal(proc.url, svc.ingestPath, { action: 'resolve', event_key: `k${i}` })).status).toBe(202);

      // The retry window: every event has its delivery, two have failed once and wait (due some
      // seconds from now), and none is leased (nothing on the wire).
      const rows = () => db.selectFrom('webhook_deliveries').select(['id', 'alert_id', 'event_kind', 'state', 'attempts', 'lease_owner', 'next_attempt_at']).execute();
      await waitFor('two failed deliveries waiting for their retry, the rest settled', async () => {
        const all = await rows();
        if (all.length !== ALERTS * EVENTS.length || rx.requests.length < 2) return false;
        const waiting = all.filter((r) => r.state === 'pending' && r.attempts >= 1);
        return waiting.length >= 1 && all.every((r) => r.lease_owner === null) && waiting.every((r) => r.next_attempt_at !== null && Date.parse(r.next_attempt_at) > Date.now() + 500);
      }, 60_000, 50);
      const before = await rows();
      expect(before.some((r) => r.state === 'pending')).toBe(true);
      await proc.kill('SIGKILL');

      proc = await startKlaxon(env);
      procs.push(proc);
      await waitFor('every delivery delivered', async () => (await rows()).every((r) => r.state === 'delivered'), 120_000);

      // Each webhook-id was accepted (2xx) exactly once; the two refused ones came again with the same id.
      const accepted = rx.requests.filter((_, i) => i >= 2);
      const ids = accepted.map((r) => r.headers['webhook-id'] as string);
      expect(new Set(ids).size).toBe(ALERTS * EVENTS.length);
      expect(ids).toHaveLength(ALERTS * EVENTS.length);
      const refusedIds = rx.requests.slice(0, 2).map((r) => r.headers['webhook-id'] as string);
      for (const id of refusedIds) expect(ids).toContain(id);
      // In order per alert: triggered, acknowledged, resolved.
      const bodies = accepted.map((r) => JSON.parse(r.body) as { type: string; data: { alert: { id: string } } });
      for (const id of alertIds) expect(bodies.filter((b) => b.data.alert.id === id).map((b) => b.type), id).toEqual(EVENTS);
    }, 360_000);
  });
}
