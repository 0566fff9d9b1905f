import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createService, type Tenant, type TestApp } from '../../helpers/app.ts';
import { addMember } from '../../helpers/people.ts';
import { HAVE_CHROMIUM, REQUIRE_BROWSER, launchChromium, PageSet, signInThroughPage } from '../../helpers/browser.ts';
import { ensureDashboard } from '../../../src/web/build.ts';
import { ManualClock } from '../../../src/lib/clock.ts';
import { newId } from '../../../src/lib/ids.ts';
import type { Channel, DeliveryProvider, OutboundMessage } from '../../../src/modules/paging/delivery.port.ts';

// Issue 35 (PRODUCT.md 10): a person sets "push at 0 s, SMS at 60 s" for high urgency on their
// profile page; a critical alert pages them exactly that way (fake push and SMS providers that
// record each message); the schedule page marks a member with no verified number (and no device)
// as unreachable.

const OWNER = { email: 'owner@example.com', password: 'owner-password-1' };
const WAIT = { timeout: 45_000 };
const suite = HAVE_CHROMIUM || REQUIRE_BROWSER ? describe : describe.skip;

suite('browser: a person sets how they are reached, and is paged that way', { timeout: 300_000 }, () => {
  let t: TestApp;
  let base: string;
  let browser: Browser;
  let owner: Tenant;
  let serviceIngest: string;
  const pages = new PageSet();
  const sent: { channel: Channel; to: string; at: string }[] = [];
  const fake = (channel: Channel): DeliveryProvider => ({
    name: `fake-${channel}`, channels: [channel], configured: () => true,
    send: async (m: OutboundMessage) => {
      sent.push({ channel, to: m.to.address, at: t.clock.now().toISOString() });
      return { state: 'sent' };
    },
  });

  beforeAll(async () => {
    const dashboard = await ensureDashboard();
    t = await buildTestApp({ dialect: 'sqlite', dashboard, clock: new ManualClock('2026-11-25T09:00:00.000Z'), container: { providers: [fake('push'), fake('sms'), fake('voice')] } });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const r = await t.container.services.orgs.bootstrap({ orgName: 'Acme', email: OWNER.email, password: OWNER.password });
    owner = { orgId: r.org_id, userId: r.user_id, apiKey: r.api_key, headers: { authorization: `Bearer ${r.api_key}`, 'x-service-org': r.org_id } } as unknown as Tenant;
    const now = t.clock.now().toISOString();
    await t.container.db.updateTable('users').set({ name: 'Olga', email_verified_at: now }).where('id', '=', owner.userId).execute();
    await t.container.db.insertInto('devices').values({
      id: newId('dev'), user_id: owner.userId, platform: 'web', name: 'Pixel 8', app_version: '1.0', critical_alerts_permitted: 0,
      push_token_sealed: t.container.box.seal('push-olga'), push_token_hash: 'h-olga', push_token_hint: 'olga', created_at: now, updated_at: now,
    }).execute();
    await t.container.db.insertInto('phone_numbers').values({
      id: newId('phn'), org_id: owner.orgId, user_id: owner.userId, e164: '+14155550123', label: 'mobile', verified_at: now,
      code_hash: null, code_expires_at: null, code_attempts: 0, created_at: now, updated_at: now,
    } as never).execute();
    const quinn = await addMember(t, owner, 'responder', { email: 'quinn@example.com' });
    await t.container.db.updateTable('users').set({ name: 'Quinn' }).where('id', '=', quinn.userId).execute();
    const layer = (id: string) => [{ name: 'Everyone', precedence: 1, rotation: { unit: 'week', length: 1, handoff_local: '2026-11-23T09:00', participants: [id] } }];
    const s = await t.app.inject({
      method: 'POST', url: '/api/schedules', headers: owner.headers,
      payload: { name: 'Platform', time_zone: 'UTC', repeat: 0, levels: [{ level: 1, timeout_minutes: 10, layers: layer(owner.userId) }, { level: 2, timeout_minutes: 10, layers: layer(quinn.userId) }] },
    });
    expect(s.statusCode, s.body).toBe(200);
    const svc = await createService(t, owner, 'checkout');
    serviceIngest = svc.ingestPath;
    const routing = await t.app.inject({ method: 'PUT', url: `/api/services/${svc.id}/routing`, headers: owner.headers, payload: { rules: [{ name: 'all', schedule_id: s.json().id }] } });
    expect(routing.statusCode, routing.body).toBe(200);
    browser = await launchChromium();
  }, 180_000);
  afterAll(async () => {
    await pages.close();
    await browser?.close();
    await t?.close();
  });

  const settle = async () => {
    for (let i = 0; i < 50; i++) {
      await t.container.runner.drain();
      const n = await t.container.engine.tick();
      await t.container.runner.drain();
      if (n === 0 && (await t.container.engine.tick()) === 0) return;
    }
  };

  it('push at 0 s, SMS at 60 s from the profile page; a critical alert pages that way; Quinn is marked unreachable', async () => {
    const p = await pages.open(browser, base);
    await signInThroughPage(p, OWNER.email, OWNER.password, WAIT.timeout);
    await p.getByRole('link', { name: /^My profile/ }).click();
    const section = p.getByRole('region', { name: "How you're reached" });
    await section.waitFor(WAIT);
    await section.getByRole('button', { name: 'Add high urgency step' }).click();
    await section.getByRole('button', { name: 'Add high urgency step' }).click();
    await section.getByLabel('High urgency step 1 channel').selectOption('push');
    await section.getByLabel('High urgency step 1 delay in seconds').fill('0');
    await section.getByLabel('High urgency step 2 channel').selectOption('sms');
    await section.getByLabel('High urgency step 2 delay in seconds').fill('60');
    expect(await section.getByTestId('rules-preview-high').textContent()).toBe('0 s push to every device · 60 s sms to your number');
    await section.getByRole('button', { name: 'Save how I am reached' }).click();
    await section.getByRole('status').filter({ hasText: 'Saved.' }).waitFor(WAIT);
    await pages.expectAccessible(p, 'the profile with its notification rules');
    const saved = await t.app.inject({ method: 'GET', url: '/api/me/notification-rules', headers: owner.headers });
    expect(saved.json().high).toEqual([{ channel: 'push', delay_seconds: 0 }, { channel: 'sms', delay_seconds: 60 }]);

    const res = await t.app.inject({ method: 'POST', url: serviceIngest, payload: { title: 'Checkout down', priority: 'critical' } });
    expect(res.statusCode, res.body).toBe(202);
    await settle();
    expect(sent).toEqual([{ channel: 'push', to: 'push-olga', at: '2026-11-25T09:00:00.000Z' }]);
    t.clock.advance(59_000);
    await settle();
    expect(sent).toHaveLength(1);
    t.clock.advance(1_000);
    await settle();
    expect(sent).toEqual([
      { channel: 'push', to: 'push-olga', at: '2026-11-25T09:00:00.000Z' },
      { channel: 'sms', to: '+14155550123', at: '2026-11-25T09:01:00.000Z' },
    ]);
    // No voice step: her own list replaced the level's (push, sms, voice at 120 s).
    t.clock.advance(120_000);
    await settle();
    expect(sent).toHaveLength(2);
    const ack = await t.app.inject({ method: 'PUT', url: `/api/alerts/${res.json().alert_id}/ack`, headers: owner.headers });
    expect(ack.statusCode).toBe(200);

    // The schedule page marks Quinn (no verified number, no device) unreachable, not Olga.
    await p.getByRole('link', { name: 'Schedules' }).click();
    await p.getByRole('link', { name: 'Platform' }).click();
    await p.getByRole('heading', { name: 'Platform', level: 1 }).waitFor(WAIT);
    const timeline = p.getByRole('region', { name: 'Shift timeline' });
    await timeline.locator('li.unreachable').first().waitFor(WAIT);
    const marked = await timeline.locator('li.unreachable').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
    expect(marked.length).toBeGreaterThan(0);
    expect(marked.every((l) => l.startsWith('Quinn, level 2'))).toBe(true);
    expect(await timeline.locator('li.unreachable').first().getAttribute('title')).toContain('sms: no verified phone number');
  });
});
