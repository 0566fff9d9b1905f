import { createHash } from 'node:crypto';

/**
 * Headers of every HTML page Klaxon serves (the dashboard, the page-action page, /docs): no other
 * site may frame it (clickjacking: one click acknowledges an alert), and no type sniffing.
 * `frame-ancestors 'none'` in each page's CSP says the same to browsers that read CSP.
 */
export const PAGE_SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
  'x-frame-options': 'DENY',
} as const;

/** The CSP `'sha256-…'` source of an inline `<style>` or `<script>` body. */
export const cspHash = (inline: string): string => `'sha256-${createHash('sha256').update(inline, 'utf8').digest('base64')}'`;

/**
 * The CSP of a page rendered on the server with no script and only the given inline styles (by
 * hash): nothing is loaded, forms post to this origin only, and no one frames it.
 */
export const serverPageCsp = (styles: readonly string[]): string =>
  ["default-src 'none'", `style-src ${styles.map(cspHash).join(' ')}`, "base-uri 'none'", "form-action 'self'", "frame-ancestors 'none'"].join('; ');
