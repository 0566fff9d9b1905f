import type { Config } from '../config.ts';
import type { Clock } from '../lib/clock.ts';
import { createLookup } from '../modules/webhook/index.ts';
import { createApnsSender } from './apns.ts';
import { createFcmSender } from './fcm.ts';
import { createPushProvider, type PushProvider, type PushSender } from './push.ts';
import { createWebPushSender } from './webpush.ts';

/**
 * The `push` channel's provider from the configuration (PRODUCT.md 7.4): each of APNs, FCM and
 * Web Push that is configured; undefined when none is, so the channel is `not configured`.
 */
export function createPushProviderFromConfig(config: Pick<Config, 'push' | 'webhooks'>, opts: { clock: Clock; ca?: string | Buffer | (string | Buffer)[]; timeoutMs?: number }): PushProvider | undefined {
  const senders: PushSender[] = [];
  const common = { clock: opts.clock, ...(opts.timeoutMs ? { timeoutMs: opts.timeoutMs } : {}) };
  if (config.push.apns) senders.push(createApnsSender(config.push.apns, { ...common, ...(opts.ca ? { ca: opts.ca } : {}) }));
  if (config.push.fcm) senders.push(createFcmSender(config.push.fcm, common));
  if (config.push.webpush) {
    senders.push(createWebPushSender(config.push.webpush, {
      ...common, allowPrivate: config.webhooks.allowPrivate, lookup: createLookup(config.webhooks.dnsServer), ...(opts.ca ? { ca: opts.ca } : {}),
    }));
  }
  return senders.length ? createPushProvider(senders) : undefined;
}
