import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DIALECTS, bootstrapTenant, buildTestApp, createService, type Tenant, type TestApp } from '../../helpers/app.ts';

for (const dialect of DIALECTS) {
  describe(`${dialect}: services, API keys and /api/me`, () => {
    let t: TestApp;
    let tenant: Tenant;

    beforeAll(async () => {
      t = await buildTestApp({ dialect });
      tenant = await bootstrapTenant(t, 'Initech', 'Owner@Initech.example');
    });
    afterAll(async () => t?.close());

    const api = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: tenant.headers, ...(payload ? { payload } : {}) });

    it('creates a service with its default native webhook source and a working ingest URL', async () => {
      const res = await api('POST', '/api/services', { name: 'storefront', dedupe_mode: 'event_key_only' });
      expect(res.statusCode).toBe(200);
      const s = res.json();
      expect(s).toMatchObject({ name: 'storefront', org_id: tenant.orgId, dedupe_mode: 'event_key_only', schedule_id: null });
      expect(s.id).toMatch(/^svc_/);
      expect(s.default_integration).toMatchObject({ type: 'webhook' });
      expect(s.default_integration.ingest_url).toMatch(/^http:\/\/klaxon\.test\/v1\/ingest\/[A-Za-z0-9_-]{32}$/);
      const sent = await t.app.inject({ method: 'POST', url: new URL(s.default_integration.ingest_url).pathname, payload: { title: 'hello' } });
      expect(sent.statusCode).toBe(202);
    });

    it('lists, gets, renames and deletes services; a deleted service’s URL stops working', async () => {
      const made = await createService(t, tenant, 'to-delete');
      const listed = (await api('GET', '/api/services')).json();
      expect(Array.isArray(listed)).toBe(true);
      expect(listed.map((x: { name: string }) => x.name)).toEqual(expect.arrayContaining(['storefront', 'to-delete']));
      expect((await api('GET', `/api/services/${made.id}`)).json().name).toBe('to-delete');
      const patched = await api('PATCH', `/api/services/${made.id}`, { name: 'renamed', description: 'the thing' });
      expect(patched.json()).toMatchObject({ id: made.id, name: 'renamed', description: 'the thing' });
      expect((await api('DELETE', `/api/services/${made.id}`)).json()).toEqual({ ok: true });
      expect((await api('GET', `/api/services/${made.id}`)).statusCode).toBe(404);
      t.clock.advance(6000);
      expect((await t.app.inject({ method: 'POST', url: made.ingestPath, payload: { title: 'late' } })).statusCode).toBe(401);
    });

    it('pages service lists', async () => {
      for (let i = 0; i < 3; i++) await createService(t, tenant);
      const p1 = await api('GET', '/api/services?limit=2');
      expect(p1.json()).toHaveLength(2);
      const p2 = await api('GET', `/api/services?limit=500&cursor=${p1.headers['x-next-cursor']}`);
      const names = [...p1.json(), ...p2.json()].map((x: { id: string }) => x.id);
      expect(new Set(names).size).toBe(names.length);
    });

    it('creates keys whose secret is shown once and stored hashed; lists and revokes them', async () => {
      const res = await api('POST', '/api/keys', { name: 'ci', kind: 'full_product' });
      expect(res.statusCode).toBe(200);
      const k = res.json();
      expect(k).toMatchObject({ name: 'ci', kind: 'full_product', service_ids: null, user_id: tenant.userId });
      expect(k.secret).toMatch(/^kxp_[A-Za-z0-9_-]{32}$/);
      const stored = await t.container.db.selectFrom('api_keys').selectAll().where('id', '=', k.id).executeTakeFirstOrThrow();
      expect(JSON.stringify(stored)).not.toContain(k.secret);
      expect(stored.secret_hash).toMatch(/^[0-9a-f]{64}$/);
      const list = (await api('GET', '/api/keys')).json();
      expect(list.find((x: { id: string }) => x.id === k.id)).toMatchObject({ secret_hint: `kxp_…${k.secret.slice(-4)}` });
      expect(JSON.stringify(list)).not.toContain(k.secret);
      // The new key works as its member, then stops once revoked.
      const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${k.secret}`, 'x-service-org': tenant.orgId } });
      expect(me.json()).toMatchObject({ user: { id: tenant.userId, email: 'owner@initech.example' }, role: 'owner', org: { id: tenant.orgId, name: 'Initech' } });
      expect((await api('DELETE', `/api/keys/${k.id}`)).json()).toEqual({ ok: true });
      expect((await api('DELETE', `/api/keys/${k.id}`)).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${k.secret}`, 'x-service-org': tenant.orgId } })).statusCode).toBe(401);
      expect((await api('GET', '/api/keys')).json().find((x: { id: string }) => x.id === k.id)).toBeUndefined();
    });

    it('a key\'s last_used_at records its use at minute resolution, for full-product and alert-ingest keys', async () => {
      const svc = await createService(t, tenant, 'used-keys');
      const full = (await api('POST', '/api/keys', { name: 'used full', kind: 'full_product' })).json();
      const ingest = (await api('POST', '/api/keys', { name: 'used ingest', kind: 'alert_ingest' })).json();
      const lastUsed = async (id: string) => ((await api('GET', '/api/keys')).json() as Array<{ id: string; last_used_at: string | null }>).find((k) => k.id === id)!.last_used_at;
      expect(await lastUsed(full.id)).toBeNull();
      expect(await lastUsed(ingest.id)).toBeNull();

      const useFull = () => t.app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${full.secret}`, 'x-service-org': tenant.orgId } });
      const useIngest = (title: string) => t.app.inject({ method: 'POST', url: '/v1/alerts', headers: { authorization: `Bearer ${ingest.secret}` }, payload: { service_id: svc.id, title } });
      const first = t.clock.now().toISOString();
      expect((await useFull()).statusCode).toBe(200);
      expect((await useIngest('first use')).statusCode).toBe(202);
      // Neither path waits for the write (a signal must not, nor a read-only request fail with it); it lands shortly after.
      await vi.waitFor(async () => expect(await lastUsed(full.id)).toBe(first), { timeout: 10_000 });
      await vi.waitFor(async () => expect(await lastUsed(ingest.id)).toBe(first), { timeout: 10_000 });

      // Within the minute: no new write.
      t.clock.advance(30_000);
      expect((await useFull()).statusCode).toBe(200);
      expect((await useIngest('again')).statusCode).toBe(202);
      expect(await lastUsed(full.id)).toBe(first);
      expect(await lastUsed(ingest.id)).toBe(first);

      // A minute on, the next use is recorded.
      t.clock.advance(31_000);
      const later = t.clock.now().toISOString();
      expect((await useFull()).statusCode).toBe(200);
      expect((await useIngest('later')).statusCode).toBe(202);
      await vi.waitFor(async () => expect(await lastUsed(full.id)).toBe(later), { timeout: 10_000 });
      await vi.waitFor(async () => expect(await lastUsed(ingest.id)).toBe(later), { timeout: 10_000 });
    });

    it('GET /api/me shows the person, role and memberships', async () => {
      const me = (await api('GET', '/api/me')).json();
      expect(me).toMatchObject({ role: 'owner', memberships: [{ org_id: tenant.orgId, org_name: 'Initech', role: 'owner' }] });
      expect(me.credential.audience).toBe('D');
    });

    it('writes audit entries for key and service changes, without secrets', async () => {
      const rows = await t.container.db.selectFrom('audit_log').selectAll().where('org_id', '=', tenant.orgId).execute();
      const actions = rows.map((r) => r.action);
      expect(actions).toEqual(expect.arrayContaining(['org.bootstrap', 'service.create', 'service.update', 'service.delete', 'api_key.create', 'api_key.delete']));
      expect(rows.every((r) => !/kxp_|kxi_|\/v1\/ingest\//.test(JSON.stringify(r)))).toBe(true);
    });
  });
}
