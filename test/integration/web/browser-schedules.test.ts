import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createService, type Tenant, type TestApp } from '../../helpers/app.ts';
import { addMember } from '../../helpers/people.ts';
import { HAVE_CHROMIUM, REQUIRE_BROWSER, launchChromium, newContext, screenshot as fullPage, PageSet, signInThroughPage } from '../../helpers/browser.ts';
import { ensureDashboard } from '../../../src/web/build.ts';
import { hashPassword } from '../../../src/lib/password.ts';
import { ManualClock } from '../../../src/lib/clock.ts';
import { type FakeSlack, startFakeSlack } from '../../helpers/fakes/slack.ts';

// The schedule pages in a real browser (issue 24, point 3): an admin builds a two-level schedule
// and an override through the UI, and the timeline draws what GET …/shifts answers. The server's
// clock is a manual one (Wednesday 25 November 2026, 09:00 UTC), and the page takes "now" from the
// server's on-call answer, so the drawn weeks and who is on call are the same on every run.

const OWNER = { email: 'owner@example.com', password: 'owner-password-1' };
const PASSWORD = 'member-password-1';
const WAIT = { timeout: 45_000 };
const ZONE = 'Europe/Berlin';

/** From the top of the page, so the sticky top bar is not drawn over the middle of a full-page shot. */
const screenshot = async (p: Page, name: string) => {
  await p.evaluate('window.scrollTo(0, 0)');
  await fullPage(p, name);
};

const SLACK_TOKEN = 'xoxb-1111-2222-klaxontesttoken';

const suite = HAVE_CHROMIUM || REQUIRE_BROWSER ? describe : describe.skip;

suite('browser: the schedule pages', { timeout: 300_000 }, () => {
  let t: TestApp;
  let base: string;
  let browser: Browser;
  let owner: Tenant;
  let scheduleId: string;
  const people: Record<string, string> = {};
  const pages = new PageSet();
  let slack: FakeSlack;

  beforeAll(async () => {
    const dashboard = await ensureDashboard();
    slack = await startFakeSlack({ token: SLACK_TOKEN, channels: ['C0ALERTS1'] });
    t = await buildTestApp({ dialect: 'sqlite', dashboard, clock: new ManualClock('2026-11-25T09:00:00.000Z'), env: { SLACK_API_URL: slack.url } });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const r = await t.container.services.orgs.bootstrap({ orgName: 'Acme', email: OWNER.email, password: OWNER.password });
    owner = { orgId: r.org_id, userId: r.user_id, apiKey: r.api_key, ingestKey: r.ingest_key, headers: { authorization: `Bearer ${r.api_key}`, 'x-service-org': r.org_id } } as Tenant;
    const hash = await hashPassword(PASSWORD);
    for (const [name, role] of [['Alice', 'responder'], ['Bob', 'responder'], ['Cleo', 'responder'], ['Dana', 'admin'], ['Olive', 'observer']] as const) {
      const m = await addMember(t, owner, role, { email: `${name.toLowerCase()}@example.com`, passwordHash: hash });
      await t.container.db.updateTable('users').set({ name }).where('id', '=', m.userId).execute();
      people[name] = m.userId;
    }
    browser = await launchChromium();
  }, 180_000);
  afterAll(async () => {
    await pages.close();
    await browser?.close();
    await t?.close();
    await slack?.close();
  });

  const page = (opts: Parameters<typeof newContext>[2] = {}) => pages.open(browser, base, opts);
  const signIn = (p: Page, email: string, password: string) => signInThroughPage(p, email, password, WAIT.timeout);
  const accessible = (p: Page, what: string) => pages.expectAccessible(p, what);
  const block = (p: Page, name: string) => p.getByRole('region', { name: 'Shift timeline' }).getByRole('listitem', { name, exact: true });
  const openSchedule = async (p: Page) => {
    await p.getByRole('link', { name: 'Schedules' }).click();
    await p.getByRole('heading', { name: 'Schedules', level: 1 }).waitFor(WAIT);
    await p.getByRole('link', { name: 'Platform' }).click();
    await p.getByRole('heading', { name: 'Platform', level: 1 }).waitFor(WAIT);
  };

  it('an admin creates a schedule with two levels and an override; the timeline draws both levels and the override', async () => {
    const p = await page();
    await signIn(p, OWNER.email, OWNER.password);
    await p.getByRole('link', { name: 'Schedules' }).click();
    await p.getByRole('heading', { name: 'Schedules', level: 1 }).waitFor(WAIT);
    await p.getByText('No schedules yet.').waitFor(WAIT);
    await p.getByRole('link', { name: 'New schedule' }).click();
    await p.getByRole('heading', { name: 'New schedule', level: 1 }).waitFor(WAIT);
    await p.getByLabel('Name', { exact: true }).fill('Platform');
    await p.getByLabel('Time zone').fill(ZONE);
    // Level 1: Alice and Bob take weekly turns from Monday 23 November, 09:00 Berlin time.
    await p.getByLabel('Escalate to the next level after (minutes)').fill('15');
    await p.getByLabel('Level 1 first handoff').fill('2026-11-23T09:00');
    await p.getByLabel('Level 1: Alice').check();
    await p.getByLabel('Level 1: Bob').check();
    await p.getByText('Turn order: Alice → Bob').waitFor(WAIT);
    // Level 2: Cleo and Dana, daily from the same Monday.
    await p.getByRole('button', { name: 'Add level 2' }).click();
    await p.getByLabel('Escalate to the next level after (minutes)').nth(1).fill('30');
    await p.getByLabel('Level 2 shift unit').selectOption('day');
    await p.getByLabel('Level 2 first handoff').fill('2026-11-23T09:00');
    await p.getByLabel('Level 2: Cleo').check();
    await p.getByLabel('Level 2: Dana').check();
    await accessible(p, 'the new schedule form');
    await screenshot(p, 'schedule-new-desktop-light');
    await p.getByRole('button', { name: 'Create schedule' }).click();
    await p.getByRole('heading', { name: 'Platform', level: 1 }).waitFor(WAIT);
    scheduleId = new URL(p.url()).pathname.split('/').pop()!;
    expect(scheduleId).toMatch(/^sch_/);

    // Who is on call now (Wednesday 10:00 in Berlin): Alice's week; Cleo's day (Wed 09:00 → Thu 09:00).
    await expect(p.getByTestId('oncall-level-1').innerText(WAIT)).resolves.toMatch(/^Alice\s+until Mon 30 Nov, 09:00$/);
    await expect(p.getByTestId('oncall-level-2').innerText(WAIT)).resolves.toMatch(/^Cleo\s+until Thu 26 Nov, 09:00$/);

    // The timeline: two weeks from Monday 23 November, in the schedule's zone.
    await expect(p.getByTestId('timeline-range').innerText()).resolves.toBe('Nov 23 – Dec 6, 2026, times in Europe/Berlin');
    await block(p, 'Alice, level 1: Mon 23 Nov, 09:00 to Mon 30 Nov, 09:00').waitFor(WAIT);
    await block(p, 'Bob, level 1: Mon 30 Nov, 09:00 to Mon 7 Dec, 00:00').waitFor(WAIT);
    await block(p, 'Cleo, level 2: Wed 25 Nov, 09:00 to Thu 26 Nov, 09:00').waitFor(WAIT);
    await block(p, 'Dana, level 2: Thu 26 Nov, 09:00 to Fri 27 Nov, 09:00').waitFor(WAIT);
    const drawn = p.getByRole('list', { name: 'Level 2' }).getByRole('listitem');
    expect(await drawn.count()).toBe(15); // Sunday 22nd's shift runs into Monday, then 14 daily shifts
    await expect(block(p, 'Alice, level 1: Mon 23 Nov, 09:00 to Mon 30 Nov, 09:00').innerText()).resolves.toContain('Alice');

    // An override: Dana replaces Alice at level 1 from Thursday 09:00 to Friday 09:00.
    const form = p.getByRole('form', { name: 'New override' });
    await form.getByLabel('Level').selectOption('1');
    await form.getByLabel('Kind').selectOption('replace');
    await form.getByLabel('Who takes over').selectOption({ label: 'Dana' });
    await form.getByLabel('Instead of').selectOption({ label: 'Alice' });
    await form.getByLabel(`Start (${ZONE})`).fill('2026-11-26T09:00');
    await form.getByLabel(`End (${ZONE})`).fill('2026-11-27T09:00');
    await form.getByLabel('Note (optional)').fill('Alice at a conference');
    await form.getByRole('button', { name: 'Add override' }).click();
    await p.getByText('Override added.').waitFor(WAIT);
    await block(p, 'Dana, level 1: Thu 26 Nov, 09:00 to Fri 27 Nov, 09:00 (override)').waitFor(WAIT);
    await block(p, 'Alice, level 1: Mon 23 Nov, 09:00 to Thu 26 Nov, 09:00').waitFor(WAIT);
    await block(p, 'Alice, level 1: Fri 27 Nov, 09:00 to Mon 30 Nov, 09:00').waitFor(WAIT);
    await p.locator('.override-list').getByText('Dana replaces Alice').waitFor(WAIT);

    // The escalation preview: Alice first (push, SMS, voice for critical), then Cleo after 15 minutes.
    const plan = p.locator('ol.plan');
    await plan.getByText('Alice: Push at once').waitFor(WAIT);
    await plan.getByText('Alice: Voice call after 2 min').waitFor(WAIT);
    await plan.getByText('Cleo: Push at once').waitFor(WAIT);
    await plan.getByText('at Wed 25 Nov, 10:15 if nobody acknowledged').waitFor(WAIT);
    await accessible(p, 'the schedule page');
    await screenshot(p, 'schedule-desktop-light');

    // The next week moves the window by seven days.
    await p.getByRole('button', { name: 'Next week →' }).click();
    await expect(p.getByTestId('timeline-range').innerText()).resolves.toBe('Nov 30 – Dec 13, 2026, times in Europe/Berlin');
    await block(p, 'Bob, level 1: Mon 30 Nov, 09:00 to Mon 7 Dec, 09:00').waitFor(WAIT);
    await p.getByRole('button', { name: 'This week' }).click();
    await block(p, 'Alice, level 1: Mon 23 Nov, 09:00 to Thu 26 Nov, 09:00').waitFor(WAIT);
  });

  it('who is on call now follows the server clock: during the override Dana is on call at level 1', async () => {
    t.clock.set(new Date('2026-11-26T12:00:00.000Z'));
    try {
      const p = await page();
      await signIn(p, OWNER.email, OWNER.password);
      await openSchedule(p);
      await expect(p.getByTestId('oncall-level-1').innerText(WAIT)).resolves.toMatch(/^Dana\s*Override\s+until Fri 27 Nov, 09:00$/);
      await expect(p.getByTestId('oncall-level-2').innerText(WAIT)).resolves.toMatch(/^Dana\s+until Fri 27 Nov, 09:00$/);
      await p.locator('ol.plan').getByText('Dana: Push at once').first().waitFor(WAIT);
    } finally {
      t.clock.set(new Date('2026-11-25T09:00:00.000Z'));
    }
  });

  it('the level-channel matrix saves', async () => {
    const p = await page();
    await signIn(p, OWNER.email, OWNER.password);
    await openSchedule(p);
    const cell = p.getByTestId('channels-1-critical');
    await cell.getByText('Push at once, SMS after 1 min, Voice call after 2 min').waitFor(WAIT);
    await cell.getByText('default', { exact: true }).waitFor(WAIT);
    await cell.getByRole('button', { name: 'Edit channels of level 1, critical priority' }).click();
    const dialog = p.getByRole('dialog');
    await dialog.getByRole('checkbox', { name: 'Voice call' }).uncheck();
    await dialog.getByLabel('SMS delay in seconds').fill('30');
    await dialog.getByRole('checkbox', { name: 'Email' }).check();
    await dialog.getByLabel('Email delay in seconds').fill('300');
    await accessible(p, 'the level-channel dialog');
    await screenshot(p, 'schedule-channels-dialog-desktop-light');
    await dialog.getByRole('button', { name: 'Save channels' }).click();
    await p.getByText('Saved the channels of level 1, critical priority.').waitFor(WAIT);
    await cell.getByText('Push at once, SMS after 30 s, Email after 5 min').waitFor(WAIT);
    expect(await cell.getByText('default', { exact: true }).count()).toBe(0);
    const saved = (await t.app.inject({ method: 'GET', url: `/api/schedules/${scheduleId}/level-channels`, headers: owner.headers })).json() as { level: number; priority: string; default: boolean; steps: { channel: string; delay_seconds: number }[] }[];
    expect(saved.find((e) => e.level === 1 && e.priority === 'critical')).toEqual({
      level: 1, priority: 'critical', default: false, steps: [{ channel: 'push', delay_seconds: 0 }, { channel: 'sms', delay_seconds: 30 }, { channel: 'email', delay_seconds: 300 }],
    });
    expect(saved.filter((e) => !e.default)).toHaveLength(1);
    // The preview follows the saved channels.
    await p.locator('ol.plan').getByText('Alice: Email after 5 min').waitFor(WAIT);
  });

  it('a chat step picks a Slack app channel in the level-channel dialog, and the cell names it', async () => {
    const inject = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
      const r = await t.app.inject({ method, url, headers: owner.headers, ...(payload ? { payload } : {}) });
      expect(r.statusCode, r.body).toBe(200);
      return r.json();
    };
    await inject('PUT', '/api/chat/slack', { bot_token: SLACK_TOKEN, signing_secret: '8f742231b10e8888abcd99yyyzzz85a5' });
    const dest = (await inject('POST', '/api/webhooks', { name: 'ops channel', kind: 'slack_app', channel_id: 'C0ALERTS1', events: ['alert.triggered', 'alert.acknowledged', 'alert.resolved'] })) as { id: string };
    const before = (await inject('GET', `/api/schedules/${scheduleId}/level-channels`)) as { level: number; priority: string; default: boolean; steps: { channel: string; delay_seconds: number; destination_id?: string }[] }[];
    const p = await page();
    await signIn(p, OWNER.email, OWNER.password);
    await openSchedule(p);
    const cell = p.getByTestId('channels-1-critical');
    await cell.getByRole('button', { name: 'Edit channels of level 1, critical priority' }).click();
    const dialog = p.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Add a chat step' }).click();
    const choice = dialog.getByLabel('Chat step 1 destination');
    await choice.locator('option', { hasText: 'ops channel — Slack app (buttons), channel C0ALERTS1' }).waitFor({ ...WAIT, state: 'attached' });
    await choice.selectOption(dest.id);
    await dialog.getByLabel('Chat step 1 delay in seconds').fill('60');
    await accessible(p, 'the level-channel dialog with a chat step');
    await dialog.getByRole('button', { name: 'Save channels' }).click();
    await p.getByText('Saved the channels of level 1, critical priority.').waitFor(WAIT);
    await cell.getByText('Chat: ops channel — Slack app (buttons), channel C0ALERTS1').waitFor(WAIT);
    const saved = (await inject('GET', `/api/schedules/${scheduleId}/level-channels`)) as typeof before;
    expect(saved.find((e) => e.level === 1 && e.priority === 'critical')!.steps).toContainEqual({ channel: 'chat', delay_seconds: 60, destination_id: dest.id });
    // Back as the earlier tests left it, for the ones after.
    await inject('PUT', `/api/schedules/${scheduleId}/level-channels`, {
      entries: before.filter((e) => !e.default).map((e) => ({ level: e.level, priority: e.priority, steps: e.steps })),
    });
  });

  it("a service's page picks the schedule and shows the routing preview; the schedule page links back", async () => {
    const svc = await createService(t, owner, 'checkout');
    const p = await page();
    await signIn(p, OWNER.email, OWNER.password);
    await p.goto(`/services/${svc.id}`);
    await p.getByRole('heading', { name: 'checkout', level: 1 }).waitFor(WAIT);
    await p.getByLabel('Schedule (when no routing rule matches)').selectOption({ label: 'Platform' });
    await p.getByText('This service now pages with Platform.').waitFor(WAIT);
    await p.getByTestId('routing-preview').getByText('Alice: Push at once').waitFor(WAIT);
    await p.getByRole('button', { name: 'Add a routing rule' }).click();
    await p.getByRole('form', { name: 'Routing rules' }).getByLabel('Name', { exact: true }).fill('Low priority to Platform');
    await p.getByRole('group', { name: 'Rule 1: priorities (none ticked: any)' }).getByLabel('Low').check();
    await p.getByRole('button', { name: 'Save routing rules' }).click();
    await p.getByText('Routing rules saved.').waitFor(WAIT);
    await accessible(p, 'the service page with routing');
    await screenshot(p, 'service-routing-desktop-light');
    const routing = (await t.app.inject({ method: 'GET', url: `/api/services/${svc.id}/routing`, headers: owner.headers })).json() as { rules: { name: string; priorities: string[]; schedule_id: string }[] };
    expect(routing.rules).toEqual([expect.objectContaining({ name: 'Low priority to Platform', priorities: ['low'], schedule_id: scheduleId })]);
    await p.getByRole('link', { name: 'Platform' }).first().click();
    await p.getByRole('heading', { name: 'Platform', level: 1 }).waitFor(WAIT);
    const usedBy = p.locator('.used-by li');
    await expect(usedBy.innerText(WAIT)).resolves.toBe('checkout its schedule, routing rule “Low priority to Platform”');
  });

  it.each([['a responder', 'alice@example.com'], ['an observer', 'olive@example.com']])('%s reads the schedule and sees no edit actions', async (_who, email) => {
    const p = await page();
    await signIn(p, email, PASSWORD);
    await p.getByRole('link', { name: 'Schedules' }).click();
    await p.getByRole('link', { name: 'Platform' }).waitFor(WAIT);
    expect(await p.getByRole('link', { name: 'New schedule' }).count()).toBe(0);
    await p.getByRole('link', { name: 'Platform' }).click();
    await p.getByRole('heading', { name: 'Platform', level: 1 }).waitFor(WAIT);
    await block(p, 'Alice, level 1: Mon 23 Nov, 09:00 to Thu 26 Nov, 09:00').waitFor(WAIT);
    await p.locator('.override-list').getByText('Dana replaces Alice').waitFor(WAIT);
    await p.getByTestId('channels-1-critical').getByText('Push at once').waitFor(WAIT);
    for (const name of ['Edit schedule', 'Clone', 'Delete', 'Add override', 'Edit', 'Reset to default']) {
      expect(await p.getByRole('button', { name, exact: true }).count(), name).toBe(0);
      expect(await p.getByRole('link', { name, exact: true }).count(), name).toBe(0);
    }
    expect(await p.getByRole('form', { name: 'New override' }).count()).toBe(0);
    expect(await p.getByRole('button', { name: /^Edit channels/ }).count()).toBe(0);
    await accessible(p, `the schedule page as ${_who}`);
  });

  it('edits, clones and deletes a schedule; deleting one a service uses is refused with the reason', async () => {
    const p = await page();
    await signIn(p, OWNER.email, OWNER.password);
    await openSchedule(p);
    // Editing keeps whose turn it is (layers go back with their ids): Alice stays on call.
    await p.getByRole('link', { name: 'Edit schedule' }).click();
    await p.getByRole('heading', { name: 'Edit Platform', level: 1 }).waitFor(WAIT);
    await p.getByLabel('Description (optional)').fill('Checkout and payments');
    await p.getByLabel('Level 1: Olive').check();
    await p.getByText('Turn order: Alice → Bob → Olive').waitFor(WAIT);
    await p.getByRole('button', { name: 'Save schedule' }).click();
    await p.getByRole('heading', { name: 'Platform', level: 1 }).waitFor(WAIT);
    await p.getByText('Checkout and payments').waitFor(WAIT);
    await expect(p.getByTestId('oncall-level-1').innerText(WAIT)).resolves.toMatch(/^Alice\s+until Thu 26 Nov, 09:00$/);
    await p.getByRole('button', { name: 'Next week →' }).click();
    await block(p, 'Bob, level 1: Mon 30 Nov, 09:00 to Mon 7 Dec, 09:00').waitFor(WAIT);
    await block(p, 'Olive, level 1: Mon 7 Dec, 09:00 to Mon 14 Dec, 00:00').waitFor(WAIT);
    await p.getByRole('button', { name: 'Delete', exact: true }).click();
    await p.getByRole('dialog').getByRole('button', { name: 'Delete schedule' }).click();
    await p.getByRole('alert').filter({ hasText: /checkout/ }).waitFor(WAIT);
    await p.getByRole('button', { name: 'Clone' }).click();
    await p.getByRole('dialog').getByLabel('Name of the copy').fill('Platform (holidays)');
    await p.getByRole('dialog').getByRole('button', { name: 'Clone schedule' }).click();
    await p.getByRole('heading', { name: 'Platform (holidays)', level: 1 }).waitFor(WAIT);
    await block(p, 'Alice, level 1: Mon 23 Nov, 09:00 to Mon 30 Nov, 09:00').waitFor(WAIT);
    await p.getByRole('button', { name: 'Delete', exact: true }).click();
    await p.getByRole('dialog').getByRole('button', { name: 'Delete schedule' }).click();
    await p.getByRole('heading', { name: 'Schedules', level: 1 }).waitFor(WAIT);
    await p.getByRole('link', { name: 'Platform', exact: true }).waitFor(WAIT);
    expect(await p.getByRole('link', { name: 'Platform (holidays)' }).count()).toBe(0);
  });

  it('looks right at desktop and phone sizes, light and dark (screenshots in test-results/)', async () => {
    for (const viewport of ['desktop', 'phone'] as const) {
      for (const colorScheme of ['light', 'dark'] as const) {
        const p = await page({ viewport, colorScheme });
        await signIn(p, OWNER.email, OWNER.password);
        await p.goto('/schedules');
        await p.getByRole('link', { name: 'Platform', exact: true }).waitFor(WAIT);
        const summary = p.getByRole('group', { name: 'On call now in Platform', exact: true });
        await summary.getByText('Alice').waitFor(WAIT);
        await expect(summary.innerText()).resolves.toMatch(/^Level 1\s+Alice\s+Level 2\s+Cleo$/i);
        await accessible(p, `the schedule list (${viewport}, ${colorScheme})`);
        await screenshot(p, `schedules-${viewport}-${colorScheme}`);
        await p.getByRole('link', { name: 'Platform', exact: true }).click();
        await block(p, 'Alice, level 1: Mon 23 Nov, 09:00 to Thu 26 Nov, 09:00').waitFor(WAIT);
        await p.locator('ol.plan').getByText('Alice: Push at once').waitFor(WAIT);
        await accessible(p, `the schedule page (${viewport}, ${colorScheme})`);
        await screenshot(p, `schedule-${viewport}-${colorScheme}`);
      }
    }
  });
});
