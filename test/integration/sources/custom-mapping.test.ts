import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, bootstrapTenant, buildTestApp, createService, type Tenant, type TestApp } from '../../helpers/app.ts';
import { CUSTOM_MAPPING as MAPPING, customCheck as check, customPayload as payload } from '../../factories/payloads.ts';

for (const dialect of DIALECTS) {
  describe(`${dialect}: custom JSONata mapping and preview (spec 2.5)`, () => {
    let t: TestApp;
    let tenant: Tenant;
    let other: Tenant;
    let fallback: Awaited<ReturnType<typeof createService>>;
    let web: Awaited<ReturnType<typeof createService>>;
    let foreign: Awaited<ReturnType<typeof createService>>;
    const rules = () => [{ attribute: 'team', value: 'web', service_id: web.id }];

    beforeAll(async () => {
      t = await buildTestApp({ dialect });
      tenant = await bootstrapTenant(t);
      other = await bootstrapTenant(t, 'Other');
      fallback = await createService(t, tenant, 'default');
      web = await createService(t, tenant, 'web');
      foreign = await createService(t, other, 'theirs');
    });
    afterAll(async () => t?.close());

    const api = (method: 'POST' | 'PATCH', url: string, payload: unknown) => t.app.inject({ method, url, headers: tenant.headers, payload: payload as object });
    const count = async (table: 'alerts' | 'integrations' | 'audit_log') => Number((await t.container.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n);

    it('preview returns the normalized signals and the service each routes to, and stores nothing', async () => {
      const before = [await count('alerts'), await count('integrations'), await count('audit_log')];
      const res = await api('POST', '/api/integrations/preview', {
        type: 'custom',
        mapping: MAPPING,
        routing_rules: rules(),
        fallback_service_id: fallback.id,
        payload: payload([check('a', 'web'), check('b', 'db', 'failing', 'warn'), check('c', null, 'ok')]),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().items).toEqual([
        { title: 'check a on web-1', event_key: 'checkmate:a', priority: 'critical', urgency: 'high', action: 'trigger', body: 'HTTP 500', source: 'custom', attributes: { team: 'web', region: 'eu' }, matched_rule: 0, service_id: web.id },
        { title: 'check b on web-1', event_key: 'checkmate:b', priority: 'medium', urgency: 'high', action: 'trigger', body: 'HTTP 500', source: 'custom', attributes: { team: 'db', region: 'eu' }, matched_rule: null, service_id: fallback.id },
        { title: 'check c on web-1', event_key: 'checkmate:c', priority: 'critical', urgency: 'high', action: 'resolve', body: 'HTTP 500', source: 'custom', attributes: { region: 'eu' }, matched_rule: null, service_id: fallback.id },
      ]);
      expect([await count('alerts'), await count('integrations'), await count('audit_log')]).toEqual(before);
    });

    it('preview parses vendor types too, and refuses another organization\'s service', async () => {
      const am = await api('POST', '/api/integrations/preview', {
        type: 'alertmanager',
        routing_rules: [{ attribute: 'team', value: 'web', service_id: web.id }],
        fallback_service_id: fallback.id,
        payload: { version: '4', receiver: 'r', status: 'firing', alerts: [{ status: 'resolved', labels: { alertname: 'A', team: 'web' }, annotations: {}, fingerprint: 'ab12ab12ab12ab12' }] },
      });
      expect(am.statusCode, am.body).toBe(200);
      expect(am.json().items).toMatchObject([{ action: 'resolve', event_key: 'ab12ab12ab12ab12', service_id: web.id, matched_rule: 0 }]);
      const bad = await api('POST', '/api/integrations/preview', { type: 'grafana', routing_rules: [{ attribute: 'a', value: 'b', service_id: foreign.id }], payload: { alerts: [] } });
      expect(bad.statusCode).toBe(404);
    });

    it('a custom source ingests through its mapping: batch items route independently, dedupe and resolve', async () => {
      const created = await api('POST', '/api/integrations', { type: 'custom', name: 'checkmate', mapping: MAPPING, routing_rules: rules(), fallback_service_id: fallback.id });
      expect(created.statusCode, created.body).toBe(200);
      expect(created.json().mapping).toEqual(MAPPING);
      const path = new URL(created.json().ingest_url).pathname;
      const first = await t.app.inject({ method: 'POST', url: path, payload: payload([check('a', 'web'), check('b', 'db')]) });
      expect(first.statusCode, first.body).toBe(202);
      const items = first.json().items;
      expect(items.map((i: { service_id: string }) => i.service_id)).toEqual([web.id, fallback.id]);
      const second = (await t.app.inject({ method: 'POST', url: path, payload: payload([check('a', 'web'), check('b', 'db', 'ok')]) })).json().items;
      expect(second[0]).toMatchObject({ alert_id: items[0].alert_id, deduped: true });
      expect(second[1]).toMatchObject({ alert_id: items[1].alert_id, resolved: true });
      // A value the mapping cannot turn into a priority is a 400 naming the mapping field.
      const bad = await t.app.inject({ method: 'POST', url: path, payload: payload([{ ...check('z', 'web'), level: 'weird' }]) });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.details).toMatchObject([{ field: 'mapping.priority' }]);
      // A resolve needs no priority: the same unmappable level does not keep the alert open.
      const opened = (await t.app.inject({ method: 'POST', url: path, payload: payload([check('q', 'web')]) })).json().items[0];
      const resolved = await t.app.inject({ method: 'POST', url: path, payload: payload([{ ...check('q', 'web', 'ok'), level: 'weird' }]) });
      expect(resolved.statusCode, resolved.body).toBe(202);
      expect(resolved.json().items[0]).toMatchObject({ alert_id: opened.alert_id, resolved: true });
      // Nor does a title over the limit, which a resolve does not use either.
      const r = (await t.app.inject({ method: 'POST', url: path, payload: payload([check('r', 'web')]) })).json().items[0];
      const longResolve = await t.app.inject({ method: 'POST', url: path, payload: payload([{ ...check('r', 'web', 'ok'), name: 'n'.repeat(1_500) }]) });
      expect(longResolve.statusCode, longResolve.body).toBe(202);
      expect(longResolve.json().items[0]).toMatchObject({ alert_id: r.alert_id, resolved: true });
    });

    it('refuses mappings that do not compile, use regular expressions or $eval, or name unknown fields', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ title: 'a.(' }, 'mapping.title'],
        [{ title: '$match(a, /(a+)+$/)' }, 'mapping.title'],
        [{ title: '$eval(a)' }, 'mapping.title'],
        [{ title: 'a', evnt_key: 'b' }, 'evnt_key'],
        [{ event_key: 'b' }, 'mapping.title'],
      ];
      for (const [mapping, field] of cases) {
        const res = await api('POST', '/api/integrations/preview', { type: 'custom', mapping, payload: {} });
        expect(res.statusCode, JSON.stringify(mapping)).toBe(400);
        expect(JSON.stringify(res.json().error), JSON.stringify(mapping)).toContain(field);
      }
      const stored = await api('POST', '/api/integrations', { type: 'custom', name: 'bad', mapping: { title: '$match(a, /x/)' }, fallback_service_id: fallback.id });
      expect(stored.statusCode).toBe(400);
    });

    it('evaluation is bounded: a runaway expression is stopped and answered 400', async () => {
      const res = await api('POST', '/api/integrations/preview', {
        type: 'custom',
        mapping: { title: '($f := function($n){ $n = 0 ? 0 : $f($n - 1) }; $string($f(100000)))' },
        payload: {},
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details[0].field).toBe('mapping.title');
      const wide = await api('POST', '/api/integrations/preview', { type: 'custom', mapping: { title: '$string($count([1..100000]))' }, payload: {} });
      expect(wide.statusCode).toBe(400);
    });

    it('$pad, which builds its result in one step the time bound cannot stop, is limited to widths of 10,000', async () => {
      const huge = await api('POST', '/api/integrations/preview', { type: 'custom', mapping: { title: '$pad("x", 100000000)' }, payload: {} });
      expect(huge.statusCode).toBe(400);
      expect(huge.json().error.message).toMatch(/\$pad widths are limited to 10,000 characters/);
      // Within the limit it is JSONata's own, the string taken from the context included.
      const ok = await api('POST', '/api/integrations/preview', { type: 'custom', mapping: { title: 'name.$pad(6, "-") & $pad(name, -4)' }, payload: { name: 'nm' } });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().items[0].title).toBe('nm----  nm');
    });
  });
}
