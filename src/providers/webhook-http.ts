import { Agent, request } from 'undici';
import {
  BlockedAddressError, type LookupAll, ORIGIN_HEADER, type PostResult, RESPONSE_HEAD_BYTES, WEBHOOK_USER_AGENT, type WebhookHttp, checkLiteral, guardedLookup, ownOriginProblem, publicOrigin,
} from '../modules/webhook/index.ts';

/**
 * Posts webhooks through one undici Agent whose connections use the guarded lookup (no address
 * check can be raced by a second DNS answer), never follows redirects (undici's request follows
 * none), and stops at `timeoutMs` in all (connect 5 s at most). Every post (destinations and chat
 * steps) names this instance (ORIGIN_HEADER) and never goes to its own public URL, private
 * addresses allowed or not (docs/adr/0715).
 */
export function createWebhookHttp(opts: { allowPrivate: boolean; lookup: LookupAll; timeoutMs: number; publicUrl: string }): WebhookHttp {
  const self = { 'user-agent': WEBHOOK_USER_AGENT, [ORIGIN_HEADER]: publicOrigin(opts.publicUrl) };
  const agent = new Agent({
    connect: { lookup: guardedLookup(opts.lookup, opts.allowPrivate) as never, timeout: Math.min(5_000, opts.timeoutMs) },
    headersTimeout: opts.timeoutMs,
    bodyTimeout: opts.timeoutMs,
    connections: 4,
  });
  return {
    async post(url, headers, body, given) {
      const started = performance.now();
      const done = (r: Omit<PostResult, 'durationMs'>): PostResult => ({ ...r, durationMs: Math.round(performance.now() - started) });
      let u: URL;
      try {
        u = new URL(url);
        const own = ownOriginProblem(u, opts.publicUrl);
        if (own) throw new BlockedAddressError(own);
        checkLiteral(u, opts.allowPrivate);
      } catch (err) {
        return done({ bodyHead: '', error: describe(err) });
      }
      const signal = given ? AbortSignal.any([AbortSignal.timeout(opts.timeoutMs), given]) : AbortSignal.timeout(opts.timeoutMs);
      try {
        const res = await request(u, { method: 'POST', headers: { ...headers, ...self }, body, dispatcher: agent, signal });
        let head = Buffer.alloc(0);
        try {
          for await (const chunk of res.body) {
            head = Buffer.concat([head, chunk as Buffer]);
            if (head.length >= RESPONSE_HEAD_BYTES) break;
          }
        } catch {
          // A body cut off after the status arrived: the status still counts.
        } finally {
          res.body.destroy();
        }
        const retryAfter = res.headers['retry-after'];
        return done({
          status: res.statusCode,
          bodyHead: head.subarray(0, RESPONSE_HEAD_BYTES).toString('utf8'),
          ...(typeof retryAfter === 'string' ? { retryAfter } : {}),
        });
      } catch (err) {
        return done({ bodyHead: '', error: describe(err) });
      }
    },
    close: () => agent.close(),
  };
}

/** An error as the delivery log shows it: a class and a message without the URL (it is a secret). */
function describe(err: unknown): NonNullable<PostResult['error']> {
  const e = err as { code?: string; name?: string; message?: string; cause?: { code?: string; message?: string } };
  if (err instanceof BlockedAddressError) return { class: 'blocked', message: err.message };
  const cause = e.cause as (Error & { code?: string }) | undefined;
  if (cause instanceof BlockedAddressError) return { class: 'blocked', message: cause.message };
  const code = e.code ?? cause?.code ?? '';
  if (code === 'EWEBHOOKBLOCKED') return { class: 'blocked', message: String(e.message ?? cause?.message) };
  if (e.name === 'TimeoutError' || e.name === 'AbortError' || code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT' || code === 'UND_ERR_CONNECT_TIMEOUT') {
    return { class: 'timeout', message: 'no answer before the timeout' };
  }
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'ENODATA' || code === 'ESERVFAIL' || code === 'ECONNREFUSED_DNS') return { class: 'dns', message: `the host name did not resolve (${code})` };
  if (code === 'ECONNREFUSED' || code === 'ECONNRESET' || code === 'EHOSTUNREACH' || code === 'ENETUNREACH' || code === 'UND_ERR_SOCKET' || code === 'EPIPE') {
    return { class: 'connect', message: `the connection failed (${code})` };
  }
  if (/^(ERR_TLS|CERT_|DEPTH_ZERO|UNABLE_TO|SELF_SIGNED|ERR_SSL)/.test(code)) return { class: 'tls', message: `TLS failed (${code})` };
  if (err instanceof TypeError && /Invalid URL/i.test(String(e.message))) return { class: 'other', message: 'the URL is not valid' };
  return { class: 'other', message: code ? `the request failed (${code})` : 'the request failed' };
}
