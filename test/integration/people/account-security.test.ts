import { authenticator } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, bootstrapTenant, buildTestApp, type Tenant, type TestApp } from '../../helpers/app.ts';
import { addMember, signedIn, startSmtpCapture } from '../../helpers/people.ts';
import { hashPassword } from '../../../src/lib/password.ts';

const PASSWORD = 'correct horse battery';

// Issue 19 item 2: an org-bound credential (full-product key, agent token) could generate recovery
// codes, turn TOTP off, enrol a new TOTP, start an email change, delete the account and approve a
// device grant whose agent token outlived the key and was listed nowhere. Account-security actions
// now need the person's own session, re-authenticated in the last ten minutes (docs/adr/0533).
for (const dialect of DIALECTS) {
  describe(`${dialect}: account-security actions need the person's own, recently proven session`, () => {
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

    const call = (method: 'GET' | 'POST' | 'DELETE', url: string, headers: Record<string, string>, payload?: object) =>
      t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    /** A member with a password, TOTP on and a key; returns the TOTP secret too. */
    async function personWithTotp() {
      const m = await addMember(t, tenant, 'admin', { passwordHash });
      const own = (await signedIn(t, m.userId, tenant.orgId)).headers;
      const { secret } = (await call('POST', '/api/me/totp', own)).json();
      expect((await call('POST', '/api/me/totp/confirm', own, { code: authenticator.clone({ epoch: t.clock.now().getTime() }).generate(secret) })).statusCode).toBe(200);
      return { ...m, secret, own };
    }
    async function agentTokenFor(own: Record<string, string>) {
      const g = (await t.app.inject({ method: 'POST', url: '/api/auth/device/code', payload: { client_name: 'some-agent' } })).json();
      expect((await call('POST', '/api/me/device-grants', own, { user_code: g.user_code, approve: true })).statusCode).toBe(200);
      const tok = await t.app.inject({ method: 'POST', url: '/api/auth/device/token', payload: { grant_type: 'urn:ietf:params:oauth:grant-type:device_code', device_code: g.device_code } });
      expect(tok.statusCode, tok.body).toBe(200);
      return tok.json() as { access_token: string; session_id: string };
    }

    it('a full-product key and an agent token get 403 on every account-security action, and nothing changes', async () => {
      const p = await personWithTotp();
      const agent = await agentTokenFor(p.own);
      const code = () => authenticator.clone({ epoch: t.clock.now().getTime() }).generate(p.secret);
      for (const headers of [p.headers, { authorization: `Bearer ${agent.access_token}`, 'x-service-org': tenant.orgId }]) {
        const attempts = [
          call('POST', '/api/me/recovery-codes', headers),
          call('POST', '/api/me/totp/disable', headers, { code: code() }),
          call('POST', '/api/me/totp', headers),
          call('POST', '/api/me/email', headers, { email: 'attacker@example.net' }),
          call('POST', '/api/me/password', headers, { password: 'attacker password 1' }),
          call('DELETE', '/api/me', headers),
          call('POST', '/api/me/device-grants', headers, { user_code: 'BBBB-BBBB', approve: true }),
          call('POST', '/api/me/reauthenticate', headers, { password: PASSWORD }),
        ];
        for (const r of await Promise.all(attempts)) {
          expect(r.statusCode, r.body).toBe(403);
          expect(r.json().error.message).toMatch(/account-security action: it needs your own signed-in session/);
        }
      }
      const me = (await call('GET', '/api/me', p.headers)).json();
      expect(me.user).toMatchObject({ totp_enabled: true, email: p.email });
      expect((await call('GET', '/api/me/recovery-codes', p.own)).json().total).toBe(0);
      expect(smtp.mails.filter((m) => m.to.includes('attacker@example.net'))).toHaveLength(0);
    });

    it('a session signed in more than ten minutes ago must re-authenticate (password or TOTP); wrong answers are refused and counted', async () => {
      const p = await personWithTotp();
      const session = await signedIn(t, p.userId, tenant.orgId);
      t.clock.advance(10 * 60_000 + 1);
      const stale = await call('POST', '/api/me/recovery-codes', session.headers);
      expect(stale.statusCode).toBe(403);
      expect(stale.json().error).toMatchObject({ message: expect.stringContaining('POST /api/me/reauthenticate'), details: [{ field: 'reauthentication', message: 'required' }] });
      const wrong = await call('POST', '/api/me/reauthenticate', session.headers, { password: 'not my password' });
      expect(wrong.statusCode).toBe(403);
      const failures = await t.container.db.selectFrom('sign_in_failures').selectAll().where('email', '=', p.email).execute();
      expect(failures).toHaveLength(1);
      const ok = await call('POST', '/api/me/reauthenticate', session.headers, { password: PASSWORD });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json()).toEqual({ session_id: session.id, method: 'password', valid_until: new Date(t.clock.now().getTime() + 600_000).toISOString() });
      expect((await call('POST', '/api/me/recovery-codes', session.headers)).statusCode).toBe(200);
      // Open for ten minutes, then closed again; a TOTP code reopens it, once.
      t.clock.advance(10 * 60_000 + 1);
      expect((await call('POST', '/api/me/recovery-codes', session.headers)).statusCode).toBe(403);
      const code = authenticator.clone({ epoch: t.clock.now().getTime() }).generate(p.secret);
      expect((await call('POST', '/api/me/reauthenticate', session.headers, { totp_code: code })).statusCode).toBe(200);
      expect((await call('POST', '/api/me/reauthenticate', session.headers, { totp_code: code })).statusCode).toBe(403);
      expect((await call('POST', '/api/me/recovery-codes', session.headers)).statusCode).toBe(200);
      const audit = await t.container.db.selectFrom('audit_log').select('action').where('actor_id', '=', p.userId).execute();
      expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['auth.reauthenticate', 'auth.reauthenticate_failed']));
    });

    it('a new password ends the person\'s other sessions; the old password stops working', async () => {
      const m = await addMember(t, tenant, 'responder', { passwordHash });
      const a = await signedIn(t, m.userId, tenant.orgId);
      const b = await signedIn(t, m.userId, tenant.orgId, 'mobile');
      const r = await call('POST', '/api/me/password', a.headers, { password: 'a brand new password' });
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json()).toEqual({ ok: true, ended_sessions: 1 });
      expect((await call('GET', '/api/me', b.headers)).statusCode).toBe(401);
      expect((await call('GET', '/api/me', a.headers)).statusCode).toBe(200);
      const signIn = (password: string) => t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: m.email, password } });
      expect((await signIn(PASSWORD)).statusCode).toBe(401);
      expect((await signIn('a brand new password')).statusCode).toBe(200);
    });

    it('agent tokens are listed with the organization\'s keys and an admin can revoke one there', async () => {
      const m = await addMember(t, tenant, 'responder', { passwordHash });
      const own = (await signedIn(t, m.userId, tenant.orgId)).headers;
      const agent = await agentTokenFor(own);
      const ah = { authorization: `Bearer ${agent.access_token}`, 'x-service-org': tenant.orgId };
      expect((await call('GET', '/api/me', ah)).statusCode).toBe(200);
      // An agent token was approved for one organization: it cannot make others (docs/adr/0536).
      expect((await call('POST', '/api/orgs', ah, { name: 'By agent' })).statusCode).toBe(403);
      const admin = await addMember(t, tenant, 'admin');
      const keys = (await call('GET', '/api/keys', admin.headers)).json() as { id: string; kind: string; user_id: string; name: string }[];
      expect(keys).toContainEqual(expect.objectContaining({ id: agent.session_id, kind: 'agent', user_id: m.userId, name: 'some-agent', secret_hint: 'kxa_…' }));
      // Pages of one: every key, then the agent token, each once.
      const seen: string[] = [];
      let url: string | undefined = '/api/keys?limit=1';
      while (url) {
        const page = await call('GET', url, admin.headers);
        seen.push(...(page.json() as { id: string }[]).map((k) => k.id));
        url = page.headers.link ? /<([^>]+)>/.exec(String(page.headers.link))![1] : undefined;
      }
      expect(seen).toEqual(keys.map((k) => k.id));
      // Another organization cannot see or revoke it.
      const other = await bootstrapTenant(t, 'Other');
      expect((await call('GET', '/api/keys', other.headers)).json().map((k: { id: string }) => k.id)).not.toContain(agent.session_id);
      expect((await call('DELETE', `/api/keys/${agent.session_id}`, other.headers)).statusCode).toBe(404);
      expect((await call('DELETE', `/api/keys/${agent.session_id}`, admin.headers)).statusCode).toBe(200);
      expect((await call('GET', '/api/me', ah)).statusCode).toBe(401);
      expect((await call('GET', '/api/keys', admin.headers)).json().map((k: { id: string }) => k.id)).not.toContain(agent.session_id);
      expect((await call('DELETE', `/api/keys/${agent.session_id}`, admin.headers)).statusCode).toBe(404);
    });
  });
}
