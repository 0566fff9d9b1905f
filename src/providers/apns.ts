import { createHash } from 'node:crypto';
import http2 from 'node:http2';
import { importPKCS8, SignJWT } from 'jose';
import type { ApnsConfig } from '../config.push.ts';
import type { Clock } from '../lib/clock.ts';
import type { OutboundMessage, SendOutcome } from '../modules/paging/index.ts';
import { type PushSender, retryAfterMs } from './push.ts';

/** Reuse a provider token this long: Apple wants one at most every 20 min and at least every 60 (reference/paging.md 4.2). */
export const APNS_TOKEN_REUSE_MS = 50 * 60_000;
/** The category whose Acknowledge action the app registers (docs/adr/0440). */
export const APNS_CATEGORY = 'ALERT';
/** The critical sound the app bundles. */
export const APNS_CRITICAL_SOUND = 'klaxon.caf';
const MAX_PAYLOAD = 4096;

/** apns-id: a UUID (version 5, SHA-1 name-based) of the page's idempotency key, so a page sent again has the same id. */
export function apnsIdOf(key: string): string {
  const h = createHash('sha1').update('klaxon-apns-id:').update(key).digest();
  h[6] = (h[6]! & 0x0f) | 0x50;
  h[8] = (h[8]! & 0x3f) | 0x80;
  const x = h.subarray(0, 16).toString('hex');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
}

/**
 * The APNs payload (PRODUCT.md 7.2): urgency high on a device that permits Critical Alerts rings
 * through Do Not Disturb (`interruption-level: critical` and a critical sound); without that
 * permission it is `time-sensitive`; low urgency is `active`. The Acknowledge action's category,
 * the alert as thread, and the page's single-use action token for the app to POST.
 */
export function apnsPayload(m: OutboundMessage): Record<string, unknown> {
  const critical = m.critical && m.to.criticalAllowed === true;
  const level = critical ? 'critical' : m.critical ? 'time-sensitive' : 'active';
  const title = m.bundleCount && m.bundleCount > 1 ? `${m.bundleCount} open alerts` : m.alert.title;
  const base = (body: string) => ({
    aps: {
      alert: { title, ...(m.alert.serviceName ? { subtitle: m.alert.serviceName } : {}), body },
      sound: critical ? { critical: 1, name: APNS_CRITICAL_SOUND, volume: 1.0 } : 'default',
      'interruption-level': level,
      'thread-id': m.alert.id,
      category: APNS_CATEGORY,
    },
    alert_id: m.alert.id,
    notification_id: m.id,
    priority: m.alert.priority,
    urgency: m.alert.urgency,
    url: m.alert.url,
    ...(m.actionToken ? { action_token: m.actionToken } : {}),
    ...(m.ackUrl ? { ack_url: m.ackUrl } : {}),
  });
  let body = m.alert.body ?? `Priority ${m.alert.priority}`;
  let p = base(body);
  // At most 4 KB: the body gives way first, then the title.
  while (Buffer.byteLength(JSON.stringify(p)) > MAX_PAYLOAD && body.length > 0) {
    body = body.slice(0, Math.floor(body.length * 0.8));
    p = base(body ? `${body}…` : '');
  }
  if (Buffer.byteLength(JSON.stringify(p)) > MAX_PAYLOAD) (p.aps.alert as { title: string }).title = title.slice(0, 200);
  return p;
}

interface Answer {
  status: number;
  reason?: string;
  apnsId?: string;
  retryAfter?: string;
}

/**
 * APNs over HTTP/2 with token (ES256 JWT) authentication (reference/paging.md 4.2). One HTTP/2
 * session per process, opened again when it closes or after a 5xx; one provider token reused for
 * 50 minutes. A push token is never logged or put in a detail.
 */
export function createApnsSender(cfg: ApnsConfig, opts: { clock: Clock; timeoutMs?: number; ca?: string | Buffer | (string | Buffer)[] }): PushSender {
  const timeoutMs = opts.timeoutMs ?? 10_000;
  let session: http2.ClientHttp2Session | undefined;
  let token: { jwt: string; at: number } | undefined;
  let keyPromise: ReturnType<typeof importPKCS8> | undefined;

  async function providerToken(): Promise<string> {
    const now = opts.clock.now().getTime();
    if (token && now - token.at < APNS_TOKEN_REUSE_MS && now >= token.at) return token.jwt;
    keyPromise ??= importPKCS8(cfg.keyPem, 'ES256');
    const jwt = await new SignJWT({ iss: cfg.teamId, iat: Math.floor(now / 1000) }).setProtectedHeader({ alg: 'ES256', kid: cfg.keyId }).sign(await keyPromise);
    token = { jwt, at: now };
    return jwt;
  }

  function connect(): http2.ClientHttp2Session {
    if (session && !session.closed && !session.destroyed) return session;
    const s = http2.connect(cfg.baseUrl, opts.ca ? { ca: opts.ca } : {});
    // A session error ends the requests on it (each reports its own); the next send reconnects.
    s.on('error', () => undefined);
    s.on('goaway', () => s.close());
    s.on('close', () => {
      if (session === s) session = undefined;
    });
    // Idle sessions do not keep the process alive.
    s.unref();
    session = s;
    return s;
  }

  function drop() {
    const s = session;
    session = undefined;
    s?.destroy();
  }

  function post(path: string, headers: Record<string, string>, body: string, signal: AbortSignal): Promise<Answer> {
    return new Promise((resolve, reject) => {
      let s: http2.ClientHttp2Session;
      try {
        s = connect();
      } catch (err) {
        reject(err);
        return;
      }
      const req = s.request({ ':method': 'POST', ':path': path, ...headers });
      s.ref();
      const chunks: Buffer[] = [];
      let head: http2.IncomingHttpHeaders | undefined;
      let timedOut = false;
      const cancel = () => {
        timedOut = true;
        req.close(http2.constants.NGHTTP2_CANCEL);
      };
      const timer = setTimeout(cancel, timeoutMs);
      const onAbort = cancel;
      signal.addEventListener('abort', onAbort, { once: true });
      const done = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        if (!s.destroyed) s.unref();
      };
      req.on('response', (h) => (head = h));
      req.on('data', (c: Buffer) => {
        if (chunks.reduce((n, b) => n + b.length, 0) < 8192) chunks.push(c);
      });
      req.on('end', () => {
        done();
        if (!head) return reject(Object.assign(new Error('no response'), { code: timedOut ? 'TIMEOUT' : 'APNS_NO_RESPONSE' }));
        let reason: string | undefined;
        try {
          reason = (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { reason?: string }).reason;
        } catch {
          reason = undefined;
        }
        const status = Number(head[':status']);
        const apnsId = head['apns-id'];
        const retryAfter = head['retry-after'];
        resolve({ status, ...(reason ? { reason } : {}), ...(typeof apnsId === 'string' ? { apnsId } : {}), ...(typeof retryAfter === 'string' ? { retryAfter } : {}) });
      });
      req.on('close', () => {
        done();
        if (!head) reject(Object.assign(new Error('the stream closed before an answer'), { code: timedOut ? 'TIMEOUT' : 'APNS_STREAM_CLOSED' }));
      });
      req.on('error', (err) => {
        done();
        reject(timedOut ? Object.assign(new Error('timed out'), { code: 'TIMEOUT' }) : err);
      });
      req.end(body);
    });
  }

  return {
    kind: 'apns',
    label: 'APNs',
    async send(m, ctx): Promise<SendOutcome> {
      const payload = JSON.stringify(apnsPayload(m));
      const now = opts.clock.now().getTime();
      let answer: Answer;
      try {
        const jwt = await providerToken();
        answer = await post(`/3/device/${encodeURIComponent(m.to.address)}`, {
          authorization: `bearer ${jwt}`,
          'apns-topic': cfg.topic,
          'apns-push-type': 'alert',
          'apns-priority': m.critical || m.alert.urgency === 'high' ? '10' : '5',
          'apns-expiration': String(Math.floor(m.expiresAt / 1000)),
          'apns-collapse-id': m.collapseId.slice(0, 64),
          'apns-id': apnsIdOf(m.idempotencyKey),
          'content-type': 'application/json',
        }, payload, ctx.signal);
      } catch (err) {
        drop();
        const code = (err as { code?: string }).code ?? (err as Error).name;
        return { state: 'retry', detail: code === 'TIMEOUT' ? 'APNs did not answer in time' : `APNs could not be reached (${code})` };
      }
      const reason = answer.reason ?? '';
      const why = `APNs ${answer.status}${reason ? ` ${reason}` : ''}`;
      if (answer.status === 200) return { state: 'sent', ...(answer.apnsId ? { providerMessageId: answer.apnsId } : {}) };
      if (answer.status === 410 || reason === 'Unregistered' || reason === 'ExpiredToken') {
        return { state: 'failed', detail: `${why}: the device is no longer registered for notifications`, disable: 'unregistered' };
      }
      if (reason === 'BadDeviceToken') return { state: 'failed', detail: `${why}: the device token is not valid for this app (or for this APNs environment)`, disable: 'invalid' };
      if (answer.status === 403 && reason === 'ExpiredProviderToken') {
        token = undefined;
        return { state: 'retry', detail: `${why}: a new provider token is made for the next attempt` };
      }
      if (answer.status === 403 || answer.status === 401) return { state: 'config_error', detail: `${why}: check APNS_KEY_ID, APNS_TEAM_ID, APNS_KEY and APNS_TOPIC` };
      if (answer.status === 429 || answer.status >= 500) {
        if (answer.status >= 500) drop();
        const after = retryAfterMs(answer.retryAfter, now);
        return { state: 'retry', detail: why, ...(after !== undefined ? { retryAfterMs: after } : {}) };
      }
      return { state: 'failed', detail: why };
    },
    async close() {
      drop();
    },
  };
}
