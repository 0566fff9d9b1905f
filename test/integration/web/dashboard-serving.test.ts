import { mkdtempSync, rmSync, writeFileSync, readdirSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrapTenant, buildTestApp, type TestApp } from '../../helpers/app.ts';
import { ensureDashboard, isBuildCurrent, sourceStamp } from '../../../src/web/build.ts';

// The dashboard at / (docs/adr/0600): built files, a history fallback that sends index.html with a
// per-request CSP nonce to browser navigations, and the API's JSON 404 everywhere else.

const HTML = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

describe('the dashboard served by klaxon serve', () => {
  let t: TestApp;
  let root: string;
  beforeAll(async () => {
    root = await ensureDashboard();
    t = await buildTestApp({ dialect: 'sqlite', dashboard: root });
  }, 180_000);
  afterAll(async () => t?.close());

  it('sends index.html at / and any page path, with a strict CSP whose style nonce changes per request', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/', headers: HTML });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toMatch(/^text\/html/);
    expect(first.headers['cache-control']).toBe('no-store');
    const csp = String(first.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('upgrade-insecure-requests');
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(first.body).toContain(`<meta name="csp-nonce" content="${nonce}"`);
    expect(first.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/); // no inline script
    const deep = await t.app.inject({ method: 'GET', url: '/alerts/alr_01hzzzzzzzzzzzzzzzzzzzzzzz?status=any', headers: HTML });
    expect(deep.statusCode).toBe(200);
    expect(deep.body).toContain('<div id="root">');
    expect(/'nonce-([^']+)'/.exec(String(deep.headers['content-security-policy']))?.[1]).not.toBe(nonce);
  });

  it('serves the built assets, hashed ones cached for a year', async () => {
    const assets = readdirSync(join(root, 'assets'));
    const js = assets.find((f) => f.endsWith('.js'))!;
    const r = await t.app.inject({ method: 'GET', url: `/assets/${js}` });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/javascript/);
    expect(r.headers['cache-control']).toContain('immutable');
    expect((await t.app.inject({ method: 'GET', url: '/favicon.svg' })).statusCode).toBe(200);
    // The stamp beside the build is not a page.
    expect((await t.app.inject({ method: 'GET', url: '/.klaxon-build' })).statusCode).toBe(404);
  });

  it('keeps /api, /v1, /docs and the operations routes: their 404 is the JSON error, HTML asked or not', async () => {
    for (const url of ['/api/nope', '/v1/nope', '/v2/nope', '/metrics/x', '/healthz/x']) {
      const r = await t.app.inject({ method: 'GET', url, headers: HTML });
      expect(r.statusCode, url).toBe(404);
      expect(r.json(), url).toMatchObject({ ok: false, error: { code: 'not_found' } });
    }
    expect((await t.app.inject({ method: 'GET', url: '/healthz', headers: HTML })).json()).toEqual({ ok: true });
    expect((await t.app.inject({ method: 'GET', url: '/api/openapi.json', headers: HTML })).json()).toHaveProperty('openapi', '3.1.0');
    expect((await t.app.inject({ method: 'GET', url: '/docs/', headers: HTML })).statusCode).toBe(200);
    // A script asking for JSON, or another method, gets the JSON 404 at / too.
    expect((await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'application/json' } })).json()).toMatchObject({ ok: false });
    expect((await t.app.inject({ method: 'POST', url: '/', headers: HTML, payload: {} })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/index.html', headers: { accept: '*/*' } })).statusCode).toBe(404);
  });

  it('says when the server has no organization yet, for the first-run page', async () => {
    const meta = async () => /name="klaxon-first-run" content="(\w+)"/.exec((await t.app.inject({ method: 'GET', url: '/sign-in', headers: HTML })).body)?.[1];
    expect(await meta()).toBe('true');
    await bootstrapTenant(t, 'First');
    expect(await meta()).toBe('false');
  });

  it('knows a build that is not of the current sources', () => {
    const dir = mkdtempSync(join(tmpdir(), 'klaxon-web-'));
    try {
      const src = join(dir, 'src');
      const out = join(dir, 'out');
      mkdirSync(src);
      mkdirSync(out);
      writeFileSync(join(src, 'a.ts'), 'one');
      writeFileSync(join(out, 'index.html'), '<html></html>');
      expect(isBuildCurrent(out, src)).toBe(false);
      writeFileSync(join(out, '.klaxon-build'), `${sourceStamp(src)}\n`);
      expect(isBuildCurrent(out, src)).toBe(true);
      writeFileSync(join(src, 'a.ts'), 'two');
      expect(isBuildCurrent(out, src)).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
