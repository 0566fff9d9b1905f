import { Agent, request } from 'undici';
import webpush from 'web-push';
import type { VapidConfig } from '../config.push.ts';
import type { Clock } from '../lib/clock.ts';
import { BlockedAddressError, checkLiteral, guardedLookup, type LookupAll } from '../modules/webhook/index.ts';
import { parseSubscription } from '../modules/device/index.ts';
import type { OutboundMessage, SendOutcome } from '../modules/paging/index.ts';
import { type PushSender, retryAfterMs, ttlSeconds } from './push.ts';

/** What the service worker receives (decrypted): enough to show the page and acknowledge it. */
export function webPushPayload(m: OutboundMessage): Record<string, unknown> {
  return {
    title: m.bundleCount && m.bundleCount > 1 ? `${m.bundleCount} open alerts` : m.alert.title,
    body: (m.alert.body ?? `Priority ${m.alert.priority}`).slice(0, 1500),
    alert_id: m.alert.id, notification_id: m.id, priority: m.alert.priority, urgency: m.alert.urgency, url: m.alert.url,
    // The service worker shows it with requireInteraction and an Acknowledge action (tag = the alert).
    tag: m.collapseId, require_interaction: m.critical,
    ...(m.actionToken ? { action_token: m.actionToken } : {}),
    ...(m.ackUrl ? { ack_url: m.ackUrl } : {}),
  };
}

/**
 * Web Push (RFC 8030 with VAPID, RFC 8292, and aes128gcm, RFC 8291) through `web-push`'s request
 * builder, sent with undici through the outbound webhooks' address guard (docs/adr/0462): the
 * endpoint's addresses are checked where the connection is made, and a literal before it, so a
 * subscription cannot make the server reach a private address unless KLAXON_WEBHOOK_ALLOW_PRIVATE.
 * `Topic` is the alert: a page sent again replaces one the browser has not fetched yet.
 */
export function createWebPushSender(cfg: VapidConfig, opts: { clock: Clock; allowPrivate: boolean; lookup: LookupAll; timeoutMs?: number; ca?: string | Buffer | (string | Buffer)[] }): PushSender {
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const agent = new Agent({
    connect: { lookup: guardedLookup(opts.lookup, opts.allowPrivate) as never, timeout: Math.min(5_000, timeoutMs), ...(opts.ca ? { ca: opts.ca } : {}) },
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
    connections: 8,
  });
  return {
    kind: 'webpush',
    label: 'Web Push',
    async send(m, ctx): Promise<SendOutcome> {
      const sub = parseSubscription(m.to.address);
      if (typeof sub === 'string') return { state: 'failed', detail: `Web Push: ${sub}`, disable: 'invalid' };
      const now = opts.clock.now().getTime();
      let details: ReturnType<typeof webpush.generateRequestDetails>;
      try {
        // The VAPID JWT's expiry from the injected clock (12 h; RFC 8292 allows 24).
        const vapid = webpush.getVapidHeaders(new URL(sub.endpoint).origin, cfg.subject, cfg.publicKey, cfg.privateKey, 'aes128gcm', Math.floor(now / 1000) + 12 * 3600);
        details = webpush.generateRequestDetails(sub, JSON.stringify(webPushPayload(m)), {
          TTL: ttlSeconds(m.expiresAt, now),
          urgency: m.critical ? 'high' : 'normal',
          topic: m.collapseId.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32),
          contentEncoding: 'aes128gcm',
          headers: { ...vapid },
        });
      } catch (err) {
        return { state: 'failed', detail: `Web Push: the subscription cannot be used (${(err as Error).message.slice(0, 120)})`, disable: 'invalid' };
      }
      let res;
      try {
        const u = new URL(details.endpoint);
        checkLiteral(u, opts.allowPrivate);
        res = await request(u, {
          method: 'POST', headers: details.headers as Record<string, string>, body: details.body ?? undefined, dispatcher: agent,
          signal: AbortSignal.any([ctx.signal, AbortSignal.timeout(timeoutMs)]),
        });
      } catch (err) {
        const e = err as { code?: string; name?: string; cause?: unknown };
        if (err instanceof BlockedAddressError || e.cause instanceof BlockedAddressError || e.code === 'EWEBHOOKBLOCKED') {
          return { state: 'failed', detail: `Web Push: ${(e.cause instanceof BlockedAddressError ? e.cause : (err as Error)).message}`, disable: 'invalid' };
        }
        const timedOut = e.name === 'TimeoutError' || e.name === 'AbortError' || e.code === 'UND_ERR_HEADERS_TIMEOUT' || e.code === 'UND_ERR_BODY_TIMEOUT' || e.code === 'UND_ERR_CONNECT_TIMEOUT';
        return { state: 'retry', detail: timedOut ? 'the push service did not answer in time' : `the push service could not be reached (${e.code ?? e.name})` };
      }
      await res.body.dump().catch(() => undefined);
      const status = res.statusCode;
      if (status >= 200 && status < 300) {
        const location = res.headers.location;
        return { state: 'sent', ...(typeof location === 'string' ? { providerMessageId: location.split('/').pop()!.slice(0, 200) } : {}) };
      }
      if (status === 404 || status === 410) return { state: 'failed', detail: `Web Push ${status}: the browser's subscription has expired or was removed`, disable: 'unsubscribed' };
      if (status === 429 || status >= 500) {
        const after = retryAfterMs(res.headers['retry-after'], now);
        return { state: 'retry', detail: `Web Push ${status}`, ...(after !== undefined ? { retryAfterMs: after } : {}) };
      }
      if (status === 401 || status === 403) return { state: 'failed', detail: `Web Push ${status}: the push service refused this server's VAPID key for the subscription (subscribe the browser again)` };
      return { state: 'failed', detail: `Web Push ${status}` };
    },
    close: () => agent.close(),
  };
}
