import { createServer } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.ts';
import { HAVE_CHROMIUM, REQUIRE_BROWSER, launchChromium, PageSet } from '../../helpers/browser.ts';
import { startTestIdp, type TestIdp } from '../../helpers/oidc.ts';
import { ensureDashboard } from '../../../src/web/build.ts';
import { ManualClock } from '../../../src/lib/clock.ts';

// Single sign-on end to end (issue 38): Debian's Chromium opens Klaxon's sign-in page, follows
// "Sign in with Test IdP" to a real OpenID Connect provider on loopback (oidc-provider's development
// login form), signs in there, comes back through the callback and lands on the alert list of the
// organization its invitation named. A refused sign-in comes back to the sign-in page with the reason.

const WAIT = { timeout: 45_000 };
const suite = HAVE_CHROMIUM || REQUIRE_BROWSER ? describe : describe.skip;

/** A loopback port free now: Klaxon's public URL (the provider's redirect URI) must name it before it listens. */
async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as { port: number }).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

suite('browser: single sign-on through the provider\'s login page', { timeout: 300_000 }, () => {
  let t: TestApp;
  let idp: TestIdp;
  let base: string;
  let browser: Browser;
  let orgId: string;
  const pages = new PageSet();

  beforeAll(async () => {
    const dashboard = await ensureDashboard();
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    idp = await startTestIdp({ redirectUri: `${base}/v1/auth/oidc/callback` });
    // The session cookie's expiry is the server clock's; the browser keeps it only if it is in its future.
    t = await buildTestApp({ dialect: 'sqlite', dashboard, clock: new ManualClock(new Date().toISOString()), env: idp.env({ KLAXON_PUBLIC_URL: base, KLAXON_SIGNUP: 'invite' }) });
    await t.app.listen({ host: '127.0.0.1', port });
    const r = await t.container.services.orgs.bootstrap({ orgName: 'Acme', email: 'owner@example.com', password: 'owner-password-1', name: 'Olivia Owner' });
    orgId = r.org_id;
    const inv = await t.app.inject({ method: 'POST', url: '/api/org/invitations', headers: { authorization: `Bearer ${r.api_key}`, 'x-service-org': r.org_id }, payload: { email: 'sam@example.com', role: 'responder' } });
    expect(inv.statusCode, inv.body).toBe(200);
    idp.accounts.set('sam', { email: 'sam@example.com', email_verified: true, name: 'Sam Single' });
    browser = await launchChromium();
  }, 180_000);
  afterAll(async () => {
    await pages.close();
    await browser?.close();
    await t?.close();
    await idp?.close();
  });

  it('signs in through the provider and lands on the alert list', async () => {
    const p = await pages.open(browser, base);
    await p.goto('/sign-in');
    await p.getByRole('link', { name: 'Sign in with Test IdP' }).click(WAIT);
    // The provider's own page (another origin).
    await p.locator('input[name="login"]').waitFor(WAIT);
    expect(new URL(p.url()).origin).toBe(idp.issuer);
    await p.locator('input[name="login"]').fill('sam');
    await p.locator('input[name="password"]').fill('any password');
    await p.locator('button[type="submit"]').click();
    await p.getByRole('heading', { name: 'Alerts', level: 1 }).waitFor(WAIT).catch(async (err: unknown) => {
      throw new Error(`not on the alert list: ${p.url()}\n${(await p.locator('body').innerText()).slice(0, 500)}\n${pages.console(p).join('\n')}`, { cause: err });
    });
    expect(new URL(p.url()).pathname).toBe('/alerts');
    const cookies = await p.context().cookies(base);
    expect(cookies.find((c) => c.name === 'kx_session')?.httpOnly).toBe(true);
    const member = await t.container.db.selectFrom('memberships').innerJoin('users', 'users.id', 'memberships.user_id').select(['memberships.role', 'memberships.org_id']).where('users.email', '=', 'sam@example.com').execute();
    expect(member).toEqual([{ role: 'responder', org_id: orgId }]);
  });

  it('a person the server does not let in comes back to the sign-in page with the reason', async () => {
    idp.accounts.set('stranger', { email: 'stranger@example.com', email_verified: true });
    const p = await pages.open(browser, base);
    await p.goto('/sign-in');
    await p.getByRole('link', { name: 'Sign in with Test IdP' }).click(WAIT);
    await p.locator('input[name="login"]').waitFor(WAIT);
    await p.locator('input[name="login"]').fill('stranger');
    await p.locator('input[name="password"]').fill('any password');
    await p.locator('button[type="submit"]').click();
    await p.getByRole('alert').filter({ hasText: 'Single sign-on was refused' }).waitFor(WAIT);
    await expect(p.getByRole('alert')).toBeDefined();
    expect(await p.getByRole('alert').textContent()).toMatch(/by invitation/);
    expect((await p.context().cookies(base)).some((c) => c.name === 'kx_session')).toBe(false);
  });
});
