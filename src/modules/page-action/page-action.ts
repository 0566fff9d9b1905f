import { createHmac } from 'node:crypto';

/**
 * Acknowledge from the page itself (PRODUCT.md 7.3; docs/adr/0441-acknowledge-from-the-page.md).
 * A page's action token is derived from the server key and the page's id, so the page sent again
 * after a crash (same collapse id, same Message-ID) carries the same token, and only its hash is
 * stored. `kxk_` marks it as a credential, so request logs mask it wherever it appears.
 */
export const ACTION_TOKEN_PREFIX = 'kxk_';

/** How long a token acknowledges: a push action is for the page in hand, an email may be read later. */
export const ACTION_TTL_MS = { push: 6 * 3_600_000, email: 24 * 3_600_000 } as const;

export const actionTokenFor = (key: Buffer, notificationId: string): string =>
  ACTION_TOKEN_PREFIX + createHmac('sha256', key).update(`klaxon:page-action|${notificationId}`).digest('base64url');

/** Shaped like a token: anything else is a 404 without a lookup. */
export const looksLikeActionToken = (s: string): boolean => /^kxk_[A-Za-z0-9_-]{43}$/.test(s);

/** What becomes of a token presented now. */
export type TokenState = 'usable' | 'used' | 'expired';
export function tokenState(row: { used_at: string | null; expires_at: string }, now: Date): TokenState {
  if (row.used_at) return 'used';
  if (row.expires_at <= now.toISOString()) return 'expired';
  return 'usable';
}

/** The page's only style, allowed by its hash in the page's CSP (page-action.routes.ts). */
export const PAGE_STYLE = 'body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem}button{font-size:1.2rem;padding:.6rem 1.4rem}';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The page an email link opens (GET: it changes nothing, so a mail scanner that follows links
 * acknowledges nothing) and the page the button's POST answers. No script, no external resource.
 */
export function actionPage(p: { heading: string; text: string; button?: { label: string }; alertUrl?: string | undefined }): string {
  // No action attribute: the form posts to the page's own address, so the page never repeats the token.
  const form = p.button ? `<form method="post"><button type="submit">${escapeHtml(p.button.label)}</button></form>` : '';
  const link = p.alertUrl ? `<p><a href="${escapeHtml(p.alertUrl)}">Open the alert</a></p>` : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">`
    + `<meta name="robots" content="noindex"><meta name="referrer" content="no-referrer"><title>${escapeHtml(p.heading)} · Klaxon</title>`
    + `<style>${PAGE_STYLE}</style></head>`
    + `<body><h1>${escapeHtml(p.heading)}</h1><p>${escapeHtml(p.text)}</p>${form}${link}</body></html>`;
}
