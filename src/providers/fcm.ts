import { importPKCS8, SignJWT } from 'jose';
import { request } from 'undici';
import type { FcmConfig } from '../config.push.ts';
import type { Clock } from '../lib/clock.ts';
import type { OutboundMessage, SendOutcome } from '../modules/paging/index.ts';
import { type PushSender, retryAfterMs, ttlSeconds } from './push.ts';

export const FCM_SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';
/** The Android notification channels the app creates: high importance (bypasses DND where allowed) and default. */
export const FCM_CHANNEL_CRITICAL = 'klaxon_critical';
export const FCM_CHANNEL_DEFAULT = 'klaxon_default';

/**
 * The FCM HTTP v1 message (reference/paging.md 4.3): urgency high is Android priority HIGH on the
 * high-importance channel; `collapse_key` is the alert, so a page sent again replaces the first.
 * Data values are strings (FCM's rule); the action token is there for the app's Acknowledge action.
 */
export function fcmMessage(m: OutboundMessage, nowMs: number): Record<string, unknown> {
  const high = m.critical;
  const title = m.bundleCount && m.bundleCount > 1 ? `${m.bundleCount} open alerts` : m.alert.title;
  const body = (m.alert.body ?? `Priority ${m.alert.priority}`).slice(0, 1000);
  return {
    message: {
      token: m.to.address,
      notification: { title: title.slice(0, 500), body },
      data: {
        alert_id: m.alert.id, notification_id: m.id, priority: m.alert.priority, urgency: m.alert.urgency, critical: high ? '1' : '0', url: m.alert.url,
        ...(m.actionToken ? { action_token: m.actionToken } : {}),
        ...(m.ackUrl ? { ack_url: m.ackUrl } : {}),
      },
      android: {
        priority: high ? 'HIGH' : 'NORMAL',
        ttl: `${ttlSeconds(m.expiresAt, nowMs)}s`,
        collapse_key: m.collapseId,
        notification: {
          channel_id: high ? FCM_CHANNEL_CRITICAL : FCM_CHANNEL_DEFAULT,
          notification_priority: high ? 'PRIORITY_MAX' : 'PRIORITY_DEFAULT',
          tag: m.collapseId,
          click_action: 'KLAXON_ALERT',
        },
      },
    },
  };
}

interface FcmErrorBody {
  error?: { code?: number; status?: string; message?: string; details?: { '@type'?: string; errorCode?: string; fieldViolations?: { field?: string }[] }[] };
}

/**
 * FCM HTTP v1 with service-account OAuth (reference/paging.md 4.3): an RS256 JWT grant to the
 * token URL, the access token kept until a minute before it expires, then `messages:send`.
 */
export function createFcmSender(cfg: FcmConfig, opts: { clock: Clock; timeoutMs?: number }): PushSender {
  const timeoutMs = opts.timeoutMs ?? 10_000;
  let access: { token: string; until: number } | undefined;
  let keyPromise: ReturnType<typeof importPKCS8> | undefined;

  async function accessToken(signal: AbortSignal): Promise<{ token: string } | SendOutcome> {
    const now = opts.clock.now().getTime();
    if (access && now < access.until) return { token: access.token };
    keyPromise ??= importPKCS8(cfg.privateKeyPem, 'RS256');
    const iat = Math.floor(now / 1000);
    const assertion = await new SignJWT({ scope: FCM_SCOPE })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT' }).setIssuer(cfg.clientEmail).setAudience(cfg.tokenUrl).setIssuedAt(iat).setExpirationTime(iat + 3600)
      .sign(await keyPromise);
    let res;
    try {
      res = await request(cfg.tokenUrl, {
        method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }).toString(),
        headersTimeout: timeoutMs, bodyTimeout: timeoutMs, signal,
      });
    } catch (err) {
      return { state: 'retry', detail: `the FCM token endpoint could not be reached (${(err as { code?: string }).code ?? (err as Error).name})` };
    }
    const text = await res.body.text().catch(() => '');
    let json: { access_token?: unknown; expires_in?: unknown; error?: unknown } = {};
    try {
      json = JSON.parse(text) as typeof json;
    } catch {
      /* not JSON */
    }
    if (res.statusCode === 200 && typeof json.access_token === 'string') {
      const life = typeof json.expires_in === 'number' && json.expires_in > 0 ? json.expires_in : 3600;
      access = { token: json.access_token, until: now + Math.max(0, life - 60) * 1000 };
      return { token: json.access_token };
    }
    if (res.statusCode === 429 || res.statusCode >= 500) {
      const after = retryAfterMs(res.headers['retry-after'], now);
      return { state: 'retry', detail: `the FCM token endpoint answered ${res.statusCode}`, ...(after !== undefined ? { retryAfterMs: after } : {}) };
    }
    return { state: 'config_error', detail: `the FCM token endpoint refused the service account (${res.statusCode}${typeof json.error === 'string' ? ` ${json.error}` : ''}): check FCM_SERVICE_ACCOUNT` };
  }

  return {
    kind: 'fcm',
    label: 'FCM',
    async send(m, ctx): Promise<SendOutcome> {
      const signal = AbortSignal.any([ctx.signal, AbortSignal.timeout(timeoutMs)]);
      const now = opts.clock.now().getTime();
      const auth = await accessToken(signal);
      if ('state' in auth) return auth;
      let res;
      try {
        res = await request(`${cfg.baseUrl}/v1/projects/${encodeURIComponent(cfg.projectId)}/messages:send`, {
          method: 'POST', headers: { authorization: `Bearer ${auth.token}`, 'content-type': 'application/json' },
          body: JSON.stringify(fcmMessage(m, now)), headersTimeout: timeoutMs, bodyTimeout: timeoutMs, signal,
        });
      } catch (err) {
        const e = err as { code?: string; name?: string };
        const timedOut = e.name === 'TimeoutError' || e.name === 'AbortError' || e.code === 'UND_ERR_HEADERS_TIMEOUT' || e.code === 'UND_ERR_BODY_TIMEOUT';
        return { state: 'retry', detail: timedOut ? 'FCM did not answer in time' : `FCM could not be reached (${e.code ?? e.name})` };
      }
      const text = await res.body.text().catch(() => '');
      let json: FcmErrorBody & { name?: unknown } = {};
      try {
        json = JSON.parse(text) as typeof json;
      } catch {
        /* not JSON */
      }
      if (res.statusCode === 200) return { state: 'sent', ...(typeof json.name === 'string' ? { providerMessageId: json.name } : {}) };
      const fcmCode = json.error?.details?.find((d) => d.errorCode)?.errorCode ?? json.error?.status ?? '';
      const why = `FCM ${res.statusCode}${fcmCode ? ` ${fcmCode}` : ''}`;
      if (fcmCode === 'UNREGISTERED') return { state: 'failed', detail: `${why}: the app was uninstalled or its registration token expired`, disable: 'unregistered' };
      if (fcmCode === 'SENDER_ID_MISMATCH') return { state: 'failed', detail: `${why}: the registration token belongs to another Firebase project`, disable: 'invalid' };
      if (fcmCode === 'INVALID_ARGUMENT') {
        // Only an error about the token disables the device; any other is a bad message (ours).
        const aboutToken = json.error?.details?.some((d) => d.fieldViolations?.some((f) => f.field === 'message.token')) || /registration token/i.test(json.error?.message ?? '');
        return aboutToken ? { state: 'failed', detail: `${why}: the registration token is not valid`, disable: 'invalid' } : { state: 'failed', detail: why };
      }
      if (res.statusCode === 401 && fcmCode !== 'THIRD_PARTY_AUTH_ERROR') {
        access = undefined;
        return { state: 'retry', detail: `${why}: a new access token is fetched for the next attempt` };
      }
      if (res.statusCode === 401 || res.statusCode === 403) return { state: 'config_error', detail: `${why}: check FCM_SERVICE_ACCOUNT and the project's APNs credentials in Firebase` };
      if (res.statusCode === 429 || res.statusCode >= 500) {
        const after = retryAfterMs(res.headers['retry-after'], now);
        return { state: 'retry', detail: why, ...(after !== undefined ? { retryAfterMs: after } : {}) };
      }
      return { state: 'failed', detail: why };
    },
  };
}
