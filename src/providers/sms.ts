import { request } from 'undici';
import type { SmsConfig } from '../config.ts';

/** Why a message was not sent: the provider refused it (4xx) or could not be reached (5xx, network). */
export class SmsError extends Error {
  constructor(
    message: string,
    readonly kind: 'refused' | 'unavailable',
    readonly providerCode?: string,
  ) {
    super(message);
    this.name = 'SmsError';
  }
}

export interface SmsSender {
  /** False when no provider is configured: callers refuse with a clear error, never drop. */
  readonly configured: boolean;
  send(to: string, body: string): Promise<{ sid: string }>;
}

export const unconfiguredSms: SmsSender = {
  configured: false,
  async send() {
    throw new SmsError('SMS is not configured on this server.', 'unavailable');
  },
};

/**
 * Twilio-compatible Messages API (PRODUCT.md 7): `POST {base}/2010-04-01/Accounts/{sid}/Messages.json`,
 * form-encoded `To`, `From`, `Body`, HTTP basic auth with the account SID and auth token.
 * The message body may hold a code: it is never logged or put in an error.
 */
export function twilioSms(cfg: SmsConfig, opts: { timeoutMs?: number } = {}): SmsSender {
  const timeout = opts.timeoutMs ?? 10_000;
  const url = `${cfg.baseUrl}/2010-04-01/Accounts/${encodeURIComponent(cfg.accountSid)}/Messages.json`;
  const auth = `Basic ${Buffer.from(`${cfg.accountSid}:${cfg.authToken}`).toString('base64')}`;
  return {
    configured: true,
    async send(to, body) {
      let res;
      try {
        res = await request(url, {
          method: 'POST',
          headers: { authorization: auth, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
          body: new URLSearchParams({ To: to, From: cfg.from, Body: body }).toString(),
          headersTimeout: timeout,
          bodyTimeout: timeout,
        });
      } catch (e) {
        throw new SmsError(`The SMS provider could not be reached (${(e as Error).name}).`, 'unavailable');
      }
      const text = await res.body.text();
      let json: { sid?: unknown; code?: unknown } = {};
      try {
        json = JSON.parse(text) as typeof json;
      } catch {
        /* not JSON */
      }
      if (res.statusCode >= 200 && res.statusCode < 300 && typeof json.sid === 'string') return { sid: json.sid };
      const code = json.code !== undefined ? String(json.code) : undefined;
      if (res.statusCode >= 400 && res.statusCode < 500 && res.statusCode !== 429) {
        throw new SmsError(`The SMS provider refused the message (HTTP ${res.statusCode}${code ? `, error ${code}` : ''}).`, 'refused', code);
      }
      throw new SmsError(`The SMS provider failed (HTTP ${res.statusCode}${code ? `, error ${code}` : ''}).`, 'unavailable', code);
    },
  };
}

export const createSmsSender = (cfg: SmsConfig | undefined): SmsSender => (cfg ? twilioSms(cfg) : unconfiguredSms);
