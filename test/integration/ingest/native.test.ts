import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, bootstrapTenant, buildTestApp, createService, type Tenant, type TestApp } from '../../helpers/app.ts';

for (const dialect of DIALECTS) {
  describe(`${dialect}: native ingest follows spec 2.1 and the transitions of spec 3`, () => {
    let t: TestApp;
    let tenant: Tenant;
    let svc: Awaited<ReturnType<typeof createService>>;

    beforeAll(async () => {
      t = await buildTestApp({ dialect });
      tenant = await bootstrapTenant(t);
      svc = await createService(t, tenant, 'checkout');
    });
    afterAll(async () => t?.close());

    const send = (payload: unknown, path = svc.ingestPath, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'POST', url: path, payload: payload as object, headers });
    const getAlert = async (id: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/alerts/${id}`, headers: tenant.headers })).json();
    const timeline = async (id: string) => {
      await t.container.runner.drain();
      return (await t.app.inject({ method: 'GET', url: `/api/alerts/${id}/timeline?limit=500`, headers: tenant.headers })).json() as { kind: string; message: string }[];
    };
    const pages = async (id: string) => (await timeline(id)).filter((e) => e.kind === 'page_requested').map((e) => e.message);
    const countAlerts = async (serviceId = svc.id) =>
      Number((await t.container.db.selectFrom('alerts').select((eb) => eb.fn.countAll<number>().as('n')).where('service_id', '=', serviceId).executeTakeFirst())?.n);

    it('(none) + trigger opens an alert, answers 202 with receipt and pages per urgency', async () => {
      const res = await send({ title: 'Disk full on db-1', event_key: 'disk-db-1', priority: 'critical', source: 'prom' });
      expect(res.statusCode).toBe(202);
      const body = res.json();
      expect(body).toMatchObject({ ok: true, deduped: false, resolved: false });
      expect(body.alert_id).toMatch(/^alr_/);
      expect(body.receipt_id).toMatch(/^rcp_/);
      expect(res.headers['x-service-receipt-id']).toBe(body.receipt_id);
      expect(body.buffered).toBeUndefined();
      const alert = await getAlert(body.alert_id);
      expect(alert).toMatchObject({ status: 'open', priority: 'critical', urgency: 'high', duplicate_count: 0, event_key: 'disk-db-1', source: 'prom', service_id: svc.id, level: 1 });
      expect(await pages(body.alert_id)).toEqual(['page requested: urgency high']);
    });

    it('open + same trigger joins: duplicate count rises, no new page', async () => {
      const first = (await send({ title: 'CPU hot', event_key: 'cpu' })).json();
      const second = await send({ title: 'CPU hot again', event_key: 'cpu' });
      expect(second.statusCode).toBe(202);
      expect(second.json()).toMatchObject({ ok: true, alert_id: first.alert_id, deduped: true, resolved: false });
      expect(second.json().receipt_id).not.toBe(first.receipt_id);
      const alert = await getAlert(first.alert_id);
      expect(alert.duplicate_count).toBe(1);
      expect(alert.title).toBe('CPU hot');
      expect(await pages(first.alert_id)).toHaveLength(1);
      expect((await timeline(first.alert_id)).filter((e) => e.kind === 'repeated')).toHaveLength(1);
    });

    it('open + higher-priority trigger raises priority and pages at the new urgency; a lower one never lowers it', async () => {
      const first = (await send({ title: 'Queue slow', event_key: 'queue', priority: 'info' })).json();
      expect((await getAlert(first.alert_id)).urgency).toBe('low');
      expect(await pages(first.alert_id)).toEqual(['page requested: urgency low']);
      const raised = await send({ title: 'Queue slow', event_key: 'queue', priority: 'critical' });
      expect(raised.json()).toMatchObject({ alert_id: first.alert_id, deduped: true });
      expect(await getAlert(first.alert_id)).toMatchObject({ priority: 'critical', urgency: 'high', duplicate_count: 1 });
      expect(await pages(first.alert_id)).toEqual(['page requested: urgency low', 'page requested: urgency high']);
      await send({ title: 'Queue slow', event_key: 'queue', priority: 'low' });
      expect(await getAlert(first.alert_id)).toMatchObject({ priority: 'critical', urgency: 'high', duplicate_count: 2 });
      expect(await pages(first.alert_id)).toHaveLength(2);
    });

    it('a repeat with urgency high on a low-urgency alert raises urgency and pages', async () => {
      const first = (await send({ title: 'Batch late', event_key: 'batch', priority: 'medium', urgency: 'low' })).json();
      await send({ title: 'Batch late', event_key: 'batch', priority: 'medium', urgency: 'high' });
      expect(await getAlert(first.alert_id)).toMatchObject({ priority: 'medium', urgency: 'high' });
      expect(await pages(first.alert_id)).toEqual(['page requested: urgency low', 'page requested: urgency high']);
    });

    it('urgency defaults from priority: info is low, every other priority high; no priority means high', async () => {
      for (const [priority, urgency] of [['critical', 'high'], ['high', 'high'], ['medium', 'high'], ['low', 'high'], ['info', 'low']] as const) {
        const r = (await send({ title: `urgency ${priority}`, priority })).json();
        expect(await getAlert(r.alert_id)).toMatchObject({ priority, urgency });
      }
      const none = (await send({ title: 'no priority' })).json();
      expect(await getAlert(none.alert_id)).toMatchObject({ priority: 'high', urgency: 'high' });
      const explicit = (await send({ title: 'explicit low', priority: 'critical', urgency: 'low' })).json();
      expect(await getAlert(explicit.alert_id)).toMatchObject({ priority: 'critical', urgency: 'low' });
    });

    it('the event key falls back to the title', async () => {
      const a = (await send({ title: 'Same title' })).json();
      const b = (await send({ title: 'Same title' })).json();
      expect(b).toMatchObject({ alert_id: a.alert_id, deduped: true });
      expect((await getAlert(a.alert_id)).event_key).toBe('Same title');
    });

    it('dedupe is per (service, event key): another service or a timestamped key opens separate alerts', async () => {
      const other = await createService(t, tenant, 'payments');
      const a = (await send({ title: 'x', event_key: 'shared' })).json();
      const b = (await send({ title: 'x', event_key: 'shared' }, other.ingestPath)).json();
      expect(b.alert_id).not.toBe(a.alert_id);
      expect(b.deduped).toBe(false);
      const t1 = (await send({ title: 'x', event_key: 'job-2026-03-01T10:00' })).json();
      const t2 = (await send({ title: 'x', event_key: 'job-2026-03-01T10:05' })).json();
      expect(t2.alert_id).not.toBe(t1.alert_id);
    });

    it('open + resolve signal resolves it; after resolve the same key opens a new alert', async () => {
      const a = (await send({ title: 'Down', event_key: 'down' })).json();
      const r = await send({ action: 'resolve', event_key: 'down' });
      expect(r.statusCode).toBe(202);
      expect(r.json()).toMatchObject({ ok: true, alert_id: a.alert_id, resolved: true, deduped: false });
      expect(await getAlert(a.alert_id)).toMatchObject({ status: 'resolved' });
      expect((await getAlert(a.alert_id)).resolved_at).toBeTruthy();
      const again = (await send({ title: 'Down', event_key: 'down' })).json();
      expect(again.alert_id).not.toBe(a.alert_id);
      expect(again.deduped).toBe(false);
    });

    it('a resolve for a closed or unknown condition succeeds and opens nothing', async () => {
      const before = await countAlerts();
      const unknown = await send({ action: 'resolve', event_key: 'never-seen' });
      expect(unknown.statusCode).toBe(202);
      expect(unknown.json()).toEqual({ ok: true, deduped: false, resolved: false, receipt_id: unknown.json().receipt_id });
      const a = (await send({ title: 'Flap', event_key: 'flap' })).json();
      await send({ action: 'resolve', event_key: 'flap' });
      const closed = await send({ action: 'resolve', event_key: 'flap' });
      expect(closed.statusCode).toBe(202);
      expect(closed.json()).toMatchObject({ ok: true, resolved: false, deduped: false });
      expect(closed.json().alert_id).toBeUndefined();
      expect(await countAlerts()).toBe(before + 1);
      expect((await getAlert(a.alert_id)).status).toBe('resolved');
    });

    it('a resolve needs an event key; a trigger needs a title', async () => {
      const r = await send({ action: 'resolve', title: 'x' });
      expect(r.statusCode).toBe(400);
      expect(r.json().error.details).toContainEqual({ field: 'event_key', message: expect.stringContaining('required') });
      const tr = await send({ event_key: 'k' });
      expect(tr.statusCode).toBe(400);
      expect(tr.json().error.details).toContainEqual({ field: 'title', message: expect.stringContaining('required') });
    });

    it('service_id on an ingest-URL request is a 400 that says the URL selects the service', async () => {
      const r = await send({ title: 'x', service_id: svc.id });
      expect(r.statusCode).toBe(400);
      expect(r.json()).toMatchObject({ ok: false, error: { code: 'invalid_request', details: [{ field: 'service_id', message: expect.stringContaining('URL') }] } });
      expect(r.headers['x-request-id']).toBeTruthy();
    });

    it('unknown fields are ignored', async () => {
      const r = await send({ title: 'extra fields', team: 'db', nested: { a: 1 } });
      expect(r.statusCode).toBe(202);
    });

    it('Idempotency-Key: a retry with the same key returns the first response and changes nothing', async () => {
      const h = { 'idempotency-key': 'retry-1' };
      const first = await send({ title: 'Idem', event_key: 'idem' }, svc.ingestPath, h);
      const second = await send({ title: 'Idem', event_key: 'idem' }, svc.ingestPath, h);
      expect(second.statusCode).toBe(202);
      expect(second.json()).toEqual(first.json());
      expect(second.headers['x-service-receipt-id']).toBe(first.json().receipt_id);
      expect((await getAlert(first.json().alert_id)).duplicate_count).toBe(0);
      // After 24 hours the key binds no more.
      t.clock.advance(24 * 3600_000 + 1000);
      const later = await send({ title: 'Idem', event_key: 'idem' }, svc.ingestPath, h);
      expect(later.json().receipt_id).not.toBe(first.json().receipt_id);
      expect(later.json().deduped).toBe(true);
    });

    it('an unknown ingest token is 401 and opens nothing', async () => {
      const r = await send({ title: 'x' }, '/v1/ingest/not-a-real-token');
      expect(r.statusCode).toBe(401);
      expect(r.json()).toMatchObject({ ok: false, error: { code: 'unauthorized' } });
    });

    it('200 concurrent identical triggers leave one open alert, duplicate_count 199, and one page', async () => {
      const results = await Promise.all(Array.from({ length: 200 }, () => send({ title: 'Storm', event_key: 'storm' })));
      expect(results.every((r) => r.statusCode === 202)).toBe(true);
      const ids = new Set(results.map((r) => r.json().alert_id));
      expect(ids.size).toBe(1);
      expect(results.filter((r) => r.json().deduped === false)).toHaveLength(1);
      const open = await t.container.db.selectFrom('alerts').selectAll().where('event_key', '=', 'storm').execute();
      expect(open).toHaveLength(1);
      expect(open[0]!.duplicate_count).toBe(199);
      expect(await pages(open[0]!.id)).toHaveLength(1);
    });
  });
}
