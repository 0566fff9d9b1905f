import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createService, type Tenant, type TestApp } from '../../helpers/app.ts';
import { addMember, type Member } from '../../helpers/people.ts';
import { HAVE_CHROMIUM, REQUIRE_BROWSER, launchChromium, newContext, screenshot, PageSet, signInThroughPage } from '../../helpers/browser.ts';
import { ensureDashboard } from '../../../src/web/build.ts';
import { hashPassword } from '../../../src/lib/password.ts';
import { ManualClock } from '../../../src/lib/clock.ts';
import { startFakeStripe } from '../../helpers/fake-stripe.ts';

// The dashboard's organization pages (issue 24 point 3): people and invitations, API keys, the
// audit log, settings, voice and billing, in Debian's Chromium against a real server on loopback
// with a manual clock. Every wait is for something on the page; screenshots go to test-results/.

const OWNER = { email: 'owner@example.com', password: 'owner-password-1' };
const PASSWORD = 'member-password-1';
const WAIT = { timeout: 45_000 };

const suite = HAVE_CHROMIUM || REQUIRE_BROWSER ? describe : describe.skip;

suite('browser: the organization pages', { timeout: 300_000 }, () => {
  let t: TestApp;
  let base: string;
  let browser: Browser;
  let owner: Tenant;
  let responder: Member;
  let observer: Member;
  let dana: Member;
  const pages = new PageSet();

  beforeAll(async () => {
    const dashboard = await ensureDashboard();
    t = await buildTestApp({ dialect: 'sqlite', dashboard, clock: new ManualClock('2026-11-25T09:00:00.000Z') });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const r = await t.container.services.orgs.bootstrap({ orgName: 'Acme', email: OWNER.email, password: OWNER.password });
    owner = { orgId: r.org_id, userId: r.user_id, apiKey: r.api_key, ingestKey: r.ingest_key, headers: { authorization: `Bearer ${r.api_key}`, 'x-service-org': r.org_id } };
    const hash = await hashPassword(PASSWORD);
    responder = await addMember(t, owner, 'responder', { email: 'responder@example.com', passwordHash: hash });
    observer = await addMember(t, owner, 'observer', { email: 'observer@example.com', passwordHash: hash });
    dana = await addMember(t, owner, 'observer', { email: 'dana@example.com', passwordHash: hash });
    for (const [m, name] of [[responder, 'Rita Responder'], [observer, 'Oscar Observer'], [dana, 'Dana Scully']] as const) {
      await t.container.db.updateTable('users').set({ name }).where('id', '=', m.userId).execute();
    }
    await createService(t, owner, 'checkout');
    browser = await launchChromium();
  }, 180_000);
  afterAll(async () => {
    await pages.close();
    await browser?.close();
    await t?.close();
  });

  const page = (opts: Parameters<typeof newContext>[2] = {}, at = base) => pages.open(browser, at, opts);
  const signIn = (p: Page, email: string, password: string) => signInThroughPage(p, email, password, WAIT.timeout);
  const accessible = (p: Page, what: string) => pages.expectAccessible(p, what);
  const orgNav = (p: Page) => p.getByRole('navigation', { name: 'Organization' });
  const open = async (p: Page, tab: string, heading: string) => {
    await orgNav(p).getByRole('link', { name: tab, exact: true }).click();
    await p.getByRole('heading', { name: heading, level: 1 }).waitFor(WAIT);
  };
  const get = async <T,>(url: string, headers = owner.headers) => (await t.app.inject({ method: 'GET', url, headers })).json() as T;

  it('an owner invites a person (the invitation appears with its link once) and revokes it', async () => {
    const p = await page();
    await signIn(p, OWNER.email, OWNER.password);
    await p.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Organization' }).click();
    await p.getByRole('heading', { name: 'People', level: 1 }).waitFor(WAIT);
    expect(new URL(p.url()).pathname).toBe('/org/people');
    await p.getByRole('cell', { name: /dana@example\.com/ }).waitFor(WAIT);
    await p.getByLabel('Email to invite').fill('new.hire@example.com');
    await p.getByLabel('Role', { exact: true }).selectOption('admin');
    await p.getByRole('button', { name: 'Send invitation' }).click();
    const dialog = p.getByRole('dialog');
    const link = await dialog.getByTestId('invitation-url').innerText({ timeout: WAIT.timeout });
    expect(link).toMatch(/token=kxv_/);
    await accessible(p, 'the invitation dialog');
    await screenshot(p, 'people-invitation-dialog-desktop-light');
    await dialog.getByRole('button', { name: 'I have saved it' }).click();
    const pending = p.getByRole('table', { name: 'Pending invitations' });
    const row = pending.getByRole('row').filter({ hasText: 'new.hire@example.com' });
    await row.waitFor(WAIT);
    await expect(row.innerText()).resolves.toMatch(/Admin/);
    expect(await p.getByTestId('invitation-url').count()).toBe(0);
    await accessible(p, 'the people page');
    await screenshot(p, 'people-desktop-light');
    await row.getByRole('button', { name: 'Revoke invitation for new.hire@example.com' }).click();
    await p.getByRole('dialog').getByRole('button', { name: 'Revoke invitation' }).click();
    await p.getByText('No pending invitations.').waitFor(WAIT);
    await p.getByText(/no longer open/).click();
    await p.getByText(/new\.hire@example\.com \(Admin\): revoked/).waitFor(WAIT);
  });

  it("an owner changes a member's role; demoting the last owner shows the server's message", async () => {
    const p = await page();
    await signIn(p, OWNER.email, OWNER.password);
    await p.goto('/org/people');
    await p.getByLabel('Role of Dana Scully').selectOption('responder');
    await p.getByRole('status').filter({ hasText: 'Dana Scully is now responder.' }).waitFor(WAIT);
    const members = await get<{ user_id: string; role: string }[]>('/api/org/members');
    expect(members.find((m) => m.user_id === dana.userId)?.role).toBe('responder');
    await p.getByLabel(`Role of ${OWNER.email}`).selectOption('admin');
    await p.getByRole('alert').filter({ hasText: /last owner of "Acme"/ }).waitFor(WAIT);
    await expect(p.getByLabel(`Role of ${OWNER.email}`).inputValue()).resolves.toBe('owner');
    pages.console(p).length = 0; // the browser logs the refused request (409)
    await accessible(p, 'the people page with the last-owner message');
  });

  let keySecret = '';
  it('creates an API key whose secret is shown once and works against /api/me; revoked, it is refused', async () => {
    const p = await page();
    await signIn(p, OWNER.email, OWNER.password);
    await p.goto('/org/people');
    await open(p, 'API keys', 'API keys');
    await p.getByLabel('Key name').fill('terraform');
    await p.getByRole('button', { name: 'Create key' }).click();
    const dialog = p.getByRole('dialog');
    keySecret = await dialog.getByTestId('api-key-secret').innerText({ timeout: WAIT.timeout });
    expect(keySecret).toMatch(/^kxp_/);
    await dialog.getByRole('button', { name: 'Copy key' }).click();
    await dialog.getByRole('button', { name: /Copied/ }).waitFor(WAIT);
    expect(await p.evaluate('navigator.clipboard.readText()')).toBe(keySecret);
    await accessible(p, 'the new-key dialog');
    await screenshot(p, 'api-key-secret-desktop-light');
    const me = await fetch(`${base}/api/me`, { headers: { authorization: `Bearer ${keySecret}`, 'x-service-org': owner.orgId } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { user: { email: string } }).user.email).toBe(OWNER.email);
    await dialog.getByRole('button', { name: 'I have saved it' }).click();
    const row = p.getByRole('row').filter({ hasText: 'terraform' });
    await row.waitFor(WAIT);
    await expect(row.innerText()).resolves.toContain(`kxp_…${keySecret.slice(-4)}`);
    // Shown once: neither the page nor a reload has it again.
    await p.reload();
    await p.getByRole('row').filter({ hasText: 'terraform' }).waitFor(WAIT);
    expect(await p.getByTestId('api-key-secret').count()).toBe(0);
    expect(await p.content()).not.toContain(keySecret);
    await accessible(p, 'the API keys page');
    await screenshot(p, 'api-keys-desktop-light');
    await p.getByRole('button', { name: 'Revoke terraform' }).click();
    await p.getByRole('dialog').getByRole('button', { name: 'Revoke key' }).click();
    await p.getByRole('row').filter({ hasText: 'terraform' }).waitFor({ state: 'detached', ...WAIT });
    const refused = await fetch(`${base}/api/me`, { headers: { authorization: `Bearer ${keySecret}`, 'x-service-org': owner.orgId } });
    expect(refused.status).toBe(401);
  });

  it('creates an alert-ingest key limited to a service', async () => {
    const p = await page();
    await signIn(p, OWNER.email, OWNER.password);
    await p.goto('/org/keys');
    await p.getByLabel('Key name').fill('prometheus');
    await p.getByLabel('Kind').selectOption('alert_ingest');
    await p.getByRole('checkbox', { name: 'checkout' }).check();
    await p.getByRole('button', { name: 'Create key' }).click();
    const secret = await p.getByTestId('api-key-secret').innerText({ timeout: WAIT.timeout });
    expect(secret).toMatch(/^kxi_/);
    await p.getByRole('dialog').getByRole('button', { name: 'I have saved it' }).click();
    await p.getByRole('row').filter({ hasText: 'prometheus' }).getByText('1 service').waitFor(WAIT);
  });

  it('filters the audit log (action, actor, target, time) and pages through it by cursor', async () => {
    // 60 real changes by the owner's key: more than one page of 50.
    const svc = await createService(t, owner, 'inventory');
    for (let i = 0; i < 60; i++) {
      const r = await t.app.inject({ method: 'PATCH', url: `/api/services/${svc.id}`, headers: owner.headers, payload: { description: `revision ${i}` } });
      expect(r.statusCode).toBe(200);
    }
    const p = await page();
    await signIn(p, OWNER.email, OWNER.password);
    await p.goto('/org/people');
    await open(p, 'Audit log', 'Audit log');
    const entries = p.getByRole('table').filter({ has: p.getByRole('columnheader', { name: 'Action' }) });
    await entries.getByText('service.update').first().waitFor(WAIT);
    // The actions of the tests above, each found by its filter.
    const filter = async (action: string) => {
      await p.getByLabel('Action').fill(action);
      await p.getByRole('button', { name: 'Apply filters' }).click();
      await p.getByRole('row').filter({ hasText: action }).first().waitFor(WAIT);
      const actions = await entries.locator('.action-name').allInnerTexts();
      expect(new Set(actions), action).toEqual(new Set([action]));
      return entries.getByRole('row');
    };
    const roleRows = await filter('member.role_change');
    await expect(roleRows.filter({ hasText: 'Dana Scully' }).innerText()).resolves.toMatch(/role: responder/);
    await filter('invitation.create');
    await filter('invitation.revoke');
    expect(await (await filter('api_key.create')).count()).toBe(3); // header + terraform + prometheus
    await filter('api_key.delete');
    await accessible(p, 'the audit log');
    await screenshot(p, 'audit-desktop-light');

    // Actor and target: dana's role change is about dana; nothing was done by dana.
    await p.getByLabel('Action').fill('');
    await p.getByLabel('Target type').selectOption('user');
    await p.getByLabel('Target id').fill(dana.userId);
    await p.getByRole('button', { name: 'Apply filters' }).click();
    await p.getByRole('row').filter({ hasText: 'member.role_change' }).waitFor(WAIT);
    await p.getByLabel('Actor').selectOption({ label: 'Dana Scully' });
    await p.getByRole('button', { name: 'Apply filters' }).click();
    await p.getByText('No entry matches these filters.').waitFor(WAIT);

    // Time range: everything happened at the manual clock's 09:00 UTC (the browser is in UTC).
    await p.getByRole('button', { name: 'Clear' }).click();
    await p.getByLabel('From').fill('2026-11-25T10:00');
    await p.getByRole('button', { name: 'Apply filters' }).click();
    await p.getByText('No entry matches these filters.').waitFor(WAIT);
    await p.getByLabel('From').fill('2026-11-25T08:00');
    await p.getByLabel('Until').fill('2026-11-25T10:00');
    await p.getByLabel('Action').fill('service.update');
    await p.getByRole('button', { name: 'Apply filters' }).click();
    await p.getByRole('button', { name: 'Load older entries' }).waitFor(WAIT);
    expect(await entries.locator('tbody tr').count()).toBe(50);
    await p.getByRole('button', { name: 'Load older entries' }).click();
    await expect.poll(() => entries.locator('tbody tr').count(), WAIT).toBe(60);
    expect(await p.getByRole('button', { name: 'Load older entries' }).count()).toBe(0);
    const changes = await entries.locator('.changes').allInnerTexts();
    expect(new Set(changes).size).toBe(60); // every revision once, none twice across the pages
  });

  it('saves organization settings and shows which channels are configured', async () => {
    const p = await page();
    await signIn(p, OWNER.email, OWNER.password);
    await p.goto('/org/settings');
    await p.getByRole('heading', { name: 'Organization settings', level: 1 }).waitFor(WAIT);
    const before = await get<{ channels: Record<string, string> }>('/api/org/settings');
    for (const [channel, state] of Object.entries(before.channels)) {
      await expect(p.getByTestId(`channel-${channel}`).innerText(), channel).resolves.toContain(state === 'configured' ? 'Configured' : 'Not configured');
    }
    await p.getByLabel('Time zone').fill('Europe/Berlin');
    await p.getByLabel('Keep resolved alerts (days)').fill('45');
    await p.getByLabel('Low', { exact: true }).selectOption('high');
    await p.getByRole('button', { name: 'Save settings' }).click();
    await p.getByRole('status').filter({ hasText: 'Settings saved.' }).waitFor(WAIT);
    const after = await get<{ time_zone: string; retention_days: number; default_urgency_rules: Record<string, string> }>('/api/org/settings');
    expect(after.time_zone).toBe('Europe/Berlin');
    expect(after.retention_days).toBe(45);
    expect(after.default_urgency_rules.low).toBe('high');
    // Phone throttles: one more SMS limit, saved; then back to the defaults.
    type Throttles = { paging_throttles: { sms: { max: number; window_minutes: number }[]; voice: unknown[] } };
    const defaults = (await get<Throttles>('/api/org/settings')).paging_throttles;
    await p.getByRole('button', { name: 'Add SMS limit' }).click();
    const n = defaults.sms.length + 1;
    await p.getByLabel(new RegExp(`^SMS limit ${n}: at most`)).fill('40');
    await p.getByLabel(new RegExp(`^SMS limit ${n}: in`)).fill('720');
    await p.getByRole('button', { name: 'Save throttles' }).click();
    await p.getByRole('status').filter({ hasText: 'Throttles saved.' }).waitFor(WAIT);
    expect((await get<Throttles>('/api/org/settings')).paging_throttles.sms).toEqual([...defaults.sms, { max: 40, window_minutes: 720 }]);
    await p.getByRole('button', { name: 'Reset to defaults' }).click();
    await p.getByRole('status').filter({ hasText: 'Throttles are back to the defaults.' }).waitFor(WAIT);
    expect((await get<Throttles>('/api/org/settings')).paging_throttles).toEqual(defaults);
    expect(await p.getByLabel(new RegExp(`^SMS limit ${n}: at most`)).count()).toBe(0);
    // A bad value: the server's message, no 5xx.
    await p.getByLabel('Time zone').fill('Mars/Olympus');
    await p.getByRole('button', { name: 'Save settings' }).click();
    await p.getByRole('alert').filter({ hasText: /time_zone|time zone/i }).waitFor(WAIT);
    pages.console(p).length = 0; // the browser logs the refused request (400)
    await accessible(p, 'the settings page');
    await screenshot(p, 'settings-desktop-light');
  });

  it('saves the voice settings', async () => {
    const p = await page();
    await signIn(p, OWNER.email, OWNER.password);
    await p.goto('/org/people');
    await open(p, 'Voice calls', 'Voice calls');
    await p.getByLabel('Key that acknowledges').selectOption('3');
    await p.getByLabel('Key that escalates').selectOption('3');
    await p.getByText('The two keys must differ.').waitFor(WAIT);
    await expect(p.getByRole('button', { name: 'Save voice settings' }).isDisabled()).resolves.toBe(true);
    await p.getByLabel('Key that escalates').selectOption('9');
    await p.getByLabel('Voice', { exact: true }).selectOption('male');
    await p.getByLabel(/^Greeting/).fill('Acme on-call.');
    await p.getByLabel('Read the message').selectOption('3');
    await p.getByText('“Acme on-call. critical alert on checkout: Disk full on db-1. Press 3 to acknowledge, 9 to escalate.”').waitFor(WAIT);
    await p.getByRole('button', { name: 'Save voice settings' }).click();
    await p.getByRole('status').filter({ hasText: 'Voice settings saved.' }).waitFor(WAIT);
    // GET /api/org/voice is a dashboard-session route: read what was stored through the service.
    const voice = await t.container.services.orgAdmin.getVoice(owner.orgId);
    expect(voice).toMatchObject({ voice: 'male', ack_key: '3', escalate_key: '9', greeting: 'Acme on-call.', repeat_count: 3 });
    await accessible(p, 'the voice page');
    await screenshot(p, 'voice-desktop-light');
  });

  it('shows billing and usage as the API says (self-hosted: billing off)', async () => {
    const p = await page();
    await signIn(p, OWNER.email, OWNER.password);
    await p.goto('/org/billing');
    await p.getByRole('heading', { name: 'Billing', level: 1 }).waitFor(WAIT);
    const status = await t.container.services.billing.status(owner.orgId);
    const usage = await t.container.services.billing.usage(owner.orgId);
    await expect(p.getByTestId('billing-off').innerText()).resolves.toBe(status.message);
    await expect(p.getByTestId('usage-seats').innerText()).resolves.toContain(String(usage.seats.used));
    await expect(p.getByTestId('usage-alerts').innerText()).resolves.toContain(String(usage.alerts.count));
    expect(await p.getByRole('button', { name: /^Preview/ }).count()).toBe(0); // nothing to buy
    await accessible(p, 'the billing page');
    await screenshot(p, 'billing-desktop-light');
    // Stripe's return address lands on the same page.
    await p.goto('/billing?checkout=cancel');
    await p.getByText('Checkout cancelled: nothing was charged.').waitFor(WAIT);
    expect(new URL(p.url()).pathname).toBe('/org/billing');
  });

  it('with Stripe billing: previews a plan, checks out on the link the API returns, opens the portal and changes the plan', async () => {
    const secretKey = 'sk_test_51KlaxonFakeSecretKey000000000000';
    const webhookSecret = 'whsec_klaxonTestSigningSecret0000000000';
    const prices = { team: 'price_team_monthly', business: 'price_business_monthly' };
    const clock = new ManualClock('2026-11-25T09:00:00.000Z');
    const stripe = await startFakeStripe({ secretKey, webhookSecret, prices: Object.values(prices), now: () => clock.now() });
    const paid = await buildTestApp({
      dialect: 'sqlite', clock, dashboard: await ensureDashboard(),
      env: { BILLING_PROVIDER: 'stripe', STRIPE_SECRET_KEY: secretKey, STRIPE_WEBHOOK_SECRET: webhookSecret, STRIPE_API_BASE: stripe.url, STRIPE_PRICE_TEAM: prices.team, STRIPE_PRICE_BUSINESS: prices.business },
    });
    let browserPage: Page | undefined;
    try {
      await paid.app.listen({ host: '127.0.0.1', port: 0 });
      const at = `http://127.0.0.1:${(paid.app.server.address() as AddressInfo).port}`;
      await paid.container.services.orgs.bootstrap({ orgName: 'Paying Co', email: OWNER.email, password: OWNER.password });
      const p = (browserPage = await page({}, at));
      // Stripe's hosted pages, as the browser would reach them (no network here).
      await p.context().route(/^https:\/\/(checkout|billing)\.stripe\.test\//, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Stripe</title><h1>Stripe</h1>' }));
      await signIn(p, OWNER.email, OWNER.password);
      await p.goto('/org/billing');
      await p.getByRole('heading', { name: 'Plans' }).waitFor(WAIT);
      expect(await p.getByTestId('billing-off').count()).toBe(0);
      await p.getByRole('button', { name: 'Preview Team' }).click();
      await p.getByText(/due now/).waitFor(WAIT);
      await accessible(p, 'the billing page with plans');
      await screenshot(p, 'billing-stripe-desktop-light');
      const checkout = p.waitForURL(/checkout\.stripe\.test/, WAIT);
      await p.getByRole('button', { name: 'Continue to checkout' }).click();
      await checkout;
      const sessionId = new URL(p.url()).pathname.split('/').pop()!;
      const { session } = stripe.completeCheckout(sessionId);
      const payload = stripe.event('checkout.session.completed', session);
      const hook = await paid.app.inject({ method: 'POST', url: '/api/billing/stripe/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': stripe.sign(payload) }, payload });
      expect(hook.json()).toEqual({ received: true, applied: true });
      // Stripe sends the person back to {KLAXON_PUBLIC_URL}/billing?checkout=success.
      await p.goto('/billing?checkout=success');
      await p.getByText(/Checkout complete/).waitFor(WAIT);
      await p.locator('.plan-card[data-current="true"]').getByRole('heading', { name: 'Team' }).waitFor(WAIT);
      const portal = p.waitForURL(/billing\.stripe\.test/, WAIT);
      await p.getByRole('button', { name: 'Manage payment and invoices' }).click();
      await portal;
      await p.goto('/org/billing');
      await p.getByRole('button', { name: 'Preview Business' }).click();
      await p.getByRole('button', { name: 'Change plan' }).click();
      await p.getByText('The plan is now Business.').waitFor(WAIT);
      expect((await paid.container.services.billing.status((await paid.container.db.selectFrom('organizations').select('id').executeTakeFirstOrThrow()).id)).plan).toBe('business');
      await accessible(p, 'the billing page after a plan change');
    } finally {
      await browserPage?.context().close(); // its event stream ends before the server closes
      await paid.close();
      await stripe.close();
    }
  });

  for (const who of ['responder', 'observer'] as const) {
    it(`${who === 'observer' ? 'an' : 'a'} ${who} sees the organization but none of its admin actions`, async () => {
      const member = who === 'responder' ? responder : observer;
      const p = await page();
      await signIn(p, member.email, PASSWORD);
      await p.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Organization' }).click();
      await p.getByRole('heading', { name: 'People', level: 1 }).waitFor(WAIT);
      await p.getByRole('cell', { name: /Dana Scully/ }).waitFor(WAIT);
      expect(await p.getByRole('combobox').filter({ hasText: 'Owner' }).count()).toBe(0); // no role selects
      expect(await p.getByLabel('Email to invite').count()).toBe(0);
      expect(await p.getByRole('button', { name: /^Remove/ }).count()).toBe(0);
      expect(await p.getByRole('heading', { name: 'Invitations' }).count()).toBe(0);
      expect(await orgNav(p).getByRole('link', { name: 'Audit log' }).count()).toBe(0);
      await accessible(p, `the people page as ${who}`);
      await screenshot(p, `people-${who}-desktop-light`);

      await open(p, 'API keys', 'API keys');
      await p.getByRole('row').filter({ hasText: 'prometheus' }).waitFor(WAIT);
      expect(await p.getByLabel('Key name').count()).toBe(0);
      expect(await p.getByRole('button', { name: /^Revoke/ }).count()).toBe(0);

      await open(p, 'Settings', 'Organization settings');
      await p.getByTestId('channel-sms').waitFor(WAIT);
      expect(await p.getByRole('button', { name: 'Save settings' }).count()).toBe(0);
      expect(await p.getByRole('button', { name: /Save throttles|Add SMS limit/ }).count()).toBe(0);
      expect(await p.getByRole('button', { name: /Delete organization/ }).count()).toBe(0);
      await expect(p.getByLabel('Time zone').getAttribute('readonly')).resolves.not.toBeNull();

      await open(p, 'Voice calls', 'Voice calls');
      await p.getByLabel('Key that acknowledges').waitFor(WAIT);
      expect(await p.getByRole('button', { name: 'Save voice settings' }).count()).toBe(0);
      await expect(p.getByLabel('Key that acknowledges').isDisabled()).resolves.toBe(true);

      await open(p, 'Billing', 'Billing');
      await p.getByTestId('usage-seats').waitFor(WAIT);
      expect(await p.getByRole('button', { name: /Preview|Manage payment/ }).count()).toBe(0);

      // The audit log by its address: said in words, not a broken page.
      await p.goto('/org/audit');
      await p.getByText('Admins and owners read the audit log.').waitFor(WAIT);
      await accessible(p, `the organization pages as ${who}`);
    });
  }

  it('an admin configures (keys, settings, audit log) but manages neither members nor the organization', async () => {
    const admin = await addMember(t, owner, 'admin', { email: 'admin@example.com', passwordHash: await hashPassword(PASSWORD) });
    const p = await page();
    await signIn(p, admin.email, PASSWORD);
    await p.goto('/org/people');
    await p.getByRole('cell', { name: /Rita Responder/ }).waitFor(WAIT);
    expect(await p.getByLabel(/^Role of/).count()).toBe(0);
    expect(await p.getByLabel('Email to invite').count()).toBe(0);
    await open(p, 'API keys', 'API keys');
    await p.getByLabel('Key name').waitFor(WAIT);
    await open(p, 'Audit log', 'Audit log');
    await p.locator('.action-name').first().waitFor(WAIT);
    await open(p, 'Settings', 'Organization settings');
    await p.getByRole('button', { name: 'Save settings' }).waitFor(WAIT);
    expect(await p.getByRole('button', { name: /Delete organization/ }).count()).toBe(0);
    await accessible(p, 'the organization pages as an admin');
  });

  it('a member leaves the organization', async () => {
    const p = await page();
    await signIn(p, dana.email, PASSWORD);
    await p.goto('/org/people');
    await p.getByRole('button', { name: 'Leave organization' }).click();
    await p.getByRole('dialog').getByRole('button', { name: 'Leave', exact: true }).click();
    await p.getByRole('heading', { name: 'Sign in to Klaxon' }).waitFor(WAIT);
    const members = await get<{ user_id: string }[]>('/api/org/members');
    expect(members.some((m) => m.user_id === dana.userId)).toBe(false);
  });

  it('an owner deletes an organization after typing its name', async () => {
    const other = await t.container.services.orgs.bootstrap({ orgName: 'Sandbox', email: 'sandbox@example.com', password: PASSWORD });
    const p = await page();
    await signIn(p, 'sandbox@example.com', PASSWORD);
    await p.goto('/org/settings');
    await p.getByRole('button', { name: 'Delete organization…' }).click();
    const dialog = p.getByRole('dialog');
    const confirm = dialog.getByRole('button', { name: 'Delete forever' });
    await expect(confirm.isDisabled()).resolves.toBe(true);
    await dialog.getByLabel(/Type Sandbox to confirm/).fill('sandbox');
    await expect(confirm.isDisabled()).resolves.toBe(true);
    await dialog.getByLabel(/Type Sandbox to confirm/).fill('Sandbox');
    await accessible(p, 'the delete dialog');
    await screenshot(p, 'delete-org-dialog-desktop-light');
    await confirm.click();
    await p.getByRole('heading', { name: 'Sign in to Klaxon' }).waitFor(WAIT);
    const gone = await fetch(`${base}/api/me`, { headers: { authorization: `Bearer ${other.api_key}`, 'x-service-org': other.org_id } });
    expect(gone.status).toBe(401);
  });

  it('every organization page looks right at desktop and phone sizes, light and dark (screenshots in test-results/)', async () => {
    const pages = [
      { path: '/org/people', heading: 'People', name: 'people' },
      { path: '/org/keys', heading: 'API keys', name: 'api-keys' },
      { path: '/org/audit', heading: 'Audit log', name: 'audit' },
      { path: '/org/settings', heading: 'Organization settings', name: 'settings' },
      { path: '/org/voice', heading: 'Voice calls', name: 'voice' },
      { path: '/org/billing', heading: 'Billing', name: 'billing' },
    ];
    for (const viewport of ['desktop', 'phone'] as const) {
      for (const colorScheme of ['light', 'dark'] as const) {
        const p = await page({ viewport, colorScheme });
        await signIn(p, OWNER.email, OWNER.password);
        for (const pg of pages) {
          await p.goto(pg.path);
          await p.getByRole('heading', { name: pg.heading, level: 1 }).waitFor(WAIT);
          await p.locator('[aria-busy="true"]').waitFor({ state: 'detached', ...WAIT });
          if (pg.name === 'audit') await p.locator('.action-name').first().waitFor(WAIT);
          if (pg.name === 'billing') await p.getByTestId('usage-seats').waitFor(WAIT);
          await accessible(p, `${pg.name} (${viewport}, ${colorScheme})`);
          await screenshot(p, `${pg.name}-${viewport}-${colorScheme}`);
        }
      }
    }
  });
});
