import { mkdirSync, writeFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../helpers/app.ts';
import { findBinary, freePort } from '../../helpers/binaries.ts';
import { signTwilio } from '../../helpers/fakes/twilio.ts';
import { loopbackCert } from '../../helpers/fakes/tls.ts';
import { type Nginx, httpsCall, httpsOpen, startNginx } from '../../helpers/nginx.ts';
import { TWILIO } from '../../helpers/paging.ts';
import { type KlaxonProc, cleanup, cliBootstrap, freshDatabase, klaxonEnv, startKlaxon, tempDir, waitFor } from '../../helpers/procs.ts';
import { startReceiver } from '../../helpers/webhook-receiver.ts';

/**
 * Issue 40 item 3: Debian's nginx, run as a child process with the repository's own
 * deploy/nginx.conf (only its upstream, ports and certificate paths replaced), in front of real
 * `klaxon serve` processes: one on SQLite, two sharing PostgreSQL ("several processes on PostgreSQL
 * behind the proxy", docs/deploy.md). Through it, over TLS with a certificate made here: live
 * events arrive as they happen, the client address is the one nginx saw (X-Forwarded-For, with
 * KLAXON_TRUSTED_PROXIES=loopback), session cookies are Secure, a Twilio callback signed for the
 * https public URL is accepted, and a body past Klaxon's largest limit stops at nginx.
 */
const NGINX = findBinary('nginx');
if (!NGINX) console.log('deploy/nginx.test.ts skipped: nginx is not installed (Debian package nginx; .ci/run installs it)');

/** The client's own address: nginx sees it, and must be what Klaxon records. */
const CLIENT = '127.0.0.5';

interface Frame { id?: string; event?: string; data: string }

/** Server-sent event frames off a response, as they come. */
function frames(res: IncomingMessage) {
  const queue: Frame[] = [];
  const waiters: (() => void)[] = [];
  let buf = '';
  let ended = false;
  res.setEncoding('utf8');
  res.on('data', (chunk: string) => {
    buf += chunk;
    let i: number;
    while ((i = buf.indexOf('\n\n')) >= 0) {
      const block = buf.slice(0, i);
      buf = buf.slice(i + 2);
      const f: Frame = { data: '' };
      for (const line of block.split('\n')) {
        const c = line.indexOf(':');
        if (c <= 0) continue;
        const k = line.slice(0, c);
        const v = line.slice(c + 1).trimStart();
        if (k === 'event') f.event = v;
        else if (k === 'data') f.data += v;
        else if (k === 'id') f.id = v;
      }
      if (f.event) queue.push(f);
    }
    for (const w of waiters.splice(0)) w();
  });
  res.on('end', () => {
    ended = true;
    for (const w of waiters.splice(0)) w();
  });
  return {
    async next(): Promise<Frame> {
      for (;;) {
        const f = queue.shift();
        if (f) return f;
        if (ended) throw new Error('the stream ended');
        await new Promise<void>((r) => waiters.push(r));
      }
    },
  };
}

for (const dialect of DIALECTS) {
  const processes = dialect === 'postgres' ? 2 : 1;
  describe.skipIf(!NGINX)(`${dialect}: Klaxon behind nginx with deploy/nginx.conf (${processes} process${processes > 1 ? 'es' : ''})`, () => {
    let dir: string;
    let db: Awaited<ReturnType<typeof freshDatabase>>;
    const procs: KlaxonProc[] = [];
    let nginx: Nginx;
    let tls: { port: number; ca: string; localAddress: string };
    let tenant: Awaited<ReturnType<typeof cliBootstrap>>;
    let publicUrl: string;
    let heartbeat: Awaited<ReturnType<typeof startReceiver>>;

    beforeAll(async () => {
      dir = tempDir('klaxon-nginx-');
      heartbeat = await startReceiver();
      db = await freshDatabase(dialect, dir);
      const cert = await loopbackCert('nginx');
      mkdirSync(join(dir, 'nginx'));
      writeFileSync(join(dir, 'nginx/cert.pem'), cert.cert);
      writeFileSync(join(dir, 'nginx/key.pem'), cert.key, { mode: 0o600 });
      // Klaxon's ports first (nginx's upstream), then nginx (KLAXON_PUBLIC_URL names its https port).
      const ports = await Promise.all(Array.from({ length: processes }, () => freePort()));
      const upstreams = ports.map((p) => `127.0.0.1:${p}`);
      nginx = await startNginx(NGINX!, join(dir, 'nginx'), { upstreams, cert: join(dir, 'nginx/cert.pem'), key: join(dir, 'nginx/key.pem') });
      publicUrl = `https://localhost:${nginx.httpsPort}`;
      tls = { port: nginx.httpsPort, ca: cert.cert, localAddress: CLIENT };
      const env = (i: number) =>
        klaxonEnv(db.url, join(dir, `data-${i}`), {
          KLAXON_PUBLIC_URL: publicUrl,
          KLAXON_TRUSTED_PROXIES: 'loopback',
          KLAXON_SIGNUP: 'open',
          TWILIO_BASE_URL: 'http://127.0.0.1:9',
          TWILIO_ACCOUNT_SID: TWILIO.accountSid,
          TWILIO_AUTH_TOKEN: TWILIO.authToken,
          TWILIO_FROM: TWILIO.from,
          KLAXON_SELF_HEARTBEAT_URL: heartbeat.url(`/hb/process-${i}`),
        });
      tenant = await cliBootstrap(env(0));
      for (let i = 0; i < processes; i++) procs.push(await startKlaxon(env(i), { port: ports[i]! }));
    }, 180_000);

    afterAll(async () => {
      await nginx?.stop();
      for (const p of procs) await p.kill('SIGTERM');
      await db?.drop();
      await heartbeat?.close();
      if (dir) cleanup(dir);
    });

    const asKey = () => ({ authorization: `Bearer ${tenant.api_key}`, 'x-service-org': tenant.org_id });

    it('each worker pings KLAXON_SELF_HEARTBEAT_URL once its engine has cycled (klaxon serve starts it)', async () => {
      await waitFor('a ping from every process', async () => procs.every((_, i) => heartbeat.requests.some((r) => r.path === `/hb/process-${i}` && r.method === 'GET')), 60_000);
    }, 90_000);

    it('plain HTTP is redirected to HTTPS', async () => {
      const res = await fetch(`http://127.0.0.1:${nginx.httpPort}/api/alerts?x=1`, { redirect: 'manual' });
      expect(res.status).toBe(301);
      expect(res.headers.get('location')).toMatch(/^https:\/\/[^/]+\/api\/alerts\?x=1$/);
    });

    it('live events arrive through the proxy as they happen', async () => {
      const created = await httpsCall(tls, 'POST', '/api/services', { ...asKey(), 'content-type': 'application/json' }, JSON.stringify({ name: 'Proxied' }));
      expect(created.status, created.body).toBe(200);
      const ingestUrl = new URL((JSON.parse(created.body) as { default_integration: { ingest_url: string } }).default_integration.ingest_url);
      // Ingest URLs are built from KLAXON_PUBLIC_URL: the https address of the proxy.
      expect(ingestUrl.origin).toBe(publicUrl);

      const res = await httpsOpen(tls, '/api/events/stream', { ...asKey(), accept: 'text/event-stream' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
      const stream = frames(res);
      expect((await stream.next()).event).toBe('ready');

      for (const title of ['disk full', 'disk fuller']) {
        const t0 = performance.now();
        const sent = await httpsCall(tls, 'POST', ingestUrl.pathname, { 'content-type': 'application/json' }, JSON.stringify({ title, event_key: title }));
        expect(sent.status, sent.body).toBe(202);
        const alertId = (JSON.parse(sent.body) as { alert_id: string }).alert_id;
        let frame: Frame;
        do frame = await stream.next();
        while (frame.event !== 'alert');
        const ms = performance.now() - t0;
        expect(JSON.parse(frame.data)).toMatchObject({ type: 'alert.triggered', alert_id: alertId });
        console.log(`${dialect}: live event through nginx ${Math.round(ms)} ms after the signal was sent (${processes} process${processes > 1 ? 'es' : ''})`);
      }
      res.destroy();
    }, 60_000);

    it('the client address is the one nginx saw (X-Forwarded-For), never what the client claims; cookies are Secure', async () => {
      const email = `proxied-${Date.now()}@example.com`;
      const signUp = await httpsCall(
        tls, 'POST', '/api/auth/sign-up',
        { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.9' },
        JSON.stringify({ email, password: 'correct horse battery', org_name: 'Proxied Org' }),
      );
      expect(signUp.status, signUp.body).toBe(200);
      const cookies = signUp.headers['set-cookie'] ?? [];
      expect(cookies.length).toBeGreaterThan(0);
      for (const c of cookies) expect(c).toMatch(/;\s*Secure(;|$)/i);
      const session = cookies.map((c) => c.split(';')[0]).join('; ');
      const orgId = (JSON.parse(signUp.body) as { memberships: { org_id: string }[] }).memberships[0]!.org_id;
      const audit = await httpsCall(tls, 'GET', '/api/audit', { cookie: session, 'x-service-org': orgId });
      expect(audit.status, audit.body).toBe(200);
      const entries = JSON.parse(audit.body) as { action: string; ip: string | null }[];
      expect(entries.length).toBeGreaterThan(0);
      for (const e of entries) expect(e.ip, e.action).toBe(CLIENT);
    });

    it('a Twilio callback signed for the https public URL is accepted; one signed for the internal address is not', async () => {
      const pairs: [string, string][] = [['From', '+15550001234'], ['Body', '1234'], ['MessageSid', 'SM00000000000000000000000000000001']];
      const form = new URLSearchParams(pairs).toString();
      const call = (url: string) =>
        httpsCall(tls, 'POST', '/v1/providers/twilio/sms', { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signTwilio(TWILIO.authToken, url, pairs) }, form);
      const accepted = await call(`${publicUrl}/v1/providers/twilio/sms`);
      expect(accepted.status, accepted.body).toBe(200);
      expect(accepted.headers['content-type']).toMatch(/xml/);
      const refused = await call(`http://127.0.0.1:${procs[0]!.port}/v1/providers/twilio/sms`);
      expect(refused.status).toBe(403);
    });

    it("a body past Klaxon's largest limit (a vendor webhook's 10 MiB) stops at nginx", async () => {
      // 11 MiB: past client_max_body_size (10 MiB, the vendor ingest limit): nginx's own 413.
      const big = await httpsCall(tls, 'POST', '/v1/ingest/none', { 'content-type': 'application/json' }, Buffer.alloc(11 * 1024 * 1024, 0x20));
      expect(big.status).toBe(413);
      expect(big.headers['content-type']).toMatch(/html/);
    });
  });
}
