import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutboundMessage } from '../../../src/modules/paging/delivery.port.ts';
import { DIALECTS, bootstrapTenant, buildTestApp, createService, type Tenant, type TestApp } from '../../helpers/app.ts';
import { type Receiver, startReceiver } from '../../helpers/webhook-receiver.ts';

// The `chat` channel (PRODUCT.md 7.2) as the paging engine uses it: container.chatProvider (also in container.providers), given
// an OutboundMessage whose to.address is a chat destination, posts the page to a receiver on loopback.

for (const dialect of DIALECTS) {
  describe(`${dialect}: the chat delivery provider`, () => {
    let t: TestApp;
    let tenant: Tenant;
    let rx: Receiver;
    let alertId: string;

    beforeAll(async () => {
      t = await buildTestApp({ dialect, env: { KLAXON_WEBHOOK_ALLOW_PRIVATE: 'true' } });
      tenant = await bootstrapTenant(t);
      rx = await startReceiver();
      const svc = await createService(t, tenant, 'payments');
      alertId = (await t.app.inject({ method: 'POST', url: svc.ingestPath, payload: { title: 'Checkout <down>', event_key: 'chat' } })).json().alert_id;
    });
    afterAll(async () => {
      await rx?.close();
      await t?.close();
    });

    const destination = async (kind: string, path: string, headers = tenant.headers) => {
      const r = await t.app.inject({ method: 'POST', url: '/api/webhooks', headers, payload: { name: kind, kind, url: rx.url(path), events: ['alert.resolved'], ...(kind === 'custom' ? { template: { version: 1, body: {} } } : {}) } });
      expect(r.statusCode, r.body).toBe(200);
      return r.json().id as string;
    };
    const message = (address: string, alert = alertId): OutboundMessage => ({
      id: 'ntf_1', idempotencyKey: 'k', channel: 'chat', to: { kind: 'chat', address, destinationId: address },
      alert: { id: alert, title: 'Checkout <down>', body: 'p99 > 2 s', priority: 'critical', urgency: 'high', url: `http://klaxon.test/alerts/${alert}`, serviceName: 'payments' },
      critical: true, collapseId: alert, people: [{ id: 'usr_1', name: 'Ada Lovelace' }, { id: 'usr_2', name: 'Grace <Hopper>' }], expiresAt: Date.now() + 60_000,
    });
    const send = (m: OutboundMessage) => t.container.chatProvider.send(m, { deadlineMs: 5_000, signal: new AbortController().signal });

    it('posts the page with the people named, with the provider\'s template', async () => {
      expect(t.container.chatProvider).toMatchObject({ name: 'chat', channels: ['chat'] });
      expect(t.container.chatProvider.configured()).toBe(true);
      const slack = await destination('slack', '/slack');
      expect(await send(message(slack))).toEqual({ state: 'delivered' });
      const body = JSON.parse(rx.requests.at(-1)!.body);
      expect(body.text).toBe('📟 Paging Ada Lovelace, Grace &lt;Hopper&gt;: Checkout &lt;down&gt; (critical)');
      expect(body.blocks.find((b: { type: string }) => b.type === 'actions').elements[0].url).toBe(`http://klaxon.test/alerts/${alertId}`);
      const discord = await destination('discord', '/discord');
      expect(await send(message(discord))).toEqual({ state: 'delivered' });
      expect(JSON.parse(rx.requests.at(-1)!.body)).toMatchObject({ content: expect.stringContaining('Paging Ada Lovelace, Grace <Hopper>'), allowed_mentions: { parse: [] } });
      const teams = await destination('teams', '/teams');
      expect(await send(message(teams))).toEqual({ state: 'accepted' });
    });

    it('maps answers to outcomes: gone, throttled, refused, unknown and foreign destinations', async () => {
      const slack = await destination('slack', '/slack-2');
      rx.reply({ status: 404, body: 'no_service' });
      expect(await send(message(slack))).toMatchObject({ state: 'failed', disable: 'unregistered' });
      rx.reply({ status: 429, headers: { 'retry-after': '30' } });
      expect(await send(message(slack))).toEqual({ state: 'retry', detail: 'HTTP 429', retryAfterMs: 30_000 });
      rx.reply({ status: 403, body: 'action_prohibited' });
      expect(await send(message(slack))).toMatchObject({ state: 'config_error' });
      expect(await send(message('whk_00000000000000000000000000'))).toMatchObject({ state: 'failed' });
      expect(await send(message(await destination('custom', '/custom')))).toMatchObject({ state: 'config_error' });
      // Another organization's alert never goes through this organization's destination.
      const other = await bootstrapTenant(t, 'Other');
      const otherSvc = await createService(t, other, 'x');
      const otherAlert = (await t.app.inject({ method: 'POST', url: otherSvc.ingestPath, payload: { title: 'x', event_key: 'x' } })).json().alert_id;
      const before = rx.requests.length;
      expect(await send(message(slack, otherAlert))).toMatchObject({ state: 'failed' });
      expect(rx.requests.length).toBe(before);
      await t.app.inject({ method: 'PATCH', url: `/api/webhooks/${slack}`, headers: tenant.headers, payload: { enabled: false } });
      expect(await send(message(slack))).toMatchObject({ state: 'failed', detail: expect.stringMatching(/disabled/) });
    });
  });
}
