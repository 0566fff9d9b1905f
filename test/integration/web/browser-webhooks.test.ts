import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createService, type Tenant, type TestApp } from '../../helpers/app.ts';
import { addMember } from '../../helpers/people.ts';
import { HAVE_CHROMIUM, REQUIRE_BROWSER, launchChromium, newContext, screenshot as shoot, seriousViolations, PageSet, signInThroughPage } from '../../helpers/browser.ts';
import { type Receiver, startReceiver } from '../../helpers/webhook-receiver.ts';
import { ensureDashboard } from '../../../src/web/build.ts';
import { hashPassword } from '../../../src/lib/password.ts';
import { ManualClock } from '../../../src/lib/clock.ts';

// The dashboard's webhook pages (issue 24, PRODUCT.md 8 and 9) in Debian's Chromium against a real
// server on loopback and a real receiver on loopback (KLAXON_WEBHOOK_ALLOW_PRIVATE=true). The
// delivery worker runs as `klaxon serve` runs it. Every wait is for something on the page.
// The clock is a manual one set to the real time: the receiver checks Standard Webhooks signatures,
// whose timestamps may be five minutes off at most.

const OWNER = { email: 'owner@example.com', password: 'owner-password-1' };
const PASSWORD = 'member-password-1';
const WAIT = { timeout: 45_000 };

const suite = HAVE_CHROMIUM || REQUIRE_BROWSER ? describe : describe.skip;

suite('browser: webhooks', { timeout: 300_000 }, () => {
  let t: TestApp;
  let base: string;
  let browser: Browser;
  let owner: Tenant;
  let rx: Receiver;
  let hookId = '';
  const pages = new PageSet();

  beforeAll(async () => {
    const dashboard = await ensureDashboard();
    t = await buildTestApp({ dialect: 'sqlite', dashboard, clock: new ManualClock(new Date()), env: { KLAXON_WEBHOOK_ALLOW_PRIVATE: 'true', KLAXON_WEBHOOK_TIMEOUT_MS: '5000' } });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const r = await t.container.services.orgs.bootstrap({ orgName: 'Acme', email: OWNER.email, password: OWNER.password });
    owner = { orgId: r.org_id, userId: r.user_id, apiKey: r.api_key, ingestKey: r.ingest_key, headers: { authorization: `Bearer ${r.api_key}`, 'x-service-org': r.org_id } };
    const svc = await createService(t, owner, 'checkout');
    const r2 = await fetch(`${base}${svc.ingestPath}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ title: 'Checkout errors above 5%', event_key: 'co-5xx', priority: 'critical' }) });
    expect(r2.status).toBe(202);
    rx = await startReceiver({ status: 200, headers: { 'content-type': 'text/plain' }, body: 'thanks' });
    t.container.webhookWorker.start();
    browser = await launchChromium();
  }, 180_000);
  afterAll(async () => {
    await pages.close();
    await browser?.close();
    await t?.close();
    await rx?.close();
  });

  const page = (opts: Parameters<typeof newContext>[2] = {}) => pages.open(browser, base, opts);
  const signIn = (p: Page, email: string, password: string) => signInThroughPage(p, email, password, WAIT.timeout);
  const accessible = async (p: Page, what: string) => {
    expect(await seriousViolations(p), `axe on ${what}`).toEqual([]);
    // A preview answered 400 while a template error is shown: the browser logs the status of that call.
    await pages.expectAccessible(p, what, /status of 400/);
  };
  /** From the top of the page, so the sticky bar is where a person sees it. */
  const screenshot = async (p: Page, name: string) => {
    await p.evaluate('window.scrollTo(0, 0)');
    await shoot(p, name);
  };
  const api = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: owner.headers, ...(payload ? { payload } : {}) });

  it('an admin creates a webhook, edits its template with a live preview, sees an error at its place, fixes it, tests and redelivers', async () => {
    const p = await page();
    await signIn(p, OWNER.email, OWNER.password);
    await p.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Webhooks' }).click();
    await p.getByRole('heading', { name: 'Webhooks', level: 1 }).waitFor(WAIT);
    await p.getByText('No webhooks yet.').waitFor(WAIT);
    await accessible(p, 'the empty webhook list');

    // Create: a custom destination starts from a template whose preview renders at once.
    await p.getByRole('link', { name: 'New webhook' }).click();
    await p.getByRole('heading', { name: 'New webhook', level: 1 }).waitFor(WAIT);
    await p.getByLabel('Name').fill('Ops receiver');
    await p.getByLabel('Kind').selectOption('custom');
    await p.getByLabel('URL').fill(rx.url('/hook'));
    const preview = p.getByTestId('preview-body');
    await expect.poll(() => preview.innerText(), WAIT).toContain('"text": "Disk almost full on db-1 (sample)"');
    await accessible(p, 'the new webhook form');
    await screenshot(p, 'webhook-new-desktop-light');
    await p.getByRole('button', { name: 'Create webhook' }).click();
    await p.getByRole('heading', { name: 'Ops receiver', level: 1 }).waitFor(WAIT);
    hookId = new URL(p.url()).pathname.split('/').at(-1)!;
    expect(hookId).toMatch(/^whk_/);
    const secret = await p.getByTestId('webhook-secret').innerText(WAIT);
    expect(secret).toMatch(/^whsec_/);

    // Edit the template: the preview follows the typing.
    const editor = p.getByLabel('Template body (JSON)');
    await editor.fill('{\n  "summary": "{{ title | upper }}",\n  "who": "{{ service_name }}"\n}\n');
    await expect.poll(() => preview.innerText(), WAIT).toContain('"summary": "DISK ALMOST FULL ON DB-1 (SAMPLE)"');
    expect(await preview.innerText()).toContain('"who": "Sample service"');

    // A mistake: the server names the string and its column; the page places it in the editor.
    await editor.fill('{\n  "summary": "{{ title | upper }}",\n  "who": "{{ service_name | upcase }}"\n}\n');
    const error = p.getByTestId('template-error');
    await error.waitFor(WAIT);
    // "who" starts on line 3; '"{{ service_name | upcase' puts 'upcase' at column 29 of that line.
    await expect(error.innerText()).resolves.toMatch(/Line 3, column 29/);
    await expect(error.innerText()).resolves.toMatch(/unknown filter 'upcase' at line 3, column 29; did you mean 'upper'\?/);
    expect(await error.locator('code').innerText()).toBe('/who');
    const marker = p.getByTestId('template-error-marker');
    await expect(marker.evaluate((el) => el.parentElement?.getAttribute('data-line'))).resolves.toBe('3');
    await expect(p.getByTestId('template-error-mark').innerText()).resolves.toBe('upcase');
    expect(await editor.getAttribute('aria-invalid')).toBe('true');
    await accessible(p, 'the template editor with an error');
    await screenshot(p, 'webhook-template-error-desktop-light');
    // "Go to line 3" selects the mistake in the editor.
    await error.getByRole('button', { name: 'Go to line 3' }).click();
    await expect(editor.evaluate((el) => { const a = el as unknown as { value: string; selectionStart: number; selectionEnd: number }; return a.value.slice(a.selectionStart, a.selectionEnd); })).resolves.toBe('upcase');

    // A JSON syntax error is placed without the server: a missing comma on line 2.
    await editor.fill('{\n  "summary": "{{ title }}"\n  "who": "x"\n}\n');
    await expect.poll(() => error.innerText(), WAIT).toMatch(/Line 3, column 3.*expected ','/s);

    // Fixed: the error goes, the preview comes back; saved, it is what a delivery sends.
    await editor.fill('{\n  "summary": "{{ title | upper }}",\n  "who": "{{ service_name | lower }}"\n}\n');
    await expect.poll(() => preview.innerText(), WAIT).toContain('"who": "sample service"');
    expect(await p.getByTestId('template-error').count()).toBe(0);
    expect(await p.getByTestId('template-error-marker').count()).toBe(0);
    // The same template rendered with a real alert of the organization.
    await p.getByLabel('Alert', { exact: true }).selectOption({ label: 'Checkout errors above 5%' });
    await expect.poll(() => preview.innerText(), WAIT).toContain('"summary": "CHECKOUT ERRORS ABOVE 5%"');
    expect(await preview.innerText()).toContain('"who": "checkout"');
    await p.getByLabel('Alert', { exact: true }).selectOption({ label: 'Sample alert' });
    await p.getByRole('button', { name: 'Save template' }).click();
    await p.getByText('Template saved').waitFor(WAIT);
    expect(((await api('GET', `/api/webhooks/${hookId}`)).json() as { template: unknown }).template).toEqual({
      version: 1,
      body: { summary: '{{ title | upper }}', who: '{{ service_name | lower }}' },
    });

    // Send a test: delivered to the receiver, signed with the secret shown once, and in the log.
    const before = rx.requests.length;
    await p.getByRole('button', { name: 'Send test' }).click();
    await p.getByTestId('action-result').getByText(/Test delivered: HTTP 200/).waitFor(WAIT);
    const [sent] = (await rx.received(before + 1)).slice(before);
    expect(JSON.parse(sent!.body)).toEqual({ summary: 'DISK ALMOST FULL ON DB-1 (SAMPLE)', who: 'sample service' });
    new StandardWebhook(secret).verify(sent!.body, {
      'webhook-id': String(sent!.headers['webhook-id']),
      'webhook-timestamp': String(sent!.headers['webhook-timestamp']),
      'webhook-signature': String(sent!.headers['webhook-signature']),
    });
    const row = p.locator('tr.delivery-row', { hasText: 'Test' }).first();
    await row.getByText('Delivered').waitFor(WAIT);
    await expect(row.innerText()).resolves.toMatch(/HTTP 200/);
    await expect(row.locator('td[data-label="Attempts"]').innerText()).resolves.toBe('1');
    await expect(row.locator('td[data-label="Latency"]').innerText()).resolves.toMatch(/^\d+ ms$/);
    await row.getByRole('button', { name: /^Details/ }).click();
    const details = p.locator('tr.attempts-row');
    await details.getByText(String(sent!.headers['webhook-id']), { exact: true }).first().waitFor(WAIT);
    await details.getByText('thanks').waitFor(WAIT);
    await accessible(p, 'the webhook page with its delivery log');
    await screenshot(p, 'webhook-detail-desktop-light');

    // Redeliver: the same webhook-id again, a second attempt in the log.
    await row.getByRole('button', { name: /^Redeliver/ }).click();
    await p.getByText(/Redelivery queued with the same webhook-id/).waitFor(WAIT);
    const [again] = (await rx.received(before + 2)).slice(before + 1);
    expect(again!.headers['webhook-id']).toBe(sent!.headers['webhook-id']);
    expect(again!.body).toBe(sent!.body);
    await expect.poll(() => details.locator('li.attempt').count(), WAIT).toBe(2);
    await row.getByText('Delivered').waitFor(WAIT);

    // A receiver that fails: the page says so in words, and the log keeps its answer.
    rx.reply({ status: 503, headers: { 'content-type': 'text/plain' }, body: 'down for maintenance' });
    await p.getByLabel('Test event').selectOption('alert.resolved');
    await p.getByRole('button', { name: 'Send test' }).click();
    await p.getByTestId('action-result').getByText(/Test not delivered: .*503/).waitFor(WAIT);
    const failed = p.locator('tr.delivery-row', { hasText: 'Resolved' }).first();
    await expect(failed.innerText()).resolves.toMatch(/HTTP 503/);
    await failed.getByRole('button', { name: /^Details/ }).click();
    await p.locator('tr.attempts-row').getByText('down for maintenance').waitFor(WAIT);
    await p.locator('.hook-health').getByText(/1 failed delivery in a row/).waitFor(WAIT);
  });

  it('disables and enables, rotates the secret (shown once, signed kinds only), and deletes a webhook', async () => {
    const created = (await api('POST', '/api/webhooks', { name: 'Team chat', kind: 'slack', url: rx.url('/slack'), events: ['alert.triggered'] })).json() as { id: string; secret: string };
    const p = await page();
    await signIn(p, OWNER.email, OWNER.password);
    await p.goto('/webhooks');
    await p.getByRole('link', { name: 'Team chat' }).click();
    await p.getByRole('heading', { name: 'Team chat', level: 1 }).waitFor(WAIT);
    expect(await p.getByTestId('webhook-secret').count()).toBe(0); // not created here: no secret to show
    // A chat kind previews its default template.
    await expect.poll(() => p.getByTestId('preview-body').innerText(), WAIT).toContain('"blocks"');
    await p.getByRole('button', { name: 'Disable', exact: true }).click();
    await p.locator('.hook-head').getByText('Disabled', { exact: true }).waitFor(WAIT);
    expect(await p.getByRole('button', { name: 'Send test' }).isDisabled()).toBe(true);
    await p.getByRole('button', { name: 'Enable', exact: true }).click();
    await p.locator('.hook-head').getByText('Enabled', { exact: true }).waitFor(WAIT);
    // Slack deliveries are not signed: no secret to rotate (issue 34 item 8).
    expect(await p.getByRole('button', { name: 'Rotate secret' }).count()).toBe(0);

    // A custom receiver's are.
    const signed = (await api('POST', '/api/webhooks', { name: 'Signed receiver', kind: 'custom', url: rx.url('/signed'), events: ['alert.triggered'], template: { version: 1, body: { t: '{{ title }}' } } })).json() as { id: string; secret: string };
    await p.goto(`/webhooks/${signed.id}`);
    await p.getByRole('heading', { name: 'Signed receiver', level: 1 }).waitFor(WAIT);
    await p.getByRole('button', { name: 'Rotate secret' }).click();
    const dialog = p.getByRole('dialog');
    await dialog.getByText('For 24 hours').waitFor(WAIT);
    await accessible(p, 'the rotate dialog');
    await dialog.getByRole('button', { name: 'Rotate secret' }).click();
    const fresh = await p.getByTestId('webhook-secret').innerText(WAIT);
    expect(fresh).toMatch(/^whsec_/);
    expect(fresh).not.toBe(signed.secret);
    await p.getByRole('button', { name: 'I have saved it' }).click();
    expect(await p.getByTestId('webhook-secret').count()).toBe(0);

    await p.goto(`/webhooks/${created.id}`);
    await p.getByRole('heading', { name: 'Team chat', level: 1 }).waitFor(WAIT);
    await p.getByRole('button', { name: 'Delete', exact: true }).click();
    await p.getByRole('dialog').getByRole('button', { name: 'Delete webhook' }).click();
    await p.getByRole('heading', { name: 'Webhooks', level: 1 }).waitFor(WAIT);
    await p.getByRole('link', { name: 'Signed receiver' }).waitFor(WAIT);
    expect(await p.getByRole('link', { name: 'Team chat' }).count()).toBe(0);
    expect((await api('GET', `/api/webhooks/${created.id}`)).statusCode).toBe(404);
  });

  it('a responder and an observer see no webhook pages to act on', async () => {
    const hash = await hashPassword(PASSWORD);
    for (const role of ['responder', 'observer'] as const) {
      const member = await addMember(t, owner, role, { email: `${role}@example.com`, passwordHash: hash });
      const p = await page();
      await signIn(p, member.email, PASSWORD);
      expect(await p.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Webhooks' }).count(), role).toBe(0);
      for (const path of ['/webhooks', '/webhooks/new', `/webhooks/${hookId}`]) {
        await p.goto(path);
        await p.getByText('Only admins and owners can see and change them').waitFor(WAIT);
        for (const name of ['New webhook', 'Create webhook', 'Send test', 'Save template', 'Rotate secret', 'Delete', 'Disable', 'Redeliver']) {
          expect(await p.getByRole('button', { name }).count() + (await p.getByRole('link', { name }).count()), `${role} ${path} ${name}`).toBe(0);
        }
        expect(await p.locator('textarea').count()).toBe(0);
      }
      await accessible(p, `the webhooks page as ${role}`);
    }
  });

  it('looks right at desktop and phone sizes, light and dark (screenshots in test-results/)', async () => {
    for (const viewport of ['desktop', 'phone'] as const) {
      for (const colorScheme of ['light', 'dark'] as const) {
        const p = await page({ viewport, colorScheme });
        await signIn(p, OWNER.email, OWNER.password);
        await p.goto('/webhooks');
        await p.getByRole('link', { name: 'Ops receiver' }).waitFor(WAIT);
        await accessible(p, `the webhook list (${viewport}, ${colorScheme})`);
        await screenshot(p, `webhooks-${viewport}-${colorScheme}`);
        await p.getByRole('link', { name: 'Ops receiver' }).click();
        await p.getByRole('heading', { name: 'Ops receiver', level: 1 }).waitFor(WAIT);
        await p.locator('tr.delivery-row').first().waitFor(WAIT);
        await expect.poll(() => p.getByTestId('preview-body').innerText(), WAIT).toContain('SAMPLE');
        await p.getByLabel('Template body (JSON)').fill('{\n  "summary": "{{ title | upcase }}"\n}\n');
        await p.getByTestId('template-error').waitFor(WAIT);
        await accessible(p, `the webhook page (${viewport}, ${colorScheme})`);
        await screenshot(p, `webhook-detail-${viewport}-${colorScheme}`);
        await p.goto('/webhooks/new');
        await p.getByRole('heading', { name: 'New webhook', level: 1 }).waitFor(WAIT);
        await expect.poll(() => p.getByTestId('preview-body').innerText(), WAIT).toContain('blocks');
        await accessible(p, `the new webhook form (${viewport}, ${colorScheme})`);
        await screenshot(p, `webhook-new-${viewport}-${colorScheme}`);
      }
    }
  });
});
