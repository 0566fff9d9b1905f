import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.ts';

// Issue 33 item 8: the HTML pages Klaxon serves outside the dashboard (the page-action confirmation
// page of docs/adr/0441 and the API reference at /docs) may not be framed (clickjacking a one-click
// acknowledge) and carry a strict CSP. The dashboard's own page is covered by dashboard-serving.test.ts.

const HTML = { accept: 'text/html,application/xhtml+xml' };

/** A page that no other site may frame, sniff or read the referrer of. */
function expectLockedDown(res: { headers: Record<string, unknown> }, what: string) {
  const csp = String(res.headers['content-security-policy'] ?? '');
  expect(csp, what).toMatch(/(^|; )frame-ancestors 'none'(;|$)/);
  expect(res.headers['x-frame-options'], what).toBe('DENY');
  expect(res.headers['x-content-type-options'], what).toBe('nosniff');
  return csp;
}

describe('HTML pages outside the dashboard', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ dialect: 'sqlite' });
  });
  afterAll(async () => t?.close());

  it('GET /v1/page-actions/{token}: no script, no source but its own inline style (by hash), forms post to itself only, never framed', async () => {
    for (const url of [`/v1/page-actions/kxk_${'A'.repeat(43)}`, '/v1/page-actions/nonsense']) {
      const res = await t.app.inject({ method: 'GET', url, headers: HTML });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      const csp = expectLockedDown(res, url);
      const directives = new Map(csp.split(/;\s*/).filter(Boolean).map((d) => [d.split(' ')[0]!, d.split(' ').slice(1).join(' ')]));
      expect(directives.get('default-src')).toBe("'none'");
      expect(directives.get('base-uri')).toBe("'none'");
      expect(directives.get('form-action')).toBe("'self'");
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).not.toContain('script-src');
      const style = /<style>([^<]*)<\/style>/.exec(res.body)![1]!;
      expect(directives.get('style-src')).toBe(`'sha256-${createHash('sha256').update(style).digest('base64')}'`);
      expect(res.headers['referrer-policy']).toBe('no-referrer');
    }
    // The form's answer (an HTML page too) and the app's JSON answer carry the same headers.
    const form = await t.app.inject({ method: 'POST', url: `/v1/page-actions/kxk_${'A'.repeat(43)}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
    expect(form.headers['content-type']).toMatch(/^text\/html/);
    expectLockedDown(form, 'form post');
    expectLockedDown(await t.app.inject({ method: 'POST', url: `/v1/page-actions/kxk_${'A'.repeat(43)}` }), 'json post');
  });

  it('the API reference at /docs may not be framed either', async () => {
    for (const url of ['/docs', '/docs/', '/docs/json']) {
      const res = await t.app.inject({ method: 'GET', url, headers: HTML });
      expect(res.statusCode, url).toBe(200);
      const csp = expectLockedDown(res, url);
      expect(csp).not.toContain("frame-ancestors 'self'");
    }
  });
});
