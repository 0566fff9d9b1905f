import type { DeliveryProvider, DestinationKind, OutboundMessage, SendOutcome } from '../modules/paging/index.ts';

/**
 * One push service (APNs, FCM or Web Push) behind the `push` channel: the engine looks providers
 * up by channel, and a person's devices may be of every kind, so createPushProvider routes each
 * message by its destination's kind (docs/adr/0440-push-delivery.md).
 */
export interface PushSender {
  kind: Extract<DestinationKind, 'apns' | 'fcm' | 'webpush'>;
  /** What the timeline calls it: "APNs", "FCM", "Web Push". */
  label: string;
  send(m: OutboundMessage, ctx: { deadlineMs: number; signal: AbortSignal }): Promise<SendOutcome>;
  close?(): Promise<void>;
}

export interface PushProvider extends DeliveryProvider {
  /** Which push kinds are configured (the rest are `not configured` for their devices). */
  kinds(): PushSender['kind'][];
  close(): Promise<void>;
}

const LABEL = { apns: 'APNs (iOS push)', fcm: 'FCM (Android push)', webpush: 'Web Push' } as const;

export function createPushProvider(senders: readonly PushSender[]): PushProvider {
  const byKind = new Map(senders.map((s) => [s.kind, s]));
  return {
    name: 'push',
    channels: ['push'],
    configured: () => byKind.size > 0,
    kinds: () => [...byKind.keys()],
    async send(m, ctx) {
      const kind = m.to.kind;
      const sender = kind === 'apns' || kind === 'fcm' || kind === 'webpush' ? byKind.get(kind) : undefined;
      if (!sender) return { state: 'failed', detail: `${kind in LABEL ? LABEL[kind as keyof typeof LABEL] : kind} is not configured on this server` };
      return sender.send(m, ctx);
    },
    async close() {
      await Promise.all(senders.map((s) => s.close?.().catch(() => undefined)));
    },
  };
}

/** Seconds from a Retry-After header (delta seconds or an HTTP date), as milliseconds. */
export function retryAfterMs(value: string | string[] | undefined, nowMs: number): number | undefined {
  const v = Array.isArray(value) ? value[0] : value;
  if (!v) return undefined;
  if (/^\d+$/.test(v.trim())) return Math.min(Number(v.trim()), 86_400) * 1000;
  const at = Date.parse(v);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.min(at - nowMs, 86_400_000));
}

/** The page's time to live in whole seconds (at least 60 s, at most an hour past now). */
export const ttlSeconds = (expiresAt: number, nowMs: number): number => Math.max(60, Math.min(3600, Math.round((expiresAt - nowMs) / 1000)));
