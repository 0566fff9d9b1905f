/**
 * The URL as the request log may show it (spec 5 rule 2: never log an ingest URL; issue 19.8).
 * Rules, applied to the path as the router reads it (percent-decoded, so `/v1/%69ngest/<token>`
 * is `/v1/ingest/…`) and to every query parameter, whatever route matched or did not:
 * - the segment after `ingest` or `calendar` (ingest URLs, calendar feeds) is a secret;
 * - so is anything shaped like a credential: a `kx?_` or `whsec_` secret, and any run of 16 or more
 *   token characters (A-Z, a-z, 0-9, `-`, `_`) with a digit or a capital in it (ingest tokens,
 *   routing keys, calendar tokens, whatever another path puts in a URL), unless it is a Klaxon
 *   resource id (`alr_` and 26 lower-case base32 characters), which operators need to read;
 * - a query value is shown only for the parameters below, which never carry a secret (and then
 *   still under the rule above); every other value is `[REDACTED]`.
 * docs/adr/0502-request-log-redaction.md.
 */

export const REDACTED = '[REDACTED]';

/** Query parameters whose values are filters and page sizes, never secrets. */
const SHOWN_QUERY = new Set(['limit', 'status', 'service_id', 'priority', 'urgency', 'at', 'from', 'to', 'level']);

/** A Klaxon id: newId's three-letter prefix and a ULID in Crockford base32 (src/lib/ids.ts). */
const RESOURCE_ID = /^[a-z]{3}_[0-9a-hjkmnp-tv-z]{26}$/;
/** Secrets with a prefix: masked at any length (a truncated key is still part of a key). */
const PREFIXED_SECRET = /(?:kx[a-z]|whsec)_/;
const HAS_DIGIT_OR_CAPITAL = /[0-9A-Z]/;
const TOKEN_RUN_MIN = 16;
const SECRET_SEGMENT = /(\/(?:ingest|calendar|heartbeat)\/)[^/]*/gi;
const SECRET_SEGMENT_HERE = /\/(?:ingest|calendar|heartbeat)\//i;

const isTokenChar = (c: number) => (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || c === 95 || c === 45;

function isSecretRun(run: string): boolean {
  if (run.includes('_') && PREFIXED_SECRET.test(run)) return true;
  return run.length >= TOKEN_RUN_MIN && !RESOURCE_ID.test(run) && HAS_DIGIT_OR_CAPITAL.test(run);
}

/**
 * Masks what looks like a credential in decoded text: one pass over its runs of token
 * characters (it runs for every request line, so no regular expression walks the whole text).
 */
export function maskCredentials(text: string): string {
  let out: string | undefined;
  let copied = 0;
  let start = -1;
  let underscore = false;
  const n = text.length;
  for (let i = 0; i <= n; i++) {
    const c = i < n ? text.charCodeAt(i) : 0;
    if (isTokenChar(c)) {
      if (start < 0) start = i;
      if (c === 95) underscore = true;
      continue;
    }
    if (start < 0) continue;
    if ((underscore || i - start >= TOKEN_RUN_MIN) && isSecretRun(text.slice(start, i))) {
      out = (out ?? '') + text.slice(copied, start) + REDACTED;
      copied = i;
    }
    start = -1;
    underscore = false;
  }
  return out === undefined ? text : out + text.slice(copied);
}

/** Percent-decoding that never throws: a malformed sequence decodes byte by byte instead. */
function decode(text: string): string {
  if (!text.includes('%')) return text;
  try {
    return decodeURIComponent(text);
  } catch {
    return text.replace(/%([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  }
}

function maskQuery(query: string): string {
  return query
    .split('&')
    .map((part) => {
      const eq = part.indexOf('=');
      const name = maskCredentials(decode((eq < 0 ? part : part.slice(0, eq)).replace(/\+/g, ' ')));
      if (eq < 0) return name;
      const value = part.slice(eq + 1);
      if (!value) return `${name}=`;
      return `${name}=${SHOWN_QUERY.has(name) ? maskCredentials(decode(value.replace(/\+/g, ' '))) : REDACTED}`;
    })
    .join('&');
}

const INGEST_PREFIX = '/v1/ingest/';

export function maskUrl(url: string): string {
  // The ingest URL as senders use it: one token segment, nothing else to read.
  if (url.startsWith(INGEST_PREFIX) && !/[/?%]/.test(url.slice(INGEST_PREFIX.length))) return `${INGEST_PREFIX}${REDACTED}`;
  const q = url.indexOf('?');
  let path = decode(q < 0 ? url : url.slice(0, q));
  if (SECRET_SEGMENT_HERE.test(path)) path = path.replace(SECRET_SEGMENT, `$1${REDACTED}`);
  path = maskCredentials(path);
  return q < 0 ? path : `${path}?${maskQuery(url.slice(q + 1))}`;
}
