import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createService, type Tenant, type TestApp } from '../../helpers/app.ts';
import { addMember } from '../../helpers/people.ts';
import { HAVE_CHROMIUM, REQUIRE_BROWSER, launchChromium, PageSet, screenshot, signInThroughPage } from '../../helpers/browser.ts';
import { ensureDashboard } from '../../../src/web/build.ts';
import { hashPassword } from '../../../src/lib/password.ts';
import { ManualClock } from '../../../src/lib/clock.ts';

// Issue 34 item 7, "A team's first day": what bothered a three-person team in the dashboard, each
// checked in a real browser at the desktop size (1280 × 820). The server runs a manual clock
// (Wednesday 25 November 2026, 09:00 UTC); the data is made through the API.

const OWNER = { email: 'margaret@example.com', password: 'owner-password-1' };
const WAIT = { timeout: 45_000 };

const suite = HAVE_CHROMIUM || REQUIRE_BROWSER ? describe : describe.skip;

suite('browser: dashboard details (issue 34 item 7)', { timeout: 300_000 }, () => {
  let t: TestApp;
  let base: string;
  let browser: Browser;
  let owner: Tenant;
  let service: Awaited<ReturnType<typeof createService>>;
  const people: Record<string, string> = {};
  const pages = new PageSet();
  let p: Page;

  const api = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
    const r = await t.app.inject({ method, url, headers: owner.headers, ...(payload ? { payload } : {}) });
    expect(r.statusCode, `${method} ${url}: ${r.body}`).toBe(200);
    return r.json();
  };
  const signal = async (body: object) => {
    const r = await t.app.inject({ method: 'POST', url: service.ingestPath, payload: body });
    expect(r.statusCode, r.body).toBe(202);
    return r.json() as { alert_id: string };
  };

  beforeAll(async () => {
    const dashboard = await ensureDashboard();
    t = await buildTestApp({ dialect: 'sqlite', dashboard, clock: new ManualClock('2026-11-25T09:00:00.000Z'), env: { KLAXON_WEBHOOK_ALLOW_PRIVATE: 'true' } });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const r = await t.container.services.orgs.bootstrap({ orgName: 'Acme Platform Team', email: OWNER.email, password: OWNER.password });
    owner = { orgId: r.org_id, userId: r.user_id, apiKey: r.api_key, ingestKey: r.ingest_key, headers: { authorization: `Bearer ${r.api_key}`, 'x-service-org': r.org_id } } as Tenant;
    await t.container.db.updateTable('users').set({ name: 'Margaret Hamilton' }).where('id', '=', r.user_id).execute();
    const hash = await hashPassword('member-password-1');
    for (const name of ['Alice', 'Bob', 'Cleo']) {
      const m = await addMember(t, owner, 'responder', { email: `${name.toLowerCase()}@example.com`, passwordHash: hash });
      await t.container.db.updateTable('users').set({ name }).where('id', '=', m.userId).execute();
      people[name] = m.userId;
    }
    service = await createService(t, owner, 'payments');
    browser = await launchChromium();
    p = await pages.open(browser, base);
    await signInThroughPage(p, OWNER.email, OWNER.password, WAIT.timeout);
  }, 180_000);
  afterAll(async () => {
    await pages.close();
    await browser?.close();
    await t?.close();
  });

  it('the header stays on one row at 1280 px', async () => {
    await p.goto('/alerts');
    await p.getByRole('heading', { name: 'Alerts', level: 1 }).waitFor(WAIT);
    const box = async (selector: string) => (await p.locator(selector).first().boundingBox())!;
    const bar = await box('header.topbar');
    const nav = await box('header.topbar nav');
    const end = await box('header.topbar .topbar-end');
    await screenshot(p, 'details-header-1280');
    // One row: the end of the bar sits beside the navigation, not under it.
    expect(end.y, 'the right-hand group wrapped under the navigation').toBeLessThan(nav.y + nav.height);
    expect(bar.height).toBeLessThan(70);
  });

  let resolvedId = '';
  it('one repeat is "1 repeat" in the alert list', async () => {
    ({ alert_id: resolvedId } = await signal({ title: 'Card payments failing', event_key: 'cards', priority: 'high' }));
    await signal({ title: 'Card payments failing', event_key: 'cards', priority: 'high' });
    await signal({ action: 'resolve', event_key: 'cards' });
    await signal({ title: 'Refund queue stuck', event_key: 'refunds', priority: 'medium' });
    await signal({ title: 'Refund queue stuck', event_key: 'refunds', priority: 'medium' });
    await p.goto('/alerts');
    const row = p.getByRole('row').filter({ hasText: 'Refund queue stuck' });
    await row.waitFor(WAIT);
    await expect(row.innerText()).resolves.toContain('1 repeat');
    await expect(row.innerText()).resolves.not.toContain('1 repeats');
  });

  it('an alert resolved by its source says which source, not "a member"', async () => {
    await p.goto(`/alerts/${resolvedId}`);
    await p.getByRole('heading', { name: 'Card payments failing', level: 1 }).waitFor(WAIT);
    await p.getByText('Resolved by source "Default webhook"').waitFor(WAIT); // the timeline is in
    const resolved = p.locator('.facts div').filter({ has: p.locator('dt', { hasText: 'Resolved' }) }).locator('dd');
    await expect(resolved.innerText()).resolves.toMatch(/ by source "Default webhook"$/);
    await expect(resolved.innerText()).resolves.not.toContain('member');
    await screenshot(p, 'details-alert-resolved-by-source');
  });

  it('the alert timeline tells the time to the second', async () => {
    await p.goto(`/alerts/${resolvedId}`);
    const first = p.getByRole('heading', { name: 'Timeline' }).locator('..').locator('li time').first();
    await first.waitFor(WAIT);
    // 09:00:00 UTC, to the second.
    await expect(first.innerText()).resolves.toMatch(/\b9:00:00\b/);
  });

  it('"Enabled" on a source is not drawn in the warning colour', async () => {
    await p.goto(`/services/${service.id}`);
    const badge = p.locator('.badge', { hasText: /^Enabled$/ }).first();
    await badge.waitFor(WAIT);
    // The badge's colours, and those of the warning (acknowledged) badge, as the page draws them.
    const [color, background, warn] = await badge.evaluate((el) => {
      const doc = el.ownerDocument;
      const styleOf = (e: typeof el) => doc.defaultView!.getComputedStyle(e);
      const probe = doc.createElement('span');
      probe.className = 'badge status-acknowledged';
      doc.body.append(probe);
      const w = [styleOf(probe).color, styleOf(probe).backgroundColor];
      probe.remove();
      return [styleOf(el).color, styleOf(el).backgroundColor, w] as const;
    });
    expect(color).not.toBe(warn[0]);
    expect(background).not.toBe(warn[1]);
  });

  it('a two-hour override is drawn wide enough to read its name; "Next handoff" is the next change of person, not an override keeping her on', async () => {
    const s = await api('POST', '/api/schedules', {
      name: 'Payments on call', time_zone: 'UTC', repeat: 0,
      levels: [{ level: 1, timeout_minutes: 15, layers: [{ name: 'Weekly', precedence: 1, rotation: { unit: 'week', length: 1, handoff_local: '2026-11-23T09:00', participants: [people.Alice, people.Bob] } }] }],
    });
    // Cleo takes Alice's place for two hours on Thursday.
    await api('POST', `/api/schedules/${s.id}/overrides`, { level: 1, kind: 'replace', remove_user_id: people.Alice, add_user_id: people.Cleo, start: '2026-11-26T10:00:00Z', end: '2026-11-26T12:00:00Z' });
    // Alice covers Bob's first day (Monday 30th 09:00 to Tuesday 09:00): she stays on at the handoff.
    await api('POST', `/api/schedules/${s.id}/overrides`, { level: 1, kind: 'replace', remove_user_id: people.Bob, add_user_id: people.Alice, start: '2026-11-30T09:00:00Z', end: '2026-12-01T09:00:00Z' });
    await p.goto(`/schedules/${s.id}`);
    await p.getByRole('heading', { name: 'Payments on call', level: 1 }).waitFor(WAIT);
    const block = p.getByRole('region', { name: 'Shift timeline' }).getByRole('listitem', { name: 'Cleo, level 1: Thu 26 Nov, 10:00 to Thu 26 Nov, 12:00 (override)', exact: true });
    await block.waitFor(WAIT);
    const size = (await block.boundingBox())!;
    expect(size.width, 'the override is a sliver').toBeGreaterThanOrEqual(56);
    const who = block.locator('.tl-who');
    const fits = await who.evaluate((el) => el.scrollWidth <= el.clientWidth);
    expect(fits, 'the name is cut').toBe(true);
    await expect(who.innerText()).resolves.toContain('Cleo');
    await screenshot(p, 'details-schedule-short-override');
    // Now (Wed 09:00) Alice is on; the next change of person is Cleo's override on Thursday 10:00.
    await expect(p.getByText(/^Next handoff /).first().innerText()).resolves.toBe('Next handoff Thu 26 Nov, 10:00');
    // From Thursday noon, the next change is Tuesday 09:00, when Alice's cover of Bob ends, not Monday's handoff.
    t.clock.set(new Date('2026-11-26T13:00:00.000Z'));
    await p.reload();
    await p.getByRole('heading', { name: 'Payments on call', level: 1 }).waitFor(WAIT);
    await expect(p.getByText(/^Next handoff /).first().innerText(WAIT)).resolves.toBe('Next handoff Tue 1 Dec, 09:00');
    t.clock.set(new Date('2026-11-25T09:00:00.000Z'));
  });

  it('"Rotate secret" is offered only for destinations whose deliveries are signed', async () => {
    const slack = await api('POST', '/api/webhooks', { name: 'Team channel', kind: 'slack', url: 'http://127.0.0.1:9/slack', events: ['alert.triggered'] });
    const custom = await api('POST', '/api/webhooks', { name: 'Our receiver', kind: 'custom', url: 'http://127.0.0.1:9/custom', events: ['alert.triggered'], template: { version: 1, body: { title: '{{ title }}' } } });
    await p.goto(`/webhooks/${custom.id}`);
    await p.getByRole('heading', { name: 'Our receiver', level: 1 }).waitFor(WAIT);
    await p.getByRole('button', { name: 'Rotate secret' }).waitFor(WAIT);
    await p.goto(`/webhooks/${slack.id}`);
    await p.getByRole('heading', { name: 'Team channel', level: 1 }).waitFor(WAIT);
    await p.getByRole('button', { name: 'Send test' }).waitFor(WAIT);
    expect(await p.getByRole('button', { name: 'Rotate secret' }).count()).toBe(0);
    await pages.expectAccessible(p, 'a Slack webhook');
  });
});
