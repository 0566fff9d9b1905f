import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { importSPKI, jwtVerify } from 'jose';

/**
 * A fake FCM (reference/paging.md 4.3) on loopback: the OAuth token endpoint verifies the RS256
 * JWT-bearer assertion with the service account's public key (issuer, audience, scope, lifetime),
 * and `messages:send` checks the bearer token and answers FCM's documented errors. Tell it to
 * fail: `failNext({status, errorCode?, retryAfter?})` or `{hang: true}`; `unregister(token)`.
 */
export interface FcmSend {
  projectId: string;
  accessToken: string;
  message: any;
}
export type FcmAnswer = { status: number; errorCode?: string; status_text?: string; fieldViolation?: string; retryAfter?: string } | { hang: true };

const STATUS_TEXT: Record<number, string> = { 400: 'INVALID_ARGUMENT', 401: 'UNAUTHENTICATED', 403: 'PERMISSION_DENIED', 404: 'NOT_FOUND', 429: 'RESOURCE_EXHAUSTED', 500: 'INTERNAL', 503: 'UNAVAILABLE' };

export async function startFakeFcm(opts: { publicKeyPem: string; clientEmail: string; projectId: string; now: () => Date }) {
  const publicKey = await importSPKI(opts.publicKeyPem, 'RS256');
  const sends: FcmSend[] = [];
  const grants: { assertion: string; at: Date }[] = [];
  const planned: FcmAnswer[] = [];
  const plannedToken: FcmAnswer[] = [];
  const unregistered = new Set<string>();
  const issued = new Set<string>();
  const hung: ServerResponse[] = [];
  let tokenUrl = '';
  let n = 0;

  const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };
  const fcmError = (res: ServerResponse, status: number, errorCode?: string, message = 'error', field?: string, retryAfter?: string) =>
    json(res, status, {
      error: {
        code: status, message, status: STATUS_TEXT[status] ?? 'UNKNOWN',
        details: [
          ...(errorCode ? [{ '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode }] : []),
          ...(field ? [{ '@type': 'type.googleapis.com/google.rpc.BadRequest', fieldViolations: [{ field, description: 'Invalid registration token' }] }] : []),
        ],
      },
    }, retryAfter ? { 'retry-after': retryAfter } : {});

  const read = (req: IncomingMessage) => new Promise<string>((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });

  const server = createServer((req, res) => {
    void (async () => {
      const body = await read(req);
      if (req.method === 'POST' && req.url === '/token') {
        const form = new URLSearchParams(body);
        const next = plannedToken.shift();
        if (next && 'hang' in next) return hung.push(res);
        if (next) return json(res, next.status, { error: next.errorCode ?? 'server_error' }, next.retryAfter ? { 'retry-after': next.retryAfter } : {});
        if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer') return json(res, 400, { error: 'unsupported_grant_type' });
        const assertion = form.get('assertion') ?? '';
        try {
          const { payload, protectedHeader } = await jwtVerify(assertion, publicKey, { algorithms: ['RS256'], issuer: opts.clientEmail, audience: tokenUrl, currentDate: opts.now() });
          if (protectedHeader.alg !== 'RS256') throw new Error('alg');
          if (payload.scope !== 'https://www.googleapis.com/auth/firebase.messaging') throw new Error('scope');
          if (typeof payload.iat !== 'number' || typeof payload.exp !== 'number' || payload.exp - payload.iat > 3600) throw new Error('lifetime');
        } catch {
          return json(res, 400, { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' });
        }
        grants.push({ assertion, at: opts.now() });
        const token = `ya29.fake-${++n}-${randomBytes(18).toString('base64url')}`;
        issued.add(token);
        return json(res, 200, { access_token: token, expires_in: 3599, token_type: 'Bearer' });
      }
      const m = /^\/v1\/projects\/([^/]+)\/messages:send$/.exec(req.url ?? '');
      if (req.method !== 'POST' || !m) return fcmError(res, 404, undefined, 'not found');
      const auth = String(req.headers.authorization ?? '');
      const accessToken = auth.replace(/^Bearer /, '');
      if (!issued.has(accessToken)) return fcmError(res, 401, undefined, 'Request had invalid authentication credentials.');
      if (m[1] !== opts.projectId) return fcmError(res, 403, 'SENDER_ID_MISMATCH', 'wrong project');
      let parsed: { message?: { token?: string } };
      try {
        parsed = JSON.parse(body) as typeof parsed;
      } catch {
        return fcmError(res, 400, 'INVALID_ARGUMENT', 'Invalid JSON payload received.');
      }
      const message = parsed.message;
      sends.push({ projectId: m[1]!, accessToken, message });
      const next = planned.shift();
      if (next && 'hang' in next) return hung.push(res);
      if (next) return fcmError(res, next.status, next.errorCode, 'planned failure', next.fieldViolation, next.retryAfter);
      if (!message?.token) return fcmError(res, 400, 'INVALID_ARGUMENT', 'The registration token is not a valid FCM registration token', 'message.token');
      if (Buffer.byteLength(body) > 4096 + 200) return fcmError(res, 400, 'INVALID_ARGUMENT', 'Message is too big');
      if (unregistered.has(message.token)) return fcmError(res, 404, 'UNREGISTERED', 'Requested entity was not found.');
      return json(res, 200, { name: `projects/${m[1]}/messages/0:${sends.length}` });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  tokenUrl = `${base}/token`;
  return {
    baseUrl: base,
    tokenUrl,
    sends,
    grants,
    failNext(...answers: FcmAnswer[]) {
      planned.push(...answers);
    },
    failTokenNext(...answers: FcmAnswer[]) {
      plannedToken.push(...answers);
    },
    unregister(token: string) {
      unregistered.add(token);
    },
    async close() {
      for (const r of hung) r.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
