import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SentSms {
  to: string;
  from: string;
  body: string;
}

/**
 * A local Twilio-compatible Messages API: `POST /2010-04-01/Accounts/{sid}/Messages.json` with
 * form-encoded To, From, Body and basic auth, answering 201 with a message resource, or Twilio's
 * error body ({code, message, more_info, status}) for bad auth, a bad number or a forced failure.
 */
export async function startFakeTwilio(opts: { accountSid: string; authToken: string }) {
  const messages: SentSms[] = [];
  let failNext: { status: number; code: number; message: string } | undefined;
  const readBody = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let data = '';
      req.on('data', (c) => (data += c));
      req.on('end', () => resolve(data));
    });
  const server: Server = createServer(async (req, res) => {
    const body = await readBody(req);
    const send = (status: number, json: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(json));
    };
    const error = (status: number, code: number, message: string) => send(status, { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status });
    const path = `/2010-04-01/Accounts/${opts.accountSid}/Messages.json`;
    if (req.method !== 'POST' || req.url !== path) return error(404, 20404, 'The requested resource was not found');
    const expected = `Basic ${Buffer.from(`${opts.accountSid}:${opts.authToken}`).toString('base64')}`;
    if (req.headers.authorization !== expected) return error(401, 20003, 'Authenticate');
    if (!String(req.headers['content-type']).startsWith('application/x-www-form-urlencoded')) return error(400, 20001, 'Bad content type');
    const form = new URLSearchParams(body);
    const to = form.get('To') ?? '';
    const from = form.get('From') ?? '';
    const text = form.get('Body') ?? '';
    if (!to) return error(400, 21604, "A 'To' phone number is required.");
    if (!from) return error(400, 21603, "A 'From' phone number is required.");
    if (!/^\+[1-9]\d{6,14}$/.test(to)) return error(400, 21211, `The 'To' number ${to} is not a valid phone number.`);
    if (failNext) {
      const f = failNext;
      failNext = undefined;
      return error(f.status, f.code, f.message);
    }
    messages.push({ to, from, body: text });
    const sid = `SM${String(messages.length).padStart(32, '0')}`;
    return send(201, { sid, account_sid: opts.accountSid, to, from, body: text, status: 'queued', num_segments: '1', direction: 'outbound-api', date_created: new Date().toUTCString(), error_code: null, error_message: null });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    messages,
    /** The next message answers this error instead. */
    failNext(status: number, code: number, message: string) {
      failNext = { status, code, message };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type FakeTwilio = Awaited<ReturnType<typeof startFakeTwilio>>;
