import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { buildApp } from '../../../src/app.ts';
import { createContainer } from '../../../src/container.ts';
import { connectDb } from '../../../src/db/connect.ts';
import { createLogger } from '../../../src/http/logging.ts';
import { ManualClock } from '../../../src/lib/clock.ts';
import { DIALECTS, bootstrapTenant, buildTestApp, createService, createTestStore, type Tenant, type TestApp } from '../../helpers/app.ts';
import { type Receiver, startReceiver } from '../../helpers/webhook-receiver.ts';

// Delivery of outbound webhooks against receivers on loopback (KLAXON_WEBHOOK_ALLOW_PRIVATE=true):
// Standard Webhooks signatures checked with the official package, retries with the same
// webhook-id, 410, Retry-After, order per alert, a restart in the middle. PRODUCT.md 8.

const ALLOW = { KLAXON_WEBHOOK_ALLOW_PRIVATE: 'true', KLAXON_WEBHOOK_TIMEOUT_MS: '400' };
const SECOND = 1000;

for (const dialect of DIALECTS) {
  describe(`${dialect}: webhook delivery`, () => {
    let t: TestApp;
    let tenant: Tenant;
    let svc: Awaited<ReturnType<typeof createService>>;
    let rx: Receiver;

    beforeAll(async () => {
      // The real time: the verifier allows a webhook-timestamp five minutes off at most.
      t = await buildTestApp({ dialect, env: ALLOW, clock: new ManualClock(new Date()) });
      tenant = await bootstrapTenant(t);
      svc = await createService(t, tenant, 'db');
      rx = await startReceiver();
    });
    afterAll(async () => {
      await rx?.close();
      await t?.close();
    });

    const api = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
      t.app.inject({ method, url, headers: tenant.headers, ...(payload !== undefined ? { payload: payload as object } : {}) });
    const hook = async (payload: Record<string, unknown>) => {
      const r = await api('POST', '/api/webhooks', { name: 'rx', events: ['alert.triggered', 'alert.acknowledged', 'alert.resolved'], ...payload });
      expect(r.statusCode, r.body).toBe(200);
      return r.json() as { id: string; secret: string };
    };
    const signal = async (body: Record<string, unknown>) => (await t.app.inject({ method: 'POST', url: svc.ingestPath, payload: body })).json();
    /** Outbox rounds, then delivery rounds, until nothing is due now. */
    const pump = async () => {
      await t.container.runner.drain();
      await t.container.webhookWorker.drain();
    };
    const deliveries = async (id: string) => (await api('GET', `/api/webhooks/${id}/deliveries?limit=100`)).json() as Array<Record<string, any>>;
    const off = async (id: string) => api('PATCH', `/api/webhooks/${id}`, { enabled: false });

    it('a native delivery carries Standard Webhooks headers whose signature the official package verifies', async () => {
      const h = await hook({ kind: 'native', url: rx.url('/native') });
      const start = rx.requests.length;
      const { alert_id } = await signal({ title: 'Disk "full"\non db-1', event_key: 'sig-1', priority: 'critical' });
      await pump();
      const [req] = (await rx.received(start + 1)).slice(start);
      const verified = new Webhook(h.secret).verify(req!.body, {
        'webhook-id': String(req!.headers['webhook-id']),
        'webhook-timestamp': String(req!.headers['webhook-timestamp']),
        'webhook-signature': String(req!.headers['webhook-signature']),
      }) as Record<string, any>;
      expect(verified).toMatchObject({ type: 'alert.triggered', data: { alert: { id: alert_id, title: 'Disk "full"\non db-1', priority: 'critical', status: 'open' }, event: { kind: 'alert.triggered' } } });
      expect(req!.headers['webhook-id']).toMatch(/^msg_[0-9a-z]{26}$/);
      expect(req!.headers['content-type']).toBe('application/json');
      const [d] = await deliveries(h.id);
      expect(d).toMatchObject({ id: req!.headers['webhook-id'], state: 'delivered', attempts: 1, alert_id, event: 'alert.triggered' });
      expect(d!.attempt_log[0]).toMatchObject({ outcome: 'delivered', response_status: 200, response_head: 'ok' });
      await off(h.id);
    });

    it('a 5xx and a timeout are retried with the same webhook-id and body, on the schedule', async () => {
      const h = await hook({ kind: 'custom', url: rx.url('/retry'), template: { version: 1, body: { text: '{{ title }}', n: '{{ priority | map({"high": 2}) }}' } } });
      const start = rx.requests.length;
      rx.reply({ status: 503, body: 'busy' }, 'hang');
      await signal({ title: 'flaky', event_key: 'retry-1' });
      await pump();
      await rx.received(start + 1);
      let [d] = await deliveries(h.id);
      expect(d).toMatchObject({ state: 'pending', attempts: 1, last_status: 503 });
      // Not before the next wait (5 s ± 20 %): nothing is due yet.
      t.clock.advance(3 * SECOND);
      await pump();
      expect(rx.requests.length).toBe(start + 1);
      t.clock.advance(3 * SECOND);
      await pump();
      await rx.received(start + 2);
      [d] = await deliveries(h.id);
      expect(d).toMatchObject({ state: 'pending', attempts: 2, last_status: null });
      expect(d!.attempt_log.map((a: { outcome: string }) => a.outcome)).toEqual(['retry', 'timeout']);
      t.clock.advance(40 * SECOND);
      await pump();
      const reqs = (await rx.received(start + 3)).slice(start);
      expect(new Set(reqs.map((r) => r.headers['webhook-id'])).size).toBe(1);
      expect(new Set(reqs.map((r) => r.body)).size).toBe(1);
      expect(JSON.parse(reqs[0]!.body)).toEqual({ text: 'flaky', n: 2 });
      [d] = await deliveries(h.id);
      expect(d).toMatchObject({ state: 'delivered', attempts: 3 });
      // Each attempt is signed for its own timestamp, with the same id.
      for (const r of reqs) {
        expect(() => new Webhook(h.secret).verify(r.body, { 'webhook-id': String(r.headers['webhook-id']), 'webhook-timestamp': String(r.headers['webhook-timestamp']), 'webhook-signature': String(r.headers['webhook-signature']) })).not.toThrow();
      }
      await off(h.id);
    });

    it('templates name who acknowledged and resolved by the name they set (acked_by_name, resolved_by_name), else by email (issue 34 item 5)', async () => {
      const h = await hook({ kind: 'custom', url: rx.url('/names'), template: { version: 1, body: { event: '{{ event }}', acked: '{{ acked_by_name }}', resolved: '{{ resolved_by_name }}', email: '{{ acked_by_email }}' } } });
      const named = await api('PATCH', '/api/me', { name: 'Ada Lovelace' });
      expect(named.statusCode, named.body).toBe(200);
      const start = rx.requests.length;
      const { alert_id } = await signal({ title: 'names', event_key: 'names-1' });
      await pump();
      expect((await api('PUT', `/api/alerts/${alert_id}/ack`)).statusCode).toBe(200);
      await pump();
      await api('PATCH', '/api/me', { name: '' });
      expect((await api('PUT', `/api/alerts/${alert_id}/resolve`)).statusCode).toBe(200);
      await pump();
      const bodies = (await rx.received(start + 3)).slice(start).map((r) => JSON.parse(r.body) as Record<string, unknown>);
      const email = bodies.find((b) => b.event === 'alert.acknowledged')!.email as string;
      expect(email).toMatch(/@example\.com$/);
      expect(bodies.find((b) => b.event === 'alert.triggered')).toMatchObject({ acked: null, resolved: null });
      expect(bodies.find((b) => b.event === 'alert.acknowledged')).toMatchObject({ acked: 'Ada Lovelace', resolved: null });
      // Resolved after the name was cleared: shown by email.
      expect(bodies.find((b) => b.event === 'alert.resolved')).toMatchObject({ acked: email, resolved: email });
      await off(h.id);
    });

    it('Retry-After is honoured: no attempt before it', async () => {
      const h = await hook({ kind: 'native', url: rx.url('/throttled') });
      const start = rx.requests.length;
      rx.reply({ status: 429, headers: { 'retry-after': '120' } });
      await signal({ title: 'throttled', event_key: 'ra-1' });
      await pump();
      await rx.received(start + 1);
      t.clock.advance(100 * SECOND);
      await pump();
      expect(rx.requests.length).toBe(start + 1);
      t.clock.advance(21 * SECOND);
      await pump();
      await rx.received(start + 2);
      expect((await deliveries(h.id))[0]).toMatchObject({ state: 'delivered', attempts: 2 });
      await off(h.id);
    });

    it('410 disables the destination and ends its pending deliveries; enabling it again resumes', async () => {
      const h = await hook({ kind: 'native', url: rx.url('/gone') });
      const start = rx.requests.length;
      rx.reply({ status: 410, body: 'gone' });
      await signal({ title: 'gone-1', event_key: 'gone-1' });
      await signal({ title: 'gone-2', event_key: 'gone-2' });
      await pump();
      await rx.received(start + 1);
      const w = (await api('GET', `/api/webhooks/${h.id}`)).json();
      expect(w).toMatchObject({ enabled: false, disabled_reason: expect.stringMatching(/^HTTP 410 at /) });
      const ds = await deliveries(h.id);
      expect(ds.map((d) => d.state).sort()).toEqual(['failed', 'failed']);
      expect(rx.requests.length).toBe(start + 1);
      // Later events make no deliveries while it is disabled.
      await signal({ title: 'gone-3', event_key: 'gone-3' });
      await pump();
      expect(await deliveries(h.id)).toHaveLength(2);
      expect((await api('PATCH', `/api/webhooks/${h.id}`, { enabled: true })).json()).toMatchObject({ enabled: true, disabled_reason: null });
      const failed = ds.find((d) => d.attempts === 0)!;
      expect((await api('POST', `/api/webhooks/${h.id}/deliveries/${failed.id}/redeliver`)).json()).toMatchObject({ id: failed.id, state: 'pending' });
      await pump();
      const last = (await rx.received(start + 2)).at(-1)!;
      expect(last.headers['webhook-id']).toBe(failed.id);
      await off(h.id);
    });

    it('deliveries of one alert keep their order across retries; other alerts do not wait', async () => {
      const h = await hook({ kind: 'native', url: rx.url('/order') });
      const start = rx.requests.length;
      rx.reply({ status: 500 });
      const a = await signal({ title: 'ordered', event_key: 'order-a' });
      await pump();
      await rx.received(start + 1);
      // While the trigger waits for its retry, the alert is acknowledged and resolved, and another alert opens.
      await t.app.inject({ method: 'PUT', url: `/api/alerts/${a.alert_id}/ack`, headers: tenant.headers });
      await signal({ action: 'resolve', event_key: 'order-a' });
      const b = await signal({ title: 'other', event_key: 'order-b' });
      await pump();
      const mid = (await rx.received(start + 2)).slice(start);
      expect(mid.map((r) => JSON.parse(r.body).data.alert.id)).toEqual([a.alert_id, b.alert_id]);
      t.clock.advance(10 * SECOND);
      await pump();
      const all = (await rx.received(start + 5)).slice(start).map((r) => JSON.parse(r.body));
      const ofA = all.filter((x) => x.data.alert.id === a.alert_id).map((x) => x.type);
      expect(ofA).toEqual(['alert.triggered', 'alert.triggered', 'alert.acknowledged', 'alert.resolved']);
      expect(all.filter((x) => x.data.alert.id === a.alert_id).map((x) => x.data.event.sequence)).toEqual(
        [...all.filter((x) => x.data.alert.id === a.alert_id).map((x) => x.data.event.sequence)].sort((p, q) => p - q),
      );
      await off(h.id);
    });

    it('events and service filters choose what is delivered; alert.repeated only for those who want it', async () => {
      const other = await createService(t, tenant, 'other');
      const h = await hook({ kind: 'native', url: rx.url('/filtered'), events: ['alert.repeated'], service_ids: [other.id] });
      const start = rx.requests.length;
      await signal({ title: 'r', event_key: 'rep-1' });
      await signal({ title: 'r', event_key: 'rep-1' });
      await t.app.inject({ method: 'POST', url: other.ingestPath, payload: { title: 'r', event_key: 'rep-2' } });
      await t.app.inject({ method: 'POST', url: other.ingestPath, payload: { title: 'r', event_key: 'rep-2' } });
      await pump();
      const got = (await rx.received(start + 1)).slice(start).map((r) => JSON.parse(r.body));
      expect(got).toMatchObject([{ type: 'alert.repeated', data: { alert: { service_id: other.id, duplicate_count: 1 } } }]);
      await off(h.id);
    });

    it('destination URLs, custom header values and secrets never reach the logs', async () => {
      const h = await hook({ kind: 'custom', url: rx.url('/secret-path-7f3a9'), headers: { Authorization: 'Bearer hdr-secret-91c2' }, template: { version: 1, body: { t: '{{ title }}' } } });
      const start = rx.requests.length;
      rx.reply({ status: 500, body: 'no' }, 'hang');
      await signal({ title: 'logged?', event_key: 'log-1' });
      await pump();
      t.clock.advance(10 * SECOND);
      await pump();
      const reqs = (await rx.received(start + 2)).slice(start);
      expect(reqs[0]!.headers.authorization).toBe('Bearer hdr-secret-91c2');
      const shown = (await api('GET', `/api/webhooks/${h.id}`)).json();
      expect(shown.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/…f3a9$/);
      expect(JSON.stringify(shown)).not.toContain('secret-path-7f3a9');
      expect(shown.headers).toEqual({ Authorization: '[hidden]' });
      const log = JSON.stringify(await deliveries(h.id));
      expect(log).not.toContain('hdr-secret-91c2');
      const logs = t.logs.join('\n');
      for (const secret of ['secret-path-7f3a9', 'hdr-secret-91c2', h.secret, h.secret.slice(6)]) expect(logs).not.toContain(secret);
      const audit = JSON.stringify((await api('GET', '/api/audit?limit=500')).json());
      for (const secret of ['secret-path-7f3a9', 'hdr-secret-91c2', h.secret.slice(6)]) expect(audit).not.toContain(secret);
      await off(h.id);
    });

    it('rotate-secret: for a day each delivery carries a signature that each secret verifies', async () => {
      const h = await hook({ kind: 'native', url: rx.url('/rotate') });
      const rotated = (await api('POST', `/api/webhooks/${h.id}/rotate-secret`)).json();
      expect(rotated).toMatchObject({ id: h.id, secret: expect.stringMatching(/^whsec_/) });
      const start = rx.requests.length;
      await signal({ title: 'rotated', event_key: 'rot-1' });
      await pump();
      const [req] = (await rx.received(start + 1)).slice(start);
      const headers = { 'webhook-id': String(req!.headers['webhook-id']), 'webhook-timestamp': String(req!.headers['webhook-timestamp']), 'webhook-signature': String(req!.headers['webhook-signature']) };
      expect(headers['webhook-signature'].split(' ')).toHaveLength(2);
      expect(() => new Webhook(h.secret).verify(req!.body, headers)).not.toThrow();
      expect(() => new Webhook(rotated.secret).verify(req!.body, headers)).not.toThrow();
      await off(h.id);
    });

    it('POST …/test sends one sample now and answers with the attempt', async () => {
      const h = await hook({ kind: 'slack', url: rx.url('/slack-test') });
      const start = rx.requests.length;
      const r = await api('POST', `/api/webhooks/${h.id}/test?event=alert.resolved`);
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json()).toMatchObject({ test: true, state: 'delivered', event: 'alert.resolved', attempts: 1, attempt_log: [{ outcome: 'delivered', response_status: 200 }] });
      const [req] = (await rx.received(start + 1)).slice(start);
      expect(req!.headers['webhook-signature']).toBeUndefined();
      expect(JSON.parse(req!.body)).toMatchObject({ text: expect.stringContaining('Resolved'), blocks: expect.any(Array) });
      await off(h.id);
      expect((await api('POST', `/api/webhooks/${h.id}/test`)).statusCode).toBe(409);
    });

    it('after 5 failures in a row the circuit opens: deliveries wait without counting attempts', async () => {
      const dead = await startReceiver({ status: 502 });
      try {
        const h = await hook({ kind: 'native', url: dead.url('/dead') });
        for (let i = 0; i < 7; i++) await signal({ title: `c${i}`, event_key: `circuit-${i}` });
        await pump();
        await dead.received(5);
        const w = (await api('GET', `/api/webhooks/${h.id}`)).json();
        expect(w.health).toMatchObject({ circuit: 'open', consecutive_failures: 5 });
        expect(dead.requests.length).toBe(5);
        const waiting = (await deliveries(h.id)).filter((d) => d.attempts === 0);
        expect(waiting).toHaveLength(2);
        // Half-open after a minute: one probe, which fails and opens it for longer.
        t.clock.advance(61 * SECOND);
        await pump();
        expect(dead.requests.length).toBe(6);
        expect((await api('GET', `/api/webhooks/${h.id}`)).json().health.circuit).toBe('open');
        await off(h.id);
      } finally {
        await dead.close();
      }
    });
  });

  describe(`${dialect}: webhook delivery across a restart`, () => {
    it('a delivery waiting for its retry is sent by the next process with the same webhook-id, once', async () => {
      const rx = await startReceiver();
      const ts = await createTestStore(dialect, ALLOW);
      const clock = new ManualClock(new Date());
      const logger = createLogger('silent');
      const start = async (store = ts.store) => {
        const container = createContainer({ config: ts.config, clock, store, eventLoopDelay: () => 0 });
        return { container, app: await buildApp(container, { logger }) };
      };
      try {
        let p = await start();
        const tenant = await bootstrapTenant({ container: p.container } as unknown as TestApp);
        const headers = tenant.headers;
        const svc = (await p.app.inject({ method: 'POST', url: '/api/services', headers, payload: { name: 'restart' } })).json();
        const path = new URL(svc.default_integration.ingest_url).pathname;
        await p.app.inject({ method: 'POST', url: '/api/webhooks', headers, payload: { name: 'r', kind: 'native', url: rx.url('/restart'), events: ['alert.triggered', 'alert.resolved'] } });
        rx.reply({ status: 500 }, { status: 500 });
        await p.app.inject({ method: 'POST', url: path, payload: { title: 'one', event_key: 'k1' } });
        await p.app.inject({ method: 'POST', url: path, payload: { title: 'two', event_key: 'k2' } });
        await p.app.inject({ method: 'POST', url: path, payload: { action: 'resolve', event_key: 'k1' } });
        await p.container.runner.drain();
        await p.container.webhookWorker.drain();
        await rx.received(2);
        await p.app.close();
        await p.container.close();

        const store = connectDb({ dialect, sqlitePath: ts.config.sqlitePath, databaseUrl: ts.config.databaseUrl });
        p = await start(store);
        clock.advance(10 * SECOND);
        await p.container.runner.drain();
        await p.container.webhookWorker.drain();
        await rx.received(5);
        // Nothing more is due: another round sends nothing (a sixth request would fail the length below).
        await p.container.webhookWorker.drain();
        const ids = rx.requests.map((r) => String(r.headers['webhook-id']));
        expect(ids).toHaveLength(5);
        // Two events retried once each (same id), the resolve after its trigger: three ids in all.
        expect(new Set(ids).size).toBe(3);
        const bodies = rx.requests.map((r) => JSON.parse(r.body));
        const k1 = bodies.filter((b) => b.data.alert.event_key === 'k1').map((b) => b.type);
        expect(k1).toEqual(['alert.triggered', 'alert.triggered', 'alert.resolved']);
        await p.app.close();
        await p.container.close();
      } finally {
        await rx.close();
        await ts.drop();
      }
    });
  });
}
