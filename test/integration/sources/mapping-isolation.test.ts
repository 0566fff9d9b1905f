import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, bootstrapTenant, buildTestApp, createService, liftIngestRateLimit, type Tenant, type TestApp } from '../../helpers/app.ts';
import { DOUBLING, PAYLOAD_BOMB, SLOW } from '../../factories/hostile-mappings.ts';

/**
 * Issue 19.1: one custom-mapping expression killed the process (the doubling below aborted Node
 * with "Fatal JavaScript invalid size error"), smaller ones stalled /healthz for every tenant, and
 * a POST of 100 items × 9 fields just under the per-expression limit froze the server for 9 s.
 * Mappings now run in sandbox processes with a time budget per request and a memory bound
 * (docs/adr/0501-custom-mapping-sandbox.md): the attack gets a 400 naming its field, at save time
 * when it needs no payload, and the source's other traffic and every other tenant carry on.
 */

for (const dialect of DIALECTS) {
  describe(`${dialect}: a hostile custom mapping harms nobody but its own request`, () => {
    let t: TestApp;
    let tenant: Tenant;
    let other: Tenant;
    let svc: Awaited<ReturnType<typeof createService>>;
    let otherSvc: Awaited<ReturnType<typeof createService>>;

    beforeAll(async () => {
      t = await buildTestApp({ dialect });
      tenant = await bootstrapTenant(t);
      other = await bootstrapTenant(t, 'Bystander');
      svc = await createService(t, tenant, 'mapped');
      otherSvc = await createService(t, other, 'theirs');
      await liftIngestRateLimit(t, tenant);
    });
    afterAll(async () => t?.close());

    const api = (who: Tenant, method: 'POST' | 'PATCH', url: string, payload: unknown) => t.app.inject({ method, url, headers: who.headers, payload: payload as object });
    const source = async (who: Tenant, fallback: string, mapping: Record<string, string>) => {
      const res = await api(who, 'POST', '/api/integrations', { type: 'custom', name: `custom-${Math.random().toString(36).slice(2, 6)}`, fallback_service_id: fallback, mapping });
      expect(res.statusCode, res.body).toBe(200);
      return { id: res.json().id as string, path: new URL(res.json().ingest_url).pathname };
    };
    const send = (path: string, payload: unknown) => t.app.inject({ method: 'POST', url: path, payload: payload as object });
    const refusedNaming = (res: { statusCode: number; body: string; json: () => any }, field: string) => {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.details).toEqual([{ field, message: expect.any(String) }]);
      expect(res.json().error.message).toContain(field);
    };

    it("preview: the issue's expression is a 400 naming its field; the process and the next preview are fine", async () => {
      const res = await api(tenant, 'POST', '/api/integrations/preview', { type: 'custom', mapping: { title: "'x'", body: DOUBLING }, fallback_service_id: svc.id, payload: {} });
      refusedNaming(res, 'mapping.body');
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      const fine = await api(other, 'POST', '/api/integrations/preview', { type: 'custom', mapping: { title: 'name' }, fallback_service_id: otherSvc.id, payload: { name: 'ok' } });
      expect(fine.statusCode, fine.body).toBe(200);
      expect(fine.json().items[0].title).toBe('ok');
    });

    it('create and update refuse at save time what exceeds a bound on any payload, naming the field', async () => {
      refusedNaming(await api(tenant, 'POST', '/api/integrations', { type: 'custom', name: 'bomb', fallback_service_id: svc.id, mapping: { title: DOUBLING } }), 'mapping.title');
      const s = await source(tenant, svc.id, { title: 'name' });
      refusedNaming(await api(tenant, 'PATCH', `/api/integrations/${s.id}`, { mapping: { title: 'name', event_key: DOUBLING } }), 'mapping.event_key');
      refusedNaming(
        await api(tenant, 'PATCH', `/api/integrations/${s.id}`, { mapping: { title: '$string($count($split($pad("", 4000, "a,"), ",")))' } }),
        'mapping.title',
      );
      // The stored mapping did not change, and still maps.
      const res = await send(s.path, { name: 'unchanged' });
      expect(res.statusCode, res.body).toBe(202);
      const alert = await t.container.db.selectFrom('alerts').select('title').where('id', '=', res.json().items[0].alert_id).executeTakeFirstOrThrow();
      expect(alert.title).toBe('unchanged');
    });

    it('a payload that sets off a stored mapping is a 400 at run time; the same source and other tenants carry on', async () => {
      const s = await source(tenant, svc.id, { title: PAYLOAD_BOMB, event_key: 'name' });
      const theirs = await source(other, otherSvc.id, { title: 'name' });
      const [bomb, bystander] = await Promise.all([
        send(s.path, { bomb: 'xxxxxxxxxxxxxxxx', name: 'boom' }),
        send(theirs.path, { name: 'unaffected' }),
      ]);
      refusedNaming(bomb, 'mapping.title');
      expect(bystander.statusCode, bystander.body).toBe(202);
      const next = await send(s.path, { name: 'the next signal' });
      expect(next.statusCode, next.body).toBe(202);
      expect(await t.container.db.selectFrom('alerts').select('title').where('service_id', '=', svc.id).where('title', '=', 'the next signal').execute()).toHaveLength(1);
    });

    it('time is bounded per request: 100 items of slow fields answer 400 at the budget, and /healthz is never held up', async () => {
      const s = await source(tenant, svc.id, { items: 'checks', title: SLOW, event_key: SLOW, body: SLOW, source: SLOW, priority: "'high'", urgency: "'high'", action: "'trigger'", routing: '{"n": $string($sum([1..n]))}' });
      const pending = send(s.path, { checks: Array.from({ length: 100 }, (_, i) => ({ i, n: 900 })) });
      // Health checks answered while the mapping ran (no timing asserted: the machine may be slow).
      let answeredWhileRunning = 0;
      let settled = false;
      void pending.finally(() => (settled = true));
      do {
        expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
        if (!settled) answeredWhileRunning++;
        await new Promise((r) => setTimeout(r, 20));
      } while (!settled);
      const res = await pending;
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.message).toMatch(/took too long \(a request's mapping may run 250 ms in all\)/);
      // The event loop went on answering while the evaluations ran (they run in another process): an
      // evaluation on this loop would hold every check until it settled.
      expect(answeredWhileRunning).toBeGreaterThan(1);
    });
  });
}
