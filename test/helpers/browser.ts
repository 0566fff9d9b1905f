import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { REPO } from './process.ts';

/**
 * The dashboard's browser tests drive Debian's Chromium (apt-get install chromium), never a browser
 * download. Without it they are skipped and counted on a developer's machine
 * (test/helpers/browser-skip-reporter.ts); in CI (CI set) a missing browser fails them.
 */
export const CHROMIUM = process.env.KLAXON_CHROMIUM ?? '/usr/bin/chromium';
export const HAVE_CHROMIUM = existsSync(CHROMIUM);
export const BROWSER_SUITE = /^browser: /;
export const REQUIRE_BROWSER = !!process.env.CI;
export const RESULTS_DIR = join(REPO, 'test-results');

export async function launchChromium(): Promise<Browser> {
  if (!HAVE_CHROMIUM) throw new Error(`Chromium is not at ${CHROMIUM}: apt-get install -y chromium (CI installs it in .ci/run)`);
  return chromium.launch({
    executablePath: CHROMIUM,
    // A fresh profile each launch (playwright makes one); no background traffic to blocked hosts.
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

export type Viewport = 'desktop' | 'phone';
const SIZES: Record<Viewport, { width: number; height: number }> = { desktop: { width: 1280, height: 820 }, phone: { width: 390, height: 844 } };

/** A context as a person's browser: its own cookies, fixed size, zone and locale, no motion. */
export async function newContext(browser: Browser, baseURL: string, opts: { viewport?: Viewport; colorScheme?: 'light' | 'dark' } = {}): Promise<BrowserContext> {
  const ctx = await browser.newContext({
    baseURL,
    viewport: SIZES[opts.viewport ?? 'desktop'],
    colorScheme: opts.colorScheme ?? 'light',
    timezoneId: 'UTC',
    locale: 'en-US',
    reducedMotion: 'reduce',
    ...(opts.viewport === 'phone' ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {}),
  });
  await ctx.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  return ctx;
}

/** Collects what the page's CSP refused and what it logged as an error. */
export function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || /Content Security Policy/i.test(m.text())) problems.push(m.text());
  });
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  return problems;
}

let axeSource: string | undefined;
/**
 * Runs axe-core (WCAG 2 A and AA rules) in the page; returns the serious and critical violations.
 * It is evaluated through the DevTools protocol, which the page's CSP does not govern, so the
 * strict policy stays on while it runs.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  axeSource ??= (await import('node:fs')).readFileSync(join(REPO, 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');
  await page.evaluate(`${axeSource};void 0`);
  const result = (await page.evaluate(`axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] } }).then(r => r.violations.map(v => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map(n => n.target.join(' ')) })))`)) as {
    id: string;
    impact: string;
    help: string;
    nodes: string[];
  }[];
  return result.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.join(', ')}`);
}

/** A screenshot for people to look at (CI keeps test-results/ as an artifact); never a pixel gate. */
export async function screenshot(page: Page, name: string) {
  mkdirSync(RESULTS_DIR, { recursive: true });
  // From the top, so the sticky top bar is drawn where a person sees it, not mid-page.
  await page.evaluate('window.scrollTo(0, 0)');
  await page.screenshot({ path: join(RESULTS_DIR, `${name}.png`), fullPage: true });
}

/**
 * The pages one browser test file opens, each in its own context with its console watched, and
 * all closed at the end: the set-up every browser test file shares.
 */
export class PageSet {
  private readonly contexts: BrowserContext[] = [];
  private readonly problems = new Map<Page, string[]>();

  /** A new page at baseURL; `prepare` runs on its context first (permissions, init scripts). */
  async open(browser: Browser, baseURL: string, opts: Parameters<typeof newContext>[2] = {}, prepare?: (ctx: BrowserContext) => Promise<void>): Promise<Page> {
    const ctx = await newContext(browser, baseURL, opts);
    this.contexts.push(ctx);
    await prepare?.(ctx);
    const p = await ctx.newPage();
    this.problems.set(p, watchConsole(p));
    return p;
  }

  /** What the page logged as an error so far; a test empties it after an error it caused on purpose. */
  console(p: Page): string[] {
    return this.problems.get(p) ?? [];
  }

  /** No serious or critical axe violation, and nothing on the console but what `ignore` matches. */
  async expectAccessible(p: Page, what: string, ignore?: RegExp) {
    expect(await seriousViolations(p), `axe on ${what}`).toEqual([]);
    expect(this.console(p).filter((m) => !ignore?.test(m)), `console of ${what}`).toEqual([]);
  }

  async close() {
    for (const c of this.contexts) await c.close().catch(() => undefined);
  }
}

/** Signs in through the sign-in page and waits for the alert list it lands on. */
export async function signInThroughPage(p: Page, email: string, password: string, timeout = 45_000) {
  await p.goto('/');
  await p.getByLabel('Email').fill(email);
  await p.getByLabel('Password').fill(password);
  await p.getByRole('button', { name: 'Sign in' }).click();
  await p.getByRole('heading', { name: 'Alerts', level: 1 }).waitFor({ timeout });
}
