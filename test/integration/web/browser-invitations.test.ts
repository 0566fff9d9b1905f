import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type Tenant, type TestApp } from '../../helpers/app.ts';
import { startSmtpCapture } from '../../helpers/people.ts';
import { HAVE_CHROMIUM, REQUIRE_BROWSER, launchChromium, newContext, screenshot, PageSet, signInThroughPage } from '../../helpers/browser.ts';
import { ensureDashboard } from '../../../src/web/build.ts';
import { ManualClock } from '../../../src/lib/clock.ts';

// A team's first day (issue 34 items 1 and 5), in Debian's Chromium against a real server on
// loopback with a manual clock: an owner invites a person, the mail's link opens the accept page,
// the person creates their account there and lands on the alert list as a responder; a used or
// expired link says so; a signed-in person accepts with one click; everyone sets their name.

const OWNER = { email: 'owner@example.com', password: 'owner-password-1' };
const WAIT = { timeout: 45_000 };

const suite = HAVE_CHROMIUM || REQUIRE_BROWSER ? describe : describe.skip;

suite('browser: joining by invitation, and names', { timeout: 300_000 }, () => {
  let t: TestApp;
  let base: string;
  let browser: Browser;
  let owner: Tenant;
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  const pages = new PageSet();

  beforeAll(async () => {
    const dashboard = await ensureDashboard();
    smtp = await startSmtpCapture();
    t = await buildTestApp({ dialect: 'sqlite', dashboard, clock: new ManualClock('2026-11-25T09:00:00.000Z'), env: { SMTP_URL: smtp.url, MAIL_FROM: 'klaxon@klaxon.test' } });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const r = await t.container.services.orgs.bootstrap({ orgName: 'Acme', email: OWNER.email, password: OWNER.password, name: 'Olivia Owner' });
    owner = { orgId: r.org_id, userId: r.user_id, apiKey: r.api_key, ingestKey: r.ingest_key, headers: { authorization: `Bearer ${r.api_key}`, 'x-service-org': r.org_id } };
    browser = await launchChromium();
  }, 180_000);
  afterAll(async () => {
    await pages.close();
    await browser?.close();
    await t?.close();
    await smtp?.close();
  });

  const page = (opts: Parameters<typeof newContext>[2] = {}) => pages.open(browser, base, opts);
  const signIn = (p: Page, email: string, password: string) => signInThroughPage(p, email, password, WAIT.timeout);
  const accessible = (p: Page, what: string) => pages.expectAccessible(p, what);
  const get = async <T,>(url: string, headers = owner.headers) => (await t.app.inject({ method: 'GET', url, headers })).json() as T;
  /** The link of the latest invitation mail to `to`, on this server (the mail names KLAXON_PUBLIC_URL). */
  const mailedLink = async (to: string) => {
    await t.container.runner.drain();
    await expect.poll(() => smtp.mails.some((m) => m.to.includes(to)), WAIT).toBe(true);
    const mail = [...smtp.mails].reverse().find((m) => m.to.includes(to))!;
    const url = new URL(/https?:\/\/\S+\/invitations\/accept\?token=\S+/.exec(mail.text)![0]);
    return { text: mail.text, path: `${url.pathname}${url.search}` };
  };
  const inviteByApi = async (email: string, role: string) => {
    const r = await t.app.inject({ method: 'POST', url: '/api/org/invitations', headers: owner.headers, payload: { email, role } });
    expect(r.statusCode, r.body).toBe(200);
    return mailedLink(email);
  };

  it('invite → mail → link → account → on the alert list as a responder', async () => {
    const o = await page();
    await signIn(o, OWNER.email, OWNER.password);
    await o.goto('/org/people');
    await o.getByLabel('Email to invite').fill('nina@example.com');
    await o.getByLabel('Role', { exact: true }).selectOption('responder');
    await o.getByRole('button', { name: 'Send invitation' }).click();
    await o.getByRole('dialog').getByRole('button', { name: 'I have saved it' }).click();

    const mail = await mailedLink('nina@example.com');
    expect(mail.text).toContain('Open this link to join. If you have no Klaxon account yet, you create it there');

    // The invited person's own browser: no session, no account.
    const p = await page();
    await p.goto(mail.path);
    await p.getByRole('heading', { name: 'Join your team on Klaxon', level: 1 }).waitFor(WAIT);
    await expect(p.getByLabel('Email').inputValue()).resolves.toBe('nina@example.com');
    await expect(p.getByText(/as a responder/).count()).resolves.toBeGreaterThan(0);
    await accessible(p, 'the accept page');
    await screenshot(p, 'invitation-accept-desktop-light');
    await p.getByLabel('Your name').fill('Nina Newhire');
    await p.getByLabel('Password').fill('short');
    await p.getByRole('button', { name: 'Create account and join' }).click();
    await p.getByRole('alert').filter({ hasText: 'at least 10 characters' }).waitFor(WAIT);
    await p.getByLabel('Password').fill('nina-password-1');
    await p.getByRole('button', { name: 'Create account and join' }).click();
    await p.getByRole('heading', { name: 'Alerts', level: 1 }).waitFor(WAIT);
    expect(new URL(p.url()).pathname).toBe('/alerts');
    // Named, and a responder of Acme.
    await p.locator('.me-name').filter({ hasText: 'Nina Newhire · responder' }).waitFor(WAIT);
    const members = await get<{ email: string; name: string; role: string; email_verified: boolean }[]>('/api/org/members');
    expect(members.find((m) => m.email === 'nina@example.com')).toMatchObject({ name: 'Nina Newhire', role: 'responder', email_verified: true });
    await accessible(p, 'the alert list after joining');

    // The link works once: opened again, it says so.
    const again = await page();
    await again.goto(mail.path);
    await again.getByRole('heading', { name: 'This invitation was already used', level: 1 }).waitFor(WAIT);
    await accessible(again, 'a used invitation');
  });

  it('an expired link says so; a withdrawn or mangled one says it is not valid', async () => {
    const mail = await inviteByApi('late@example.com', 'observer');
    t.clock.advance(7 * 86_400_000 + 1);
    const p = await page();
    await p.goto(mail.path);
    await p.getByRole('heading', { name: 'This invitation has expired', level: 1 }).waitFor(WAIT);
    await p.getByText(/Ask an owner of the organization to invite you again/).waitFor(WAIT);
    await accessible(p, 'an expired invitation');
    await p.goto('/invitations/accept?token=kxv_not-a-real-token');
    await p.getByRole('heading', { name: 'This invitation is not valid', level: 1 }).waitFor(WAIT);
    pages.console(p).length = 0; // the browser logs the refused lookup (404)
    await accessible(p, 'an unknown invitation');
  });

  it('a person who has an account accepts with one click, signed in already or after signing in', async () => {
    // Two people with their own organizations (accounts from the operator).
    for (const [org, email, name] of [['Sam Inc', 'sam@example.com', 'Sam Signedin'], ['Rae Inc', 'rae@example.com', '']] as const) {
      await t.container.services.orgs.bootstrap({ orgName: org, email, password: 'member-password-1', name });
    }
    const sam = await inviteByApi('sam@example.com', 'responder');
    const p = await page();
    await signIn(p, 'sam@example.com', 'member-password-1');
    await p.goto(sam.path);
    await p.getByText('You are signed in as sam@example.com.').waitFor(WAIT);
    await accessible(p, 'the accept page, signed in');
    await p.getByRole('button', { name: 'Accept invitation' }).click();
    await p.getByRole('heading', { name: 'Alerts', level: 1 }).waitFor(WAIT);
    // This browser now works in the organization it joined.
    await expect(p.evaluate("localStorage.getItem('klaxon.org')")).resolves.toBe(owner.orgId);
    await p.locator('.me-name').filter({ hasText: 'Sam Signedin · responder' }).waitFor(WAIT);

    // Signed out, an account holder is sent to sign in and comes back to accept.
    const rae = await inviteByApi('rae@example.com', 'responder');
    const q = await page();
    await q.goto(rae.path);
    await q.getByRole('link', { name: 'Sign in to accept' }).click();
    await q.getByLabel('Email').fill('rae@example.com');
    await q.getByLabel('Password').fill('member-password-1');
    await q.getByRole('button', { name: 'Sign in' }).click();
    await q.getByRole('button', { name: 'Accept invitation' }).click();
    await q.getByRole('heading', { name: 'Alerts', level: 1 }).waitFor(WAIT);
    const members = await get<{ email: string; role: string }[]>('/api/org/members');
    expect(members.filter((m) => m.email === 'sam@example.com' || m.email === 'rae@example.com').map((m) => m.role)).toEqual(['responder', 'responder']);
  });

  it('a person sets their name on the profile page; the alert timeline names them by it (issue 34 item 5)', async () => {
    const p = await page();
    await signIn(p, 'rae@example.com', 'member-password-1');
    await p.goto('/me');
    await p.getByRole('heading', { name: 'Account', level: 2 }).waitFor(WAIT);
    await p.getByLabel('Your name').fill('Rae Renamed');
    await p.getByRole('button', { name: 'Save name' }).click();
    await p.getByRole('status').filter({ hasText: 'Saved: your team sees you as Rae Renamed.' }).waitFor(WAIT);
    await p.getByRole('heading', { name: 'Rae Renamed', level: 1 }).waitFor(WAIT);
    await accessible(p, 'the profile with a name');
    const me = await get<{ user: { id: string; name: string } }>('/api/me', { authorization: `Bearer ${owner.apiKey}`, 'x-service-org': owner.orgId });
    expect(me.user.name).toBe('Olivia Owner'); // the bootstrap name
    // Rae acknowledges an alert in Acme; its timeline says her name, not her email.
    const svc = (await t.app.inject({ method: 'POST', url: '/api/services', headers: owner.headers, payload: { name: 'checkout' } })).json() as { default_integration: { ingest_url: string } };
    const alertId = (await t.app.inject({ method: 'POST', url: new URL(svc.default_integration.ingest_url).pathname, payload: { title: 'Checkout is slow' } })).json().alert_id as string;
    await t.container.runner.drain();
    await p.evaluate(`localStorage.setItem('klaxon.org', ${JSON.stringify(owner.orgId)})`); // Rae works in Acme
    await p.goto(`/alerts/${alertId}`);
    await p.getByRole('button', { name: 'Acknowledge', exact: true }).click();
    const acked = async () => (await get<{ kind: string; message: string }[]>(`/api/alerts/${alertId}/timeline`)).find((e) => e.kind === 'acknowledged')?.message ?? '';
    await expect.poll(acked, WAIT).toMatch(/Rae Renamed/);
    await p.getByText((await acked())).first().waitFor(WAIT);
    expect(JSON.stringify(await get(`/api/alerts/${alertId}/timeline`))).not.toContain('rae@example.com');
  });
});
