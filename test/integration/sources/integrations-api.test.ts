import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, bootstrapTenant, buildTestApp, createService, type Tenant, type TestApp } from '../../helpers/app.ts';

const AM_ALERT = (labels: Record<string, string>, status: 'firing' | 'resolved' = 'firing', fingerprint = 'c1a2b3c4d5e6f708') => ({
  receiver: 'ingest',
  status,
  alerts: [{ status, labels: { alertname: 'HighLatency', ...labels }, annotations: { summary: 'p99 > 2s' }, startsAt: '2024-05-01T10:00:00Z', endsAt: '0001-01-01T00:00:00Z', generatorURL: '', fingerprint }],
  groupLabels: {},
  commonLabels: {},
  commonAnnotations: {},
  externalURL: 'http://alertmanager:9093',
  version: '4',
  groupKey: '{}:{}',
  truncatedAlerts: 0,
});

for (const dialect of DIALECTS) {
  describe(`${dialect}: integrations API and credential lifecycle (PRODUCT.md 4)`, () => {
    let t: TestApp;
    let tenant: Tenant;
    let other: Tenant;
    let svcA: Awaited<ReturnType<typeof createService>>;
    let svcB: Awaited<ReturnType<typeof createService>>;
    let foreign: Awaited<ReturnType<typeof createService>>;

    beforeAll(async () => {
      t = await buildTestApp({ dialect });
      tenant = await bootstrapTenant(t);
      other = await bootstrapTenant(t, 'Other');
      svcA = await createService(t, tenant, 'payments');
      svcB = await createService(t, tenant, 'search');
      foreign = await createService(t, other, 'theirs');
    });
    afterAll(async () => t?.close());

    const api = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, who = tenant) =>
      t.app.inject({ method, url, headers: who.headers, ...(payload !== undefined ? { payload: payload as object } : {}) });
    const send = (ingestUrl: string, payload: unknown) => t.app.inject({ method: 'POST', url: new URL(ingestUrl).pathname, payload: payload as object });
    const countAlerts = async () => Number((await t.container.db.selectFrom('alerts').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n);
    const vendor = async (extra: Record<string, unknown> = {}) => {
      const res = await api('POST', '/api/integrations', {
        type: 'alertmanager',
        name: `am-${Math.random().toString(36).slice(2, 6)}`,
        routing_rules: [{ attribute: 'team', value: 'search', service_id: svcB.id }],
        fallback_service_id: svcA.id,
        ...extra,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { id: string; ingest_url: string };
    };

    it('creates a direct source bound to one service and a vendor connection with rules and fallback', async () => {
      const direct = await api('POST', '/api/integrations', { type: 'webhook', name: 'Hook', service_id: svcA.id });
      expect(direct.statusCode, direct.body).toBe(200);
      const d = direct.json();
      expect(d).toMatchObject({ type: 'webhook', name: 'Hook', service_id: svcA.id, fallback_service_id: null, routing_rules: [], enabled: true });
      expect(d.ingest_url).toMatch(/^http:\/\/klaxon\.test\/v1\/ingest\/[A-Za-z0-9_-]{32}$/);
      expect(d.credentials).toHaveLength(1);
      expect((await send(d.ingest_url, { title: 'hello' })).statusCode).toBe(202);

      const ev2 = (await api('POST', '/api/integrations', { type: 'events_v2', name: 'PD', service_id: svcA.id })).json();
      expect(ev2.routing_key).toMatch(/^[0-9a-f]{32}$/);
      const email = (await api('POST', '/api/integrations', { type: 'email', name: 'Mail', service_id: svcA.id })).json();
      expect(email.email_address).toMatch(/@/);

      const v = await vendor();
      const list = await api('GET', '/api/integrations?limit=500');
      expect(list.statusCode).toBe(200);
      const listed = list.json() as Record<string, unknown>[];
      const mine = listed.find((i) => i.id === v.id)!;
      expect(mine).toMatchObject({ type: 'alertmanager', service_id: null, fallback_service_id: svcA.id, routing_rules: [{ attribute: 'team', value: 'search', service_id: svcB.id }] });
      // No secret appears in a list.
      expect(list.body).not.toContain(new URL(v.ingest_url).pathname.split('/').pop());
      expect(listed.every((i) => !('ingest_url' in i))).toBe(true);
      // Another organization sees none of them.
      expect((await api('GET', '/api/integrations', undefined, other)).json().some((i: { id: string }) => i.id === v.id)).toBe(false);
      // One source by id: what the list shows, no secret; another organization's is 404.
      const one = await api('GET', `/api/integrations/${v.id}`);
      expect(one.statusCode).toBe(200);
      expect(one.json()).toEqual(mine);
      expect(one.body).not.toContain(new URL(v.ingest_url).pathname.split('/').pop());
      expect((await api('GET', `/api/integrations/${v.id}`, undefined, other)).statusCode).toBe(404);
      expect((await api('GET', '/api/integrations/int_01kz0000000000000000000000')).statusCode).toBe(404);
    });

    it('refuses bad shapes with the field named', async () => {
      const cases: [unknown, string][] = [
        [{ type: 'webhook', name: 'x' }, 'service_id'],
        [{ type: 'webhook', name: 'x', service_id: svcA.id, routing_rules: [] }, 'routing_rules'],
        [{ type: 'datadog', name: 'x', routing_rules: [] }, 'fallback_service_id'],
        [{ type: 'datadog', name: 'x', fallback_service_id: svcA.id, service_id: svcA.id }, 'service_id'],
        [{ type: 'custom', name: 'x', fallback_service_id: svcA.id }, 'mapping'],
        [{ type: 'grafana', name: 'x', fallback_service_id: svcA.id, mapping: { title: 'a' } }, 'mapping'],
      ];
      for (const [body, field] of cases) {
        const res = await api('POST', '/api/integrations', body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().error.details.map((d: { field: string }) => d.field)).toContain(field);
      }
      // The type is named, not built into "a <type>" ("a events_v2 source", "a email source").
      const ev2 = (await api('POST', '/api/integrations', { type: 'events_v2', name: 'x', routing_rules: [] })).json().error;
      expect(ev2.details).toEqual(
        expect.arrayContaining([
          { field: 'service_id', message: 'is required for a source of type events_v2 (a direct source is bound to one service)' },
          { field: 'routing_rules', message: 'only vendor connections route; a source of type events_v2 is bound to service_id' },
        ]),
      );
    });

    it('a rule or fallback naming another organization\'s service is refused (404, nothing stored)', async () => {
      const before = (await api('GET', '/api/integrations?limit=500')).json().length;
      const rule = await api('POST', '/api/integrations', {
        type: 'grafana', name: 'g', fallback_service_id: svcA.id, routing_rules: [{ attribute: 'team', value: 'x', service_id: foreign.id }],
      });
      expect(rule.statusCode).toBe(404);
      expect(rule.json().error).toMatchObject({ code: 'not_found', details: [{ field: 'routing_rules[0].service_id' }] });
      const fb = await api('POST', '/api/integrations', { type: 'grafana', name: 'g', fallback_service_id: foreign.id });
      expect(fb.statusCode).toBe(404);
      const direct = await api('POST', '/api/integrations', { type: 'webhook', name: 'w', service_id: foreign.id });
      expect(direct.statusCode).toBe(404);
      expect((await api('GET', '/api/integrations?limit=500')).json().length).toBe(before);

      const v = await vendor();
      const patch = await api('PATCH', `/api/integrations/${v.id}`, { routing_rules: [{ attribute: 'team', value: 'x', service_id: foreign.id }] });
      expect(patch.statusCode).toBe(404);
      expect((await api('PATCH', `/api/integrations/${v.id}`, { fallback_service_id: foreign.id })).statusCode).toBe(404);
      // And another organization cannot touch this source at all.
      for (const path of ['reveal', 'rotate', 'replace']) expect((await api('POST', `/api/integrations/${v.id}/${path}`, undefined, other)).statusCode).toBe(404);
      expect((await api('PATCH', `/api/integrations/${v.id}`, { name: 'stolen' }, other)).statusCode).toBe(404);
      expect((await api('DELETE', `/api/integrations/${v.id}`, undefined, other)).statusCode).toBe(404);
    });

    it('a payload cannot choose a service id: attributes only match stored rules', async () => {
      const v = await vendor();
      // A label literally holding another service's id, or named service_id, routes to the fallback.
      const r1 = await send(v.ingest_url, AM_ALERT({ service_id: svcB.id, service: svcB.id }, 'firing', 'aaaaaaaaaaaaaaa1'));
      expect(r1.statusCode).toBe(202);
      expect(r1.json().items).toMatchObject([{ service_id: svcA.id }]);
      // Even another organization's service id in a label goes to the fallback.
      const r2 = await send(v.ingest_url, AM_ALERT({ service_id: foreign.id, team: foreign.id }, 'firing', 'aaaaaaaaaaaaaaa2'));
      expect(r2.json().items).toMatchObject([{ service_id: svcA.id }]);
      // Only the stored rule moves an alert.
      const r3 = await send(v.ingest_url, AM_ALERT({ team: 'search' }, 'firing', 'aaaaaaaaaaaaaaa3'));
      expect(r3.json().items).toMatchObject([{ service_id: svcB.id }]);
      // The native webhook refuses service_id outright.
      const hook = (await api('POST', '/api/integrations', { type: 'webhook', name: 'w', service_id: svcA.id })).json();
      const r4 = await send(hook.ingest_url, { title: 'x', service_id: svcB.id });
      expect(r4.statusCode).toBe(400);
      expect(r4.json().error.details).toMatchObject([{ field: 'service_id' }]);
    });

    it('reveal returns the current credential and writes the audit log without the secret', async () => {
      const v = await vendor();
      const res = await api('POST', `/api/integrations/${v.id}/reveal`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: v.id, type: 'alertmanager', ingest_url: v.ingest_url });
      const audit = await t.container.db.selectFrom('audit_log').selectAll().where('target_id', '=', v.id).where('action', '=', 'integration.reveal').execute();
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ actor_type: 'user', org_id: tenant.orgId });
      const token = new URL(v.ingest_url).pathname.split('/').pop()!;
      const all = await t.container.db.selectFrom('audit_log').select('changes').where('target_id', '=', v.id).execute();
      expect(JSON.stringify(all)).not.toContain(token);
      expect(t.logs.join('\n')).not.toContain(token);
    });

    it('rotate: the new credential works now; the previous gets 401 and opens nothing once 60 s have passed', async () => {
      const v = await vendor();
      const rot = await api('POST', `/api/integrations/${v.id}/rotate`);
      expect(rot.statusCode).toBe(200);
      const r = rot.json();
      expect(r.ingest_url).not.toBe(v.ingest_url);
      expect(Date.parse(r.previous_expires_at) - t.clock.now().getTime()).toBeLessThanOrEqual(60_000);
      expect((await send(r.ingest_url, AM_ALERT({}, 'firing', 'bbbbbbbbbbbbbbb1'))).statusCode).toBe(202);
      expect((await api('POST', `/api/integrations/${v.id}/reveal`)).json().ingest_url).toBe(r.ingest_url);

      // The sender still holding the previous URL has until the grace period ends...
      t.clock.advance(59_000);
      expect((await send(v.ingest_url, AM_ALERT({}, 'firing', 'bbbbbbbbbbbbbbb4'))).statusCode).toBe(202);
      // ...and at 60 s it is dead.
      t.clock.advance(1_000);
      const before = await countAlerts();
      const old = await send(v.ingest_url, AM_ALERT({}, 'firing', 'bbbbbbbbbbbbbbb2'));
      expect(old.statusCode).toBe(401);
      expect(old.json()).toMatchObject({ ok: false, error: { code: 'unauthorized' } });
      expect(await countAlerts()).toBe(before);
      expect((await send(r.ingest_url, AM_ALERT({}, 'firing', 'bbbbbbbbbbbbbbb3'))).statusCode).toBe(202);
    });

    it('replace: both credentials work until the previous is revoked (401 at once, no alert)', async () => {
      const v = await vendor();
      const rep = (await api('POST', `/api/integrations/${v.id}/replace`)).json();
      t.clock.advance(60 * 60 * 1000);
      expect((await send(v.ingest_url, AM_ALERT({}, 'firing', 'ccccccccccccccc1'))).statusCode).toBe(202);
      expect((await send(rep.ingest_url, AM_ALERT({}, 'firing', 'ccccccccccccccc2'))).statusCode).toBe(202);
      const listed = (await api('GET', '/api/integrations?limit=500')).json().find((i: { id: string }) => i.id === v.id);
      expect(listed.credentials.map((c: { current: boolean }) => c.current)).toEqual([false, true]);

      const patch = await api('PATCH', `/api/integrations/${v.id}`, { previous_credential: 'revoked' });
      expect(patch.statusCode, patch.body).toBe(200);
      expect(patch.json().credentials).toHaveLength(1);
      const before = await countAlerts();
      expect((await send(v.ingest_url, AM_ALERT({}, 'firing', 'ccccccccccccccc3'))).statusCode).toBe(401);
      expect(await countAlerts()).toBe(before);
      expect((await send(rep.ingest_url, AM_ALERT({}, 'firing', 'ccccccccccccccc4'))).statusCode).toBe(202);
    });

    it('replace: the previous credential dies by itself after 24 hours', async () => {
      const v = await vendor();
      const rep = (await api('POST', `/api/integrations/${v.id}/replace`)).json();
      t.clock.advance(24 * 60 * 60 * 1000 - 1000);
      expect((await send(v.ingest_url, AM_ALERT({}, 'firing', 'ddddddddddddddd1'))).statusCode).toBe(202);
      t.clock.advance(1000);
      expect((await send(v.ingest_url, AM_ALERT({}, 'firing', 'ddddddddddddddd2'))).statusCode).toBe(401);
      expect((await send(rep.ingest_url, AM_ALERT({}, 'firing', 'ddddddddddddddd3'))).statusCode).toBe(202);
    });

    it('rotate after replace ends the older credential within 60 s too', async () => {
      const v = await vendor();
      const rep = (await api('POST', `/api/integrations/${v.id}/replace`)).json();
      const rot = (await api('POST', `/api/integrations/${v.id}/rotate`)).json();
      t.clock.advance(60_000);
      expect((await send(v.ingest_url, AM_ALERT({}, 'firing', 'eeeeeeeeeeeeeee1'))).statusCode).toBe(401);
      expect((await send(rep.ingest_url, AM_ALERT({}, 'firing', 'eeeeeeeeeeeeeee2'))).statusCode).toBe(401);
      expect((await send(rot.ingest_url, AM_ALERT({}, 'firing', 'eeeeeeeeeeeeeee3'))).statusCode).toBe(202);
    });

    it('PATCH {"enabled":false} revokes the source; DELETE removes it', async () => {
      const v = await vendor();
      expect((await send(v.ingest_url, AM_ALERT({}, 'firing', 'fffffffffffffff1'))).statusCode).toBe(202);
      const off = await api('PATCH', `/api/integrations/${v.id}`, { enabled: false });
      expect(off.statusCode).toBe(200);
      expect(off.json().enabled).toBe(false);
      const before = await countAlerts();
      expect((await send(v.ingest_url, AM_ALERT({}, 'firing', 'fffffffffffffff2'))).statusCode).toBe(401);
      t.clock.advance(60_000);
      expect((await send(v.ingest_url, AM_ALERT({}, 'firing', 'fffffffffffffff3'))).statusCode).toBe(401);
      expect(await countAlerts()).toBe(before);
      const audit = await t.container.db.selectFrom('audit_log').select('action').where('target_id', '=', v.id).execute();
      expect(audit.map((a) => a.action)).toContain('integration.disable');
      // Turning it back on issues a new credential; the revoked one stays dead (issue 19.11,
      // sources/revoked-source.test.ts).
      const on = (await api('PATCH', `/api/integrations/${v.id}`, { enabled: true })).json();
      expect(on.enabled).toBe(true);
      expect(on.ingest_url).not.toBe(v.ingest_url);
      expect((await send(v.ingest_url, AM_ALERT({}, 'firing', 'fffffffffffffff4'))).statusCode).toBe(401);
      expect((await send(on.ingest_url, AM_ALERT({}, 'firing', 'fffffffffffffff5'))).statusCode).toBe(202);

      expect((await api('DELETE', `/api/integrations/${v.id}`)).json()).toEqual({ ok: true });
      expect((await api('POST', `/api/integrations/${v.id}/reveal`)).statusCode).toBe(404);
    });

    it('a service a vendor connection falls back or routes to cannot be deleted until the connection changes', async () => {
      const target = await createService(t, tenant, 'short-lived');
      const v = (await api('POST', '/api/integrations', {
        type: 'datadog', name: 'dd', routing_rules: [{ attribute: 'team', value: 'x', service_id: target.id }], fallback_service_id: svcA.id,
      })).json();
      const blocked = await api('DELETE', `/api/services/${target.id}`);
      expect(blocked.statusCode).toBe(409);
      expect(blocked.json().error.message).toContain(v.id);
      expect((await api('PATCH', `/api/integrations/${v.id}`, { routing_rules: [] })).statusCode).toBe(200);
      expect((await api('DELETE', `/api/services/${target.id}`)).statusCode).toBe(200);
    });

    it('GET needs read; every other integration route (reveal too) needs config.write', async () => {
      const watcher = await bootstrapTenant(t, 'Watchers');
      const svc = await createService(t, watcher, 'watched');
      const v = (await api('POST', '/api/integrations', { type: 'grafana', name: 'g', fallback_service_id: svc.id }, watcher)).json();
      await t.container.db.updateTable('memberships').set({ role: 'observer' }).where('org_id', '=', watcher.orgId).execute();
      expect((await api('GET', '/api/integrations', undefined, watcher)).statusCode).toBe(200);
      expect((await api('GET', `/api/integrations/${v.id}`, undefined, watcher)).statusCode).toBe(200);
      expect((await api('POST', '/api/integrations', { type: 'webhook', name: 'w', service_id: svc.id }, watcher)).statusCode).toBe(403);
      for (const path of ['reveal', 'rotate', 'replace']) expect((await api('POST', `/api/integrations/${v.id}/${path}`, undefined, watcher)).statusCode).toBe(403);
      expect((await api('PATCH', `/api/integrations/${v.id}`, { enabled: false }, watcher)).statusCode).toBe(403);
      expect((await api('DELETE', `/api/integrations/${v.id}`, undefined, watcher)).statusCode).toBe(403);
      expect((await api('POST', '/api/integrations/preview', { type: 'grafana', payload: { alerts: [] } }, watcher)).statusCode).toBe(403);
      const audit = await t.container.db.selectFrom('audit_log').select('action').where('target_id', '=', v.id).execute();
      expect(audit.map((a) => a.action)).toEqual(['integration.create']);
    });

    it('rules can be changed and take effect on the next signal', async () => {
      const v = await vendor();
      expect((await send(v.ingest_url, AM_ALERT({ team: 'pay' }, 'firing', '111111111111111a'))).json().items[0].service_id).toBe(svcA.id);
      const patch = await api('PATCH', `/api/integrations/${v.id}`, { routing_rules: [{ attribute: 'team', value: 'pay', service_id: svcB.id }] });
      expect(patch.statusCode).toBe(200);
      expect((await send(v.ingest_url, AM_ALERT({ team: 'pay' }, 'firing', '111111111111111b'))).json().items[0].service_id).toBe(svcB.id);
    });
  });
}
