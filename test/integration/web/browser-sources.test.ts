import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createService, type Tenant, type TestApp } from '../../helpers/app.ts';
import { addMember } from '../../helpers/people.ts';
import { HAVE_CHROMIUM, REQUIRE_BROWSER, launchChromium, newContext, screenshot, PageSet, signInThroughPage } from '../../helpers/browser.ts';
import { ensureDashboard } from '../../../src/web/build.ts';
import { hashPassword } from '../../../src/lib/password.ts';
import { ManualClock } from '../../../src/lib/clock.ts';

// Sources on the service page (issue 24, "services and sources"): add a source of a vendor kind
// and see its URL and setup snippet, the custom mapping tester (live preview, errors at their
// field), edit a source, and what a responder does not see. Debian's Chromium against a real
// server on loopback with a manual clock; every wait is for something on the page.

const OWNER = { email: 'owner@example.com', password: 'owner-password-1' };
const PASSWORD = 'member-password-1';
const WAIT = { timeout: 45_000 };

const ALERTMANAGER = {
  receiver: 'klaxon',
  status: 'firing',
  alerts: [
    {
      status: 'firing',
      labels: { alertname: 'HighLatency', instance: 'api-1:9100', job: 'api', severity: 'critical' },
      annotations: { summary: 'p99 > 2s' },
      startsAt: '2026-11-25T09:00:00.123456789Z',
      endsAt: '0001-01-01T00:00:00Z',
      generatorURL: 'http://prometheus:9090/graph?g0.expr=up&g0.tab=1',
      fingerprint: 'c1a2b3c4d5e6f708',
    },
  ],
  groupLabels: { alertname: 'HighLatency' },
  commonLabels: { alertname: 'HighLatency', instance: 'api-1:9100', job: 'api', severity: 'critical' },
  commonAnnotations: { summary: 'p99 > 2s' },
  externalURL: 'http://alertmanager:9093',
  version: '4',
  groupKey: '{}:{alertname="HighLatency"}',
  truncatedAlerts: 0,
};
const CUSTOM = { check: { label: 'Queue backlog on orders', key: 'orders-backlog', level: 'MEDIUM', status: 'bad', details: '12,000 messages waiting' } };

const suite = HAVE_CHROMIUM || REQUIRE_BROWSER ? describe : describe.skip;

suite('browser: sources on the service page', { timeout: 300_000 }, () => {
  let t: TestApp;
  let base: string;
  let browser: Browser;
  let owner: Tenant;
  let svc: { id: string };
  const pages = new PageSet();

  beforeAll(async () => {
    const dashboard = await ensureDashboard();
    t = await buildTestApp({ dialect: 'sqlite', dashboard, clock: new ManualClock('2026-11-25T09:00:00.000Z') });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    browser = await launchChromium();
    const r = await t.container.services.orgs.bootstrap({ orgName: 'Acme', email: OWNER.email, password: OWNER.password });
    owner = { orgId: r.org_id, userId: r.user_id, apiKey: r.api_key, ingestKey: r.ingest_key, headers: { authorization: `Bearer ${r.api_key}`, 'x-service-org': r.org_id } } as Tenant;
    svc = await createService(t, owner, 'storage');
  }, 240_000);
  afterAll(async () => {
    await pages.close();
    await browser?.close();
    await t?.close();
  });

  const page = (opts: Parameters<typeof newContext>[2] = {}) => pages.open(browser, base, opts);
  const signIn = (p: Page, email: string, password: string) => signInThroughPage(p, email, password, WAIT.timeout);
  const openService = async (p: Page) => {
    await p.goto(`/services/${svc.id}`);
    await p.getByRole('heading', { name: 'storage', level: 1 }).waitFor(WAIT);
    await p.locator('.cards li').first().waitFor(WAIT);
  };
  const accessible = (p: Page, what: string) => pages.expectAccessible(p, what);
  const post = async (url: string, body: object) =>
    fetch(`${base}${new URL(url).pathname}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  it('an admin adds an Alertmanager source, sees its URL and snippet, and its alerts arrive', async () => {
    const p = await page();
    await signIn(p, OWNER.email, OWNER.password);
    await openService(p);
    await p.getByRole('button', { name: 'Add source' }).click();
    await p.getByLabel('Kind').selectOption('alertmanager');
    await p.getByLabel('Source name').fill('prometheus');
    // A rule on a label, and the kind's sample payload previewed through it.
    await p.getByRole('button', { name: 'Add rule' }).click();
    await p.getByLabel('Attribute of rule 1').fill('job');
    await p.getByLabel('Value of rule 1').fill('api');
    await p.getByText('Test a sample payload').click();
    const preview = p.getByTestId('preview-items');
    await preview.getByText('HighLatency: p99 > 2s').waitFor(WAIT);
    await preview.getByText('(rule 1)').waitFor(WAIT);
    await accessible(p, 'the add-source form');
    await p.getByRole('button', { name: 'Create source' }).click();
    const url = await p.getByTestId('new-source-credential').innerText(WAIT);
    expect(url).toMatch(/\/v1\/ingest\//);
    expect(await p.evaluate('document.activeElement?.textContent')).toBe('prometheus is ready'); // focus follows the form
    const snippet = await p.locator('.snippet pre').innerText();
    expect(snippet).toContain('webhook_configs');
    expect(snippet).toContain(url);
    await p.getByRole('button', { name: 'Copy ingest URL' }).click();
    expect(await p.evaluate('navigator.clipboard.readText()')).toBe(url);
    await accessible(p, 'the new source panel');
    await screenshot(p, 'source-created-desktop-light');
    await p.getByRole('button', { name: 'Done' }).click();
    await p.getByRole('heading', { name: 'prometheus', level: 3 }).waitFor(WAIT);
    expect(await p.evaluate('document.activeElement?.textContent')).toBe('Add source');
    const stored = (await t.app.inject({ method: 'GET', url: '/api/integrations', headers: owner.headers })).json() as { type: string; routing_rules: unknown; fallback_service_id: string }[];
    expect(stored.find((i) => i.type === 'alertmanager')).toMatchObject({ routing_rules: [{ attribute: 'job', value: 'api', service_id: svc.id }], fallback_service_id: svc.id });

    const r = await post(url, ALERTMANAGER);
    expect(r.status).toBe(202);
    await p.getByRole('link', { name: 'Alerts', exact: true }).click();
    await p.getByRole('link', { name: 'HighLatency: p99 > 2s' }).waitFor(WAIT);
  });

  it('a custom source: the tester previews the mapping, places a broken one\'s error, and the saved source maps a POST', async () => {
    const p = await page();
    await signIn(p, OWNER.email, OWNER.password);
    await openService(p);
    await p.getByRole('button', { name: 'Add source' }).click();
    await p.getByLabel('Kind').selectOption('custom');
    await p.getByLabel('Source name').fill('queue-checker');
    const tester = p.getByTestId('mapping-tester');
    // The default sample and mapping preview at once.
    await tester.getByTestId('preview-items').getByText('Disk full on db-1').waitFor(WAIT);
    await p.getByLabel('Sample payload (JSON)').fill(JSON.stringify(CUSTOM, null, 2));
    await p.getByLabel('Title expression').fill("'Queue: ' & check.label");
    await p.getByLabel('Event key expression').fill('check.key');
    await p.getByLabel('Priority expression').fill('$lowercase(check.level)');
    await p.getByLabel('Action expression').fill("check.status = 'ok' ? 'resolve' : 'trigger'");
    await p.getByLabel('Details expression').fill('check.details');
    await p.getByLabel('Routing attributes expression').fill('');
    const items = tester.getByTestId('preview-items');
    await items.getByText('Queue: Queue backlog on orders').waitFor(WAIT);
    await items.getByText('orders-backlog').waitFor(WAIT);
    await items.getByText('medium', { exact: true }).waitFor(WAIT);
    await items.getByText('12,000 messages waiting').waitFor(WAIT);
    await accessible(p, 'the mapping tester');
    await screenshot(p, 'source-tester-desktop-light');

    // A syntax error is placed in its field, with its position, before any round trip.
    await p.getByLabel('Title expression').fill("'Queue: ' & check.label &");
    const titleError = tester.getByTestId('mapping-error-title');
    await titleError.waitFor(WAIT);
    expect(await titleError.innerText()).toMatch(/at character 25/);
    expect(await tester.locator('.caret').innerText()).toBe(`'Queue: ' & check.label &\n${' '.repeat(24)}^`);
    expect(await p.getByLabel('Title expression').getAttribute('aria-invalid')).toBe('true');
    await tester.getByText('Fix the mapping to see the preview.').waitFor(WAIT);
    await accessible(p, 'the mapping tester with an error');
    await screenshot(p, 'source-tester-error-desktop-light');
    // A value the server refuses is shown at its field too.
    await p.getByLabel('Title expression').fill("'Queue: ' & check.label");
    await p.getByLabel('Priority expression').fill("'urgent'");
    await tester.getByTestId('mapping-error-priority').getByText(/urgent/).waitFor(WAIT);
    expect(await titleError.count()).toBe(0);
    await p.getByLabel('Priority expression').fill('$lowercase(check.level)');
    await items.getByText('Queue: Queue backlog on orders').waitFor(WAIT);

    await p.getByRole('button', { name: 'Create source' }).click();
    const url = await p.getByTestId('new-source-credential').innerText(WAIT);
    expect(await p.locator('.snippet pre').innerText()).toContain(url);
    const r = await post(url, CUSTOM);
    expect(r.status).toBe(202);
    const alerts = (await t.app.inject({ method: 'GET', url: '/api/alerts', headers: owner.headers })).json() as { title: string; priority: string; service_id: string }[];
    expect(alerts.find((a) => a.title === 'Queue: Queue backlog on orders')).toMatchObject({ priority: 'medium', service_id: svc.id });
    await p.getByRole('link', { name: 'Alerts', exact: true }).click();
    await p.getByRole('link', { name: 'Queue: Queue backlog on orders' }).waitFor(WAIT);
  });

  it('adds a source of every other kind, each with its credential and setup text', async () => {
    const p = await page();
    await signIn(p, OWNER.email, OWNER.password);
    await openService(p);
    const expected: Record<string, { credential: RegExp; text: RegExp }> = {
      grafana: { credential: /\/v1\/ingest\//, text: /Contact points/ },
      datadog: { credential: /\/v1\/ingest\//, text: /@webhook-/ },
      events_v2: { credential: /^[A-Za-z0-9]{32}$/, text: /\/v2\/enqueue/ },
      email: { credential: /^[^@\s]+@[^@\s]+$/, text: /subject becomes the title/ },
      webhook: { credential: /\/v1\/ingest\//, text: /curl -X POST/ },
    };
    for (const [kind, want] of Object.entries(expected)) {
      await p.getByRole('button', { name: 'Add source' }).click();
      await p.getByLabel('Kind').selectOption(kind);
      await p.getByLabel('Source name').fill(`${kind}-source`);
      await p.getByRole('button', { name: 'Create source' }).click();
      const panel = p.getByRole('region', { name: `${kind}-source is ready` });
      const credential = await panel.getByTestId('new-source-credential').innerText(WAIT);
      expect(credential, kind).toMatch(want.credential);
      expect(await panel.innerText(), kind).toMatch(want.text);
      if (kind === 'events_v2') {
        expect(await panel.locator('.snippet pre').innerText()).toContain(credential);
        const r = await fetch(`${base}/v2/enqueue`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ routing_key: credential, event_action: 'trigger', payload: { summary: 'Events v2 from the new key', source: 'test', severity: 'error' } }),
        });
        expect(r.status).toBe(202);
      }
      await panel.getByRole('button', { name: 'Done' }).click();
      await p.getByRole('heading', { name: `${kind}-source`, level: 3 }).waitFor(WAIT);
    }
    const list = (await t.app.inject({ method: 'GET', url: '/api/integrations', headers: owner.headers })).json() as { name: string; service_id: string | null; fallback_service_id: string | null }[];
    for (const kind of ['events_v2', 'email', 'webhook']) expect(list.find((i) => i.name === `${kind}-source`)?.service_id, kind).toBe(svc.id);
    for (const kind of ['grafana', 'datadog']) expect(list.find((i) => i.name === `${kind}-source`)?.fallback_service_id, kind).toBe(svc.id);
    await accessible(p, 'the service page with a source of every kind');
  });

  it("edits a source's name", async () => {
    const p = await page();
    await signIn(p, OWNER.email, OWNER.password);
    await openService(p);
    await p.getByRole('button', { name: 'Edit prometheus' }).click();
    await p.getByLabel('Source name').fill('prometheus-prod');
    // From the top: scrolled to the form, the sticky top bar covers part of the schedule select
    // above it, which axe's target-size rule counts as a too-small target.
    await p.evaluate('window.scrollTo(0, 0)');
    await accessible(p, 'the edit form');
    await p.getByRole('button', { name: 'Save changes' }).click();
    await p.getByRole('heading', { name: 'prometheus-prod', level: 3 }).waitFor(WAIT);
    const list = (await t.app.inject({ method: 'GET', url: '/api/integrations', headers: owner.headers })).json() as { name: string; type: string }[];
    expect(list.filter((i) => i.type === 'alertmanager').map((i) => i.name)).toEqual(['prometheus-prod']);
  });

  it('a responder sees the sources but no add or edit actions', async () => {
    const hash = await hashPassword(PASSWORD);
    const responder = await addMember(t, owner, 'responder', { email: 'responder@example.com', passwordHash: hash });
    const p = await page();
    await signIn(p, responder.email, PASSWORD);
    await openService(p);
    await p.getByRole('heading', { name: 'queue-checker', level: 3 }).waitFor(WAIT);
    expect(await p.getByRole('button', { name: 'Add source' }).count()).toBe(0);
    expect(await p.getByRole('button', { name: /^Edit/ }).count()).toBe(0);
    expect(await p.getByRole('button', { name: 'Reveal', exact: true }).count()).toBe(0);
    await accessible(p, 'the service page as a responder');
  });

  it('looks right at desktop and phone sizes, light and dark (screenshots in test-results/)', async () => {
    for (const viewport of ['desktop', 'phone'] as const) {
      for (const colorScheme of ['light', 'dark'] as const) {
        const p = await page({ viewport, colorScheme });
        await signIn(p, OWNER.email, OWNER.password);
        await openService(p);
        await p.getByRole('heading', { name: 'queue-checker', level: 3 }).waitFor(WAIT);
        await accessible(p, `the service page (${viewport}, ${colorScheme})`);
        await screenshot(p, `service-sources-${viewport}-${colorScheme}`);
        await p.getByRole('button', { name: 'Edit queue-checker' }).click();
        await p.getByLabel('Sample payload (JSON)').fill(JSON.stringify(CUSTOM, null, 2));
        await p.getByTestId('preview-items').getByText('Queue: Queue backlog on orders').waitFor(WAIT);
        await accessible(p, `the mapping tester (${viewport}, ${colorScheme})`);
        await screenshot(p, `source-tester-${viewport}-${colorScheme}`);
      }
    }
  });
});
