import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, bootstrapTenant, buildTestApp, createService, type Tenant, type TestApp } from '../../helpers/app.ts';
import { createDirectIntegration, disableIntegration } from '../../factories/integrations.ts';

/** Contract tests for /v2/enqueue and the legacy v1 endpoint: contracts.md section 1. */
for (const dialect of DIALECTS) {
  describe(`${dialect}: PagerDuty Events API v2 at /v2/enqueue`, () => {
    let t: TestApp;
    let tenant: Tenant;
    let svc: Awaited<ReturnType<typeof createService>>;
    let routingKey: string;
    let integrationId: string;

    beforeAll(async () => {
      t = await buildTestApp({ dialect });
      tenant = await bootstrapTenant(t);
      svc = await createService(t, tenant, 'payments');
      const src = await createDirectIntegration(t, tenant, { type: 'events_v2', serviceId: svc.id });
      routingKey = src.routing_key!;
      integrationId = src.id;
    });
    afterAll(async () => t?.close());

    const enqueue = (payload: unknown, headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url: '/v2/enqueue',
        headers: { 'content-type': 'application/json', ...headers },
        payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
      });
    const trigger = (extra: Record<string, unknown> = {}, payload: Record<string, unknown> = {}) =>
      enqueue({ routing_key: routingKey, event_action: 'trigger', payload: { summary: 'Disk full', source: 'db-1', severity: 'critical', ...payload }, ...extra });
    const alertsWithKey = (key: string, serviceId = svc.id) =>
      t.container.db.selectFrom('alerts').selectAll().where('service_id', '=', serviceId).where('event_key', '=', key).orderBy('created_at').orderBy('id').execute();
    const getAlert = async (id: string) => (await t.app.inject({ method: 'GET', url: `/api/alerts/${id}`, headers: tenant.headers })).json();
    const countAlerts = async () =>
      Number((await t.container.db.selectFrom('alerts').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n);

    it('trigger answers 202 with the standard body, the dedup_key and X-Service-Receipt-Id, and opens an alert', async () => {
      const res = await trigger({ dedup_key: 'disk/db-1' }, { custom_details: { free: '1%' }, component: 'postgres', group: 'db', class: 'disk' });
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ status: 'success', message: 'Event processed', dedup_key: 'disk/db-1' });
      expect(res.headers['x-service-receipt-id']).toMatch(/^rcp_/);
      const [row] = await alertsWithKey('disk/db-1');
      const alert = await getAlert(row!.id);
      expect(alert).toMatchObject({ title: 'Disk full', event_key: 'disk/db-1', priority: 'critical', urgency: 'high', status: 'open', source: 'db-1', service_id: svc.id });
      expect(alert.details).toMatchObject({ custom_details: { free: '1%' }, component: 'postgres', group: 'db', class: 'disk', severity: 'critical' });
      expect(alert.body).toContain('"free": "1%"');
    });

    it('a trigger without dedup_key gets a generated key, returned in the response; each opens a new alert', async () => {
      const a = await trigger({}, { summary: 'no key' });
      const b = await trigger({}, { summary: 'no key' });
      expect(a.statusCode).toBe(202);
      const ka = a.json().dedup_key;
      const kb = b.json().dedup_key;
      expect(ka).toMatch(/^[0-9a-f]{32}$/);
      expect(kb).toMatch(/^[0-9a-f]{32}$/);
      expect(ka).not.toBe(kb);
      expect(await alertsWithKey(ka)).toHaveLength(1);
      expect(await alertsWithKey(kb)).toHaveLength(1);
    });

    it('a repeat trigger with the same dedup_key joins the open alert', async () => {
      await trigger({ dedup_key: 'repeat-me' });
      const res = await trigger({ dedup_key: 'repeat-me' }, { summary: 'Disk still full' });
      expect(res.json()).toEqual({ status: 'success', message: 'Event processed', dedup_key: 'repeat-me' });
      const rows = await alertsWithKey('repeat-me');
      expect(rows).toHaveLength(1);
      expect(rows[0]!.duplicate_count).toBe(1);
    });

    it('dedup_key is case-sensitive and preserved exactly (case, inner and outer spaces)', async () => {
      for (const key of ['CaseKey', 'casekey', '  spaced  key ']) {
        const res = await trigger({ dedup_key: key });
        expect(res.json().dedup_key).toBe(key);
      }
      expect(await alertsWithKey('CaseKey')).toHaveLength(1);
      expect(await alertsWithKey('casekey')).toHaveLength(1);
      expect(await alertsWithKey('  spaced  key ')).toHaveLength(1);
      const ack = await enqueue({ routing_key: routingKey, event_action: 'acknowledge', dedup_key: 'CASEKEY' });
      expect(ack.statusCode).toBe(202);
      expect((await alertsWithKey('CaseKey'))[0]!.status).toBe('open');
      expect((await alertsWithKey('casekey'))[0]!.status).toBe('open');
    });

    it('acknowledge acknowledges, resolve resolves, and a later trigger with the same key opens a new alert', async () => {
      await trigger({ dedup_key: 'lifecycle' });
      const ack = await enqueue({ routing_key: routingKey, event_action: 'acknowledge', dedup_key: 'lifecycle' });
      expect(ack.statusCode).toBe(202);
      expect(ack.json()).toEqual({ status: 'success', message: 'Event processed', dedup_key: 'lifecycle' });
      expect((await alertsWithKey('lifecycle'))[0]!.status).toBe('acknowledged');
      const again = await enqueue({ routing_key: routingKey, event_action: 'acknowledge', dedup_key: 'lifecycle' });
      expect(again.statusCode).toBe(202);
      const res = await enqueue({ routing_key: routingKey, event_action: 'resolve', dedup_key: 'lifecycle' });
      expect(res.statusCode).toBe(202);
      expect((await alertsWithKey('lifecycle'))[0]!.status).toBe('resolved');
      await trigger({ dedup_key: 'lifecycle' });
      const rows = await alertsWithKey('lifecycle');
      expect(rows.map((r) => r.status)).toEqual(['resolved', 'open']);
    });

    it('acknowledge or resolve of an unknown key is accepted (202) and dropped: no alert opens', async () => {
      const before = await countAlerts();
      for (const action of ['acknowledge', 'resolve']) {
        const res = await enqueue({ routing_key: routingKey, event_action: action, dedup_key: `never-seen-${action}` });
        expect(res.statusCode).toBe(202);
        expect(res.json()).toEqual({ status: 'success', message: 'Event processed', dedup_key: `never-seen-${action}` });
      }
      expect(await countAlerts()).toBe(before);
    });

    it('severity maps to priority: critical→critical, error→high, warning→medium, info→info (low urgency)', async () => {
      const expected = { critical: ['critical', 'high'], error: ['high', 'high'], warning: ['medium', 'high'], info: ['info', 'low'] } as const;
      for (const [severity, [priority, urgency]] of Object.entries(expected)) {
        await trigger({ dedup_key: `sev-${severity}` }, { severity });
        const [row] = await alertsWithKey(`sev-${severity}`);
        expect(await getAlert(row!.id)).toMatchObject({ priority, urgency });
      }
    });

    it('summary is limited to 1024 code points (not UTF-16 units), with PagerDuty\'s reason string', async () => {
      const astral = '🔥'.repeat(1024); // 2048 UTF-16 units, 1024 code points: Alertmanager's truncation fits
      const ok = await trigger({ dedup_key: 'long-summary' }, { summary: astral });
      expect(ok.statusCode).toBe(202);
      expect((await alertsWithKey('long-summary'))[0]!.title).toBe(astral);
      const tooLong = await trigger({ dedup_key: 'too-long' }, { summary: 'x'.repeat(1025) });
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json()).toEqual({ status: 'invalid event', message: 'Event object is invalid', errors: ["'summary' is too long (maiximum is 1024 characters)"] });
      expect(await alertsWithKey('too-long')).toHaveLength(0);
    });

    it('invalid events answer 400 "invalid event" with PagerDuty\'s reason strings, every problem listed', async () => {
      const cases: [unknown, string[]][] = [
        [{ routing_key: 'short', event_action: 'trigger', payload: { summary: 's', source: 'h', severity: 'info' } }, ["Length of 'routing_key' is incorrect (should be 32 characters)"]],
        [{ event_action: 'trigger', payload: { summary: 's', source: 'h', severity: 'info' } }, ["'routing_key' is missing or blank"]],
        [{ routing_key: routingKey, event_action: 'trigger', payload: { summary: 's', source: 'h' } }, ["'payload.severity' is missing or blank"]],
        [
          { routing_key: routingKey, event_action: 'trigger', payload: { summary: 's', source: 'h', severity: 'Critical' } },
          ["'payload.severity' is invalid (must be one of the following: 'critical', 'warning', 'error' or 'info')"],
        ],
        [{ routing_key: routingKey, event_action: 'trigger', payload: { source: 'h', severity: 'info' } }, ["'payload.summary' is missing or blank"]],
        [{ routing_key: routingKey, event_action: 'trigger', payload: { summary: 's', severity: 'info' } }, ["'payload.source' is missing or blank"]],
        [{ routing_key: routingKey, event_action: 'trigger' }, ["'payload' is missing or blank"]],
        [{ routing_key: routingKey, payload: { summary: 's', source: 'h', severity: 'info' } }, ["'event_action' is missing or blank"]],
        [
          { routing_key: routingKey, event_action: 'create', payload: { summary: 's', source: 'h', severity: 'info' } },
          ["'event_action' is invalid (must be one of the following: 'trigger', 'acknowledge' or 'resolve')"],
        ],
        [{ routing_key: routingKey, event_action: 'resolve' }, ["'dedup_key' is missing or blank"]],
        [{ routing_key: routingKey, event_action: 'acknowledge', dedup_key: 'k'.repeat(256) }, ["'dedup_key' is too long (maximum is 255 characters)"]],
        [
          { routing_key: 'x', event_action: 'trigger', payload: { summary: 's', source: 'h', severity: 'bad', timestamp: 'yesterday' } },
          [
            "Length of 'routing_key' is incorrect (should be 32 characters)",
            "'payload.severity' is invalid (must be one of the following: 'critical', 'warning', 'error' or 'info')",
            "'payload.timestamp' is invalid (must be an ISO 8601 timestamp)",
          ],
        ],
      ];
      const before = await countAlerts();
      for (const [body, errors] of cases) {
        const res = await enqueue(body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json()).toEqual({ status: 'invalid event', message: 'Event object is invalid', errors });
      }
      expect(await countAlerts()).toBe(before);
    });

    it('malformed JSON answers 400 "Unrecognized object" with "JSON parse error"', async () => {
      for (const body of ['{"routing_key": ', 'not json', '']) {
        const res = await enqueue(body);
        expect(res.statusCode, body).toBe(400);
        expect(res.json()).toEqual({ status: 'Unrecognized object', message: 'Event object format is unrecognized', errors: ['JSON parse error'] });
      }
      const arr = await enqueue('[1,2]');
      expect(arr.statusCode).toBe(400);
      expect(arr.json()).toMatchObject({ status: 'Unrecognized object', message: 'Event object format is unrecognized' });
    });

    it('accepts application/json; charset=utf-8, no content type or text/plain, and ignores an Authorization header', async () => {
      const body = JSON.stringify({ routing_key: routingKey, event_action: 'trigger', dedup_key: 'pdjs', payload: { summary: 'from pdjs', source: 'h', severity: 'info' } });
      const pdjs = await t.app.inject({ method: 'POST', url: '/v2/enqueue', headers: { 'content-type': 'application/json; charset=utf-8' }, payload: body });
      expect(pdjs.statusCode).toBe(202);
      const apprise = await t.app.inject({ method: 'POST', url: '/v2/enqueue', headers: { 'content-type': 'application/json', authorization: 'Token token=abcdef' }, payload: body });
      expect(apprise.statusCode).toBe(202);
      const plain = await t.app.inject({ method: 'POST', url: '/v2/enqueue', headers: { 'content-type': 'text/plain' }, payload: body });
      expect(plain.statusCode).toBe(202);
      const bare = await t.app.inject({ method: 'POST', url: '/v2/enqueue', payload: Buffer.from(body) });
      expect(bare.statusCode).toBe(202);
      expect((await alertsWithKey('pdjs'))[0]!.duplicate_count).toBe(3);
    });

    it('accepts what Alertmanager 0.25 sends: Go-escaped JSON with a trailing newline, a payload on resolve, a 64-hex dedup key', async () => {
      const dedup = 'd4061866bc333de2350285b0452a21f78349e3d63b4f06b6c956f64f95d7be36';
      const event = (action: string) =>
        `{"client":"Alertmanager","client_url":"http://am.local/#/alerts?receiver=pd","dedup_key":"${dedup}","event_action":"${action}","payload":{"custom_details":{"firing":"Labels:\\n - alertname = HighLatency \\u003c5s\\u003e\\n","num_firing":"1","num_resolved":"0","resolved":""},"severity":"none","source":"Alertmanager","summary":"[FIRING:1] HighLatency (api critical)"},"routing_key":"${routingKey}"}\n`;
      // severity "none" is not valid on a trigger (PagerDuty 400s it too, helm-charts#2309) …
      expect((await enqueue(event('trigger'))).statusCode).toBe(400);
      const fixed = event('trigger').replace('"severity":"none"', '"severity":"error"');
      const res = await enqueue(fixed);
      expect(res.statusCode).toBe(202);
      expect(res.json().dedup_key).toBe(dedup);
      const [row] = await alertsWithKey(dedup);
      expect(row).toMatchObject({ title: '[FIRING:1] HighLatency (api critical)', status: 'open', source: 'Alertmanager' });
      expect(row!.body).toContain('HighLatency <5s>');
      // … but a resolve carries the payload as is, and is not held to the trigger's rules.
      const resolved = await enqueue(event('resolve').replace('[FIRING:1]', '[RESOLVED]'));
      expect(resolved.statusCode).toBe(202);
      expect((await alertsWithKey(dedup))[0]!.status).toBe('resolved');
      // even a resolve whose payload would fail a trigger's checks (summary over 1024) is applied
      await trigger({ dedup_key: 'resolve-long' });
      const long = await enqueue({ routing_key: routingKey, event_action: 'resolve', dedup_key: 'resolve-long', payload: { summary: 'y'.repeat(2000), severity: 'bogus' } });
      expect(long.statusCode).toBe(202);
      expect((await alertsWithKey('resolve-long'))[0]!.status).toBe('resolved');
    });

    it('payload.timestamp is parsed leniently (offset without a colon)', async () => {
      const res = await trigger({ dedup_key: 'ts' }, { timestamp: '2015-07-17T08:42:58.315+0000' });
      expect(res.statusCode).toBe(202);
    });

    it('a body over 512 KB answers 413 and opens nothing', async () => {
      const res = await trigger({ dedup_key: 'huge' }, { custom_details: { blob: 'x'.repeat(512 * 1024) } });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({ status: 'invalid event', message: 'Event object is invalid' });
      expect(await alertsWithKey('huge')).toHaveLength(0);
      const justUnder = await trigger({ dedup_key: 'big' }, { custom_details: { blob: 'x'.repeat(500_000) } });
      expect(justUnder.statusCode).toBe(202);
    });

    it('an unknown routing key, a key of another source type, and a revoked key get 400 "Invalid routing key" and no alert', async () => {
      const invalid = { status: 'invalid event', message: 'Event object is invalid', errors: ['Invalid routing key'] };
      const unknown = await enqueue({ routing_key: '0123456789abcdef0123456789abcdef', event_action: 'trigger', dedup_key: 'nokey', payload: { summary: 's', source: 'h', severity: 'info' } });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toEqual(invalid);

      const other = await createService(t, tenant, 'revoked-svc');
      const src = await createDirectIntegration(t, tenant, { type: 'events_v2', serviceId: other.id });
      const ev = (key: string) => ({ routing_key: src.routing_key, event_action: 'trigger', dedup_key: key, payload: { summary: 's', source: 'h', severity: 'info' } });
      expect((await enqueue(ev('before-revoke'))).statusCode).toBe(202);
      await disableIntegration(t, src.id);
      t.clock.advance(60_000); // spec 8.1: revocation takes effect within one minute
      const revoked = await enqueue(ev('after-revoke'));
      expect(revoked.statusCode).toBe(400);
      expect(revoked.json()).toEqual(invalid);
      expect(await alertsWithKey('after-revoke', other.id)).toHaveLength(0);
      // an email source's secret is also 32 hex characters, but it is not a routing key
      const mail = await createDirectIntegration(t, tenant, { type: 'email', serviceId: other.id });
      const local = mail.email_address!.split('@')[0]!;
      const wrongType = await enqueue({ ...ev('wrong-type'), routing_key: local });
      expect(wrongType.statusCode).toBe(400);
      expect(wrongType.json()).toEqual(invalid);
      void integrationId;
    });

    it('answers 429 with Retry-After over the rate limit, and opens nothing for the refused event', async () => {
      const slow = await bootstrapTenant(t, 'Slow');
      await t.container.db.updateTable('organizations').set({ ingest_rate_per_minute: 2 }).where('id', '=', slow.orgId).execute();
      const s = await createService(t, slow, 'slow');
      const src = await createDirectIntegration(t, slow, { type: 'events_v2', serviceId: s.id });
      const ev = (key: string) => ({ routing_key: src.routing_key, event_action: 'trigger', dedup_key: key, payload: { summary: 's', source: 'h', severity: 'info' } });
      expect((await enqueue(ev('r1'))).statusCode).toBe(202);
      expect((await enqueue(ev('r2'))).statusCode).toBe(202);
      const limited = await enqueue(ev('r3'));
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(limited.json()).toMatchObject({ status: 'throttle event', message: 'Too many API calls at a time' });
      expect(await alertsWithKey('r3', s.id)).toHaveLength(0);
      t.clock.advance(30_000);
      expect((await enqueue(ev('r3'))).statusCode).toBe(202);
    });

    it('answers 503 with Retry-After when the store cannot take the event (senders retry 5xx), and the retry lands once', async () => {
      const committer = t.container.committer;
      const submit = committer.submit;
      committer.submit = () => {
        committer.submit = submit;
        return Promise.reject(Object.assign(new Error('Connection terminated unexpectedly'), { code: 'ECONNRESET' }));
      };
      const res = await trigger({ dedup_key: 'store-down' });
      expect(res.statusCode).toBe(503);
      expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(res.json()).toMatchObject({ status: 'unavailable', message: 'The event was not processed; retry later' });
      expect(await alertsWithKey('store-down')).toHaveLength(0);
      expect((await trigger({ dedup_key: 'store-down' })).statusCode).toBe(202);
      expect(await alertsWithKey('store-down')).toHaveLength(1);
      // the routing-key lookup itself finding the store down is also a 503, not a 400 or 500
      const integrations = t.container.services.integrations;
      const resolve = integrations.resolve;
      integrations.resolve = () => {
        integrations.resolve = resolve;
        return Promise.reject(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }));
      };
      const lookup = await trigger({ dedup_key: 'lookup-down' });
      expect(lookup.statusCode).toBe(503);
      expect(lookup.headers['retry-after']).toBe('5');
      expect(lookup.body).not.toContain('5432');
    });

    it('is described in the OpenAPI document with its PagerDuty shapes', async () => {
      const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
      expect(Object.keys(doc.paths['/v2/enqueue'].post.responses)).toEqual(expect.arrayContaining(['202', '400', '413', '429']));
      expect(doc.paths['/generic/2010-04-15/create_event.json'].post).toBeDefined();
    });

    describe('legacy v1 create_event.json', () => {
      const v1 = (payload: unknown) =>
        t.app.inject({ method: 'POST', url: '/generic/2010-04-15/create_event.json', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(payload) });

      it('trigger answers 200 with incident_key and opens an alert; resolve resolves it', async () => {
        // Alertmanager's v1 bodies also carry "event_action":"" and "payload":null (contracts.md 1.5).
        const res = await v1({ service_key: routingKey, event_type: 'trigger', incident_key: 'v1-key', description: 'Legacy alert', details: { a: 1 }, client: 'nagios', event_action: '', payload: null });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ status: 'success', message: 'Event processed', incident_key: 'v1-key' });
        expect(res.headers['x-service-receipt-id']).toMatch(/^rcp_/);
        const [row] = await alertsWithKey('v1-key');
        expect(row).toMatchObject({ title: 'Legacy alert', status: 'open', priority: 2 });
        expect((await v1({ service_key: routingKey, event_type: 'acknowledge', incident_key: 'v1-key' })).statusCode).toBe(200);
        expect((await alertsWithKey('v1-key'))[0]!.status).toBe('acknowledged');
        expect((await v1({ service_key: routingKey, event_type: 'resolve', incident_key: 'v1-key' })).statusCode).toBe(200);
        expect((await alertsWithKey('v1-key'))[0]!.status).toBe('resolved');
      });

      it('a trigger without incident_key gets a generated one', async () => {
        const res = await v1({ service_key: routingKey, event_type: 'trigger', description: 'no key' });
        expect(res.statusCode).toBe(200);
        expect(res.json().incident_key).toMatch(/^[0-9a-f]{32}$/);
      });

      it('invalid events answer 400 with v1\'s reason strings', async () => {
        const cases: [unknown, string[]][] = [
          [{ service_key: 'short', event_type: 'trigger', description: 'd' }, ['Service key is the wrong length (should be 32 characters)']],
          [{ service_key: routingKey, event_type: 'explode', description: 'd' }, ['event_type is invalid (must be one of: trigger acknowledge resolve)']],
          [{ service_key: routingKey, event_type: 'trigger' }, ['Description is missing or blank']],
          [{ service_key: routingKey, event_type: 'trigger', description: 'd'.repeat(1025) }, ['Description is too long (maximum is 1024 characters)']],
          [{ service_key: '0123456789abcdef0123456789abcdef', event_type: 'trigger', description: 'd' }, ['Invalid routing key']],
        ];
        for (const [body, errors] of cases) {
          const res = await v1(body);
          expect(res.statusCode, JSON.stringify(body)).toBe(400);
          expect(res.json()).toEqual({ status: 'invalid event', message: 'Event object is invalid', errors });
        }
      });

      it('rate limiting answers 403, v1\'s retryable code', async () => {
        const slow = await bootstrapTenant(t, 'SlowV1');
        await t.container.db.updateTable('organizations').set({ ingest_rate_per_minute: 1 }).where('id', '=', slow.orgId).execute();
        const s = await createService(t, slow, 'slow-v1');
        const src = await createDirectIntegration(t, slow, { type: 'events_v2', serviceId: s.id });
        expect((await v1({ service_key: src.routing_key, event_type: 'trigger', description: 'one' })).statusCode).toBe(200);
        const limited = await v1({ service_key: src.routing_key, event_type: 'trigger', description: 'two' });
        expect(limited.statusCode).toBe(403);
        expect(limited.json()).toMatchObject({ status: 'throttle event' });
      });
    });
  });
}
