import { disableReasonOf, smsText } from '../modules/paging/index.ts';
import type { DeliveryProvider, OutboundMessage, SendOutcome } from '../modules/paging/index.ts';
import type { TwilioClient, TwilioResult } from './sms.ts';

/**
 * SMS and voice pages through the Twilio client (src/providers/sms.ts; PRODUCT.md 7.4). The SMS
 * carries the page's reply code; the call fetches its TwiML from Klaxon
 * (`POST /v1/providers/twilio/voice?ntf=…`), and both report back to `/v1/providers/twilio/status`.
 * Without TWILIO_* the channels are `not configured`.
 */
export function outcomeOfTwilio(r: TwilioResult): SendOutcome {
  if (r.ok) return { state: 'accepted', providerMessageId: r.sid };
  if (r.kind === 'unavailable' || r.code === '20429') return { state: 'retry', detail: r.detail, ...(r.retryAfterMs !== undefined ? { retryAfterMs: r.retryAfterMs } : {}) };
  if (r.httpStatus === 401 || r.httpStatus === 403 || r.code === '20003') return { state: 'config_error', detail: `${r.detail}: check TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN` };
  const d = disableReasonOf(r.code);
  if (d) return { state: 'failed', detail: d.reason, disable: d.disable };
  return { state: 'failed', detail: r.detail };
}

export function createTwilioProviders(opts: { client: TwilioClient | undefined; publicUrl: string }): DeliveryProvider[] {
  const { client, publicUrl } = opts;
  const statusUrl = (m: OutboundMessage) => `${publicUrl}/v1/providers/twilio/status?ntf=${encodeURIComponent(m.id)}`;
  const sms: DeliveryProvider = {
    name: 'twilio-sms',
    channels: ['sms'],
    configured: () => client !== undefined,
    async send(m, ctx) {
      if (!client) return { state: 'config_error', detail: 'TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM are not set' };
      const body = smsText({ title: m.alert.title, priority: m.alert.priority, serviceName: m.alert.serviceName, replyCode: m.replyCode, bundleCount: m.bundleCount });
      return outcomeOfTwilio(await client.sendMessage({ to: m.to.address, body, statusCallback: statusUrl(m) }, { signal: ctx.signal }));
    },
  };
  const voice: DeliveryProvider = {
    name: 'twilio-voice',
    channels: ['voice'],
    configured: () => client !== undefined,
    async send(m, ctx) {
      if (!client) return { state: 'config_error', detail: 'TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM are not set' };
      const url = `${publicUrl}/v1/providers/twilio/voice?ntf=${encodeURIComponent(m.id)}`;
      return outcomeOfTwilio(await client.createCall({ to: m.to.address, url, statusCallback: statusUrl(m) }, { signal: ctx.signal }));
    },
  };
  return [sms, voice];
}
