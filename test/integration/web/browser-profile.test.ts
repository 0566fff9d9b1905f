import type { AddressInfo } from 'node:net';
import { authenticator } from 'otplib';
import type { Browser, CDPSession, Page } from 'playwright-core';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createService, type Tenant, type TestApp } from '../../helpers/app.ts';
import { addMember, startSmtpCapture } from '../../helpers/people.ts';
import { memoryDirectory, TWILIO } from '../../helpers/paging.ts';
import { startFakeTwilio, type FakeTwilio } from '../../helpers/fakes/twilio.ts';
import { startFakeTelegram, type FakeTelegram } from '../../helpers/fakes/telegram.ts';
import { decrypt, startFakePushService, type BrowserSubscription } from '../../helpers/fakes/webpush.ts';
import { HAVE_CHROMIUM, REQUIRE_BROWSER, launchChromium, newContext, screenshot, PageSet, signInThroughPage } from '../../helpers/browser.ts';
import { ensureDashboard } from '../../../src/web/build.ts';
import { hashPassword } from '../../../src/lib/password.ts';
import { ManualClock } from '../../../src/lib/clock.ts';
import { mintKeyTx } from '../../../src/modules/api-key/index.ts';

// My profile and the installable web app in a real browser (issue 24 points 3 and 5): Debian's
// Chromium against a real server on loopback with a manual clock, the real Web Push provider
// sending to a fake push service (HTTPS on loopback), the real SMS provider talking to a fake
// Twilio, and mail into an SMTP server on loopback. Every wait is for something on the page.
//
// Headless Chromium cannot subscribe to its own push service here (measured, docs/adr/0616): in a
// browser.newContext() profile PushManager.subscribe() rejects at once with "AbortError:
// Registration failed - permission denied", and in a persistent profile it never answers (no
// route to the vendor's push service). So the one thing stood in for is the browser's push
// service: PushManager.subscribe() answers a subscription at the fake push service, with keys the
// test holds. Everything else is real: the permission prompt, the service worker's registration,
// the device POSTed by the page, the engine paging the person, the provider encrypting the payload
// to the fake; the test decrypts it as the browser would and hands it to the service worker with
// the DevTools protocol's ServiceWorker.deliverPushMessage.

const OWNER = { email: 'owner@example.com', password: 'owner-password-1' };
const PASSWORD = 'member-password-1';
const WAIT = { timeout: 45_000 };

/**
 * The browser's push service, stood in for (see the top of this file): PushManager.subscribe()
 * answers a subscription at the fake push service with the test's keys; getSubscription() and
 * unsubscribe() follow it (kept in localStorage, so it outlives a reload like a real one).
 */
function standInPushService(s: { endpoint: string; keys: { p256dh: string; auth: string } }): string {
  return `(() => {
    const s = ${JSON.stringify(s)};
    const KEY = 'test.push-subscription';
    if (typeof PushManager === 'undefined' || typeof localStorage === 'undefined') return;
    const make = (serverKey) => ({
      endpoint: s.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: new Uint8Array(serverKey).buffer },
      toJSON: () => ({ endpoint: s.endpoint, expirationTime: null, keys: s.keys }),
      unsubscribe: async () => { localStorage.removeItem(KEY); return true; },
    });
    PushManager.prototype.subscribe = async (o) => {
      const key = Array.from(new Uint8Array(o.applicationServerKey));
      localStorage.setItem(KEY, JSON.stringify(key));
      return make(key);
    };
    PushManager.prototype.getSubscription = async () => {
      const key = localStorage.getItem(KEY);
      return key ? make(JSON.parse(key)) : null;
    };
  })();`;
}

const suite = HAVE_CHROMIUM || REQUIRE_BROWSER ? describe : describe.skip;

suite('browser: my profile and push', { timeout: 300_000 }, () => {
  let t: TestApp;
  let base: string;
  let browser: Browser;
  let owner: Tenant;
  let push: Awaited<ReturnType<typeof startFakePushService>>;
  let twilio: FakeTwilio;
  let tg: FakeTelegram;
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let sub: BrowserSubscription;
  let ingestPath: string;
  const pages = new PageSet();
  const people = new Map<string, string>();

  beforeAll(async () => {
    const dashboard = await ensureDashboard();
    const clock = new ManualClock('2026-11-25T09:00:00.000Z');
    push = await startFakePushService({ now: () => clock.now() });
    twilio = await startFakeTwilio(TWILIO);
    tg = await startFakeTelegram();
    smtp = await startSmtpCapture();
    const vapid = webpush.generateVAPIDKeys();
    const schedules = memoryDirectory((name) => people.get(name)!);
    t = await buildTestApp({
      dialect: 'sqlite',
      dashboard,
      clock,
      env: {
        SMTP_URL: smtp.url, MAIL_FROM: 'klaxon@klaxon.test',
        TWILIO_BASE_URL: twilio.url, TWILIO_ACCOUNT_SID: TWILIO.accountSid, TWILIO_AUTH_TOKEN: TWILIO.authToken, TWILIO_FROM: TWILIO.from,
        VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey, VAPID_SUBJECT: 'mailto:ops@example.com',
        KLAXON_WEBHOOK_ALLOW_PRIVATE: 'true',
        TELEGRAM_BOT_TOKEN: tg.token, TELEGRAM_API_URL: tg.url,
      },
      container: { directory: schedules.directory, push: { ca: [push.ca], timeoutMs: 30_000 } },
    });
    twilio.setTransport(async (url, headers, body) => {
      const u = new URL(url);
      const res = await t.app.inject({ method: 'POST', url: `${u.pathname}${u.search}`, headers, payload: body });
      return { status: res.statusCode, body: res.body, contentType: String(res.headers['content-type'] ?? '') };
    });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const r = await t.container.services.orgs.bootstrap({ orgName: 'Acme', email: OWNER.email, password: OWNER.password });
    owner = { orgId: r.org_id, userId: r.user_id, apiKey: r.api_key, ingestKey: r.ingest_key, headers: { authorization: `Bearer ${r.api_key}`, 'x-service-org': r.org_id } } as Tenant;
    await t.container.db.updateTable('users').set({ name: 'Ada Owner' }).where('id', '=', r.user_id).execute();
    people.set('owner', r.user_id);
    // The owner is on call for "checkout", paged by push at once.
    const svc = await createService(t, owner, 'checkout');
    ingestPath = new URL(svc.ingestUrl).pathname;
    schedules.set('sch-main', { levels: [{ timeoutMinutes: 30, onCall: ['owner'] }], allSteps: [{ channel: 'push', delay_seconds: 0 }] });
    schedules.bind(svc.id, 'sch-main');
    sub = push.subscription('this-browser');
    browser = await launchChromium();
  }, 240_000);
  afterAll(async () => {
    await pages.close();
    await browser?.close();
    await t?.close();
    await Promise.all([push?.close(), twilio?.close(), tg?.close(), smtp?.close()]);
  });

  /** The outbox and the paging engine until nothing is left to do (test/helpers/paging.ts). */
  const settle = async () => {
    for (let i = 0; i < 50; i++) {
      await t.container.runner.drain();
      const before = await t.container.engine.tick();
      await t.container.runner.drain();
      if (before === 0 && (await t.container.engine.tick()) === 0) return;
    }
    throw new Error('the engine never went idle');
  };

  const page = (opts: Parameters<typeof newContext>[2] & { pushService?: boolean } = {}) =>
    pages.open(browser, base, opts, async (ctx) => {
      if (!opts.pushService) return;
      await ctx.grantPermissions(['notifications'], { origin: base });
      // The browser's push service, stood in for (see the top of this file): subscribe() answers
      // a subscription at the fake push service; getSubscription() and unsubscribe() follow it.
      await ctx.addInitScript({ content: standInPushService({ endpoint: sub.endpoint, keys: sub.keys }) });
    });
  const signIn = (p: Page, email: string, password: string) => signInThroughPage(p, email, password, WAIT.timeout);
  const openProfile = async (p: Page) => {
    await p.getByRole('link', { name: /^My profile/ }).click();
    await p.getByRole('heading', { name: 'Sessions', level: 2 }).waitFor(WAIT);
    expect(new URL(p.url()).pathname).toBe('/me');
  };
  const accessible = (p: Page, what: string) => pages.expectAccessible(p, what);
  /** Until a promise-valued expression in the page comes true (waitForFunction does not await a promise given as text). */
  const until = (p: Page, expression: string) => expect.poll(() => p.evaluate(expression), WAIT).toBe(true);
  const section = (p: Page, name: string) => p.getByRole('region', { name, exact: true });
  const api = async (method: 'GET' | 'POST', url: string) => {
    const res = await t.app.inject({ method, url, headers: owner.headers });
    return res.json() as unknown;
  };

  it('serves the installable app: the manifest and the service worker at the root', async () => {
    const manifest = await fetch(`${base}/manifest.webmanifest`);
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    const m = (await manifest.json()) as { display: string; start_url: string; scope: string; icons: { src: string; sizes: string; purpose: string }[]; theme_color: string };
    expect(m).toMatchObject({ display: 'standalone', start_url: '/alerts', scope: '/' });
    expect(m.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    for (const icon of m.icons) expect((await fetch(`${base}${icon.src}`)).status, icon.src).toBe(200);
    const sw = await fetch(`${base}/sw.js`);
    expect(sw.status).toBe(200);
    expect(sw.headers.get('content-type')).toMatch(/javascript/);
    expect(sw.headers.get('cache-control')).toBe('no-cache');
  });

  it('enables push in the profile, receives a real page in the service worker, and acknowledges it from the notification', async () => {
    const p = await page({ pushService: true });
    await signIn(p, OWNER.email, OWNER.password);
    await openProfile(p);
    const pushCard = section(p, 'Push to this browser');
    await pushCard.getByTestId('push-state').getByText('Off').waitFor(WAIT);
    await pushCard.getByRole('button', { name: 'Enable push' }).click();
    await pushCard.getByText('✓ On for this browser').waitFor(WAIT);
    await accessible(p, 'the profile with push on');

    // The page registered this browser's subscription as a web device.
    const devices = (await api('GET', '/api/devices')) as { id: string; platform: string; name: string; push_token_hint: string }[];
    expect(devices).toHaveLength(1);
    expect(devices[0]).toMatchObject({ platform: 'web', name: 'Chrome on Linux' });
    await section(p, 'Devices').getByText('This browser').waitFor(WAIT);

    // The service worker at the root scope, by the DevTools protocol.
    const cdp: CDPSession = await p.context().newCDPSession(p);
    const registrations = new Map<string, string>();
    cdp.on('ServiceWorker.workerRegistrationUpdated', (e: { registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] }) => {
      for (const r of e.registrations) if (!r.isDeleted) registrations.set(r.scopeURL, r.registrationId);
    });
    await cdp.send('ServiceWorker.enable');
    await until(p, 'navigator.serviceWorker.ready.then((r) => !!r.active)');
    await expect.poll(() => registrations.get(`${base}/`), WAIT).toBeDefined();

    // A real page: an alert for the owner's service, paged by the engine through the Web Push provider.
    const ingest = await fetch(`${base}${ingestPath}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ title: 'Checkout 500s', event_key: 'co-500', priority: 'high' }) });
    expect(ingest.status).toBe(202);
    const alertId = ((await ingest.json()) as { alert_id: string }).alert_id;
    await settle();
    expect(push.messages).toHaveLength(1);
    expect(push.messages[0]!.path).toBe(new URL(sub.endpoint).pathname);
    const plaintext = decrypt(sub, push.messages[0]!.body);
    const payload = JSON.parse(plaintext) as Record<string, string>;
    expect(payload).toMatchObject({ title: 'Checkout 500s', alert_id: alertId, url: `http://klaxon.test/alerts/${alertId}` });
    expect(payload.action_token).toMatch(/^kxk_/);

    // The browser receives it: the service worker shows the notification.
    await cdp.send('ServiceWorker.deliverPushMessage', { origin: base, registrationId: registrations.get(`${base}/`)!, data: plaintext });
    await until(p, 'navigator.serviceWorker.ready.then((r) => r.getNotifications()).then((n) => n.length === 1)');
    const shown = (await p.evaluate(`navigator.serviceWorker.ready.then((r) => r.getNotifications()).then(([n]) => ({
      title: n.title, body: n.body, tag: n.tag, requireInteraction: n.requireInteraction, actions: n.actions, data: n.data,
    }))`)) as { title: string; body: string; tag: string; requireInteraction: boolean; actions: { action: string; title: string }[]; data: Record<string, unknown> };
    expect(shown).toMatchObject({ title: 'Checkout 500s', tag: alertId, requireInteraction: true, data: { url: `/alerts/${alertId}`, alert_id: alertId, action_token: payload.action_token } });
    expect(shown.actions.map((a) => a.title)).toEqual(['Acknowledge', 'Open']);
    expect((await api('GET', `/api/alerts/${alertId}`)) as { status: string }).toMatchObject({ status: 'open' });

    // Acknowledge: the worker's own action path (a headless notification cannot be clicked).
    const result = await p.evaluate(`(async () => {
      const reg = await navigator.serviceWorker.ready;
      const answer = new Promise((resolve) => navigator.serviceWorker.addEventListener('message', (e) => { if (e.data && e.data.reply_to === 7) resolve(e.data); }));
      reg.active.postMessage({ type: 'klaxon:notification-action', tag: ${JSON.stringify('__TAG__')}, action: 'ack', id: 7 });
      return answer;
    })()`.replace('"__TAG__"', JSON.stringify(alertId)));
    expect(result).toMatchObject({ type: 'klaxon:acknowledged', ok: true, message: 'Acknowledged', alert_id: alertId });
    await settle();
    const alert = (await api('GET', `/api/alerts/${alertId}`)) as { status: string; acknowledged_by: string };
    expect(alert).toMatchObject({ status: 'acknowledged', acknowledged_by: owner.userId });
    const timeline = (await api('GET', `/api/alerts/${alertId}/timeline`)) as { message: string }[] | { items: { message: string }[] };
    expect(JSON.stringify(timeline)).toContain('acknowledged from a push notification');
    await until(p, 'navigator.serviceWorker.ready.then((r) => r.getNotifications()).then((n) => n.length === 0)');

    // The profile's own test push goes to this browser's subscription too.
    await pushCard.getByRole('button', { name: 'Send a test push' }).click();
    await pushCard.getByTestId('test-result').getByText('Sent: the provider took it.').waitFor(WAIT);
    expect(push.messages).toHaveLength(2);
    const testPush = decrypt(sub, push.messages[1]!.body);
    expect(JSON.parse(testPush)).toMatchObject({ url: 'http://klaxon.test/me' });
    // Open: from another page of the dashboard, the notification brings the window to its page.
    await p.goto('/alerts');
    await p.getByRole('heading', { name: 'Alerts', level: 1 }).waitFor(WAIT);
    await cdp.send('ServiceWorker.deliverPushMessage', { origin: base, registrationId: registrations.get(`${base}/`)!, data: testPush });
    await until(p, 'navigator.serviceWorker.ready.then((r) => r.getNotifications()).then((n) => n.length === 1 && n[0].actions.length === 1)');
    const tag = (await p.evaluate('navigator.serviceWorker.ready.then((r) => r.getNotifications()).then(([n]) => n.tag)')) as string;
    await p.evaluate(`navigator.serviceWorker.ready.then((r) => r.active.postMessage({ type: 'klaxon:notification-action', tag: ${JSON.stringify(tag)}, action: 'open', id: 8 }))`);
    await p.waitForURL(`${base}/me`, WAIT);
    await pushCard.getByText('✓ On for this browser').waitFor(WAIT);

    // Disable: the subscription ends and the device is removed.
    await pushCard.getByRole('button', { name: 'Disable push' }).click();
    await pushCard.getByTestId('push-state').getByText('Off').waitFor(WAIT);
    expect(await api('GET', '/api/devices')).toEqual([]);
    expect(await p.evaluate('navigator.serviceWorker.ready.then((r) => r.pushManager.getSubscription())')).toBeNull();
    // Enabled again for the screenshots below.
    await pushCard.getByRole('button', { name: 'Enable push' }).click();
    await pushCard.getByText('✓ On for this browser').waitFor(WAIT);
  });

  it('adds a phone number and verifies it with the code the fake Twilio received', async () => {
    const p = await page();
    await signIn(p, OWNER.email, OWNER.password);
    // A new organization sends verification codes to no country until an admin names some
    // (phone_countries, docs/adr/0705): set on the settings page.
    await p.goto('/org/settings');
    const countries = section(p, 'Countries for SMS and calls');
    await countries.getByText('Now allowed: none.', { exact: false }).waitFor(WAIT);
    await countries.getByLabel(/^Country codes/).fill('us');
    await countries.getByRole('button', { name: 'Save countries' }).click();
    await countries.getByText('Countries saved.').waitFor(WAIT);
    await countries.getByText('Now allowed: US.', { exact: false }).waitFor(WAIT);
    expect(((await api('GET', '/api/org/settings')) as { phone_countries: string[] }).phone_countries).toEqual(['US']);
    await openProfile(p);
    const phones = section(p, 'Phone numbers');
    await phones.getByLabel('Phone number (with +country code)').fill('+1 415 555 2671');
    await phones.getByLabel('Label').fill('Mobile');
    await phones.getByRole('button', { name: 'Add number' }).click();
    await phones.getByText('Added +14155552671. Send a code to verify it.').waitFor(WAIT);
    await phones.getByRole('button', { name: 'Send code to +14155552671' }).click();
    await phones.getByText(/^Code sent by SMS/).waitFor(WAIT);
    const sms = twilio.messages.at(-1)!;
    expect(sms.to).toBe('+14155552671');
    const code = /\b(\d{6})\b/.exec(sms.body)![1]!;
    await phones.getByLabel('Code sent to +14155552671').fill(code);
    await phones.getByRole('button', { name: 'Verify' }).click();
    await phones.getByText('+14155552671 is verified.').waitFor(WAIT);
    await phones.getByText('✓ Verified').waitFor(WAIT);
    const numbers = (await api('GET', '/api/phone-numbers')) as { verified: boolean; label: string }[];
    expect(numbers).toMatchObject([{ verified: true, label: 'Mobile' }]);
    // A test SMS to the verified number, with the provider's answer shown.
    await phones.getByRole('button', { name: 'Test SMS to +14155552671' }).click();
    await phones.getByTestId('test-result').getByText('Sent: the provider took it.').waitFor(WAIT);
    expect(twilio.messages.at(-1)!.to).toBe('+14155552671');
    await accessible(p, 'the profile with a verified number');
  });

  it('changes the email with the mailed code, creates a calendar feed URL that serves the shifts, and sends a test page', async () => {
    const p = await page();
    await signIn(p, OWNER.email, OWNER.password);
    await openProfile(p);
    const account = section(p, 'Account');
    await account.getByLabel('New email address').fill('ada@example.com');
    await account.getByRole('button', { name: 'Send code' }).click();
    await account.getByText('A six-digit code was sent to ada@example.com.').waitFor(WAIT);
    const mail = smtp.mails.find((m) => m.to[0] === 'ada@example.com')!;
    const code = /\b(\d{6})\b/.exec(mail.text)![1]!;
    await account.getByLabel('Code sent to ada@example.com').fill(code);
    await account.getByRole('button', { name: 'Confirm email' }).click();
    await account.getByText('Your email is now ada@example.com.').waitFor(WAIT);
    OWNER.email = 'ada@example.com';
    // Confirming an address ends every other credential of the account (docs/adr/0710), the
    // owner's API key too; this browser's session stays. The rest of the tests get a new key.
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: owner.headers })).statusCode).toBe(401);
    const { secret } = await t.container.db.transaction().execute((trx) =>
      mintKeyTx(trx, { orgId: owner.orgId, userId: owner.userId, kind: 'full_product', name: 'test key', serviceIds: null, now: t.clock.now().toISOString() }));
    owner.headers = { ...owner.headers, authorization: `Bearer ${secret}` };
    expect(await api('GET', '/api/devices')).toEqual([]);

    const calendar = section(p, 'Calendar feed');
    await calendar.getByLabel('Feed name (optional)').fill('Work calendar');
    await calendar.getByRole('button', { name: 'Create feed URL' }).click();
    const url = await calendar.getByTestId('calendar-url').innerText({ timeout: WAIT.timeout });
    expect(url).toMatch(/^http:\/\/klaxon\.test\/v1\/calendar\/[^/]+\.ics$/);
    const ics = await fetch(`${base}${new URL(url).pathname}`);
    expect(ics.status).toBe(200);
    expect(await ics.text()).toContain('BEGIN:VCALENDAR');
    await calendar.getByRole('button', { name: 'Copy feed URL' }).click();
    expect(await p.evaluate('navigator.clipboard.readText()')).toBe(url);
    await calendar.getByRole('button', { name: 'Done' }).click();
    await calendar.getByText('Work calendar').waitFor(WAIT);
    expect(await calendar.getByTestId('calendar-url').count()).toBe(0);

    const test = section(p, 'Test page');
    await test.getByLabel('Send to').selectOption({ label: 'Email to my address' });
    await test.getByRole('button', { name: 'Send test page' }).click();
    await test.getByTestId('test-result').getByText('Sent: the provider took it.').waitFor(WAIT);
    expect(smtp.mails.at(-1)!.to[0]).toBe('ada@example.com');

    const sound = section(p, 'Alert sound');
    await sound.getByLabel('Low urgency').selectOption('silent');
    await sound.getByRole('button', { name: 'Save sound' }).click();
    await sound.getByText('Saved.').waitFor(WAIT);
    expect(((await api('GET', '/api/me')) as { alert_sound: { sounds: { low: string } } }).alert_sound.sounds.low).toBe('silent');
    await accessible(p, 'the profile after its changes');
  });

  it('a linked Telegram chat gets a test page from its section and from the test page list', async () => {
    // Linked as the bot's /start would leave it (the link itself: test/integration/telegram/).
    const now = t.clock.now().toISOString();
    await t.container.db.insertInto('telegram_links').values({
      id: 'tgl_browser', user_id: owner.userId, chat_id: '7001', username: 'ada_tg', code_hash: null, code_expires_at: null, linked_at: now,
      disabled_at: null, disabled_reason: null, created_at: now, updated_at: now,
    }).execute();
    const p = await page();
    await signIn(p, OWNER.email, OWNER.password);
    await openProfile(p);
    const telegram = section(p, 'Telegram');
    await telegram.getByRole('button', { name: 'Send a test page to Telegram' }).click();
    await telegram.getByTestId('test-result').getByText('Sent: the provider took it.').waitFor(WAIT);
    expect(tg.messages.filter((m) => m.chat_id === '7001').map((m) => m.text.includes('Test page'))).toEqual([true]);
    const test = section(p, 'Test page');
    await test.getByLabel('Send to').selectOption({ label: 'Telegram to @ada_tg' });
    await test.getByRole('button', { name: 'Send test page' }).click();
    await test.getByTestId('test-result').getByText('Sent: the provider took it.').waitFor(WAIT);
    expect(tg.messages.filter((m) => m.chat_id === '7001')).toHaveLength(2);
    await t.container.db.deleteFrom('telegram_links').where('id', '=', 'tgl_browser').execute();
  });

  it('an observer sees the profile without the actions it may not take', async () => {
    const observer = await addMember(t, owner, 'observer', { email: 'observer@example.com', passwordHash: await hashPassword(PASSWORD) });
    const p = await page();
    await signIn(p, observer.email, PASSWORD);
    await openProfile(p);
    await section(p, 'Calendar feed').waitFor(WAIT);
    for (const name of ['Enable push', 'Add number', 'Create feed URL', 'Save sound', 'Send test page']) expect(await p.getByRole('button', { name }).count(), name).toBe(0);
    // What every role may do to its own sign-in stays.
    await p.getByRole('button', { name: 'Change password' }).waitFor(WAIT);
    await accessible(p, 'the profile as an observer');
  });

  it('looks right at desktop and phone sizes, light and dark (screenshots in test-results/)', async () => {
    for (const viewport of ['desktop', 'phone'] as const) {
      for (const colorScheme of ['light', 'dark'] as const) {
        const p = await page({ viewport, colorScheme });
        await signIn(p, OWNER.email, OWNER.password);
        await openProfile(p);
        await section(p, 'Phone numbers').getByText('+14155552671').waitFor(WAIT);
        // The email change above ended the devices registered by other credentials (docs/adr/0710).
        await section(p, 'Devices').waitFor(WAIT);
        await accessible(p, `the profile (${viewport}, ${colorScheme})`);
        await screenshot(p, `profile-${viewport}-${colorScheme}`);
      }
    }
  });

  it('sets up two-factor sign-in after confirming the password, and shows recovery codes once', async () => {
    // Signed in elsewhere too: a session to revoke below.
    const elsewhere = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: OWNER.email, password: OWNER.password } });
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
    const p = await page();
    await signIn(p, OWNER.email, OWNER.password);
    await openProfile(p);
    // More than 10 minutes after signing in: the server asks the person to confirm it is them.
    t.clock.advance(11 * 60_000);
    const totp = section(p, 'Two-factor sign-in');
    await totp.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    const dialog = p.getByRole('dialog', { name: 'Confirm it is you' });
    await dialog.getByLabel('Current password').fill(OWNER.password);
    // The browser logs the 403 that asked for it.
    expect(pages.console(p)).toEqual(['Failed to load resource: the server responded with a status of 403 (Forbidden)']);
    pages.console(p).length = 0;
    await accessible(p, 'the re-authentication dialog');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    const secret = (await totp.getByTestId('totp-secret').innerText({ timeout: WAIT.timeout })).replace(/\s+/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await totp.getByRole('img', { name: 'QR code of your two-factor key' }).waitFor(WAIT);
    await accessible(p, 'the two-factor setup');
    await screenshot(p, 'profile-totp-setup-desktop-light');
    await totp.getByLabel('Code from the app').fill(authenticator.clone({ epoch: t.clock.now().getTime() }).generate(secret));
    await totp.getByRole('button', { name: 'Turn on' }).click();
    await totp.getByText('✓ On').waitFor(WAIT);
    expect(((await api('GET', '/api/me')) as { user: { totp_enabled: boolean } }).user.totp_enabled).toBe(true);

    const recovery = section(p, 'Recovery codes');
    await recovery.getByRole('button', { name: 'Generate codes' }).click();
    await p.getByRole('dialog', { name: 'Generate new recovery codes?' }).getByRole('button', { name: 'Generate' }).click();
    const list = recovery.getByTestId('recovery-codes');
    await list.waitFor(WAIT);
    const codes = await list.locator('li').allInnerTexts();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    await accessible(p, 'the new recovery codes');
    await screenshot(p, 'profile-recovery-codes-desktop-light');
    await recovery.getByRole('button', { name: 'I saved them' }).click();
    await recovery.getByText('10 of 10 unused', { exact: false }).waitFor(WAIT);
    // Shown once: neither the page nor the API has them again.
    await p.reload();
    await section(p, 'Recovery codes').getByText('10 of 10 unused', { exact: false }).waitFor(WAIT);
    expect(await p.getByTestId('recovery-codes').count()).toBe(0);
    const status = JSON.stringify(await api('GET', '/api/me/recovery-codes'));
    for (const c of codes) expect(status).not.toContain(c);

    // Sessions: the other browsers of this run are listed and one can be revoked.
    const sessions = section(p, 'Sessions');
    await sessions.getByText('This browser').waitFor(WAIT);
    const before = await sessions.getByRole('button', { name: /^Revoke / }).count();
    expect(before).toBeGreaterThan(0);
    await sessions.getByRole('button', { name: /^Revoke / }).first().click();
    await p.getByRole('dialog', { name: 'Revoke this session?' }).getByRole('button', { name: 'Revoke' }).click();
    await sessions.getByText('Session revoked.').waitFor(WAIT);
    await expect.poll(() => sessions.getByRole('button', { name: /^Revoke / }).count(), WAIT).toBe(before - 1);
  });
});
