import type { Priority, Urgency } from '../alert/index.ts';

/**
 * The one interface between the paging engine and every delivery channel
 * (../shared/reference/paging.md 7.6; PRODUCT.md 7.3–7.4). The engine (src/modules/paging)
 * owns when and whether a page goes out; a provider only turns one message into one provider call
 * and says what became of it. A provider never retries on its own, never sleeps and never writes
 * to the database: the engine records the outcome and decides what follows.
 */
export type Channel = 'push' | 'sms' | 'voice' | 'email' | 'chat' | 'telegram';

export type DestinationKind = 'apns' | 'fcm' | 'webpush' | 'phone' | 'email' | 'chat' | 'telegram';

export interface OutboundMessage {
  /** The notification row's id (`ntf_…`); email uses it as the Message-ID. */
  id: string;
  idempotencyKey: string;
  channel: Channel;
  /**
   * Where it goes. `address` is the push token, the Web Push subscription JSON, the E.164 number,
   * the email address, the chat destination id or the linked Telegram chat id; `destinationId` is the device, phone number or
   * webhook row it came from. Never logged.
   */
  to: { kind: DestinationKind; address: string; destinationId?: string; criticalAllowed?: boolean };
  alert: { id: string; title: string; body?: string; priority: Priority; urgency: Urgency; url: string; serviceName?: string };
  /** Urgency high: ring through Do Not Disturb where the destination permits it. */
  critical: boolean;
  /** APNs `apns-collapse-id`, FCM `collapse_key`, Web Push `Topic`: the alert id. */
  collapseId: string;
  /** SMS: the code the person replies with ("Reply 4821 to acknowledge, 4821e to escalate"). */
  replyCode?: string;
  /** Email and push: the single-use acknowledge link or action token. */
  ackUrl?: string;
  actionToken?: string;
  /** More than one alert for this person and channel, sent as one message. */
  bundleCount?: number;
  /** The people a `chat` page names. */
  people?: { id: string; name: string }[];
  /** Epoch ms after which sending is pointless. */
  expiresAt: number;
}

export type SendOutcome =
  | { state: 'accepted' | 'sent' | 'delivered'; providerMessageId?: string }
  /** 429, 5xx, network, timeout: the engine retries with backoff, then falls through. */
  | { state: 'retry'; retryAfterMs?: number; detail: string }
  /** Permanent for this destination; `disable` turns the device or number off with the reason. */
  | { state: 'failed'; detail: string; disable?: 'invalid' | 'unsubscribed' | 'unregistered' }
  /** 401/403 and the like: the channel's own configuration is wrong. */
  | { state: 'config_error'; detail: string };

export interface DeliveryProvider {
  name: string;
  channels: Channel[];
  /** False: the channel is `not configured` (timeline, GET /api/org/settings), never dropped silently. */
  configured(): boolean;
  send(m: OutboundMessage, ctx: { deadlineMs: number; signal: AbortSignal }): Promise<SendOutcome>;
  /** Optional: poll a message's fate when a callback is late. */
  status?(providerMessageId: string): Promise<SendOutcome>;
  /** Sends in flight at once to this provider (the dispatcher's bound per provider; default 16). */
  concurrency?: number;
}
