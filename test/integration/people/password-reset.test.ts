import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, bootstrapTenant, buildTestApp, type Tenant, type TestApp } from '../../helpers/app.ts';
import { addMember, signedIn, startSmtpCapture } from '../../helpers/people.ts';
import { hashPassword } from '../../../src/lib/password.ts';

const PASSWORD = 'correct horse battery';
const NEW_PASSWORD = 'a fresh password 2026';
const linkOf = (text: string) => /(http:\/\/klaxon\.test\/reset-password\?token=\S+)/.exec(text)?.[1];
const tokenOf = (text: string) => decodeURIComponent(new URL(linkOf(text)!).searchParams.get('token')!);

// Issue 19 item 4: the password reset by emailed link that the throttle message promises
// (docs/adr/0534), mailed through the outbox.
for (const dialect of DIALECTS) {
  describe(`${dialect}: password reset by emailed link`, () => {
    let t: TestApp;
    let tenant: Tenant;
    let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
    let passwordHash: string;
    beforeAll(async () => {
      smtp = await startSmtpCapture();
      t = await buildTestApp({ dialect, env: { SMTP_URL: smtp.url } });
      tenant = await bootstrapTenant(t, 'Acme');
      passwordHash = await hashPassword(PASSWORD);
    });
    afterAll(async () => {
      await t?.close();
      await smtp?.close();
    });

    const ask = (email: string) => t.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email } });
    const confirm = (token: string, password = NEW_PASSWORD) => t.app.inject({ method: 'POST', url: '/api/auth/password-reset/confirm', payload: { token, password } });
    const signIn = (email: string, password: string, from = '127.0.0.1') => t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password }, remoteAddress: from });
    const mailsTo = (email: string) => smtp.mails.filter((m) => m.to.includes(email));

    it('mails a one-time link; it sets a new password, verifies the address and ends every session', async () => {
      const m = await addMember(t, tenant, 'responder', { passwordHash });
      const session = await signedIn(t, m.userId, tenant.orgId);
      const r = await ask(m.email.toUpperCase());
      expect(r.statusCode).toBe(200);
      expect(r.json()).toEqual({ ok: true, message: expect.stringContaining('If an account uses this address') });
      await t.container.runner.drain();
      const [mail] = mailsTo(m.email);
      expect(mail!.subject).toBe('Reset your Klaxon password');
      const token = tokenOf(mail!.text);
      expect(token).toMatch(/^kxr_/);
      const done = await confirm(token);
      expect(done.statusCode, done.body).toBe(200);
      // The member's key ends too (issue 33 item 3, docs/adr/0710).
      expect(done.json()).toEqual({ ok: true, ended_sessions: 1, ended: { sessions: 1, agent_tokens: 0, api_keys: 1, devices: 0 } });
      expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: session.headers })).statusCode).toBe(401);
      expect((await signIn(m.email, PASSWORD)).statusCode).toBe(401);
      const again = await signIn(m.email, NEW_PASSWORD);
      expect(again.statusCode).toBe(200);
      expect(again.json().email_verified).toBe(true);
      expect((await confirm(token, 'yet another password')).statusCode).toBe(400);
      // The token is in the mail only: not in the database in clear, the outbox, the audit log or the logs.
      const rows = JSON.stringify(await t.container.db.selectFrom('password_resets').selectAll().execute());
      const events = JSON.stringify(await t.container.db.selectFrom('outbox_events').selectAll().execute());
      const audit = JSON.stringify(await t.container.db.selectFrom('audit_log').selectAll().execute());
      for (const where of [rows, events, audit, t.logs.join('\n')]) expect(where).not.toContain(token);
    });

    it('answers alike for an unknown address, and mails nothing', async () => {
      const before = smtp.mails.length;
      const r = await ask('nobody-here@example.com');
      expect(r.statusCode).toBe(200);
      expect(r.json().message).toContain('If an account uses this address');
      await t.container.runner.drain();
      expect(smtp.mails.length).toBe(before);
      expect((await ask('not an email')).statusCode).toBe(400);
    });

    it('mails a person at most three links an hour; the fourth request is answered alike', async () => {
      const m = await addMember(t, tenant, 'observer', { passwordHash });
      for (let i = 0; i < 4; i++) expect((await ask(m.email)).statusCode).toBe(200);
      await t.container.runner.drain();
      expect(mailsTo(m.email)).toHaveLength(3);
      t.clock.advance(3600_000 + 1000);
      expect((await ask(m.email)).statusCode).toBe(200);
      await t.container.runner.drain();
      expect(mailsTo(m.email)).toHaveLength(4);
    });

    it('a link expires after an hour; a newer link\'s use closes the older ones', async () => {
      const m = await addMember(t, tenant, 'observer', { passwordHash });
      await ask(m.email);
      await t.container.runner.drain();
      const first = tokenOf(mailsTo(m.email).at(-1)!.text);
      t.clock.advance(3600_000 + 1);
      const late = await confirm(first);
      expect(late.statusCode).toBe(400);
      expect(late.json().error.details[0].field).toBe('token');
      await ask(m.email);
      await ask(m.email);
      await t.container.runner.drain();
      const [a, b] = mailsTo(m.email).slice(-2).map((x) => tokenOf(x.text));
      expect((await confirm(b!)).statusCode).toBe(200);
      expect((await confirm(a!)).statusCode).toBe(400);
    });

    it('after a guesser slowed down the owner\'s address, the reset clears the account\'s failures', async () => {
      const m = await addMember(t, tenant, 'responder', { passwordHash });
      for (let i = 0; i < 6; i++) await signIn(m.email, `wrong ${i} guess`, '203.0.113.77');
      expect((await signIn(m.email, PASSWORD, '203.0.113.77')).statusCode).toBe(429);
      await ask(m.email);
      await t.container.runner.drain();
      expect((await confirm(tokenOf(mailsTo(m.email).at(-1)!.text))).statusCode).toBe(200);
      expect((await signIn(m.email, NEW_PASSWORD, '203.0.113.77')).statusCode).toBe(200);
    });
  });

  describe(`${dialect}: password reset without outgoing mail`, () => {
    let t: TestApp;
    afterAll(async () => t?.close());
    it('says mail is not configured (503), whether or not the address has an account', async () => {
      t = await buildTestApp({ dialect });
      const tenant = await bootstrapTenant(t);
      const owner = await t.container.db.selectFrom('users').select('email').where('id', '=', tenant.userId).executeTakeFirstOrThrow();
      for (const email of [owner.email, 'nobody@example.com']) {
        const r = await t.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email } });
        expect(r.statusCode).toBe(503);
        expect(r.json().error.message).toContain('SMTP_URL');
      }
      expect(await t.container.db.selectFrom('password_resets').selectAll().execute()).toHaveLength(0);
    });
  });
}
