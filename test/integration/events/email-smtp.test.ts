import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SmtpIngest } from '../../../src/modules/email/index.ts';
import { startTestSmtp } from '../../helpers/smtp.ts';
import { DIALECTS, bootstrapTenant, buildTestApp, createService, type Tenant, type TestApp } from '../../helpers/app.ts';
import { findBinary } from '../../helpers/binaries.ts';
import { createDirectIntegration, disableIntegration } from '../../factories/integrations.ts';

/** Email ingest (spec 2.5) through the real SMTP listener, driven by swaks. */
const SWAKS = findBinary('swaks');
const title = SWAKS ? 'SMTP email ingest (swaks)' : 'SMTP email ingest (SKIPPED: swaks is not installed; apt-get install swaks)';

interface SwaksResult {
  code: number;
  out: string;
}

for (const dialect of DIALECTS) {
  describe.skipIf(!SWAKS)(`${dialect}: ${title}`, () => {
    let t: TestApp;
    let tenant: Tenant;
    let svc: Awaited<ReturnType<typeof createService>>;
    let address: string;
    let smtp: SmtpIngest;
    let port: number;
    let dir: string;

    beforeAll(async () => {
      t = await buildTestApp({ dialect });
      tenant = await bootstrapTenant(t);
      svc = await createService(t, tenant, 'mailbox');
      address = (await createDirectIntegration(t, tenant, { type: 'email', serviceId: svc.id })).email_address!;
      ({ smtp, port } = await startTestSmtp(t));
      dir = mkdtempSync(join(tmpdir(), 'klaxon-mail-'));
    });
    afterAll(async () => {
      await smtp?.close();
      await t?.close();
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    const swaks = (to: string, opts: { subject?: string; body?: string; headers?: string[]; bodyFile?: string; dataFile?: string } = {}): Promise<SwaksResult> => {
      const args = ['--server', `127.0.0.1:${port}`, '--to', to, '--from', 'x@example.com', '--timeout', '30', '--suppress-data'];
      if (opts.subject !== undefined) args.push('--header', `Subject: ${opts.subject}`);
      for (const h of opts.headers ?? []) args.push('--add-header', h);
      if (opts.dataFile) args.push('--data', `@${opts.dataFile}`);
      else args.push('--body', opts.bodyFile ? `@${opts.bodyFile}` : (opts.body ?? 'This is a test mailing'));
      return new Promise((resolve) => {
        execFile(SWAKS!, args, { maxBuffer: 16 * 1024 * 1024 }, (err, stdout, stderr) => {
          resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, out: `${stdout}${stderr}` });
        });
      });
    };
    /** The server's reply lines (swaks marks them "<-" and errors "<**"). */
    const replies = (r: SwaksResult) => r.out.split('\n').filter((l) => /^<[-*]/.test(l)).map((l) => l.replace(/^<[-*]+\s*/, ''));
    const alertsOf = (serviceId = svc.id) =>
      t.container.db.selectFrom('alerts').selectAll().where('service_id', '=', serviceId).orderBy('created_at').orderBy('id').execute();
    const getAlert = async (id: string) => (await t.app.inject({ method: 'GET', url: `/api/alerts/${id}`, headers: tenant.headers })).json();

    it('a message opens an alert: subject → title, text → body, priority and urgency high whatever the message says', async () => {
      const before = (await alertsOf()).length;
      const r = await swaks(address, {
        subject: 'Backup failed on db-2 (priority: info)',
        body: 'The nightly backup exited with status 3.\nurgency: low',
        headers: ['X-Priority: 5 (Lowest)', 'Importance: low', 'Priority: non-urgent'],
      });
      expect(r.code, r.out).toBe(0);
      expect(replies(r).some((l) => l.startsWith('250 ') && l.includes('Alert accepted'))).toBe(true);
      const rows = await alertsOf();
      expect(rows).toHaveLength(before + 1);
      const alert = await getAlert(rows.at(-1)!.id);
      expect(alert).toMatchObject({ title: 'Backup failed on db-2 (priority: info)', priority: 'high', urgency: 'high', status: 'open', service_id: svc.id, source: 'x@example.com' });
      expect(alert.body).toContain('The nightly backup exited with status 3.');
      expect(alert.details).toMatchObject({ channel: 'email', from: 'x@example.com' });
    });

    it('each message opens its own alert, even with the same subject; no subject reads "(no subject)"', async () => {
      const before = (await alertsOf()).length;
      expect((await swaks(address, { subject: 'Same subject', body: 'one' })).code).toBe(0);
      expect((await swaks(address, { subject: 'Same subject', body: 'two' })).code).toBe(0);
      const raw = join(dir, 'no-subject.eml');
      writeFileSync(raw, `From: x@example.com\r\nTo: ${address}\r\nMessage-Id: <no-subject@example.com>\r\n\r\nno subject line\r\n`);
      expect((await swaks(address, { dataFile: raw })).code).toBe(0);
      const rows = (await alertsOf()).slice(before);
      expect(rows.map((r) => r.title)).toEqual(['Same subject', 'Same subject', '(no subject)']);
      expect(new Set(rows.map((r) => r.event_key)).size).toBe(3);
      expect(rows.every((r) => r.duplicate_count === 0 && r.status === 'open')).toBe(true);
    });

    it('an HTML-only message gets its text as the body', async () => {
      const before = (await alertsOf()).length;
      const r = await swaks(address, { subject: 'html only', body: '<p>Queue <b>orders</b> is backing up</p><p>depth 10432</p>', headers: ['Content-Type: text/html; charset=utf-8'] });
      expect(r.code, r.out).toBe(0);
      const [row] = (await alertsOf()).slice(before);
      expect(row!.title).toBe('html only');
      expect(row!.body).toContain('Queue orders is backing up');
      expect(row!.body).toContain('depth 10432');
      expect(row!.body).not.toContain('<p>');
    });

    it('the recipient is matched case-insensitively (MTAs may change case)', async () => {
      const before = (await alertsOf()).length;
      expect((await swaks(address.toUpperCase(), { subject: 'upper case' })).code).toBe(0);
      expect(await alertsOf()).toHaveLength(before + 1);
    });

    it('an unknown recipient, a foreign domain and a revoked source are rejected with 550 at RCPT time, and nothing opens', async () => {
      const count = async () => Number((await t.container.db.selectFrom('alerts').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n);
      const before = await count();
      const local = address.split('@')[0]!;
      const other = await createService(t, tenant, 'revoked-mail');
      const revoked = await createDirectIntegration(t, tenant, { type: 'email', serviceId: other.id });
      await disableIntegration(t, revoked.id);
      t.clock.advance(60_000); // spec 8.1: within one minute
      for (const to of [`0123456789abcdef0123456789abcdef@${t.container.config.emailDomain}`, `${local}@example.com`, revoked.email_address!]) {
        const r = await swaks(to, { subject: 'should not open' });
        expect(r.code, r.out).not.toBe(0);
        const lines = replies(r);
        const rcpt = r.out.split('\n').findIndex((l) => l.startsWith(' -> RCPT TO:'));
        expect(rcpt, r.out).toBeGreaterThanOrEqual(0);
        expect(lines.some((l) => /^550 5\.1\.1/.test(l)), r.out).toBe(true);
        expect(r.out).not.toMatch(/ -> DATA/); // refused before any content was sent
      }
      expect(await count()).toBe(before);
    });

    it('a message of a few MB (an inline graph) opens its alert; one over 10 MB is refused with 552 5.3.4 and opens nothing', async () => {
      const before = (await alertsOf()).length;
      // 3 MB: a text part and a base64 image, as monitoring mail with an embedded graph looks.
      const image = Buffer.alloc(2 * 1024 * 1024, 7).toString('base64').replace(/.{76}/g, '$&\r\n');
      const boundary = 'graph-boundary';
      const mime = [
        `To: ${address}`, 'From: grafana@example.com', 'Subject: CPU high on web-7', 'MIME-Version: 1.0',
        `Content-Type: multipart/related; boundary="${boundary}"`, '',
        `--${boundary}`, 'Content-Type: text/plain; charset=utf-8', '', 'CPU above 95% for 10 minutes on web-7.', '',
        `--${boundary}`, 'Content-Type: image/png', 'Content-Transfer-Encoding: base64', 'Content-ID: <graph>', '', image,
        `--${boundary}--`, '',
      ].join('\r\n');
      const withGraph = join(dir, 'graph.eml');
      writeFileSync(withGraph, mime);
      const ok = await swaks(address, { dataFile: withGraph });
      expect(ok.code, ok.out.slice(-2000)).toBe(0);
      const opened = await alertsOf();
      expect(opened).toHaveLength(before + 1);
      expect(opened.some((a) => a.title === 'CPU high on web-7')).toBe(true);

      const file = join(dir, 'big.txt');
      writeFileSync(file, `${'x'.repeat(76)}\r\n`.repeat(Math.ceil((10.2 * 1024 * 1024) / 78)));
      const r = await swaks(address, { subject: 'too big', bodyFile: file });
      expect(r.code, r.out.slice(-2000)).not.toBe(0);
      expect(replies(r).some((l) => /^552 5\.3\.4/.test(l)), r.out.slice(-2000)).toBe(true);
      expect(await alertsOf()).toHaveLength(before + 1);
    });

    it('when the store is briefly busy the message is spooled (250), applied once the store is back, and a redelivery opens nothing more', async () => {
      const before = (await alertsOf()).length;
      const committer = t.container.committer;
      const submit = committer.submit;
      let refused = 0;
      committer.submit = () => {
        refused++;
        committer.submit = submit;
        return Promise.reject(Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' }));
      };
      const first = await swaks(address, { subject: 'during outage', headers: ['Message-Id: <outage-1@example.com>'] });
      expect(refused).toBe(1);
      expect(first.code, first.out).toBe(0); // kept durably in the local spool (docs/adr/0100)
      expect(t.container.spool.size).toBe(1);
      expect(await alertsOf()).toHaveLength(before);
      await t.container.drainer.drainAll();
      expect(t.container.spool.size).toBe(0);
      const retry = await swaks(address, { subject: 'during outage', headers: ['Message-Id: <outage-1@example.com>'] });
      expect(retry.code, retry.out).toBe(0);
      const rows = (await alertsOf()).slice(before);
      expect(rows.map((r) => r.title)).toEqual(['during outage']);
    });

    if (dialect === 'sqlite') it('sqlite: while another writer holds the database lock the message is spooled, and applied once after it', async () => {
      const before = (await alertsOf()).length;
      const other = new SQLite(t.container.config.sqlitePath);
      try {
        other.exec('BEGIN IMMEDIATE'); // a real writer holding the lock past busy_timeout
        const first = await swaks(address, { subject: 'while locked', headers: ['Message-Id: <locked-1@example.com>'] });
        expect(first.code, first.out).toBe(0);
        other.exec('ROLLBACK');
        expect(await alertsOf()).toHaveLength(before);
        await t.container.drainer.drainAll();
        const retry = await swaks(address, { subject: 'while locked', headers: ['Message-Id: <locked-1@example.com>'] });
        expect(retry.code, retry.out).toBe(0);
        expect((await alertsOf()).slice(before).map((r) => r.title)).toEqual(['while locked']);
      } finally {
        if (other.inTransaction) other.exec('ROLLBACK');
        other.close();
      }
    });

    it('a redelivered message (same Message-ID) answers 250 again but opens no second alert', async () => {
      const before = (await alertsOf()).length;
      const headers = ['Message-Id: <dup-1@example.com>'];
      expect((await swaks(address, { subject: 'delivered twice', headers })).code).toBe(0);
      expect((await swaks(address, { subject: 'delivered twice', headers })).code).toBe(0);
      expect((await alertsOf()).slice(before).map((r) => r.title)).toEqual(['delivered twice']);
    });

    it('over the source\'s rate limit the sender gets 451 4.7.1 and nothing opens', async () => {
      const slow = await bootstrapTenant(t, 'SlowMail');
      await t.container.db.updateTable('organizations').set({ ingest_rate_per_minute: 1 }).where('id', '=', slow.orgId).execute();
      const s = await createService(t, slow, 'slow-mail');
      const addr = (await createDirectIntegration(t, slow, { type: 'email', serviceId: s.id })).email_address!;
      expect((await swaks(addr, { subject: 'first' })).code).toBe(0);
      const limited = await swaks(addr, { subject: 'second' });
      expect(replies(limited).some((l) => /^451 4\.7\.1/.test(l)), limited.out).toBe(true);
      expect((await alertsOf(s.id)).map((r) => r.title)).toEqual(['first']);
    });
  });
}
