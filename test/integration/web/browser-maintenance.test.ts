import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createService, type Tenant, type TestApp } from '../../helpers/app.ts';
import { startSmtpCapture } from '../../helpers/people.ts';
import { HAVE_CHROMIUM, REQUIRE_BROWSER, launchChromium, newContext, seriousViolations, PageSet, signInThroughPage } from '../../helpers/browser.ts';
import { ensureDashboard } from '../../../src/web/build.ts';
import { ManualClock } from '../../../src/lib/clock.ts';

// Maintenance windows in the dashboard (issue 36, PRODUCT.md 11) in Debian's Chromium against a
// real server on loopback, paging by email through a real SMTP capture server on loopback: an
// admin creates a weekly window covering now, an alert of its service opens in it, the alert's
// page says which window held it and its timeline says nobody was paged, and no mail leaves.
// The heartbeats and alert timers of the service page are used through the page too.

const OWNER = { email: 'owner@example.com', password: 'owner-password-1' };
const WAIT = { timeout: 45_000 };

const suite = HAVE_CHROMIUM || REQUIRE_BROWSER ? describe : describe.skip;

suite('browser: maintenance windows', { timeout: 300_000 }, () => {
  let t: TestApp;
  let base: string;
  let browser: Browser;
  let owner: Tenant;
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let svc: Awaited<ReturnType<typeof createService>>;
  const pages = new PageSet();

  const api = async (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) => {
    const r = await t.app.inject({ method, url, headers: owner.headers, ...(payload ? { payload } : {}) });
    expect(r.statusCode, r.body).toBeLessThan(300);
    return r.json();
  };
  /** The outbox and the paging engine until neither has work, as `klaxon serve` would run them. */
  const settle = async () => {
    for (let i = 0; i < 50; i++) {
      await t.container.runner.drain();
      const n = await t.container.engine.tick();
      await t.container.runner.drain();
      if (n === 0 && (await t.container.engine.tick()) === 0) return;
    }
    throw new Error('the engine never went idle');
  };

  beforeAll(async () => {
    const dashboard = await ensureDashboard();
    smtp = await startSmtpCapture();
    t = await buildTestApp({ dialect: 'sqlite', dashboard, clock: new ManualClock(new Date()), env: { SMTP_URL: smtp.url, MAIL_FROM: 'klaxon@klaxon.test' } });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const r = await t.container.services.orgs.bootstrap({ orgName: 'Acme', email: OWNER.email, password: OWNER.password });
    owner = { orgId: r.org_id, userId: r.user_id, apiKey: r.api_key, ingestKey: r.ingest_key, headers: { authorization: `Bearer ${r.api_key}`, 'x-service-org': r.org_id } };
    // The owner proved their address (an unverified account is sent nothing) and is on call, paged by email.
    await t.container.db.updateTable('users').set({ email_verified_at: t.clock.now().toISOString() }).where('id', '=', r.user_id).execute();
    svc = await createService(t, owner, 'checkout');
    const schedule = await api('POST', '/api/schedules', {
      name: 'Primary', time_zone: 'UTC',
      levels: [{ level: 1, timeout_minutes: 30, layers: [{ name: 'everyone', precedence: 0, rotation: { unit: 'week', length: 1, handoff_local: '2026-01-05T09:00', participants: [r.user_id] } }] }],
    });
    await api('PUT', `/api/schedules/${schedule.id}/level-channels`, {
      entries: (['critical', 'high', 'medium', 'low', 'info'] as const).map((priority) => ({ level: 1, priority, steps: [{ channel: 'email', delay_seconds: 0 }] })),
    });
    await api('PUT', `/api/services/${svc.id}/routing`, { rules: [{ name: 'everything', schedule_id: schedule.id }] });
    browser = await launchChromium();
  }, 180_000);
  afterAll(async () => {
    await pages.close();
    await browser?.close();
    await t?.close();
    await smtp?.close();
  });

  const page = (opts: Parameters<typeof newContext>[2] = {}) => pages.open(browser, base, opts);
  const signIn = (p: Page) => signInThroughPage(p, OWNER.email, OWNER.password, WAIT.timeout);
  const trigger = async (title: string, key: string) => {
    const res = await fetch(`${base}${svc.ingestPath}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ title, event_key: key, priority: 'critical' }) });
    expect(res.status).toBe(202);
    await settle();
    return ((await res.json()) as { alert_id: string }).alert_id;
  };
  const mailsAbout = (title: string) => smtp.mails.filter((m) => m.subject.includes(title));

  it('pages by email outside a window (the set-up works)', async () => {
    const id = await trigger('Checkout before the window', 'before');
    expect(mailsAbout('Checkout before the window')).toHaveLength(1);
    await api('PUT', `/api/alerts/${id}/resolve`);
    await settle();
  });

  it('an admin creates a weekly window covering now; an alert in it is held, says which window, and no page is sent', async () => {
    const p = await page();
    await signIn(p);
    await p.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Maintenance' }).click();
    await p.getByRole('heading', { name: 'Maintenance windows', level: 1 }).waitFor(WAIT);
    await p.getByText('No window is active.').waitFor(WAIT);

    // Weekly, every day, from a few minutes ago (UTC wall-clock) for two hours: active now.
    const now = t.clock.now();
    const from = new Date(now.getTime() - 5 * 60_000);
    const hhmm = `${String(from.getUTCHours()).padStart(2, '0')}:${String(from.getUTCMinutes()).padStart(2, '0')}`;
    const form = p.getByRole('form', { name: 'New maintenance window' });
    await form.getByLabel('Name').fill('Weekly deploy');
    await form.getByLabel('checkout').check();
    await form.getByLabel('Every week').check();
    await form.getByLabel('Time zone').fill('UTC');
    for (const d of ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']) await form.getByLabel(d, { exact: true }).check();
    await form.getByLabel('Local start').fill(hhmm);
    await form.getByLabel('Duration (minutes)').fill('120');
    await form.getByRole('button', { name: 'Create window' }).click();
    await p.getByText('Window "Weekly deploy" created: active now').waitFor(WAIT);
    const active = p.getByRole('region', { name: 'Active now' });
    await active.getByRole('heading', { name: 'Weekly deploy' }).waitFor(WAIT);
    await active.getByText(`at ${hhmm} (UTC) for 120 min`).waitFor(WAIT);
    expect(await seriousViolations(p), 'axe on the maintenance page').toEqual([]);

    // The service page says so too.
    await p.goto(`/services/${svc.id}`);
    await p.getByText('nobody is paged for this service').waitFor(WAIT);

    // An alert of the service opens as usual; nobody is paged.
    const id = await trigger('Checkout errors during deploy', 'during');
    await p.goto(`/alerts/${id}`);
    await p.getByRole('heading', { name: 'Checkout errors during deploy' }).waitFor(WAIT);
    await p.getByTestId('maintenance-banner').getByText('Held by maintenance window "Weekly deploy"').waitFor(WAIT);
    await p.getByText(/Nobody paged: the service is in maintenance window "Weekly deploy"/).waitFor(WAIT);
    expect(mailsAbout('Checkout errors during deploy'), 'no page leaves in the window').toEqual([]);
    const pagesMade = await t.container.db.selectFrom('notifications').select('id').where('alert_id', '=', id).execute();
    expect(pagesMade).toEqual([]);
    expect(await seriousViolations(p), 'axe on the held alert').toEqual([]);

    // End now: the alert pages from level 1.
    await p.goto('/maintenance');
    await p.getByRole('region', { name: 'Active now' }).getByRole('button', { name: 'End now' }).click();
    await p.getByRole('dialog').getByRole('button', { name: 'End now' }).click();
    await p.getByText('No window is active.').waitFor(WAIT);
    await settle();
    expect(mailsAbout('Checkout errors during deploy')).toHaveLength(1);
    await api('PUT', `/api/alerts/${id}/resolve`);
    await settle();
  });

  it('the service page: a heartbeat with its URL shown once, paused and resumed; the alert timers saved', async () => {
    const p = await page();
    await signIn(p);
    await p.goto(`/services/${svc.id}`);
    const form = p.getByRole('form', { name: 'New heartbeat' });
    await form.getByLabel('Name').fill('nightly backup');
    await form.getByRole('button', { name: 'Add heartbeat' }).click();
    const card = p.getByTestId('heartbeat').filter({ hasText: 'nightly backup' });
    await card.getByText('Waiting for its first ping').waitFor(WAIT);
    const url = await card.getByTestId('heartbeat-url').textContent();
    expect(url).toMatch(/\/v1\/heartbeat\/kxh_/);
    await card.getByRole('button', { name: 'Copy URL' }).waitFor(WAIT);
    await card.getByRole('button', { name: 'Pause' }).click();
    await card.getByText('Paused').waitFor(WAIT);
    await card.getByRole('button', { name: 'Resume' }).click();
    await card.getByRole('button', { name: 'Pause' }).waitFor(WAIT);

    const timers = p.getByRole('form', { name: 'Alert timers' });
    await timers.getByLabel('Acknowledgement timeout (minutes)').fill('30');
    await timers.getByLabel('Auto-resolve (minutes)').fill('240');
    await timers.getByRole('button', { name: 'Save timers' }).click();
    await p.getByText('Saved').waitFor(WAIT);
    expect(await api('GET', `/api/services/${svc.id}`)).toMatchObject({ ack_timeout_minutes: 30, auto_resolve_minutes: 240 });
    expect(await seriousViolations(p), 'axe on the service page').toEqual([]);
  });
});
