/**
 * A destination URL as shown (a webhook's `url_hint`, `klaxon config plan`): scheme, host and port,
 * and the last four characters; the rest is secret. A leaf with no imports: the config CLI uses it
 * without loading the webhook module (and, through it, much of the app).
 */
export function maskUrl(raw: string): string {
  try {
    const u = new URL(raw);
    const tail = raw.length > 12 ? raw.slice(-4) : '';
    return `${u.protocol}//${u.host}/…${tail}`;
  } catch {
    return '…';
  }
}
