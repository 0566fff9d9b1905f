import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, bootstrapTenant, buildTestApp, createService, type Tenant, type TestApp } from '../../helpers/app.ts';

for (const dialect of DIALECTS) {
  describe(`${dialect}: /api/alerts lists, filters, sorts, pages, and acts`, () => {
    let t: TestApp;
    let tenant: Tenant;
    let a: Awaited<ReturnType<typeof createService>>;
    let b: Awaited<ReturnType<typeof createService>>;
    const ids: Record<string, string> = {};

    beforeAll(async () => {
      t = await buildTestApp({ dialect });
      tenant = await bootstrapTenant(t);
      a = await createService(t, tenant, 'alpha');
      b = await createService(t, tenant, 'beta');
      const send = async (path: string, payload: object) => (await t.app.inject({ method: 'POST', url: path, payload })).json().alert_id as string;
      ids.lowOld = await send(a.ingestPath, { title: 'Low old', priority: 'low' });
      t.clock.advance(1000);
      ids.crit = await send(a.ingestPath, { title: 'Database down', priority: 'critical' });
      t.clock.advance(1000);
      ids.lowNew = await send(b.ingestPath, { title: 'Low new', priority: 'low' });
      t.clock.advance(1000);
      ids.info = await send(b.ingestPath, { title: 'FYI disk', priority: 'info' });
      t.clock.advance(1000);
      ids.high = await send(a.ingestPath, { title: 'High thing', priority: 'high' });
      ids.resolved = await send(a.ingestPath, { title: 'Gone', event_key: 'gone', priority: 'critical' });
      await t.app.inject({ method: 'POST', url: a.ingestPath, payload: { action: 'resolve', event_key: 'gone' } });
    });
    afterAll(async () => t?.close());

    const list = (qs = '') => t.app.inject({ method: 'GET', url: `/api/alerts${qs}`, headers: tenant.headers });

    it('sorts by priority, then newest first', async () => {
      const res = await list('?status=any');
      expect(res.statusCode).toBe(200);
      expect(res.json().map((x: { id: string }) => x.id)).toEqual([ids.resolved, ids.crit, ids.high, ids.lowNew, ids.lowOld, ids.info]);
    });

    it('without a status filter lists the alerts that are not resolved; status=resolved or any shows the others (issue 18 item 9)', async () => {
      const ofIds = async (qs: string) => {
        const res = await list(qs);
        expect(res.statusCode, res.body).toBe(200);
        return res.json().map((x: { id: string }) => x.id);
      };
      // A resolved critical never sits above an open high in the default list.
      const unresolved = [ids.crit, ids.high, ids.lowNew, ids.lowOld, ids.info];
      expect(await ofIds('')).toEqual(unresolved);
      expect(await ofIds('?status=')).toEqual(unresolved);
      expect(await ofIds('?status=open,acknowledged,snoozed')).toEqual(unresolved);
      expect(await ofIds('?status=resolved')).toEqual([ids.resolved]);
      expect(await ofIds('?status=any')).toEqual([ids.resolved, ...unresolved]);
      expect(await ofIds('?status=resolved,any')).toEqual([ids.resolved, ...unresolved]);
      expect(await ofIds(`?status=any&service_id=${b.id}`)).toEqual([ids.lowNew, ids.info]);
      const bad = await list('?status=closed');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.details[0].field).toBe('status');
      expect(bad.json().error.message).toContain('any');
    });

    it('filters by status, service, priority, urgency and title search', async () => {
      const ofIds = async (qs: string) => (await list(qs)).json().map((x: { id: string }) => x.id);
      expect(await ofIds('?status=resolved')).toEqual([ids.resolved]);
      expect(await ofIds('?status=open')).toEqual([ids.crit, ids.high, ids.lowNew, ids.lowOld, ids.info]);
      expect(await ofIds(`?service_id=${b.id}`)).toEqual([ids.lowNew, ids.info]);
      expect(await ofIds('?priority=low,info')).toEqual([ids.lowNew, ids.lowOld, ids.info]);
      expect(await ofIds('?urgency=low')).toEqual([ids.info]);
      expect(await ofIds('?q=DATABASE')).toEqual([ids.crit]);
      expect(await ofIds('?q=100%25')).toEqual([]);
      // A value named twice filters as once: each alert is listed once.
      const openOrResolved = await ofIds('?status=open,resolved');
      expect(openOrResolved).toHaveLength(6);
      expect(new Set(openOrResolved).size).toBe(6);
      expect(await ofIds('?status=open,open,resolved,open')).toEqual(openOrResolved);
      expect(await ofIds('?priority=low,low,info')).toEqual([ids.lowNew, ids.lowOld, ids.info]);
    });

    it('pages with limit and cursor, giving X-Next-Cursor and a Link header', async () => {
      const p1 = await list('?limit=2');
      expect(p1.json()).toHaveLength(2);
      const cursor = p1.headers['x-next-cursor'] as string;
      expect(cursor).toBeTruthy();
      expect(p1.headers.link).toContain('rel="next"');
      expect(p1.headers.link).toContain(`cursor=${cursor}`);
      const p2 = await list(`?limit=2&cursor=${cursor}`);
      const p3 = await list(`?limit=2&cursor=${p2.headers['x-next-cursor']}`);
      expect(p3.headers['x-next-cursor']).toBeUndefined();
      const all = [...p1.json(), ...p2.json(), ...p3.json()].map((x: { id: string }) => x.id);
      expect(all).toEqual((await list()).json().map((x: { id: string }) => x.id));
    });

    it('a cursor goes on only the list it was issued for: the same filters, in any order, or a 400', async () => {
      const p1 = await list('?limit=2&status=open,resolved&priority=low,info');
      const cursor = p1.headers['x-next-cursor'] as string;
      expect(p1.headers.link).toContain(`status=open%2Cresolved`);
      const same = await list(`?limit=2&priority=info,low&status=resolved,open,open&cursor=${cursor}`);
      expect(same.statusCode, same.body).toBe(200);
      expect(same.json().map((x: { id: string }) => x.id)).toEqual([ids.info]);
      for (const other of ['', '&status=open,resolved', '&status=open&priority=low,info', '&status=open,resolved&priority=low,info&q=disk']) {
        const res = await list(`?limit=2${other}&cursor=${cursor}`);
        expect(res.statusCode, other).toBe(400);
        expect(res.json().error.details).toEqual([{ field: 'cursor', message: 'is not a cursor this list issued for these filters' }]);
        expect(res.json().error.message).toMatch(/with the same filters/);
      }
    });

    it('gets one alert with the PRODUCT.md 3 record (and 11: which maintenance window held it)', async () => {
      const res = await t.app.inject({ method: 'GET', url: `/api/alerts/${ids.crit}`, headers: tenant.headers });
      expect(res.json().maintenance_window_id).toBeNull();
      expect(Object.keys(res.json()).sort()).toEqual(
        ['id', 'org_id', 'service_id', 'title', 'body', 'event_key', 'priority', 'urgency', 'status', 'duplicate_count', 'source', 'created_at', 'updated_at', 'last_signal_at', 'acknowledged_at', 'acknowledged_by', 'resolved_at', 'resolved_by', 'snoozed_until', 'level', 'details', 'maintenance_window_id'].sort(),
      );
    });

    it('acknowledges and resolves by id, idempotently, recording the person', async () => {
      const ack = await t.app.inject({ method: 'PUT', url: `/api/alerts/${ids.high}/ack`, headers: tenant.headers });
      expect(ack.statusCode).toBe(200);
      expect(ack.json()).toMatchObject({ ok: true, status: 'acknowledged', changed: true, alert: { acknowledged_by: tenant.userId } });
      expect((await t.app.inject({ method: 'PUT', url: `/api/alerts/${ids.high}/ack`, headers: tenant.headers })).json()).toMatchObject({ changed: false, status: 'acknowledged' });
      expect((await t.app.inject({ method: 'PUT', url: `/api/alerts/${ids.high}/resolve`, headers: tenant.headers })).json()).toMatchObject({ changed: true, status: 'resolved', alert: { resolved_by: tenant.userId } });
      expect((await t.app.inject({ method: 'PUT', url: `/api/alerts/${ids.high}/resolve`, headers: tenant.headers })).json()).toMatchObject({ changed: false });
    });

    it('a person opens an alert on a service (POST /api/alerts), paged like a signal', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/alerts', headers: tenant.headers, payload: { service_id: b.id, title: 'Customer reports checkout failing', priority: 'critical' } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ service_id: b.id, status: 'open', priority: 'critical', urgency: 'high', source: 'manual' });
      await t.container.runner.drain();
      const tl = (await t.app.inject({ method: 'GET', url: `/api/alerts/${res.json().id}/timeline`, headers: tenant.headers })).json();
      expect(tl.map((e: { kind: string }) => e.kind)).toEqual(['triggered', 'page_requested']);
      expect(tl[0].actor).toEqual({ type: 'user', id: tenant.userId });
      const bad = await t.app.inject({ method: 'POST', url: '/api/alerts', headers: tenant.headers, payload: { service_id: 'svc_00000000000000000000000000', title: 'x' } });
      expect(bad.statusCode).toBe(404);
    });

    it('tells which organization an alert belongs to, only to its members', async () => {
      const res = await t.app.inject({ method: 'GET', url: `/api/alerts/${ids.crit}/org`, headers: tenant.headers });
      expect(res.json()).toEqual({ alert_id: ids.crit, org_id: tenant.orgId, org_name: 'Acme' });
      const stranger = await bootstrapTenant(t, 'Other');
      expect((await t.app.inject({ method: 'GET', url: `/api/alerts/${ids.crit}/org`, headers: stranger.headers })).statusCode).toBe(404);
    });

    it('timelines name sources, keys and people, and keep their ids in `actor` (issue 18 item 10)', async () => {
      const source = await t.app.inject({ method: 'POST', url: '/api/integrations', headers: tenant.headers, payload: { type: 'webhook', name: 'Prod Grafana', service_id: a.id } });
      expect(source.statusCode, source.body).toBe(200);
      const byUrl = await t.app.inject({ method: 'POST', url: new URL(source.json().ingest_url).pathname, payload: { title: 'Named source', event_key: 'named-1' } });
      const byKey = await t.app.inject({
        method: 'POST', url: '/v1/alerts', headers: { authorization: `Bearer ${tenant.ingestKey}` }, payload: { service_id: a.id, title: 'Named key', event_key: 'named-2' },
      });
      const viaUrl = byUrl.json().alert_id as string;
      const viaKey = byKey.json().alert_id as string;
      // A person without a name shows as their email; with one, as their name.
      const owner = await t.container.db.selectFrom('users').select(['email']).where('id', '=', tenant.userId).executeTakeFirstOrThrow();
      expect((await t.app.inject({ method: 'PUT', url: `/api/alerts/${viaUrl}/ack`, headers: tenant.headers })).statusCode).toBe(200);
      await t.container.db.updateTable('users').set({ name: 'Ada Lovelace' }).where('id', '=', tenant.userId).execute();
      expect((await t.app.inject({ method: 'PUT', url: `/api/alerts/${viaUrl}/resolve`, headers: tenant.headers })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'PUT', url: `/v1/alerts/${viaKey}/resolve`, headers: { authorization: `Bearer ${tenant.ingestKey}` } })).statusCode).toBe(200);
      const keyId = (await t.container.db.selectFrom('api_keys').select('id').where('org_id', '=', tenant.orgId).where('kind', '=', 'alert_ingest').executeTakeFirstOrThrow()).id;
      const timeline = async (id: string) =>
        ((await t.app.inject({ method: 'GET', url: `/api/alerts/${id}/timeline`, headers: tenant.headers })).json() as { kind: string; message: string; actor: { type: string; id: string } }[])
          .filter((e) => e.kind !== 'page_requested')
          .map((e) => ({ kind: e.kind, message: e.message, actor: e.actor }));
      expect(await timeline(viaUrl)).toEqual([
        { kind: 'triggered', message: 'Alert opened by source "Prod Grafana": priority high, urgency high', actor: { type: 'integration', id: source.json().id } },
        { kind: 'acknowledged', message: `Acknowledged by ${owner.email}`, actor: { type: 'user', id: tenant.userId } },
        { kind: 'resolved', message: 'Resolved by Ada Lovelace', actor: { type: 'user', id: tenant.userId } },
      ]);
      expect(await timeline(viaKey)).toEqual([
        { kind: 'triggered', message: 'Alert opened by API key "Bootstrap alert-ingest key": priority high, urgency high', actor: { type: 'api_key', id: keyId } },
        { kind: 'resolved', message: 'Resolved by API key "Bootstrap alert-ingest key"', actor: { type: 'api_key', id: keyId } },
      ]);
    });

    it('timelines page oldest first', async () => {
      const p1 = await t.app.inject({ method: 'GET', url: `/api/alerts/${ids.resolved}/timeline?limit=1`, headers: tenant.headers });
      expect(p1.json()[0].kind).toBe('triggered');
      const p2 = await t.app.inject({ method: 'GET', url: `/api/alerts/${ids.resolved}/timeline?limit=50&cursor=${p1.headers['x-next-cursor']}`, headers: tenant.headers });
      expect(p2.json().map((e: { kind: string }) => e.kind)).toContain('resolved');
    });
  });
}
