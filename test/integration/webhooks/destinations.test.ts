import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ALERT_EVENT_TYPES } from '../../../src/modules/alert/index.ts';
import { DIALECTS, bootstrapTenant, buildTestApp, createService, type Tenant, type TestApp } from '../../helpers/app.ts';
import { addMember } from '../../helpers/people.ts';
import { startFakeDns } from '../../helpers/fake-dns.ts';
import { type Receiver, startReceiver } from '../../helpers/webhook-receiver.ts';

// Destinations (PRODUCT.md 8) with private addresses refused (KLAXON_WEBHOOK_ALLOW_PRIVATE unset):
// on save for IP literals and for names, and on the connection when a DNS answer changes later
// (names are resolved by a DNS server on loopback that the test controls). And the preview route.

for (const dialect of DIALECTS) {
  describe(`${dialect}: webhook destinations, SSRF rules and preview`, () => {
    let t: TestApp;
    let tenant: Tenant;
    let dns: Awaited<ReturnType<typeof startFakeDns>>;
    let rx: Receiver;

    beforeAll(async () => {
      dns = await startFakeDns();
      rx = await startReceiver();
      t = await buildTestApp({ dialect, env: { KLAXON_WEBHOOK_DNS_SERVER: dns.server, KLAXON_WEBHOOK_TIMEOUT_MS: '1000' } });
      tenant = await bootstrapTenant(t);
    });
    afterAll(async () => {
      await t?.close();
      await rx?.close();
      await dns?.close();
    });

    const api = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, headers = tenant.headers) =>
      t.app.inject({ method, url, headers, ...(payload !== undefined ? { payload: payload as object } : {}) });
    const create = (over: Record<string, unknown>) => api('POST', '/api/webhooks', { name: 'w', kind: 'native', events: ['alert.triggered'], url: 'https://8.8.8.8/x', ...over });

    it('create, read, list, change and delete, audited; the secret is shown once and the URL masked', async () => {
      const r = await create({ name: 'Ops', kind: 'slack', url: 'https://8.8.8.8/services/T0/B0/abcdef9f2c', headers: { 'X-Team': 'ops-secret' } });
      expect(r.statusCode, r.body).toBe(200);
      const w = r.json();
      expect(w).toMatchObject({
        id: expect.stringMatching(/^whk_/), name: 'Ops', kind: 'slack', url: 'https://8.8.8.8/…9f2c', events: ['alert.triggered'], service_ids: null,
        template: null, headers: { 'X-Team': '[hidden]' }, enabled: true, secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/),
        health: { circuit: 'closed', consecutive_failures: 0 },
      });
      const got = (await api('GET', `/api/webhooks/${w.id}`)).json();
      expect(got.secret).toBeUndefined();
      expect(JSON.stringify(got)).not.toContain('ops-secret');
      expect((await api('GET', '/api/webhooks')).json().map((x: { id: string }) => x.id)).toContain(w.id);
      const patched = await api('PATCH', `/api/webhooks/${w.id}`, { name: 'Ops 2', events: ['alert.resolved', 'alert.resolved'], template: { version: 1, body: { text: '{{ title }}' } } });
      expect(patched.json()).toMatchObject({ name: 'Ops 2', events: ['alert.resolved'], template: { version: 1, body: { text: '{{ title }}' } } });
      expect((await api('PATCH', `/api/webhooks/${w.id}`, { template: null })).json().template).toBe(null);
      expect((await api('DELETE', `/api/webhooks/${w.id}`)).json()).toEqual({ ok: true });
      expect((await api('GET', `/api/webhooks/${w.id}`)).statusCode).toBe(404);
      const actions = (await api('GET', `/api/audit?target_id=${w.id}`)).json().map((e: { action: string }) => e.action);
      expect(actions.sort()).toEqual(['webhook.create', 'webhook.delete', 'webhook.update', 'webhook.update']);
    });

    it('kinds and templates: custom needs one, native takes none, and a bad one is a 400 naming pointer and column', async () => {
      expect((await create({ kind: 'custom' })).json().error.details).toEqual([{ field: 'template', message: expect.stringMatching(/is required for a custom destination/) }]);
      expect((await create({ kind: 'native', template: { version: 1, body: {} } })).json().error.details[0]).toMatchObject({ field: 'template' });
      const bad = await create({ kind: 'custom', template: { version: 1, body: { blocks: [{ text: 'x {{ title | upcase }}' }], ok: '{{ titel }}' } } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.details).toEqual([
        { field: 'template.body/blocks/0/text', message: expect.stringMatching(/^unknown filter 'upcase' at column 14; did you mean 'upper'\?/) },
        { field: 'template.body/ok', message: expect.stringMatching(/^unknown variable 'titel' at column 4; did you mean 'title'\?/) },
      ]);
      expect((await create({ events: [] })).statusCode).toBe(400);
      expect((await create({ events: ['alert.exploded'] })).statusCode).toBe(400);
      expect((await create({ headers: { 'Content-Type': 'text/plain' } })).json().error.details[0]).toMatchObject({ field: 'headers.Content-Type', message: expect.stringMatching(/set by Klaxon/) });
      expect((await create({ url: 'ftp://8.8.8.8/x' })).json().error.details[0].message).toMatch(/must use https or http/);
      expect((await create({ url: 'https://user:pw@8.8.8.8/x' })).json().error.details[0].message).toMatch(/user name or password/);
      expect((await create({ service_ids: ['svc_00000000000000000000000000'] })).statusCode).toBe(404);
    });

    it('another organization\'s webhook is 404; a responder may not read webhooks', async () => {
      const w = (await create({})).json();
      const other = await bootstrapTenant(t, 'Other');
      for (const [m, u] of [['GET', `/api/webhooks/${w.id}`], ['PATCH', `/api/webhooks/${w.id}`], ['DELETE', `/api/webhooks/${w.id}`], ['GET', `/api/webhooks/${w.id}/deliveries`], ['POST', `/api/webhooks/${w.id}/rotate-secret`]] as const) {
        expect((await api(m, u, m === 'PATCH' ? { name: 'x' } : undefined, other.headers)).statusCode, `${m} ${u}`).toBe(404);
      }
      const responder = await addMember(t, tenant, 'responder');
      expect((await api('GET', '/api/webhooks', undefined, responder.headers)).statusCode).toBe(403);
      // A public address: never due to be sent to by the tests below.
      await api('DELETE', `/api/webhooks/${w.id}`);
    });

    it('private, loopback, link-local and IPv4-mapped addresses are refused when saved (IP literals)', async () => {
      for (const url of ['http://127.0.0.1:9/x', 'http://[::1]/x', 'http://169.254.169.254/latest/meta-data', 'http://10.1.2.3/x', 'http://[::ffff:127.0.0.1]/x', 'http://[::ffff:a9fe:a9fe]/x', 'http://0.0.0.0/x', 'http://[fd00::1]/x', 'http://192.168.1.1/x', 'http://172.16.0.1/x']) {
        const r = await create({ url });
        expect(r.statusCode, url).toBe(400);
        expect(r.json().error.details[0].message, url).toMatch(/webhooks reach public addresses only/);
      }
    });

    it('documentation and discard-only ranges, localhost names and this host\'s own addresses are refused when saved (issue 33 item 8)', async () => {
      for (const url of ['https://192.0.2.10/x', 'https://198.51.100.7/x', 'https://203.0.113.10/x', 'https://[2001:db8::1]/x', 'https://[100::1]/x', 'https://localhost/x', 'https://api.localhost:8443/x']) {
        const r = await create({ url });
        expect(r.statusCode, url).toBe(400);
        expect(r.json().error.details[0].message, url).toMatch(/(documentation|discard-only) address|a loopback name/);
      }
      // An address of one of this host's interfaces, public or not: a public one is faked here.
      const spy = vi.spyOn(os, 'networkInterfaces').mockReturnValue({ eth9: [{ address: '8.8.4.4', family: 'IPv4', netmask: '255.255.255.0', mac: '00:00:00:00:00:00', internal: false, cidr: '8.8.4.4/24' }] });
      try {
        const r = await create({ url: 'https://8.8.4.4/x' });
        expect(r.statusCode).toBe(400);
        expect(r.json().error.details[0].message).toMatch(/^the address is 8\.8\.4\.4, one of this host's own addresses/);
        dns.set('self.test', '8.8.4.4');
        expect((await create({ url: 'https://self.test/x' })).json().error.details[0].message).toMatch(/^self\.test resolves to 8\.8\.4\.4, one of this host's own addresses/);
      } finally {
        spy.mockRestore();
      }
      const later = await create({ url: 'https://8.8.4.4/x' });
      expect(later.statusCode).toBe(200);
      await api('DELETE', `/api/webhooks/${later.json().id}`);
    });

    it('a name that resolves to a blocked address is refused when saved, any of its addresses', async () => {
      dns.set('loop.test', '127.0.0.1');
      dns.set('six.test', '::1');
      dns.set('meta.test', '169.254.169.254');
      dns.set('ten.test', '10.0.0.7');
      dns.set('mapped.test', '::ffff:127.0.0.1');
      dns.set('mixed.test', '8.8.8.8', '10.0.0.7');
      for (const host of ['loop.test', 'six.test', 'meta.test', 'ten.test', 'mapped.test', 'mixed.test']) {
        const r = await create({ url: `https://${host}/x` });
        expect(r.statusCode, host).toBe(400);
        expect(r.json().error.details[0].message, host).toMatch(new RegExp(`^${host.replace('.', '\\.')} resolves to .*public addresses only`));
      }
      expect((await create({ url: 'https://nowhere.test/x' })).json().error.details[0].message).toMatch(/does not resolve/);
    });

    it('when a DNS answer changes after saving, the connection is refused and the receiver gets nothing', async () => {
      const svc = await createService(t, tenant, 'rebind');
      dns.set('rebind.test', '8.8.8.8');
      const w = (await create({ url: `http://rebind.test:${rx.port}/hook` })).json();
      expect(w.id).toMatch(/^whk_/);
      dns.set('rebind.test', '127.0.0.1');
      await t.app.inject({ method: 'POST', url: svc.ingestPath, payload: { title: 'rebind', event_key: 'rebind' } });
      await t.container.runner.drain();
      await t.container.webhookWorker.drain();
      const [d] = (await api('GET', `/api/webhooks/${w.id}/deliveries`)).json();
      expect(d).toMatchObject({ state: 'pending', attempts: 1, last_error: expect.stringMatching(/^rebind\.test resolves to 127\.0\.0\.1, a loopback address/) });
      expect(d.attempt_log[0]).toMatchObject({ outcome: 'blocked', response_status: null });
      dns.set('rebind.test', '::ffff:7f00:1');
      t.clock.advance(10_000);
      await t.container.webhookWorker.drain();
      const [again] = (await api('GET', `/api/webhooks/${w.id}/deliveries`)).json();
      expect(again.attempt_log.map((a: { outcome: string }) => a.outcome)).toEqual(['blocked', 'blocked']);
      expect(rx.requests).toHaveLength(0);
      await api('PATCH', `/api/webhooks/${w.id}`, { enabled: false });
    });

    it('preview renders every event kind of every kind, for a sample or a real alert; problems are 400s with pointer and column', async () => {
      const svc = await createService(t, tenant, 'preview');
      const alert = (await t.app.inject({ method: 'POST', url: svc.ingestPath, payload: { title: 'Real "alert"', event_key: 'pv', priority: 'low', body: 'line\nbreak' } })).json();
      for (const event of ALERT_EVENT_TYPES) {
        for (const kind of ['slack', 'teams', 'discord', 'native'] as const) {
          const r = await api('POST', '/api/webhooks/preview', { kind, event });
          expect(r.statusCode, `${kind} ${event} ${r.body}`).toBe(200);
          expect(r.json().body).toBeTypeOf('object');
          // The default bodies keep every documented provider limit: no warnings.
          expect(r.json().warnings, `${kind} ${event}`).toEqual([]);
        }
        const custom = await api('POST', '/api/webhooks/preview', { kind: 'custom', event, alert_id: alert.alert_id, template: { version: 1, body: { e: '{{ event }}', t: '{{ title }}', b: '{{ body | upper }}', s: '{{ service_name }}', p: '{{ priority | map({"low": 4}) }}', u: '{{ alert_url }}' } } });
        expect(custom.json()).toEqual({ warnings: [], body: { e: event, t: 'Real "alert"', b: 'LINE\nBREAK', s: 'preview', p: 4, u: `http://klaxon.test/alerts/${alert.alert_id}` } });
      }
      const bad = await api('POST', '/api/webhooks/preview', { kind: 'custom', template: { version: 1, body: { a: ['{{ title | truncate("x") }}'] } } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.details).toEqual([{ field: 'template.body/a/0', message: expect.stringMatching(/filter 'truncate' at column 12 needs a whole number/) }]);
      const other = await bootstrapTenant(t, 'Preview other');
      expect((await api('POST', '/api/webhooks/preview', { kind: 'native', alert_id: alert.alert_id }, other.headers)).statusCode).toBe(404);
      const native = (await api('POST', '/api/webhooks/preview', { kind: 'native', event: 'alert.resolved', alert_id: alert.alert_id })).json();
      expect(native.body).toMatchObject({ type: 'alert.resolved', data: { alert: { id: alert.alert_id, title: 'Real "alert"', priority: 'low' } } });
    });

    it('preview warns where a rendered body breaks the provider\'s documented limits (docs/adr/0464)', async () => {
      const svc = await createService(t, tenant, 'limits');
      const long = '<&>'.repeat(341) + 'x'; // 1,024 code points; escaping makes it 4.3 times longer
      const alert = (await t.app.inject({ method: 'POST', url: svc.ingestPath, payload: { title: long, event_key: 'limits', body: '&'.repeat(3000) } })).json();
      // The defaults stay within the limits for the worst title and body Klaxon accepts.
      for (const kind of ['slack', 'teams', 'discord'] as const) {
        const r = await api('POST', '/api/webhooks/preview', { kind, alert_id: alert.alert_id });
        expect(r.json().warnings, `${kind}: ${r.body.slice(0, 300)}`).toEqual([]);
      }
      const preview = async (kind: string, body: unknown) => {
        const r = await api('POST', '/api/webhooks/preview', { kind, alert_id: alert.alert_id, template: { version: 1, body } });
        expect(r.statusCode, r.body).toBe(200);
        return r.json().warnings as { pointer: string; message: string }[];
      };
      const slack = await preview('slack', {
        blocks: [
          { type: 'header', text: { type: 'plain_text', text: '{{ title }}' } },
          { type: 'section', text: { type: 'mrkdwn', text: '{{ body | escape_mrkdwn }}' } },
          ...Array.from({ length: 49 }, () => ({ type: 'divider' })),
        ],
      });
      expect(slack).toEqual([
        { pointer: '/text', message: expect.stringMatching(/fallback/) },
        { pointer: '/blocks', message: expect.stringMatching(/51 blocks; Slack allows at most 50/) },
        { pointer: '/blocks/0/text/text', message: expect.stringMatching(/a header text is 1024 characters; the provider allows 150/) },
        { pointer: '/blocks/1/text/text', message: expect.stringMatching(/a section text is 15000 characters; the provider allows 3000/) },
      ]);
      const teams = await preview('teams', {
        type: 'message',
        attachments: [{ contentType: 'application/vnd.microsoft.card.adaptive', content: { type: 'AdaptiveCard', version: '1.6', body: [{ type: 'TextBlock', text: '{{ body }}' }, { type: 'TextBlock', text: '{{ body }}' }, { type: 'TextBlock', text: '{{ title }}' }] } }],
      });
      expect(teams).toEqual([{ pointer: '/attachments/0/content/version', message: expect.stringMatching(/version "1.6": Teams renders 1.0, 1.1, 1.2, 1.3, 1.4, 1.5/) }]);
      const big = await preview('teams', { type: 'message', attachments: [{ contentType: 'application/vnd.microsoft.card.adaptive', content: { type: 'AdaptiveCard', version: '1.4', body: Array.from({ length: 10 }, () => ({ type: 'TextBlock', text: '{{ body }}' })) } }] });
      expect(big).toEqual([{ pointer: '', message: expect.stringMatching(/the message is \d+ bytes; Teams refuses more than 28672/) }]);
      const discord = await preview('discord', {
        content: '{{ body }}',
        embeds: [{ title: '{{ title }}', description: '{{ body }}', color: '{{ priority }}', fields: [{ name: 'x', value: '{{ body }}' }] }, { description: '{{ body }}' }],
      });
      expect(discord).toEqual([
        { pointer: '/content', message: expect.stringMatching(/content is 3000 characters; the provider allows 2000/) },
        { pointer: '/embeds/0/title', message: expect.stringMatching(/an embed title is 1024 characters; the provider allows 256/) },
        { pointer: '/embeds/0/fields/0/value', message: expect.stringMatching(/a field value is 3000 characters; the provider allows 1024/) },
        { pointer: '/embeds/0/color', message: expect.stringMatching(/integer from 0 to 16777215/) },
        { pointer: '/embeds', message: expect.stringMatching(/the embeds hold 10025 characters together; Discord allows 6000/) },
        { pointer: '/allowed_mentions', message: expect.stringMatching(/@everyone/) },
      ]);
      // custom and native destinations have no provider to check against.
      expect(await preview('custom', { t: '{{ body }}' })).toEqual([]);
    });
  });
}
