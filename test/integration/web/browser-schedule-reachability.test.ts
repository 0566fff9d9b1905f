import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type Tenant, type TestApp } from '../../helpers/app.ts';
import { addMember } from '../../helpers/people.ts';
import { HAVE_CHROMIUM, REQUIRE_BROWSER, launchChromium, PageSet, signInThroughPage } from '../../helpers/browser.ts';
import { ensureDashboard } from '../../../src/web/build.ts';
import { ManualClock } from '../../../src/lib/clock.ts';
import { newId } from '../../../src/lib/ids.ts';
import type { DeliveryProvider } from '../../../src/modules/paging/delivery.port.ts';

// Issue 34 item 2 (PRODUCT.md 10; docs/adr/0745): the schedule page's escalation preview warns
// about each person on call it cannot reach, with why, from GET /api/schedules/{id}/reachability.
// Push is configured (a fake); Twilio and email are not. Ann (level 1) has no device; Bob (level
// 2) has a working one.

const OWNER = { email: 'owner@example.com', password: 'owner-password-1' };
const WAIT = { timeout: 45_000 };
const fakePush: DeliveryProvider = { name: 'fake-push', channels: ['push'], configured: () => true, send: async () => ({ state: 'sent' }) };

const suite = HAVE_CHROMIUM || REQUIRE_BROWSER ? describe : describe.skip;

suite('browser: the escalation preview warns about people it cannot reach', { timeout: 300_000 }, () => {
  let t: TestApp;
  let base: string;
  let browser: Browser;
  const pages = new PageSet();

  beforeAll(async () => {
    const dashboard = await ensureDashboard();
    t = await buildTestApp({ dialect: 'sqlite', dashboard, clock: new ManualClock('2026-11-25T09:00:00.000Z'), container: { providers: [fakePush] } });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const r = await t.container.services.orgs.bootstrap({ orgName: 'Acme', email: OWNER.email, password: OWNER.password });
    const owner = { orgId: r.org_id, userId: r.user_id, apiKey: r.api_key, headers: { authorization: `Bearer ${r.api_key}`, 'x-service-org': r.org_id } } as unknown as Tenant;
    const ids: Record<string, string> = {};
    for (const name of ['Ann', 'Bob']) {
      const m = await addMember(t, owner, 'responder', { email: `${name.toLowerCase()}@example.com` });
      await t.container.db.updateTable('users').set({ name }).where('id', '=', m.userId).execute();
      ids[name] = m.userId;
    }
    const now = t.clock.now().toISOString();
    await t.container.db.insertInto('devices').values({
      id: newId('dev'), user_id: ids.Bob!, platform: 'web', name: 'laptop', app_version: '1.0', critical_alerts_permitted: 0,
      push_token_sealed: t.container.box.seal('push-bob'), push_token_hash: 'h-bob', push_token_hint: 'bob', created_at: now, updated_at: now,
    }).execute();
    const layer = (who: string) => [{ name: 'Everyone', precedence: 1, rotation: { unit: 'week', length: 1, handoff_local: '2026-11-23T09:00', participants: [ids[who]] } }];
    const s = await t.app.inject({
      method: 'POST', url: '/api/schedules', headers: owner.headers,
      payload: { name: 'Platform', time_zone: 'UTC', repeat: 0, levels: [{ level: 1, timeout_minutes: 10, layers: layer('Ann') }, { level: 2, timeout_minutes: 10, layers: layer('Bob') }] },
    });
    expect(s.statusCode, s.body).toBe(200);
    browser = await launchChromium();
  }, 180_000);
  afterAll(async () => {
    await pages.close();
    await browser?.close();
    await t?.close();
  });

  const preview = (p: Page) => p.getByRole('region', { name: 'If an alert came in now' });

  it('marks Ann (no device, no number) with why, and not Bob (a working device)', async () => {
    const p = await pages.open(browser, base);
    await signInThroughPage(p, OWNER.email, OWNER.password, WAIT.timeout);
    await p.getByRole('link', { name: 'Schedules' }).click();
    await p.getByRole('link', { name: 'Platform' }).click();
    await p.getByRole('heading', { name: 'Platform', level: 1 }).waitFor(WAIT);
    const warning = preview(p).getByTestId('preview-unreachable');
    await warning.first().waitFor(WAIT);
    expect(await warning.allTextContents()).toEqual([
      '! Ann cannot be reached by high-urgency pages: push: no working device; sms: not configured on this server; voice: not configured on this server.',
    ]);
    // The shift timeline marks Ann's shifts (level 1), not Bob's (level 2).
    const timeline = p.getByRole('region', { name: 'Shift timeline' });
    expect(await timeline.locator('li.unreachable').count()).toBeGreaterThan(0);
    const marked = await timeline.locator('li.unreachable').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
    expect(marked.every((l) => l.startsWith('Ann, level 1'))).toBe(true);
    expect(await timeline.locator('li.unreachable').first().getAttribute('title')).toContain('cannot be reached: push: no working device');
    await pages.expectAccessible(p, 'the schedule page with an unreachable person');
  });
});
