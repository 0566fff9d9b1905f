import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, bootstrapTenant, buildTestApp, createService, type Tenant, type TestApp } from '../../helpers/app.ts';

for (const dialect of DIALECTS) {
  describe(`${dialect}: /v1/alerts with an alert-ingest key, and ack/resolve by id`, () => {
    let t: TestApp;
    let tenant: Tenant;
    let svc: Awaited<ReturnType<typeof createService>>;
    let other: Awaited<ReturnType<typeof createService>>;

    beforeAll(async () => {
      t = await buildTestApp({ dialect });
      tenant = await bootstrapTenant(t);
      svc = await createService(t, tenant, 'api');
      other = await createService(t, tenant, 'batch');
    });
    afterAll(async () => t?.close());

    const auth = (key = tenant.ingestKey) => ({ authorization: `Bearer ${key}` });
    const post = (payload: object, key?: string) => t.app.inject({ method: 'POST', url: '/v1/alerts', payload, headers: auth(key) });
    const put = (id: string, op: 'ack' | 'resolve', key?: string) => t.app.inject({ method: 'PUT', url: `/v1/alerts/${id}/${op}`, headers: auth(key) });

    it('opens, dedupes and resolves on the service named by service_id', async () => {
      const a = await post({ service_id: svc.id, title: 'Latency', event_key: 'lat' });
      expect(a.statusCode).toBe(202);
      expect(a.json()).toMatchObject({ ok: true, deduped: false });
      expect(a.headers['x-service-receipt-id']).toBe(a.json().receipt_id);
      const b = (await post({ service_id: svc.id, title: 'Latency', event_key: 'lat' })).json();
      expect(b).toMatchObject({ alert_id: a.json().alert_id, deduped: true });
      const c = (await post({ service_id: other.id, title: 'Latency', event_key: 'lat' })).json();
      expect(c.alert_id).not.toBe(a.json().alert_id);
      const r = (await post({ service_id: svc.id, action: 'resolve', event_key: 'lat' })).json();
      expect(r).toMatchObject({ alert_id: a.json().alert_id, resolved: true });
    });

    it('service_id is required with a key', async () => {
      const res = await post({ title: 'no service' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details).toContainEqual({ field: 'service_id', message: expect.any(String) });
    });

    it('PUT ack then resolve by id: changes once, repeats answer changed:false with the current status', async () => {
      const id = (await post({ service_id: svc.id, title: 'Ack me', event_key: 'ackme' })).json().alert_id;
      await t.container.runner.drain();
      const ack1 = await put(id, 'ack');
      expect(ack1.statusCode).toBe(200);
      expect(ack1.json()).toEqual({ ok: true, alert_id: id, status: 'acknowledged', changed: true });
      expect((await put(id, 'ack')).json()).toEqual({ ok: true, alert_id: id, status: 'acknowledged', changed: false });
      // The repeat is written on the SQLite thread, the acknowledgement on this one: ids order them by
      // real time, not within one millisecond (docs/adr/0762), so the repeat starts in the next one.
      const ackedAt = Date.now();
      while (Date.now() === ackedAt) await new Promise((r) => setImmediate(r));
      // An acknowledged alert still dedupes repeats without paging.
      expect((await post({ service_id: svc.id, title: 'Ack me', event_key: 'ackme' })).json()).toMatchObject({ alert_id: id, deduped: true });
      expect((await put(id, 'resolve')).json()).toEqual({ ok: true, alert_id: id, status: 'resolved', changed: true });
      expect((await put(id, 'resolve')).json()).toEqual({ ok: true, alert_id: id, status: 'resolved', changed: false });
      expect((await put(id, 'ack')).json()).toEqual({ ok: true, alert_id: id, status: 'resolved', changed: false });
      await t.container.runner.drain();
      const timeline = (await t.app.inject({ method: 'GET', url: `/api/alerts/${id}/timeline`, headers: tenant.headers })).json() as { kind: string; actor: { type: string } }[];
      expect(timeline.map((e) => e.kind)).toEqual(['triggered', 'page_requested', 'acknowledged', 'repeated', 'resolved']);
      expect(timeline.find((e) => e.kind === 'acknowledged')!.actor.type).toBe('api_key');
      const alert = (await t.app.inject({ method: 'GET', url: `/api/alerts/${id}`, headers: tenant.headers })).json();
      expect(alert.acknowledged_by).toMatch(/^key_/);
      expect(alert.resolved_by).toMatch(/^key_/);
    });

    it('a key limited to some services cannot address others (404)', async () => {
      const k = (await t.app.inject({ method: 'POST', url: '/api/keys', headers: tenant.headers, payload: { name: 'scoped', kind: 'alert_ingest', service_ids: [svc.id] } })).json();
      expect(k.service_ids).toEqual([svc.id]);
      expect((await post({ service_id: svc.id, title: 'in scope' }, k.secret)).statusCode).toBe(202);
      expect((await post({ service_id: other.id, title: 'out of scope' }, k.secret)).statusCode).toBe(404);
      const outside = (await post({ service_id: other.id, title: 'made by the org key' })).json().alert_id;
      expect((await put(outside, 'ack', k.secret)).statusCode).toBe(404);
    });

    it('a key can name only services of its organization', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/keys', headers: tenant.headers, payload: { name: 'bad', kind: 'alert_ingest', service_ids: ['svc_00000000000000000000000000'] } });
      expect(res.statusCode).toBe(400);
      const fp = await t.app.inject({ method: 'POST', url: '/api/keys', headers: tenant.headers, payload: { name: 'bad', kind: 'full_product', service_ids: [svc.id] } });
      expect(fp.statusCode).toBe(400);
    });
  });
}
