import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, bootstrapTenant, buildTestApp, createService, type Tenant, type TestApp } from '../../helpers/app.ts';
import { connectVendor, createDirectIntegration } from '../../factories/integrations.ts';
import { amAlert, amBody } from '../../factories/payloads.ts';
import { startTestSmtp } from '../../helpers/smtp.ts';
import { createLogger } from '../../../src/http/logging.ts';
import { INGEST_ENDPOINTS, REQUEST_OUTCOMES, SIGNAL_OUTCOMES } from '../../../src/http/metrics.ts';

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
      expect((await t.app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({ ok: true, store: 'reachable', spool_units: 0, ingest: 'store', paging: 'running', cannot: [] });
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
      expect(res.body).toMatch(/klaxon_signals_total\{endpoint="native",outcome="invalid"\} 1/);
      expect(res.body).toMatch(/klaxon_ingest_duration_seconds_bucket\{le="0.005",endpoint="native"\}/);
      expect(res.body).toMatch(/klaxon_outbox_backlog [1-9]/);
      await t.container.runner.drain();
      expect((await t.app.inject({ method: 'GET', url: '/metrics' })).body).toMatch(/klaxon_outbox_backlog 0/);
    });

    /** The value of one series of /metrics (0 when absent), to compare before and after. */
    const series = async (name: string, labels: string): Promise<number> => {
      const body = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
      const line = body.split('\n').find((l) => l.startsWith(`${name}{${labels}} `));
      return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
    };
    const signals = (endpoint: string, outcome: string) => series('klaxon_signals_total', `endpoint="${endpoint}",outcome="${outcome}"`);
    /** Runs `act` and answers how much each listed signals series grew. */
    const growth = async (pairs: [string, string][], act: () => Promise<void>) => {
      const before = await Promise.all(pairs.map(([e, o]) => signals(e, o)));
      await act();
      const after = await Promise.all(pairs.map(([e, o]) => signals(e, o)));
      return Object.fromEntries(pairs.map(([e, o], i) => [`${e}/${o}`, after[i]! - before[i]!]));
    };

    it('klaxon_signals_total: a native trigger, repeat, resolve and resolve of nothing count created, deduped, resolved, ignored; a bad token is ingest_url/unauthorized', async () => {
      const svc = await createService(t, tenant);
      const post = (payload: object, url = svc.ingestPath) => t.app.inject({ method: 'POST', url, payload });
      const g = await growth(
        [['native', 'created'], ['native', 'deduped'], ['native', 'resolved'], ['native', 'ignored'], ['ingest_url', 'unauthorized'], ['native', 'unauthorized'], ['native', 'invalid']],
        async () => {
          expect((await post({ title: 'n', event_key: 'k1' })).statusCode).toBe(202);
          await post({ title: 'n', event_key: 'k1' });
          await post({ title: 'n', event_key: 'k1', action: 'resolve' });
          await post({ title: 'n', event_key: 'k1', action: 'resolve' });
          await post({ title: 'n' }, '/v1/ingest/not-a-token');
          await post({ nope: true });
        },
      );
      expect(g).toEqual({
        'native/created': 1,
        'native/deduped': 1,
        'native/resolved': 1,
        'native/ignored': 1,
        'ingest_url/unauthorized': 1,
        'native/unauthorized': 0,
        'native/invalid': 1,
      });
      expect(await series('klaxon_ingest_duration_seconds_count', 'endpoint="ingest_url"')).toBeGreaterThan(0);
    });

    it('klaxon_signals_total: an Alertmanager batch counts each alert under endpoint alertmanager, with its own outcome', async () => {
      const svc = await createService(t, tenant);
      const path = await connectVendor(t, tenant, { type: 'alertmanager', routingRules: [], fallbackServiceId: svc.id });
      const post = (payload: object) => t.app.inject({ method: 'POST', url: path, payload });
      const pairs: [string, string][] = [['alertmanager', 'created'], ['alertmanager', 'deduped'], ['alertmanager', 'resolved'], ['alertmanager', 'ignored'], ['alertmanager', 'invalid'], ['native', 'created']];
      const first = await growth(pairs, async () => {
        const res = await post(amBody([amAlert('firing', {}, 'f1'), amAlert('firing', {}, 'f2')]));
        expect(res.statusCode, res.body).toBe(202);
      });
      expect(first).toMatchObject({ 'alertmanager/created': 2, 'native/created': 0 });
      const second = await growth(pairs, async () => {
        await post(amBody([amAlert('firing', {}, 'f1'), amAlert('resolved', {}, 'f2'), amAlert('resolved', {}, 'f3')]));
        await post({ alerts: 'not a list' });
      });
      expect(second).toEqual({ 'alertmanager/created': 0, 'alertmanager/deduped': 1, 'alertmanager/resolved': 1, 'alertmanager/ignored': 1, 'alertmanager/invalid': 1, 'native/created': 0 });
      expect(await series('klaxon_ingest_duration_seconds_count', 'endpoint="alertmanager"')).toBe(2 + 1);
    });

    it('klaxon_signals_total: /v2/enqueue counts created, deduped, resolved; a bad routing key is unauthorized, a bad event invalid', async () => {
      const svc = await createService(t, tenant);
      const routingKey = (await createDirectIntegration(t, tenant, { type: 'events_v2', serviceId: svc.id })).routing_key!;
      const enqueue = (payload: object) => t.app.inject({ method: 'POST', url: '/v2/enqueue', payload });
      const trigger = { routing_key: routingKey, event_action: 'trigger', dedup_key: 'd1', payload: { summary: 's', source: 'x', severity: 'critical' } };
      const g = await growth(
        [['events_v2', 'created'], ['events_v2', 'deduped'], ['events_v2', 'resolved'], ['events_v2', 'unauthorized'], ['events_v2', 'invalid'], ['events_v2', 'accepted']],
        async () => {
          expect((await enqueue(trigger)).statusCode).toBe(202);
          await enqueue(trigger);
          await enqueue({ routing_key: routingKey, event_action: 'resolve', dedup_key: 'd1' });
          const bad = await enqueue({ ...trigger, routing_key: 'x'.repeat(32) });
          expect(bad.json().errors).toEqual(['Invalid routing key']);
          await enqueue({ routing_key: routingKey, event_action: 'trigger' });
        },
      );
      expect(g).toEqual({ 'events_v2/created': 1, 'events_v2/deduped': 1, 'events_v2/resolved': 1, 'events_v2/unauthorized': 1, 'events_v2/invalid': 1, 'events_v2/accepted': 0 });
    });

    it('klaxon_signals_total: a message to an email source counts under endpoint email; its log line names the receipt and the alert', async () => {
      const svc = await createService(t, tenant);
      const address = (await createDirectIntegration(t, tenant, { type: 'email', serviceId: svc.id })).email_address!;
      const lines: string[] = [];
      const { smtp, transport } = await startTestSmtp(t, createLogger('info', { write: (l: string) => void lines.push(l) }));
      try {
        const g = await growth([['email', 'created'], ['email', 'replayed'], ['native', 'created']], async () => {
          const mail = transport();
          await mail.sendMail({ from: 'm@example.com', to: address, subject: 'disk full', text: 'x', messageId: '<m1@example.com>' });
          await mail.sendMail({ from: 'm@example.com', to: address, subject: 'disk full', text: 'x', messageId: '<m1@example.com>' }); // a resend
          mail.close();
        });
        expect(g).toEqual({ 'email/created': 1, 'email/replayed': 1, 'native/created': 0 });
      } finally {
        await smtp.close();
      }
      const accepted = lines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'smtp: message accepted');
      expect(accepted).toHaveLength(2);
      expect(accepted[0]).toMatchObject({ integrationId: expect.stringMatching(/^int_/), receiptId: expect.stringMatching(/^rcp_/), alertId: expect.stringMatching(/^alr_/) });
      expect(accepted[1].alertId).toBe(accepted[0].alertId);
    });

    it('/metrics: the event-loop delay is in seconds, and every signals series uses the documented labels', async () => {
      const body = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
      expect(body).toMatch(/^klaxon_event_loop_delay_seconds \d/m);
      expect(body).not.toMatch(/klaxon_event_loop_delay_ms/);
      for (const m of body.matchAll(/^klaxon_signals_total\{endpoint="([^"]+)",outcome="([^"]+)"\}/gm)) {
        expect(INGEST_ENDPOINTS).toContain(m[1]);
        expect([...SIGNAL_OUTCOMES, ...REQUEST_OUTCOMES]).toContain(m[2]);
      }
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

    it('the OpenAPI text is for users: no internal file references; X-Request-Id declared on every response', async () => {
      const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
      const text = JSON.stringify(doc);
      expect(text).not.toMatch(/PRODUCT\.md|contracts\.md|docs\/adr|\(spec \d/);
      expect(doc.paths['/v1/alerts'].post.responses['400'].description).toMatch(/`code` names its kind/);
      let responses = 0;
      for (const [path, ops] of Object.entries(doc.paths as Record<string, Record<string, { responses: Record<string, { headers?: object }> }>>)) {
        for (const [method, op] of Object.entries(ops)) {
          for (const [status, r] of Object.entries(op.responses)) {
            responses++;
            expect(r.headers, `${method} ${path} ${status}`).toHaveProperty('X-Request-Id');
          }
        }
      }
      expect(responses).toBeGreaterThan(300);
    });

    it('/docs serves the interactive reference', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/docs/' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toMatch(/swagger/i);
    });

    it('/docs keeps its CSP without upgrade-insecure-requests, so it renders over plain http on any host', async () => {
      for (const url of ['/docs/', '/docs/static/swagger-ui.css', '/docs/static/index.css']) {
        const res = await t.app.inject({ method: 'GET', url, headers: { host: 'klaxon.internal:8080' } });
        expect(res.statusCode, url).toBe(200);
        const csp = String(res.headers['content-security-policy']);
        expect(csp, url).toMatch(/default-src 'self';.*script-src 'self'/);
        expect(csp, url).toMatch(/object-src 'none'/);
        expect(csp, url).not.toMatch(/upgrade-insecure-requests/);
      }
    });

    it('answers every request with an X-Request-Id and honours a safe incoming one', async () => {
      const mine = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'trace-123' } });
      expect(mine.headers['x-request-id']).toBe('trace-123');
      const evil = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'a\nb c' } });
      expect(evil.headers['x-request-id']).toMatch(/^req_/);
    });

    it('the request line of a refused request names its error code, and of an ingest request its integration id (never the token)', async () => {
      const svc = await createService(t, tenant, 'refusals');
      const token = svc.ingestPath.split('/').pop()!;
      const eventsSource = await createDirectIntegration(t, tenant, { type: 'events_v2', serviceId: svc.id });
      const routingKey = eventsSource.routing_key!;
      const lineOf = (reqId: string) => t.logs.map((l) => JSON.parse(l)).find((l) => l.msg === 'request' && l.reqId === reqId);
      const send = async (reqId: string, url: string, payload: object) => {
        await t.app.inject({ method: 'POST', url, payload, headers: { 'x-request-id': reqId } });
        return lineOf(reqId);
      };
      expect(await send('line-ok', svc.ingestPath, { title: 'fine' })).toMatchObject({ status: 202, integrationId: svc.integrationId });
      expect((await send('line-ok', svc.ingestPath, { title: 'fine' })).code).toBeUndefined();
      expect(await send('line-bad', svc.ingestPath, { nope: true })).toMatchObject({ status: 400, code: 'invalid_request', integrationId: svc.integrationId });
      const unknown = await send('line-401', '/v1/ingest/not-a-token', { title: 'x' });
      expect(unknown).toMatchObject({ status: 401, code: 'unauthorized' });
      expect(unknown.integrationId).toBeUndefined();
      const event = { routing_key: routingKey, event_action: 'trigger', payload: { summary: 's', source: 'x', severity: 'info' } };
      expect(await send('line-pd', '/v2/enqueue', event)).toMatchObject({ status: 202, integrationId: eventsSource.id });
      expect(await send('line-pd-bad', '/v2/enqueue', { routing_key: routingKey, event_action: 'trigger' })).toMatchObject({ status: 400, code: 'invalid_request' });
      expect(await send('line-pd-key', '/v2/enqueue', { routing_key: 'y'.repeat(32), event_action: 'trigger', payload: { summary: 's', source: 'x', severity: 'info' } })).toMatchObject({ status: 400, code: 'unauthorized' });
      expect(await send('line-api', '/api/services', {})).toMatchObject({ status: 401, code: 'unauthorized' });
      const out = t.logs.join('\n');
      for (const secret of [token, routingKey]) expect(out).not.toContain(secret);
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
