import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, bootstrapTenant, buildTestApp, createService, type Tenant, type TestApp } from '../../helpers/app.ts';
import { amAlert, amBody } from '../../factories/payloads.ts';

/**
 * Issue 19.11: `PATCH {"enabled":false}` then `{"enabled":true}` revived the same ingest URL, so
 * revoking a leaked source and turning it back on left the leak open. A disabled source's
 * credentials are now dead for good: enabling it issues a new one, in the PATCH answer. The old
 * one stays refused through the lookup cache and the outage snapshot (docs/adr/0103, 0202).
 */
for (const dialect of DIALECTS) {
  describe(`${dialect}: a revoked source does not come back`, () => {
    let t: TestApp;
    let tenant: Tenant;
    let svc: Awaited<ReturnType<typeof createService>>;

    beforeAll(async () => {
      t = await buildTestApp({ dialect, outage: true });
      tenant = await bootstrapTenant(t);
      svc = await createService(t, tenant, 'revived');
    });
    afterEach(() => t.outage.end());
    afterAll(async () => t?.close());

    const api = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
      t.app.inject({ method, url, headers: tenant.headers, ...(payload !== undefined ? { payload: payload as object } : {}) });
    const patch = async (id: string, body: object) => {
      const res = await api('PATCH', `/api/integrations/${id}`, body);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    let n = 0;
    const post = (ingestUrl: string) => t.app.inject({ method: 'POST', url: new URL(ingestUrl).pathname, payload: amBody([amAlert('firing', {}, `fp-${++n}`)]) });
    const enqueue = (routingKey: string) =>
      t.app.inject({ method: 'POST', url: '/v2/enqueue', payload: { routing_key: routingKey, event_action: 'trigger', dedup_key: `v2-${++n}`, payload: { summary: 's', source: 'db', severity: 'critical' } } });
    const alertCount = async () => Number((await t.container.db.selectFrom('alerts').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n);

    it('disable then enable issues a new ingest URL in the answer; the old one stays 401', async () => {
      const created = (await api('POST', '/api/integrations', { type: 'alertmanager', name: 'am', fallback_service_id: svc.id })).json();
      const old = created.ingest_url as string;
      // Used first, so this process's lookup cache holds it.
      expect((await post(old)).statusCode).toBe(202);

      const off = await patch(created.id, { enabled: false });
      expect(off).toMatchObject({ enabled: false, credentials: [] });
      expect(off.ingest_url).toBeUndefined();
      expect((await post(old)).statusCode).toBe(401);
      // Nothing to show or renew while it is off: enabling is the way back.
      for (const op of ['reveal', 'rotate', 'replace']) {
        const res = await api('POST', `/api/integrations/${created.id}/${op}`);
        expect(res.statusCode, op).toBe(409);
        expect(res.json().error.message, op).toContain('{"enabled":true}');
      }

      const on = await patch(created.id, { enabled: true });
      expect(on.enabled).toBe(true);
      expect(on.ingest_url).toMatch(/^http:\/\/klaxon\.test\/v1\/ingest\/[A-Za-z0-9_-]{32}$/);
      expect(on.ingest_url).not.toBe(old);
      expect(on.credentials).toEqual([expect.objectContaining({ current: true, expires_at: null })]);
      expect((await post(old)).statusCode).toBe(401);
      expect((await post(on.ingest_url)).statusCode).toBe(202);
      // The old one is dead for good: still after the cache's time and after another cycle.
      t.clock.advance(120_000);
      expect((await post(old)).statusCode).toBe(401);
      expect((await api('POST', `/api/integrations/${created.id}/reveal`)).json().ingest_url).toBe(on.ingest_url);
      // Enabling what is already on changes nothing and shows no credential.
      const again = await patch(created.id, { enabled: true });
      expect(again.ingest_url).toBeUndefined();
      expect((await post(on.ingest_url)).statusCode).toBe(202);

      const audit = await t.container.db.selectFrom('audit_log').select(['action', 'changes']).where('target_id', '=', created.id).orderBy('id').execute();
      expect(audit.map((a) => a.action)).toEqual(['integration.create', 'integration.disable', 'integration.enable', 'integration.reveal', 'integration.update']);
      expect(JSON.stringify(audit)).not.toContain(new URL(on.ingest_url).pathname.split('/').pop());
    });

    it('a routing key and the service default webhook are renewed the same way', async () => {
      const v2 = (await api('POST', '/api/integrations', { type: 'events_v2', name: 'pd', service_id: svc.id })).json();
      expect((await enqueue(v2.routing_key)).statusCode).toBe(202);
      await patch(v2.id, { enabled: false });
      const on = await patch(v2.id, { enabled: true });
      expect(on.routing_key).toMatch(/^[0-9a-f]{32}$/);
      expect(on.routing_key).not.toBe(v2.routing_key);
      const refused = await enqueue(v2.routing_key);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors).toEqual(['Invalid routing key']);
      expect((await enqueue(on.routing_key)).statusCode).toBe(202);

      await patch(svc.integrationId, { enabled: false });
      const hook = await patch(svc.integrationId, { enabled: true });
      expect(hook.ingest_url).not.toBe(svc.ingestUrl);
      expect((await t.app.inject({ method: 'POST', url: svc.ingestPath, payload: { title: 'old' } })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'POST', url: new URL(hook.ingest_url).pathname, payload: { title: 'new' } })).statusCode).toBe(202);
    });

    it('the outage snapshot never answers for a revoked credential, before or after its next refresh', async () => {
      const created = (await api('POST', '/api/integrations', { type: 'alertmanager', name: 'am-outage', fallback_service_id: svc.id })).json();
      const old = created.ingest_url as string;
      // The snapshot holds the credential (refreshed before the revocation, as every 60 s).
      await t.container.snapshots.refresh();
      await patch(created.id, { enabled: false });

      // The store goes away before the next refresh: the revoked URL is not accepted for later.
      const before = await alertCount();
      t.outage.begin();
      const during = await post(old);
      expect(during.statusCode, during.body).not.toBe(202);
      t.outage.end();
      expect(await t.container.drainer.drainAll()).toBe(true);
      expect(await alertCount()).toBe(before);

      // Enabled again and refreshed: the snapshot knows the new credential only.
      const on = await patch(created.id, { enabled: true });
      await t.container.snapshots.refresh();
      t.outage.begin();
      expect((await post(old)).statusCode).not.toBe(202);
      const buffered = await post(on.ingest_url);
      expect(buffered.statusCode, buffered.body).toBe(202);
      expect(buffered.json().buffered).toBe(true);
      t.outage.end();
      expect(await t.container.drainer.drainAll()).toBe(true);
      expect(await alertCount()).toBe(before + 1);
      expect((await post(old)).statusCode).toBe(401);
    });
  });
}
