import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, bootstrapTenant, buildTestApp, createService, type Tenant, type TestApp } from '../../helpers/app.ts';
import { addMember, type Member } from '../../helpers/people.ts';

interface Entry {
  id: string;
  actor_type: string;
  actor_id: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  changes: Record<string, unknown>;
  ip: string | null;
  request_id: string | null;
  created_at: string;
}

for (const dialect of DIALECTS) {
  describe(`${dialect}: GET /api/audit`, () => {
    let t: TestApp;
    let tenant: Tenant;
    let admin: Member;
    let responder: Member;
    let svcA: Awaited<ReturnType<typeof createService>>;
    let t0: string;
    let t1: string;

    beforeAll(async () => {
      t = await buildTestApp({ dialect });
      tenant = await bootstrapTenant(t, 'Acme');
      admin = await addMember(t, tenant, 'admin');
      responder = await addMember(t, tenant, 'responder');
      t0 = t.clock.now().toISOString();
      svcA = await createService(t, tenant, 'alpha');
      t.clock.advance(60_000);
      t1 = t.clock.now().toISOString();
      await t.app.inject({ method: 'POST', url: '/api/services', headers: admin.headers, payload: { name: 'beta' } });
      await t.app.inject({ method: 'PATCH', url: `/api/services/${svcA.id}`, headers: { ...admin.headers, 'x-request-id': 'req-rename-alpha' }, payload: { name: 'alpha-2' } });
      t.clock.advance(60_000);
      await t.app.inject({ method: 'PATCH', url: '/api/org/settings', headers: admin.headers, payload: { retention_days: 30 } });
    });
    afterAll(async () => t?.close());

    const get = (qs = '', headers: Record<string, string> = tenant.headers) => t.app.inject({ method: 'GET', url: `/api/audit${qs}`, headers });

    it('lists the organization\'s entries newest first with actor, action, target, changes, IP, request id and time', async () => {
      const r = await get();
      expect(r.statusCode).toBe(200);
      const entries = r.json() as Entry[];
      expect(entries.map((e) => e.action)).toEqual(['org_settings.update', 'service.update', 'service.create', 'service.create', 'org.bootstrap']);
      const rename = entries[1]!;
      expect(rename).toEqual({
        id: expect.stringMatching(/^aud_/), actor_type: 'user', actor_id: admin.userId, action: 'service.update', target_type: 'service',
        target_id: svcA.id, changes: { name: 'alpha-2' }, ip: expect.any(String), request_id: 'req-rename-alpha', created_at: t1,
      });
      expect(entries[4]).toMatchObject({ actor_type: 'system', actor_id: null, target_id: tenant.orgId });
    });

    it('filters by actor, action, target and time, combined with AND', async () => {
      const byActor = (await get(`?actor_id=${admin.userId}`)).json() as Entry[];
      expect(byActor.map((e) => e.action)).toEqual(['org_settings.update', 'service.update', 'service.create']);
      expect(((await get('?action=service.create')).json() as Entry[]).map((e) => e.actor_id)).toEqual([admin.userId, tenant.userId]);
      expect(((await get('?target_type=service')).json() as Entry[])).toHaveLength(3);
      expect(((await get(`?target_type=service&target_id=${svcA.id}`)).json() as Entry[]).map((e) => e.action)).toEqual(['service.update', 'service.create']);
      expect(((await get(`?since=${encodeURIComponent(t1)}`)).json() as Entry[])).toHaveLength(3);
      expect(((await get(`?until=${encodeURIComponent(t1)}`)).json() as Entry[]).map((e) => e.action)).toEqual(['service.create', 'org.bootstrap']);
      expect(((await get(`?since=${t0}&until=${t1}&actor_id=${tenant.userId}&action=service.create`)).json() as Entry[])).toHaveLength(1);
      expect((await get('?action=nothing.happened')).json()).toEqual([]);
      // Offsets are honoured, also when the "+" arrives unencoded (as a space).
      const plusTwo = new Date(Date.parse(t1) + 2 * 3600_000).toISOString().slice(0, 19) + '+02:00';
      expect(((await get(`?since=${plusTwo}`)).json() as Entry[])).toHaveLength(3);
      expect(((await get(`?since=${encodeURIComponent(plusTwo)}`)).json() as Entry[])).toHaveLength(3);
    });

    it('paginates with limit, X-Next-Cursor and Link', async () => {
      const seen: string[] = [];
      let url = '?limit=2';
      for (let i = 0; i < 5 && url; i++) {
        const r = await get(url);
        expect(r.statusCode).toBe(200);
        seen.push(...(r.json() as Entry[]).map((e) => e.id));
        const next = r.headers['x-next-cursor'] as string | undefined;
        if (next) expect(r.headers.link).toBe(`</api/audit?limit=2&cursor=${next}>; rel="next"`);
        url = next ? `?limit=2&cursor=${next}` : '';
      }
      expect(seen).toHaveLength(5);
      expect(new Set(seen).size).toBe(5);
      expect([...seen].sort().reverse()).toEqual(seen);
    });

    it('refuses bad filters with field details: since, until, cursor, limit', async () => {
      const since = await get('?since=yesterday');
      expect(since.statusCode).toBe(400);
      expect(since.json().error.details).toEqual([{ field: 'since', message: expect.stringContaining('ISO 8601') }]);
      const order = await get(`?since=${t1}&until=${t0}`);
      expect(order.statusCode).toBe(400);
      expect(order.json().error.details[0].field).toBe('until');
      expect((await get('?cursor=Zm9v')).statusCode).toBe(400);
      // A cursor of a filtered list is not taken by the unfiltered one (nor the reverse).
      const filtered = await get(`?limit=1&since=${t0}`);
      const next = filtered.headers['x-next-cursor'] as string;
      expect(next).toBeTruthy();
      expect((await get(`?limit=1&since=${t0}&cursor=${next}`)).statusCode).toBe(200);
      expect((await get(`?limit=1&cursor=${next}`)).statusCode).toBe(400);
      expect((await get('?limit=501')).statusCode).toBe(400);
    });

    it('needs the admin role (responder 403) and shows nothing of other organizations', async () => {
      const r = await get('', responder.headers);
      expect(r.statusCode).toBe(403);
      expect(r.json().error.message).toContain('admin');
      expect((await get('', admin.headers)).statusCode).toBe(200);
      expect((await get('', {})).statusCode).toBe(401);
      const other = await bootstrapTenant(t, 'Other');
      await createService(t, other, 'theirs');
      const mine = (await get()).json() as Entry[];
      expect(mine.some((e) => e.action === 'service.create' && e.actor_id === other.userId)).toBe(false);
      const theirs = (await get('', other.headers)).json() as Entry[];
      expect(theirs.map((e) => e.action)).toEqual(['service.create', 'org.bootstrap']);
    });

    it('alert changes by people and API keys are audited; a repeat that changes nothing is not', async () => {
      const created = await t.app.inject({ method: 'POST', url: '/api/alerts', headers: responder.headers, payload: { service_id: svcA.id, title: 'By hand', priority: 'low' } });
      expect(created.statusCode).toBe(200);
      const id = created.json().id as string;
      expect((await t.app.inject({ method: 'PUT', url: `/api/alerts/${id}/ack`, headers: responder.headers })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'PUT', url: `/api/alerts/${id}/ack`, headers: responder.headers })).json().changed).toBe(false);
      const viaKey = await t.app.inject({ method: 'PUT', url: `/v1/alerts/${id}/resolve`, headers: { authorization: `Bearer ${tenant.ingestKey}`, 'x-request-id': 'req-key-resolve' } });
      expect(viaKey.statusCode).toBe(200);
      const entries = (await get(`?target_type=alert&target_id=${id}`)).json() as Entry[];
      expect(entries.map((e) => [e.action, e.actor_type, e.changes.status ?? e.changes.title])).toEqual([
        ['alert.resolve', 'api_key', 'resolved'],
        ['alert.ack', 'user', 'acknowledged'],
        ['alert.create', 'user', 'By hand'],
      ]);
      expect(entries[0]!.request_id).toBe('req-key-resolve');
      expect(entries[2]!.actor_id).toBe(responder.userId);
    });
  });
}
