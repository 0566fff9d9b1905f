import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { jwtVerify } from 'jose';
import webpush from 'web-push';
import { loopbackCert } from './tls.ts';

/**
 * A fake push service (RFC 8030) over HTTPS on loopback: checks the VAPID authorization (RFC 8292:
 * ES256 JWT whose audience is the endpoint's origin, verified with the `k` key), TTL, and the
 * aes128gcm content coding, keeps each message, and answers 201. Tell it to fail: `failNext({status,
 * retryAfter?})` or `{hang: true}`. `subscription()` makes a browser-side key pair and auth secret,
 * and `decrypt()` opens a message with them (RFC 8291), as a browser would.
 */
export interface PushMessage {
  path: string;
  headers: Record<string, string>;
  body: Buffer;
  vapidSubject: string;
}
export type PushAnswer = { status: number; retryAfter?: string } | { hang: true };

export interface BrowserSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** The browser's private key (URL-safe base64), to decrypt. */
  privateKey: string;
}

/** Decrypts an RFC 8291 aes128gcm message with the subscription's private key and auth secret. */
export function decrypt(sub: BrowserSubscription, body: Buffer): string {
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20]!;
  const asPublic = body.subarray(21, 21 + idlen);
  const ciphertext = body.subarray(21 + idlen);
  if (ciphertext.length > rs) throw new Error('more than one record');
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(Buffer.from(sub.privateKey, 'base64url'));
  const uaPublic = Buffer.from(sub.keys.p256dh, 'base64url');
  const secret = ecdh.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', secret, Buffer.from(sub.keys.auth, 'base64url'), keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const d = createDecipheriv('aes-128-gcm', cek, nonce);
  d.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const plain = Buffer.concat([d.update(ciphertext.subarray(0, ciphertext.length - 16)), d.final()]);
  // The last record: the content, a 0x02 delimiter, then zero padding.
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end--;
  if (plain[end] !== 2) throw new Error('no last-record delimiter');
  return plain.subarray(0, end).toString('utf8');
}

export async function startFakePushService(opts: { now: () => Date }) {
  const { key, cert } = await loopbackCert('push service');
  const messages: PushMessage[] = [];
  const planned: PushAnswer[] = [];
  const gone = new Set<string>();
  const hung: ServerResponse[] = [];
  let origin = '';
  const server = createServer({ key, cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const reply = (status: number, headers: Record<string, string> = {}) => {
          res.writeHead(status, headers);
          res.end();
        };
        const path = req.url ?? '';
        if (req.method !== 'POST' || !path.startsWith('/push/')) return reply(404);
        const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(String(req.headers.authorization ?? ''));
        if (!m) return reply(401);
        let vapidSubject = '';
        try {
          const raw = Buffer.from(m[2]!, 'base64url');
          const jwk = { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33, 65).toString('base64url') };
          const { payload } = await jwtVerify(m[1]!, createPublicKey({ key: jwk, format: 'jwk' }), { algorithms: ['ES256'], audience: origin, currentDate: opts.now() });
          vapidSubject = String(payload.sub ?? '');
          if (!/^(mailto:|https:)/.test(vapidSubject)) throw new Error('sub');
          // RFC 8292: at most 24 hours.
          if (typeof payload.exp !== 'number' || payload.exp - opts.now().getTime() / 1000 > 86_400) throw new Error('exp');
        } catch {
          return reply(403);
        }
        if (!/^\d+$/.test(String(req.headers.ttl ?? ''))) return reply(400);
        if (req.headers['content-encoding'] !== 'aes128gcm') return reply(415);
        const headers: Record<string, string> = {};
        for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers[k] = v;
        const body = Buffer.concat(chunks);
        messages.push({ path, headers, body, vapidSubject });
        const next = planned.shift();
        if (next && 'hang' in next) return hung.push(res);
        if (next) return reply(next.status, next.retryAfter ? { 'retry-after': next.retryAfter } : {});
        if (gone.has(path)) return reply(410);
        if (body.length > 4096) return reply(413);
        reply(201, { location: `${origin}/message/${messages.length}` });
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    ca: cert,
    messages,
    /** A browser's subscription to this service: its own key pair and auth secret. */
    subscription(name: string): BrowserSubscription {
      const keys = webpush.generateVAPIDKeys();
      return { endpoint: `${origin}/push/${name}`, keys: { p256dh: keys.publicKey, auth: randomBytes(16).toString('base64url') }, privateKey: keys.privateKey };
    },
    failNext(...answers: PushAnswer[]) {
      planned.push(...answers);
    },
    /** The subscription at this endpoint is gone (410 from now on). */
    expire(endpoint: string) {
      gone.add(new URL(endpoint).pathname);
    },
    async close() {
      for (const r of hung) r.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
