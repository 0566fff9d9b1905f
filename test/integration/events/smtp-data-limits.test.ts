import { type Socket, connect } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../../src/http/logging.ts';
import { type SmtpIngest, startEmailIngest } from '../../../src/modules/email/index.ts';
import type { SmtpLimits } from '../../../src/modules/email/email.ts';
import { createDirectIntegration } from '../../factories/integrations.ts';
import { DIALECTS, bootstrapTenant, buildTestApp, createService, type TestApp } from '../../helpers/app.ts';
import { waitFor } from '../../helpers/procs.ts';

/**
 * Issue 33 items 6 and 8 (docs/adr/0701-smtp-data-and-range-limits.md): ten addresses dripping one
 * byte each 30 s inside DATA held every slot for over 10 minutes, since a message being received
 * was never cut off. The DATA phase and the whole session are bounded in time even inside DATA,
 * sessions are counted per address range too, and a client that goes away inside DATA is its own
 * doing: logged at warn, not error. The times are shortened here; the defaults are in SMTP_LIMITS.
 */

/** A raw SMTP client on loopback from `localAddress` (any 127.x address is this machine's). */
function smtpClient(port: number, localAddress: string) {
  const socket: Socket = connect({ host: '127.0.0.1', port, localAddress });
  const lines: string[] = [];
  let waiter: (() => void) | undefined;
  let buffer = '';
  let closed = false;
  socket.setEncoding('utf8');
  socket.on('data', (d: string) => {
    buffer += d;
    let i: number;
    while ((i = buffer.indexOf('\r\n')) >= 0) {
      lines.push(buffer.slice(0, i));
      buffer = buffer.slice(i + 2);
    }
    waiter?.();
  });
  socket.on('error', () => undefined);
  socket.on('close', () => {
    closed = true;
    waiter?.();
  });
  const reply = async (): Promise<string | undefined> => {
    for (;;) {
      const end = lines.findIndex((l) => /^\d{3} /.test(l));
      if (end >= 0) return lines.splice(0, end + 1).pop();
      if (closed) return undefined;
      await new Promise<void>((r) => (waiter = r));
    }
  };
  return {
    reply,
    async command(line: string) {
      if (!closed) socket.write(`${line}\r\n`);
      return reply();
    },
    write: (text: string) => !closed && socket.write(text),
    /** Every line received so far (replies not yet taken). */
    lines,
    get closed() {
      return closed;
    },
    end: () => socket.destroy(),
  };
}

for (const dialect of DIALECTS) {
  describe(`${dialect}: SMTP sessions cannot be held by dripping inside DATA`, () => {
    let t: TestApp;
    let address: string;
    const logs: string[] = [];
    const running: SmtpIngest[] = [];
    const clients: ReturnType<typeof smtpClient>[] = [];
    const timers: NodeJS.Timeout[] = [];

    beforeAll(async () => {
      t = await buildTestApp({ dialect });
      const tenant = await bootstrapTenant(t);
      const svc = await createService(t, tenant, 'mailbox');
      address = (await createDirectIntegration(t, tenant, { type: 'email', serviceId: svc.id })).email_address!;
    });
    afterEach(async () => {
      for (const x of timers.splice(0)) clearInterval(x);
      for (const c of clients.splice(0)) c.end();
      for (const s of running.splice(0)) await s.close();
    });
    afterAll(async () => t?.close());

    async function listen(limits: Partial<SmtpLimits>) {
      const sink = new Writable({
        write(chunk, _enc, cb) {
          logs.push(...String(chunk).split('\n').filter(Boolean));
          cb();
        },
      });
      const { smtp, port } = await startEmailIngest({
        ingest: t.container.services.ingest, domain: t.container.config.emailDomain, port: 0, host: '127.0.0.1', logger: createLogger('info', sink), limits,
      });
      running.push(smtp);
      return port;
    }

    /** A session from `from` inside DATA, its message started and never finished. */
    async function insideData(port: number, from: string) {
      const c = smtpClient(port, from);
      clients.push(c);
      expect(await c.reply()).toMatch(/^220/);
      await c.command('EHLO drip.example');
      expect(await c.command('MAIL FROM:<monitor@example.com>')).toMatch(/^250/);
      expect(await c.command(`RCPT TO:<${address}>`)).toMatch(/^250/);
      expect(await c.command('DATA')).toMatch(/^354/);
      c.write('Subject: drip\r\n');
      return c;
    }

    /** Drips one byte every 200 ms: progress, but never a whole message. */
    const drip = (c: ReturnType<typeof smtpClient>) => timers.push(setInterval(() => c.write('x'), 200));

    it('ten addresses dripping inside DATA are closed with 421 once DATA has taken too long; the slots are free again', { timeout: 60_000 }, async () => {
      // The idle and session limits are far away: only the DATA limit can close these.
      const port = await listen({ idleMs: 60_000, sessionMs: 60_000, dataMs: 1_500, perRange: 100 });
      const drippers = await Promise.all(Array.from({ length: 10 }, (_, i) => insideData(port, `127.0.0.${11 + i}`)));
      for (const c of drippers) drip(c);
      await waitFor('every dripping session to be closed', async () => drippers.every((c) => c.closed), 15_000);
      for (const c of drippers) expect(c.lines.join('\n')).toMatch(/421 4\.4\.2 Message took too long/);
      const next = await insideData(port, '127.0.0.11');
      expect(next.closed).toBe(false);
    });

    it('the session limit closes a session even inside DATA', { timeout: 60_000 }, async () => {
      const port = await listen({ idleMs: 60_000, dataMs: 60_000, sessionMs: 1_500 });
      const c = await insideData(port, '127.0.0.30');
      drip(c);
      await waitFor('the session to be closed', async () => c.closed, 15_000);
      expect(c.lines.join('\n')).toMatch(/421 4\.4\.2 Session too long/);
    });

    it('sessions are counted per address range: past it, 421 at once; another range still gets in', { timeout: 60_000 }, async () => {
      const port = await listen({ perAddress: 10, perRange: 3 });
      const same = Array.from({ length: 5 }, (_, i) => smtpClient(port, `127.0.5.${i + 1}`));
      clients.push(...same);
      const greetings = await Promise.all(same.map((c) => c.reply()));
      expect(greetings.filter((g) => g?.startsWith('220'))).toHaveLength(3);
      for (const g of greetings.filter((g) => !g?.startsWith('220'))) expect(g).toMatch(/^421 4\.7\.0 Too many connections from your network/);
      const other = smtpClient(port, '127.0.6.1');
      clients.push(other);
      expect(await other.reply()).toMatch(/^220/);
    });

    it('a client that disconnects inside DATA is logged at warn, not error', { timeout: 60_000 }, async () => {
      const port = await listen({});
      const before = logs.length;
      const c = await insideData(port, '127.0.0.40');
      c.write('Some of the body\r\n');
      c.end();
      await waitFor('the disconnect to be logged', async () => logs.slice(before).some((l) => /inside DATA/.test(l)), 10_000);
      const lines = logs.slice(before).map((l) => JSON.parse(l) as { level: number; msg: string });
      expect(lines.filter((l) => l.level >= 50)).toEqual([]);
      expect(lines.find((l) => /inside DATA/.test(l.msg))!.level).toBe(40);
    });
  });
}
