import { request } from 'undici';
import type { SmsConfig } from '../config.ts';

/**
 * The one Twilio-compatible client (PRODUCT.md 7.4; reference/paging.md 4.1): the Messages and
 * Calls APIs under `{TWILIO_BASE_URL}/2010-04-01/Accounts/{sid}/`, form-encoded, HTTP basic auth
 * with the account SID and auth token. Phone verification, SMS and voice pages and test pages all
 * send through it. Bodies may hold a code and numbers are personal: neither is ever logged or put
 * in an error's text (errors name the HTTP status and Twilio's error code only).
 */
export type TwilioResult =
  | { ok: true; sid: string; status: string | undefined }
  | {
      ok: false;
      /** refused: 4xx other than 429 (for good); unavailable: 429, 5xx, network, timeout (try again). */
      kind: 'refused' | 'unavailable';
      httpStatus: number | undefined;
      /** Twilio's error code (21610 opted out, 21614 not a mobile number, 20003 authentication, …). */
      code: string | undefined;
      /** From Retry-After on a 429 or 503. */
      retryAfterMs: number | undefined;
      detail: string;
    };

export interface TwilioClient {
  sendMessage(p: { to: string; body: string; statusCallback?: string }, opts?: { signal?: AbortSignal }): Promise<TwilioResult>;
  createCall(p: { to: string; url: string; statusCallback?: string }, opts?: { signal?: AbortSignal }): Promise<TwilioResult>;
}

const retryAfterMs = (raw: string | string[] | undefined): number | undefined => {
  const v = Array.isArray(raw) ? raw[0] : raw;
  if (!v) return undefined;
  if (/^\d+$/.test(v.trim())) return Number(v.trim()) * 1000;
  const at = Date.parse(v);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
};

export function createTwilioClient(cfg: SmsConfig, opts: { timeoutMs?: number } = {}): TwilioClient {
  const timeout = opts.timeoutMs ?? 10_000;
  const base = `${cfg.baseUrl}/2010-04-01/Accounts/${encodeURIComponent(cfg.accountSid)}`;
  const auth = `Basic ${Buffer.from(`${cfg.accountSid}:${cfg.authToken}`).toString('base64')}`;

  async function post(what: 'message' | 'call', path: string, form: URLSearchParams, signal: AbortSignal | undefined): Promise<TwilioResult> {
    const provider = what === 'message' ? 'SMS provider' : 'voice provider';
    let res;
    try {
      res = await request(`${base}/${path}`, {
        method: 'POST',
        headers: { authorization: auth, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: form.toString(),
        headersTimeout: timeout,
        bodyTimeout: timeout,
        ...(signal ? { signal } : {}),
      });
    } catch (e) {
      const name = (e as Error).name === 'AbortError' || (e as { code?: string }).code?.startsWith('UND_ERR_') ? 'timed out or was cut off' : 'could not be reached';
      return { ok: false, kind: 'unavailable', httpStatus: undefined, code: undefined, retryAfterMs: undefined, detail: `the ${provider} ${name}` };
    }
    let text = '';
    try {
      text = await res.body.text();
    } catch {
      /* cut off: judged by the status */
    }
    let json: { sid?: unknown; status?: unknown; code?: unknown } = {};
    try {
      json = JSON.parse(text) as typeof json;
    } catch {
      /* not JSON */
    }
    if (res.statusCode >= 200 && res.statusCode < 300 && typeof json.sid === 'string') {
      return { ok: true, sid: json.sid, status: typeof json.status === 'string' ? json.status : undefined };
    }
    const code = json.code !== undefined && json.code !== null ? String(json.code) : undefined;
    const where = `HTTP ${res.statusCode}${code ? `, error ${code}` : ''}`;
    if (res.statusCode >= 400 && res.statusCode < 500 && res.statusCode !== 429) {
      return { ok: false, kind: 'refused', httpStatus: res.statusCode, code, retryAfterMs: undefined, detail: `the ${provider} refused the ${what} (${where})` };
    }
    return { ok: false, kind: 'unavailable', httpStatus: res.statusCode, code, retryAfterMs: retryAfterMs(res.headers['retry-after']), detail: `the ${provider} failed (${where})` };
  }

  return {
    sendMessage(p, o = {}) {
      const form = new URLSearchParams({ To: p.to, From: cfg.from, Body: p.body });
      if (p.statusCallback) form.set('StatusCallback', p.statusCallback);
      return post('message', 'Messages.json', form, o.signal);
    },
    createCall(p, o = {}) {
      const form = new URLSearchParams({ To: p.to, From: cfg.from, Url: p.url });
      if (p.statusCallback) {
        form.set('StatusCallback', p.statusCallback);
        for (const e of ['initiated', 'ringing', 'answered', 'completed']) form.append('StatusCallbackEvent', e);
      }
      return post('call', 'Calls.json', form, o.signal);
    },
  };
}

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
  /** The client underneath (SMS and voice pages, test pages); absent when not configured. */
  readonly client?: TwilioClient;
}

export const unconfiguredSms: SmsSender = {
  configured: false,
  async send() {
    throw new SmsError('SMS is not configured on this server.', 'unavailable');
  },
};

/** Plain SMS (verification codes) over the Twilio client: a failure is thrown as an SmsError. */
export function twilioSms(cfg: SmsConfig, opts: { timeoutMs?: number } = {}): SmsSender {
  const client = createTwilioClient(cfg, opts);
  return {
    configured: true,
    client,
    async send(to, body) {
      const r = await client.sendMessage({ to, body });
      if (r.ok) return { sid: r.sid };
      const text = r.detail.charAt(0).toUpperCase() + r.detail.slice(1);
      throw new SmsError(`${text}.`, r.kind, r.code);
    },
  };
}

export const createSmsSender = (cfg: SmsConfig | undefined): SmsSender => (cfg ? twilioSms(cfg) : unconfiguredSms);
