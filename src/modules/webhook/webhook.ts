import { createHmac, randomBytes } from 'node:crypto';
import { AppError } from '../../lib/errors.ts';
import { ALERT_EVENT_TYPES, type AlertEventType } from '../alert/index.ts';

/** Destination kinds of PRODUCT.md 8. */
export const WEBHOOK_KINDS = ['slack', 'teams', 'discord', 'custom', 'native', 'slack_app'] as const;
export type WebhookKind = (typeof WEBHOOK_KINDS)[number];
/** Kinds a level's chat step may post to; `slack_app` posts through the organization's Slack app (PRODUCT.md 12). */
export const CHAT_KINDS: readonly WebhookKind[] = ['slack', 'teams', 'discord', 'slack_app'];
export const isChatKind = (k: string): boolean => (CHAT_KINDS as readonly string[]).includes(k);

/** The event kinds a destination subscribes to are the alert events of the outbox (PRODUCT.md 8). */
export const EVENT_KINDS: readonly AlertEventType[] = ALERT_EVENT_TYPES;

/** A delivery's state: waiting for its next attempt, or done either way. */
export type DeliveryState = 'pending' | 'delivered' | 'failed';

/**
 * Waits before each attempt, front-loaded over about a day (docs/adr/0461-webhook-delivery.md):
 * 11 attempts, the last about 23 h 43 min after the first, each wait ±20 %.
 */
export const RETRY_DELAYS_MS = [0, 5_000, 30_000, 120_000, 600_000, 1_800_000, 3_600_000, 7_200_000, 14_400_000, 28_800_000, 28_800_000] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length;
/** A Retry-After longer than this is cut to it. */
export const RETRY_AFTER_MAX_MS = 3_600_000;

/**
 * The wait before the next attempt after `attempts` attempts, or undefined when they are spent. A
 * Retry-After the receiver gave is honoured: the wait is never shorter than it (capped at an hour).
 */
export function nextWaitMs(attempts: number, retryAfterMs: number | undefined, random: () => number = Math.random): number | undefined {
  if (attempts >= MAX_ATTEMPTS) return undefined;
  const base = Math.round(RETRY_DELAYS_MS[attempts]! * (0.8 + 0.4 * random()));
  return retryAfterMs === undefined ? base : Math.max(base, Math.min(retryAfterMs, RETRY_AFTER_MAX_MS));
}

/** Retry-After in seconds or as an HTTP date (RFC 9110 10.2.3); Discord's JSON `retry_after` (seconds) too. */
export function retryAfterMs(header: string | undefined, nowMs: number, bodyHead?: string): number | undefined {
  if (header !== undefined && header.trim() !== '') {
    const h = header.trim();
    if (/^\d+(\.\d+)?$/.test(h)) return Math.round(Number(h) * 1000);
    const at = Date.parse(h);
    if (Number.isFinite(at)) return Math.max(0, at - nowMs);
  }
  const m = bodyHead ? /"retry_after"\s*:\s*(\d+(?:\.\d+)?)/.exec(bodyHead) : null;
  return m ? Math.round(Number(m[1]) * 1000) : undefined;
}

/**
 * What a receiver's answer means. `gone`: the destination no longer exists and is disabled (410
 * everywhere; Slack's 404 `no_service` and 410 `channel_is_archived`; Discord's 404 with code 10015
 * "Unknown Webhook", which Discord asks senders not to retry).
 */
export function classifyResponse(kind: WebhookKind, status: number, bodyHead: string): 'delivered' | 'gone' | 'retry' {
  if (status >= 200 && status < 300) return 'delivered';
  if (status === 410) return 'gone';
  if (status === 404 && kind === 'slack' && /no_service|channel_not_found|channel_is_archived/.test(bodyHead)) return 'gone';
  if (status === 404 && kind === 'discord' && /"code"\s*:\s*10015\b/.test(bodyHead)) return 'gone';
  return 'retry';
}

/** Circuit breaker per destination: opens after this many failures in a row. */
export const CIRCUIT_FAILURES = 5;
/** How long the circuit stays open the n-th time in a row (0-based): 1 min, doubling, at most an hour. */
export const circuitOpenMs = (opens: number): number => Math.min(3_600_000, 60_000 * 2 ** Math.min(opens, 10));

/** Standard Webhooks secret: `whsec_` + base64 of 32 random bytes. */
export const newSigningSecret = (): string => `whsec_${randomBytes(32).toString('base64')}`;

/** `v1,` + base64 HMAC-SHA256 of `id.timestamp.body` with the secret's key (Standard Webhooks 1.0). */
export function signatureOf(secret: string, id: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret, 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`).digest('base64')}`;
}

/** A URL as shown: scheme, host and port, and the last four characters; the rest is secret. */
export { maskUrl } from '../../lib/url-hint.ts';

/** Header names a destination may not set: Klaxon sets them, or they would break the request. */
/**
 * Klaxon names itself on every webhook request (any kind) with its public origin, so that one that
 * comes back to this instance is refused as a loop (docs/adr/0715). Customers cannot set it.
 */
export const ORIGIN_HEADER = 'klaxon-webhook-origin';
/** The user agent of every webhook request. */
export const WEBHOOK_USER_AGENT = 'Klaxon-Webhooks/1.0';
/** The origin of KLAXON_PUBLIC_URL, as sent in ORIGIN_HEADER. */
export const publicOrigin = (publicUrl: string): string => new URL(publicUrl).origin;

/**
 * The loop stop (docs/adr/0715): a request that carries this instance's own ORIGIN_HEADER is one of
 * its own webhooks come back (through an alias of its URL, a proxy, a DNS name the save check could
 * not see), and is refused wherever it lands, before any credential or body is read. One header
 * read and a string compare per request. A third party using Standard Webhooks, or another Klaxon
 * (its own origin), is not refused.
 */
export function ownWebhookRefusal(publicUrl: string): (headers: Record<string, string | string[] | undefined>) => AppError | undefined {
  const origin = publicOrigin(publicUrl);
  return (headers) =>
    headers[ORIGIN_HEADER] === origin
      ? new AppError('invalid_request', `This request is a webhook that this Klaxon sent (${ORIGIN_HEADER}: ${origin}) posted back to Klaxon itself, which would loop; nothing was kept. Point the webhook at another receiver.`, {
          details: [{ field: `headers.${ORIGIN_HEADER}`, message: 'is this Klaxon\'s own: a webhook may not post to the Klaxon that sends it' }],
        })
      : undefined;
}

export const RESERVED_HEADERS = new Set([
  'host', 'content-length', 'content-type', 'transfer-encoding', 'connection', 'keep-alive', 'upgrade', 'te', 'trailer', 'expect', 'proxy-authorization',
  'webhook-id', 'webhook-timestamp', 'webhook-signature', 'user-agent', ORIGIN_HEADER,
]);
export const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,100}$/;
export const MAX_HEADERS = 20;
