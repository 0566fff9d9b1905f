import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * X-Twilio-Signature (reference/paging.md 4.1): base64 of HMAC-SHA1 keyed by the auth token over
 * the full URL Twilio requested, followed by every POST parameter as name + value, sorted by name
 * (repeated names by value). Twilio's own library also accepts the URL with or without an explicit
 * default port, because Twilio is not consistent about it; so do we.
 */
export function twilioSignature(authToken: string, url: string, params: readonly (readonly [string, string])[]): string {
  const data = [...params].sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0)).reduce((acc, [k, v]) => acc + k + v, url);
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

function urlVariants(url: string): string[] {
  // On the raw text: WHATWG URL drops a default port, so it cannot tell the two forms apart.
  const m = /^(https?):\/\/([^/?#:]+)(:\d+)?(.*)$/is.exec(url);
  if (!m) return [url];
  const [, scheme, host, port, rest] = m;
  const dflt = scheme!.toLowerCase() === 'https' ? ':443' : ':80';
  if (!port) return [url, `${scheme}://${host}${dflt}${rest}`];
  if (port === dflt) return [url, `${scheme}://${host}${rest}`];
  return [url];
}

/** True when `signature` is Twilio's for this URL and these parameters; compared in constant time. */
export function validTwilioSignature(authToken: string, url: string, params: readonly (readonly [string, string])[], signature: string | undefined): boolean {
  if (!signature || signature.length > 200) return false;
  const given = Buffer.from(signature);
  return urlVariants(url).some((u) => {
    const want = Buffer.from(twilioSignature(authToken, u, params));
    return want.length === given.length && timingSafeEqual(want, given);
  });
}
