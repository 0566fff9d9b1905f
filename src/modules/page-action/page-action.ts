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

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The page's only style: the dashboard's palette, font, card and primary button
 * (web/src/styles.css), light and dark, so the page a person lands on from an email looks like
 * Klaxon (issue 34 item 7). One fixed <style>, no style attribute and no external resource: a
 * strict Content-Security-Policy allows it by its hash.
 */
export const PAGE_STYLE =
  ':root{color-scheme:light;--bg:#f6f7f9;--surface:#ffffff;--text:#14171f;--muted:#4b5263;--border:#d5d9e2;--brand:#c2410c;--accent:#1d4ed8;--accent-text:#ffffff;--focus:#2563eb;--ok:#15803d;--ok-bg:#e3f5e9;--warn:#92400e;--warn-bg:#fdf0d5}'
  + '@media (prefers-color-scheme:dark){:root{color-scheme:dark;--bg:#0f1117;--surface:#181b23;--text:#e8eaf0;--muted:#a7adbd;--border:#343a48;--brand:#f97316;--accent:#7aa2ff;--accent-text:#0b1020;--focus:#93b4ff;--ok:#86efac;--ok-bg:#12301f;--warn:#fcd34d;--warn-bg:#3a2a08}}'
  + '*{box-sizing:border-box}html,body{margin:0;background:var(--bg);color:var(--text);font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}'
  + 'main{min-height:100vh;display:grid;place-items:center;padding:1.5rem}'
  + '.card{width:min(30rem,100%);background:var(--surface);border:1px solid var(--border);border-radius:10px;padding:1.25rem 1.4rem;box-shadow:0 1px 2px rgb(0 0 0/6%),0 1px 6px rgb(0 0 0/4%)}'
  + '.logo{display:flex;align-items:center;gap:.5rem;font-weight:700;font-size:1.1rem;margin-bottom:1rem}.logo svg{flex:none}'
  + 'h1{font-size:1.4rem;line-height:1.25;margin:0 0 .6rem;overflow-wrap:anywhere}p{margin:0 0 1rem}'
  + '.note{padding:.6rem .8rem;border-radius:8px}.note-done{background:var(--ok-bg);color:var(--ok)}.note-stop{background:var(--warn-bg);color:var(--warn)}'
  + 'form{margin:0 0 1rem}.button{font:inherit;font-weight:600;min-height:2.6rem;padding:.5rem 1.3rem;border-radius:6px;border:1px solid var(--accent);background:var(--accent);color:var(--accent-text);cursor:pointer}'
  + 'a{color:var(--accent)}:focus-visible{outline:3px solid var(--focus);outline-offset:2px}';

const LOGO = '<div class="logo" aria-hidden="true"><svg viewBox="0 0 32 32" width="28" height="28"><rect width="32" height="32" rx="7" fill="#c2410c"/>'
  + '<path d="M16 6l10 18H6z" fill="#fff"/><rect x="15" y="12" width="2" height="7" fill="#c2410c"/><rect x="15" y="20.5" width="2" height="2" fill="#c2410c"/></svg><span>Klaxon</span></div>';

/**
 * The page an email link opens (GET: it changes nothing, so a mail scanner that follows links
 * acknowledges nothing) and the page the button's POST answers. No script, no external resource.
 * `tone`: the text is an outcome (done: acknowledged; stop: nothing to do, or the link cannot act).
 */
export function actionPage(p: { heading: string; text: string; tone?: 'done' | 'stop'; button?: { label: string }; alertUrl?: string | undefined }): string {
  // No action attribute: the form posts to the page's own address, so the page never repeats the token.
  const form = p.button ? `<form method="post"><button type="submit" class="button primary">${escapeHtml(p.button.label)}</button></form>` : '';
  const link = p.alertUrl ? `<p><a href="${escapeHtml(p.alertUrl)}">Open the alert in Klaxon</a></p>` : '';
  const text = p.tone ? `<p class="note note-${p.tone}" role="status">${escapeHtml(p.text)}</p>` : `<p>${escapeHtml(p.text)}</p>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">`
    + `<meta name="robots" content="noindex"><meta name="referrer" content="no-referrer"><title>${escapeHtml(p.heading)} · Klaxon</title>`
    + `<style>${PAGE_STYLE}</style></head>`
    + `<body><main><div class="card">${LOGO}<h1>${escapeHtml(p.heading)}</h1>${text}${form}${link}</div></main></body></html>`;
}
