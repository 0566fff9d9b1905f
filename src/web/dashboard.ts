import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { PAGE_SECURITY_HEADERS } from '../http/security-headers.ts';

/**
 * Serves the built dashboard at `/` (docs/adr/0600-dashboard-stack-and-packaging.md): one route per
 * built file (hashed assets cached for a year), and for any other browser navigation outside the
 * API's prefixes, `index.html` with a per-request CSP nonce (history fallback). A request for JSON,
 * or under an API prefix, keeps the JSON 404 of PRODUCT.md 5.
 */

/** Paths that belong to the API and operations: never the dashboard's fallback. */
const API_PREFIXES = ['/api', '/v1', '/v2', '/docs', '/generic', '/metrics', '/healthz', '/readyz'];

/**
 * The page's policy: scripts and everything else from this origin only; styles from this origin
 * plus the nonce that Radix's scroll lock needs for the one `<style>` element it injects.
 * `upgrade-insecure-requests` is left out: plain-http installs are common (see /docs in app.ts).
 */
export const dashboardCsp = (nonce: string) =>
  [
    "default-src 'self'",
    "script-src 'self'",
    `style-src 'self' 'nonce-${nonce}'`,
    "img-src 'self' data:",
    "connect-src 'self'",
    "font-src 'self'",
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join('; ');

const SECURITY_HEADERS = PAGE_SECURITY_HEADERS;

export interface DashboardOptions {
  /** The built dashboard (dist/web). */
  root: string;
  /** Whether the server has no organization yet: the page then explains `klaxon admin bootstrap`. */
  firstRun: () => Promise<boolean>;
}

export function isDashboardPath(path: string): boolean {
  const p = path.split('?')[0] ?? '/';
  return !API_PREFIXES.some((prefix) => p === prefix || p.startsWith(`${prefix}/`) || p.startsWith(`${prefix}.`));
}

const wantsHtml = (req: FastifyRequest) => {
  const accept = req.headers.accept;
  return typeof accept === 'string' && /\btext\/html\b/.test(accept);
};

export async function registerDashboard(app: FastifyInstance, opts: DashboardOptions) {
  const template = readFileSync(join(opts.root, 'index.html'), 'utf8');
  await app.register(fastifyStatic, {
    root: opts.root,
    prefix: '/',
    // One route per file, registered now: /api, /v1 and /docs keep their own routes.
    wildcard: false,
    index: false,
    // index.html is only ever sent by the fallback, with its nonce.
    globIgnore: ['index.html'],
    decorateReply: false,
    // Cache-Control is set below: a year for hashed assets, revalidate for the rest.
    cacheControl: false,
    setHeaders: (res, path) => {
      for (const [k, v] of Object.entries(SECURITY_HEADERS)) res.setHeader(k, v);
      if (path.includes(`${'/'}assets${'/'}`)) res.setHeader('cache-control', 'public, max-age=31536000, immutable');
      else res.setHeader('cache-control', 'no-cache');
    },
  });
  return async function page(req: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !wantsHtml(req) || !isDashboardPath(req.url)) return false;
    const nonce = randomBytes(16).toString('base64');
    const firstRun = await opts.firstRun().catch(() => false);
    const html = template.replace('__CSP_NONCE__', nonce).replace('__FIRST_RUN__', firstRun ? 'true' : 'false');
    reply
      .code(200)
      .headers({ ...SECURITY_HEADERS, 'content-security-policy': dashboardCsp(nonce), 'cache-control': 'no-store' })
      .type('text/html; charset=utf-8')
      .send(html);
    return true;
  };
}
export type DashboardPage = Awaited<ReturnType<typeof registerDashboard>>;
