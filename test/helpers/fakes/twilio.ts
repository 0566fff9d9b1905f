import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A Twilio on loopback that speaks the real protocol (reference/paging.md 4.1; GoAlert's
 * mocktwilio): `POST /2010-04-01/Accounts/{sid}/Messages.json` and `/Calls.json`, form-encoded,
 * HTTP basic auth checked, answering 201 with the resource or Twilio's error body
 * ({code, message, more_info, status}). It calls Klaxon back as Twilio does: status callbacks,
 * the call's TwiML and its <Gather> action, inbound SMS, each form-encoded and signed with
 * X-Twilio-Signature (base64 HMAC-SHA1 of the URL and the sorted parameters, keyed by the auth
 * token). It can be told to fail: any status and error code, 429 with Retry-After, or a request
 * that is never answered (a timeout).
 */

export interface SentSms {
  sid: string;
  to: string;
  from: string;
  body: string;
  statusCallback: string | undefined;
}
export interface PlacedCall {
  sid: string;
  to: string;
  from: string;
  url: string;
  statusCallback: string | undefined;
  statusCallbackEvents: string[];
}
export interface CallbackAnswer {
  status: number;
  body: string;
  contentType: string;
}
/** Delivers a callback to Klaxon: by default over HTTP to the URL; tests in one process inject it. */
export type CallbackTransport = (url: string, headers: Record<string, string>, body: string) => Promise<CallbackAnswer>;

type Failure = { kind: 'error'; status: number; code: number; message: string; retryAfter?: string } | { kind: 'hang' };

/** X-Twilio-Signature exactly as Twilio computes it. */
export function signTwilio(authToken: string, url: string, params: [string, string][]): string {
  const data = [...params].sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0)).reduce((acc, [k, v]) => acc + k + v, url);
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

const httpTransport: CallbackTransport = async (url, headers, body) => {
  const res = await fetch(url, { method: 'POST', headers, body });
  return { status: res.status, body: await res.text(), contentType: res.headers.get('content-type') ?? '' };
};

export async function startFakeTwilio(opts: { accountSid: string; authToken: string; from?: string }) {
  const messages: SentSms[] = [];
  const calls: PlacedCall[] = [];
  const failures: Failure[] = [];
  const hanging: ServerResponse[] = [];
  const state = { hold: false, requests: 0 };
  let transport: CallbackTransport = httpTransport;
  const readBody = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let data = '';
      req.on('data', (c) => (data += c));
      req.on('end', () => resolve(data));
    });
  const server: Server = createServer(async (req, res) => {
    const body = await readBody(req);
    state.requests++;
    const send = (status: number, json: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(json));
    };
    const error = (status: number, code: number, message: string, headers: Record<string, string> = {}) =>
      send(status, { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status }, headers);
    const base = `/2010-04-01/Accounts/${opts.accountSid}`;
    const kind = req.url === `${base}/Messages.json` ? 'sms' : req.url === `${base}/Calls.json` ? 'call' : undefined;
    if (req.method !== 'POST' || !kind) return error(404, 20404, 'The requested resource was not found');
    const expected = `Basic ${Buffer.from(`${opts.accountSid}:${opts.authToken}`).toString('base64')}`;
    if (req.headers.authorization !== expected) return error(401, 20003, 'Authenticate');
    if (!String(req.headers['content-type']).startsWith('application/x-www-form-urlencoded')) return error(400, 20001, 'Bad content type');
    const form = new URLSearchParams(body);
    const to = form.get('To') ?? '';
    const from = form.get('From') ?? '';
    if (!to) return error(400, 21604, "A 'To' phone number is required.");
    if (!from) return error(400, 21603, "A 'From' phone number is required.");
    if (!/^\+[1-9]\d{6,14}$/.test(to)) return error(400, 21211, `The 'To' number ${to} is not a valid phone number.`);
    if (state.hold) {
      hanging.push(res);
      return;
    }
    const f = failures.shift();
    if (f?.kind === 'hang') {
      hanging.push(res);
      return;
    }
    if (f) return error(f.status, f.code, f.message, f.retryAfter ? { 'retry-after': f.retryAfter } : {});
    if (kind === 'sms') {
      const text = form.get('Body') ?? '';
      if (!text) return error(400, 21602, 'Message body is required.');
      const sid = `SM${String(messages.length + 1).padStart(32, '0')}`;
      messages.push({ sid, to, from, body: text, statusCallback: form.get('StatusCallback') ?? undefined });
      return send(201, { sid, account_sid: opts.accountSid, to, from, body: text, status: 'queued', num_segments: '1', direction: 'outbound-api', date_created: new Date().toUTCString(), error_code: null, error_message: null });
    }
    const url = form.get('Url') ?? '';
    if (!url && !form.get('Twiml')) return error(400, 21205, 'Url parameter is required.');
    const sid = `CA${String(calls.length + 1).padStart(32, '0')}`;
    calls.push({ sid, to, from, url, statusCallback: form.get('StatusCallback') ?? undefined, statusCallbackEvents: form.getAll('StatusCallbackEvent') });
    return send(201, { sid, account_sid: opts.accountSid, to, from, status: 'queued', direction: 'outbound-api', date_created: new Date().toUTCString() });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  /** Posts form parameters to a Klaxon URL signed as Twilio signs (or with `signature` instead). */
  async function callback(url: string, params: Record<string, string>, o: { signature?: string } = {}): Promise<CallbackAnswer> {
    const pairs = Object.entries(params);
    const signature = o.signature ?? signTwilio(opts.authToken, url, pairs);
    return transport(url, { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature, 'user-agent': 'TwilioProxy/1.1' }, new URLSearchParams(pairs).toString());
  }

  const fake = {
    url: `http://127.0.0.1:${port}`,
    messages,
    calls,
    state,
    /** How callbacks reach Klaxon (tests without a listening server pass app.inject). */
    setTransport(t: CallbackTransport) {
      transport = t;
    },
    /** The next message or call answers this error (Retry-After with it when given). */
    failNext(status: number, code: number, message: string, o: { retryAfter?: string } = {}) {
      failures.push({ kind: 'error', status, code, message, ...(o.retryAfter ? { retryAfter: o.retryAfter } : {}) });
    },
    /** The next message or call is never answered: the sender's deadline runs out. */
    hangNext() {
      failures.push({ kind: 'hang' });
    },
    /** Requests held unanswered (hold mode or hangNext). */
    inFlight: () => hanging.length,
    callback,
    /** A message's status callback (delivered, undelivered, failed…), as Twilio posts it. */
    messageStatus(m: SentSms, status: string, o: { errorCode?: string; signature?: string } = {}) {
      if (!m.statusCallback) throw new Error('fake twilio: the message had no StatusCallback');
      return callback(m.statusCallback, {
        AccountSid: opts.accountSid, MessageSid: m.sid, SmsSid: m.sid, MessageStatus: status, SmsStatus: status, To: m.to, From: m.from, ApiVersion: '2010-04-01',
        ...(o.errorCode ? { ErrorCode: o.errorCode } : {}),
      }, o.signature ? { signature: o.signature } : {});
    },
    /** A call's status callback (completed, busy, no-answer…), as Twilio posts it. */
    callStatus(c: PlacedCall, status: string, o: { duration?: number } = {}) {
      if (!c.statusCallback) throw new Error('fake twilio: the call had no StatusCallback');
      return callback(c.statusCallback, {
        AccountSid: opts.accountSid, CallSid: c.sid, CallStatus: status, To: c.to, From: c.from, Direction: 'outbound-api', ApiVersion: '2010-04-01', SequenceNumber: '3',
        ...(o.duration !== undefined ? { CallDuration: String(o.duration) } : {}),
      });
    },
    /**
     * The callee picks up: Twilio fetches the call's TwiML from its Url; with `digits`, the callee
     * presses them during the first <Gather> and Twilio posts them to its action.
     */
    async answer(c: PlacedCall, digits?: string): Promise<{ twiml: string; afterKey?: string }> {
      const base = { AccountSid: opts.accountSid, CallSid: c.sid, To: c.to, From: c.from, Direction: 'outbound-api', ApiVersion: '2010-04-01' };
      const first = await callback(c.url, { ...base, CallStatus: 'in-progress' });
      if (first.status !== 200) throw new Error(`fake twilio: the TwiML URL answered ${first.status}: ${first.body}`);
      if (digits === undefined) return { twiml: first.body };
      const action = /<Gather[^>]*\saction="([^"]+)"/.exec(first.body)?.[1];
      if (!action) throw new Error(`fake twilio: no <Gather action> in ${first.body}`);
      const actionUrl = action.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&apos;/g, "'");
      const second = await callback(actionUrl, { ...base, CallStatus: 'in-progress', Digits: digits, FinishedOnKey: '' });
      return { twiml: first.body, afterKey: second.body };
    },
    /** An SMS from a phone to our number, posted to Klaxon's inbound SMS webhook. */
    inbound(webhookUrl: string, from: string, body: string, o: { signature?: string; messageSid?: string } = {}) {
      // Each inbound message has its own SID, as Twilio's do (pass messageSid to replay one).
      const sid = o.messageSid ?? `SM${randomBytes(16).toString('hex')}`;
      return callback(webhookUrl, {
        AccountSid: opts.accountSid, MessageSid: sid, From: from, To: opts.from ?? '+15550009999', Body: body, NumMedia: '0', ApiVersion: '2010-04-01',
      }, o.signature ? { signature: o.signature } : {});
    },
    async close() {
      for (const r of hanging.splice(0)) r.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return fake;
}
export type FakeTwilio = Awaited<ReturnType<typeof startFakeTwilio>>;
