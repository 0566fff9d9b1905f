import { randomUUID } from 'node:crypto';
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import { decodeProtectedHeader, importSPKI, jwtVerify } from 'jose';
import { loopbackCert } from './tls.ts';

/**
 * A fake APNs (reference/paging.md 4.2): an HTTP/2 TLS server on loopback that checks the request
 * as Apple does (ES256 provider token verified with the test's public key and key id, topic, push
 * type, collapse id size, payload size, device token shape) and answers APNs' documented statuses.
 * Tell it to fail: `failNext({status, reason, retryAfter})` or `{hang: true}` (never answers), or
 * `unregister(token)` (410 Unregistered from then on).
 */
export interface ApnsRequest {
  deviceToken: string;
  headers: Record<string, string>;
  payload: any;
  jwt: string;
}
export type ApnsAnswer = { status: number; reason?: string; retryAfter?: string } | { hang: true };

export async function startFakeApns(opts: { publicKeyPem: string; keyId: string; teamId: string; topic: string; now: () => Date }) {
  const { key, cert } = await loopbackCert('apns');
  const publicKey = await importSPKI(opts.publicKeyPem, 'ES256');
  const requests: ApnsRequest[] = [];
  const planned: ApnsAnswer[] = [];
  const unregistered = new Set<string>();
  const hung: http2.ServerHttp2Stream[] = [];
  const server = http2.createSecureServer({ key, cert, allowHTTP1: false });

  server.on('stream', (stream, headers) => {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      void (async () => {
        const answer = (status: number, reason?: string, extra: Record<string, string> = {}) => {
          const id = typeof headers['apns-id'] === 'string' ? headers['apns-id'] : randomUUID();
          stream.respond({ ':status': status, 'apns-id': id, ...extra });
          stream.end(reason ? JSON.stringify({ reason, ...(status === 410 ? { timestamp: opts.now().getTime() } : {}) }) : undefined);
        };
        const path = String(headers[':path'] ?? '');
        const m = /^\/3\/device\/([^/?]+)$/.exec(path);
        if (headers[':method'] !== 'POST' || !m) return answer(405, 'MethodNotAllowed');
        const body = Buffer.concat(chunks);
        const auth = String(headers.authorization ?? '');
        if (!auth.startsWith('bearer ')) return answer(403, 'MissingProviderToken');
        const jwt = auth.slice('bearer '.length);
        try {
          const h = decodeProtectedHeader(jwt);
          if (h.alg !== 'ES256' || h.kid !== opts.keyId) return answer(403, 'InvalidProviderToken');
          const { payload } = await jwtVerify(jwt, publicKey, { algorithms: ['ES256'], issuer: opts.teamId, currentDate: opts.now() });
          if (typeof payload.iat !== 'number') return answer(403, 'InvalidProviderToken');
          if (opts.now().getTime() / 1000 - payload.iat > 3600) return answer(403, 'ExpiredProviderToken');
        } catch {
          return answer(403, 'InvalidProviderToken');
        }
        const deviceToken = decodeURIComponent(m[1]!);
        let payload: unknown;
        try {
          payload = JSON.parse(body.toString('utf8'));
        } catch {
          return answer(400, 'PayloadEmpty');
        }
        const plain: Record<string, string> = {};
        for (const [k, v] of Object.entries(headers)) if (!k.startsWith(':') && typeof v === 'string') plain[k] = v;
        requests.push({ deviceToken, headers: plain, payload, jwt });
        const next = planned.shift();
        if (next && 'hang' in next) {
          hung.push(stream);
          return;
        }
        if (next) return answer(next.status, next.reason, next.retryAfter ? { 'retry-after': next.retryAfter } : {});
        if (headers['apns-topic'] !== opts.topic) return answer(400, 'DeviceTokenNotForTopic');
        if (headers['apns-push-type'] !== 'alert') return answer(400, 'InvalidPushType');
        if (Buffer.byteLength(String(headers['apns-collapse-id'] ?? '')) > 64) return answer(400, 'BadCollapseId');
        if (body.length > 4096) return answer(413, 'PayloadTooLarge');
        if (!/^[0-9a-f]{64}$/i.test(deviceToken)) return answer(400, 'BadDeviceToken');
        if (unregistered.has(deviceToken)) return answer(410, 'Unregistered');
        answer(200);
      })();
    });
  });
  server.on('sessionError', () => undefined);
  const sessions = new Set<http2.ServerHttp2Session>();
  server.on('session', (s) => {
    sessions.add(s);
    s.on('close', () => sessions.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `https://127.0.0.1:${port}`,
    ca: cert,
    requests,
    failNext(...answers: ApnsAnswer[]) {
      planned.push(...answers);
    },
    unregister(token: string) {
      unregistered.add(token);
    },
    async close() {
      for (const s of hung) s.destroy();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Open client sessions end with the server (close() would wait for them).
        for (const s of sessions) s.destroy();
      });
    },
  };
}
