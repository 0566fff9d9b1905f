import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, bootstrapTenant, buildTestApp, createService, type Tenant, type TestApp } from '../../helpers/app.ts';

/** Spec 4.1 ingest routes and the core management routes (spec 4.2 rows built so far). */
const REQUIRED_ROUTES: [string, string][] = [
  ['post', '/v1/ingest/{token}'],
  ['post', '/v1/alerts'],
  ['put', '/v1/alerts/{id}/ack'],
  ['put', '/v1/alerts/{id}/resolve'],
  ['get', '/api/alerts'],
  ['post', '/api/alerts'],
  ['get', '/api/alerts/{id}'],
  ['get', '/api/alerts/{id}/org'],
  ['get', '/api/alerts/{id}/timeline'],
  ['put', '/api/alerts/{id}/ack'],
  ['put', '/api/alerts/{id}/resolve'],
  ['get', '/api/keys'],
  ['post', '/api/keys'],
  ['delete', '/api/keys/{id}'],
  ['get', '/api/me'],
  ['get', '/api/services'],
  ['post', '/api/services'],
  ['patch', '/api/services/{id}'],
  ['delete', '/api/services/{id}'],
];

for (const dialect of DIALECTS) {
  describe(`${dialect}: operations endpoints, OpenAPI and logs`, () => {
    let t: TestApp;
    let tenant: Tenant;

    beforeAll(async () => {
      t = await buildTestApp({ dialect });
      tenant = await bootstrapTenant(t);
    });
    afterAll(async () => t?.close());

    it('/healthz and /readyz answer ok', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ ok: true });
      expect((await t.app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({ ok: true, store: 'reachable', spool_units: 0 });
    });

    it('/metrics reports signals by outcome, the ingest latency histogram and the outbox backlog', async () => {
      const svc = await createService(t, tenant);
      await t.app.inject({ method: 'POST', url: svc.ingestPath, payload: { title: 'm' } });
      await t.app.inject({ method: 'POST', url: svc.ingestPath, payload: { title: 'm' } });
      await t.app.inject({ method: 'POST', url: svc.ingestPath, payload: { nope: true } });
      const res = await t.app.inject({ method: 'GET', url: '/metrics' });
      expect(res.headers['content-type']).toMatch(/text\/plain/);
      expect(res.body).toMatch(/klaxon_signals_total\{endpoint="native",outcome="created"\} 1/);
      expect(res.body).toMatch(/klaxon_signals_total\{endpoint="native",outcome="deduped"\} 1/);
      expect(res.body).toMatch(/klaxon_signals_total\{endpoint="native",outcome="rejected"\} 1/);
      expect(res.body).toMatch(/klaxon_ingest_duration_seconds_bucket\{le="0.005",endpoint="native"\}/);
      expect(res.body).toMatch(/klaxon_outbox_backlog [1-9]/);
      await t.container.runner.drain();
      expect((await t.app.inject({ method: 'GET', url: '/metrics' })).body).toMatch(/klaxon_outbox_backlog 0/);
    });

    it('/api/openapi.json is OpenAPI 3.1, version 1.0.0, with request and response schemas for every route', async () => {
      const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
      expect(doc.openapi).toMatch(/^3\.1\./);
      expect(doc.info.version).toBe('1.0.0');
      for (const [method, path] of REQUIRED_ROUTES) {
        const op = doc.paths[path]?.[method];
        expect(op, `${method.toUpperCase()} ${path} is in the document`).toBeDefined();
        expect(Object.keys(op.responses), `${method} ${path} declares its responses`).toEqual(expect.arrayContaining(['400']));
        const success = op.responses['200'] ?? op.responses['202'];
        expect(success?.content?.['application/json']?.schema, `${method} ${path} has a success schema`).toBeDefined();
        if (['post', 'patch'].includes(method) && !path.endsWith('/ack') && !path.endsWith('/resolve')) {
          expect(op.requestBody?.content?.['application/json']?.schema, `${method} ${path} has a request schema`).toBeDefined();
        }
        if (path.startsWith('/api/')) expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['400', '401', '403', '404']));
      }
      expect(doc.components.schemas.ErrorBody).toBeDefined();
    });

    it('the OpenAPI document states each route\'s credential and the headers hooks add: X-Service-Org, receipts, Retry-After, next-page cursors', async () => {
      const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
      // The ingest URL is its own credential; /v1/alerts takes an alert-ingest key, not the management bearer.
      expect(doc.paths['/v1/ingest/{token}'].post.security).toEqual([]);
      expect(doc.paths['/v1/ingest/{token}'].put.security).toEqual([]);
      for (const [path, method] of [['/v1/alerts', 'post'], ['/v1/alerts/{id}/ack', 'put'], ['/v1/alerts/{id}/resolve', 'put']] as const) {
        expect(doc.paths[path][method].security, `${method} ${path}`).toEqual([{ ingestKey: [] }]);
      }
      expect(doc.components.securitySchemes.ingestKey.description).toMatch(/kxi_/);
      let withAccess = 0;
      let lists = 0;
      for (const [path, ops] of Object.entries<Record<string, any>>(doc.paths)) {
        for (const [method, op] of Object.entries<any>(ops)) {
          const where = `${method.toUpperCase()} ${path}`;
          if (op['x-access'] && typeof op['x-access'] === 'object') {
            withAccess++;
            const org = (op.parameters ?? []).filter((p: any) => p.in === 'header' && p.name.toLowerCase() === 'x-service-org');
            expect(org, `${where} declares X-Service-Org once`).toHaveLength(1);
            expect(org[0].required, `${where} requires X-Service-Org`).toBe(true);
          }
          for (const status of ['429', '503']) {
            if (op.responses?.[status]) expect(op.responses[status].headers?.['Retry-After'], `${where} ${status} has Retry-After`).toBeDefined();
          }
          if (op.tags?.includes('ingest') && op.responses?.['202']) {
            expect(op.responses['202'].headers?.['X-Service-Receipt-Id'], `${where} 202 has X-Service-Receipt-Id`).toBeDefined();
          }
          if ((op.parameters ?? []).some((p: any) => p.in === 'query' && p.name === 'cursor')) {
            lists++;
            expect(Object.keys(op.responses['200'].headers ?? {}), `${where} documents the next page`).toEqual(expect.arrayContaining(['X-Next-Cursor', 'Link']));
          }
        }
      }
      expect(withAccess).toBeGreaterThan(30);
      expect(lists).toBeGreaterThan(3);
      expect(doc.paths['/api/alerts'].get.responses['200'].headers['X-Next-Cursor']).toBeDefined();
    });

    it('/docs serves the interactive reference', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/docs/' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toMatch(/swagger/i);
    });

    it('answers every request with an X-Request-Id and honours a safe incoming one', async () => {
      const mine = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'trace-123' } });
      expect(mine.headers['x-request-id']).toBe('trace-123');
      const evil = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'a\nb c' } });
      expect(evil.headers['x-request-id']).toMatch(/^req_/);
    });

    it('no secret appears in the log output of a full run', async () => {
      const svc = await createService(t, tenant, 'logged');
      const key = (await t.app.inject({ method: 'POST', url: '/api/keys', headers: tenant.headers, payload: { name: 'log test', kind: 'alert_ingest' } })).json();
      const token = svc.ingestPath.split('/').pop()!;
      await t.app.inject({ method: 'POST', url: svc.ingestPath, payload: { title: 'secret test' } });
      await t.app.inject({ method: 'POST', url: `${svc.ingestPath}?debug=1`, payload: 'not json', headers: { 'content-type': 'application/json' } });
      await t.app.inject({ method: 'POST', url: '/v1/alerts', headers: { authorization: `Bearer ${key.secret}` }, payload: { service_id: svc.id, title: 'x' } });
      await t.app.inject({ method: 'POST', url: '/v1/alerts', headers: { authorization: `Bearer ${key.secret}x` }, payload: { service_id: svc.id, title: 'x' } });
      await t.app.inject({ method: 'GET', url: '/api/me', headers: tenant.headers });
      await t.app.inject({ method: 'GET', url: `/v1/ingest/${token}/nope` });
      const out = t.logs.join('\n');
      expect(t.logs.length).toBeGreaterThan(5);
      expect(out).toContain('/v1/ingest/[REDACTED]');
      for (const secret of [token, key.secret, tenant.apiKey, tenant.ingestKey]) expect(out).not.toContain(secret);
      for (const line of t.logs) expect(() => JSON.parse(line)).not.toThrow();
    });
  });
}
