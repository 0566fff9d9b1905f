import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, bootstrapTenant, buildTestApp, createService, type Tenant, type TestApp } from '../../helpers/app.ts';
import { type Receiver, startReceiver } from '../../helpers/webhook-receiver.ts';

// Issue 33 item 7 (docs/adr/0715): a webhook that posts to this Klaxon's own ingest URL fed itself
// (two custom webhooks on alert.triggered made 484 alerts in 30 s). The review reproduced it on
// loopback, so private addresses are allowed here: the own-URL rules must hold all the same.
// - a destination at KLAXON_PUBLIC_URL's origin is a 400 when saved (create and update), and is
//   never posted to when one is stored anyway;
// - a request that carries this instance's Klaxon-Webhook-Origin is refused (a 4xx) at every entry
//   a webhook could reach, while a third party's Standard Webhooks request, or another Klaxon's,
//   is accepted.

for (const dialect of DIALECTS) {
  describe(`${dialect}: a webhook never feeds the Klaxon that sends it`, () => {
    let t: TestApp;
    let tenant: Tenant;
    let self: Receiver;
    let relay: Receiver;
    let svc: Awaited<ReturnType<typeof createService>>;

    beforeAll(async () => {
      // `self` stands where this Klaxon's public URL points; `relay` is a receiver that lets the
      // test see what Klaxon sends and post it back to Klaxon, as a loop through an alias would.
      self = await startReceiver();
      relay = await startReceiver();
      t = await buildTestApp({ dialect, env: { KLAXON_WEBHOOK_ALLOW_PRIVATE: 'true', KLAXON_WEBHOOK_TIMEOUT_MS: '1000', KLAXON_PUBLIC_URL: `http://127.0.0.1:${self.port}` } });
      tenant = await bootstrapTenant(t);
      svc = await createService(t, tenant, 'loop');
    });
    afterAll(async () => {
      await t?.close();
      await self?.close();
      await relay?.close();
    });

    const api = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
      t.app.inject({ method, url, headers: tenant.headers, ...(payload !== undefined ? { payload: payload as object } : {}) });
    const pump = async () => {
      await t.container.runner.drain();
      await t.container.webhookWorker.drain();
    };
    const template = { version: 1, body: { title: 'again: {{ title }}', event_key: '{{ alert_id }}' } };

    it('a destination at this Klaxon\'s own public URL is a 400 when created or changed, whatever its path, scheme case or port spelling', async () => {
      expect(svc.ingestUrl.startsWith(`http://127.0.0.1:${self.port}/v1/ingest/`)).toBe(true);
      for (const url of [svc.ingestUrl, `HTTP://127.0.0.1:${self.port}/v1/alerts`, `http://127.0.0.1:${self.port}/v2/enqueue`]) {
        const r = await api('POST', '/api/webhooks', { name: 'self', kind: 'custom', url, events: ['alert.triggered'], template });
        expect(r.statusCode, url).toBe(400);
        expect(r.json().error.details, url).toEqual([{ field: 'url', message: expect.stringMatching(/is this Klaxon's own public URL \(KLAXON_PUBLIC_URL http:\/\/127\.0\.0\.1:\d+\): a webhook to it would feed its own alerts back in a loop/) }]);
      }
      const other = await api('POST', '/api/webhooks', { name: 'other', kind: 'native', url: relay.url('/ok'), events: ['alert.resolved'] });
      expect(other.statusCode, other.body).toBe(200);
      const patched = await api('PATCH', `/api/webhooks/${other.json().id}`, { url: svc.ingestUrl });
      expect(patched.statusCode).toBe(400);
      expect(patched.json().error.message).toMatch(/own public URL/);
      await api('PATCH', `/api/webhooks/${other.json().id}`, { enabled: false });
    });

    it('one stored anyway (saved before the rule, or before KLAXON_PUBLIC_URL changed) is never posted to', async () => {
      const w = (await api('POST', '/api/webhooks', { name: 'later self', kind: 'custom', url: relay.url('/later'), events: ['alert.triggered'], template })).json();
      await t.container.db.updateTable('webhook_destinations').set({ url_sealed: t.container.box.seal(self.url('/v1/ingest/x')) }).where('id', '=', w.id).execute();
      const sent = self.requests.length;
      await t.app.inject({ method: 'POST', url: svc.ingestPath, payload: { title: 'stored self', event_key: 'stored-self' } });
      await pump();
      const [d] = (await api('GET', `/api/webhooks/${w.id}/deliveries`)).json();
      expect(d.attempt_log[0]).toMatchObject({ outcome: 'blocked', response_status: null });
      expect(d.last_error).toMatch(/is this Klaxon's own public URL/);
      expect(self.requests.length).toBe(sent);
      await api('PATCH', `/api/webhooks/${w.id}`, { enabled: false });
    });

    it('what Klaxon sends, posted back to it, is refused at every ingest entry; a third party\'s Standard Webhooks post and another Klaxon\'s are not', async () => {
      const w = (await api('POST', '/api/webhooks', { name: 'relay', kind: 'custom', url: relay.url('/relay'), events: ['alert.triggered'], template })).json();
      const start = relay.requests.length;
      await t.app.inject({ method: 'POST', url: svc.ingestPath, payload: { title: 'first', event_key: 'loop-1' } });
      await pump();
      const [req] = (await relay.received(start + 1)).slice(start);
      expect(req!.headers['klaxon-webhook-origin']).toBe(`http://127.0.0.1:${self.port}`);
      expect(req!.headers['user-agent']).toBe('Klaxon-Webhooks/1.0');
      expect(req!.headers['webhook-signature']).toMatch(/^v1,/);
      const { host: _h, 'content-length': _l, connection: _c, ...headers } = req!.headers as Record<string, string>;

      // Posted back: refused, with a message saying why, before any credential is looked at.
      for (const url of [svc.ingestPath, '/v1/alerts', '/v2/enqueue', '/generic/2010-04-15/create_event.json', '/v1/ingest/not-a-token']) {
        const back = await t.app.inject({ method: 'POST', url, headers, payload: req!.body });
        expect(back.statusCode, url).toBe(400);
        expect(back.body, url).toMatch(/webhook that this Klaxon sent .* posted back to Klaxon itself, which would loop/);
      }
      // Nothing was kept: the relayed alert does not exist.
      const alerts = (await api('GET', `/api/alerts?service_id=${svc.id}&limit=100`)).json() as { title: string }[];
      expect(alerts.map((a) => a.title)).not.toContain('again: first');

      // A third party that signs with Standard Webhooks (Svix and others), and another Klaxon, are accepted.
      const thirdParty = { 'content-type': 'application/json', 'user-agent': 'Svix-Webhooks/1.24', 'webhook-id': 'msg_2KWPBgLlAfxdpx2AI54pPJ85f4W', 'webhook-timestamp': '1700000000', 'webhook-signature': 'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=' };
      const ok = await t.app.inject({ method: 'POST', url: svc.ingestPath, headers: thirdParty, payload: { title: 'third party', event_key: 'svix-1' } });
      expect(ok.statusCode, ok.body).toBe(202);
      const peer = await t.app.inject({ method: 'POST', url: svc.ingestPath, headers: { ...headers, 'klaxon-webhook-origin': 'https://klaxon.other.example' }, payload: req!.body });
      expect(peer.statusCode, peer.body).toBe(202);
      await api('PATCH', `/api/webhooks/${w.id}`, { enabled: false });
    });

    it('Klaxon-Webhook-Origin is Klaxon\'s to set: a custom header of that name is refused', async () => {
      const r = await api('POST', '/api/webhooks', { name: 'h', kind: 'native', url: relay.url('/h'), events: ['alert.triggered'], headers: { 'Klaxon-Webhook-Origin': 'x' } });
      expect(r.statusCode).toBe(400);
      expect(r.json().error.details[0]).toMatchObject({ field: 'headers.Klaxon-Webhook-Origin', message: expect.stringMatching(/set by Klaxon/) });
    });
  });
}
