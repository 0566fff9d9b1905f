import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, bootstrapTenant, buildTestApp, createService, type Tenant, type TestApp } from '../../helpers/app.ts';
import { addMember, signedIn, startSmtpCapture } from '../../helpers/people.ts';
import { hashPassword } from '../../../src/lib/password.ts';

const PASSWORD = 'correct horse battery';
const tokenOf = (text: string) => decodeURIComponent(new URL(/(http:\/\/klaxon\.test\/reset-password\?token=\S+)/.exec(text)![1]!).searchParams.get('token')!);
const codeOf = (text: string) => /\b(\d{6})\b/.exec(text)![1]!;

// Issue 33 item 3: a squatter registered the victim's address, minted a key, and after the real
// owner reset the password the key still read the victim's memberships and sessions and registered
// a push device at the squatter's endpoint, which then received the victim's pages. A password
// reset, an email change and an email verification end every credential the account holds
// (sessions, agent tokens, personal keys, the devices they registered), and say what ended
// (docs/adr/0710).
for (const dialect of DIALECTS) {
  describe(`${dialect}: taking an account back ends every credential it held`, () => {
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
    const bearer = (secret: string) => ({ authorization: `Bearer ${secret}`, 'x-service-org': tenant.orgId });
    async function agentTokenFor(own: Record<string, string>) {
      const g = (await t.app.inject({ method: 'POST', url: '/api/auth/device/code', payload: { client_name: 'squatter-agent' } })).json();
      expect((await call('POST', '/api/me/device-grants', own, { user_code: g.user_code, approve: true })).statusCode).toBe(200);
      const tok = await t.app.inject({ method: 'POST', url: '/api/auth/device/token', payload: { grant_type: 'urn:ietf:params:oauth:grant-type:device_code', device_code: g.device_code } });
      expect(tok.statusCode, tok.body).toBe(200);
      return tok.json() as { access_token: string; session_id: string };
    }
    const devicesOf = async (userId: string) => (await t.container.db.selectFrom('devices').select('id').where('user_id', '=', userId).execute()).map((d) => d.id);

    /** What a squatter holding the account leaves behind: every kind of credential, and two devices. */
    async function squat() {
      const m = await addMember(t, tenant, 'admin', { passwordHash });
      const dashboard = await signedIn(t, m.userId, tenant.orgId);
      const mobile = await signedIn(t, m.userId, tenant.orgId, 'mobile');
      const agent = await agentTokenFor(dashboard.headers);
      const minted = (await call('POST', '/api/keys', m.headers, { name: 'squatter child', kind: 'full_product' })).json() as { id: string; secret: string };
      const viaKey = await call('POST', '/api/devices', m.headers, { platform: 'ios', push_token: `squatter-key-${Math.random()}` });
      const viaApp = await call('POST', '/api/devices', mobile.headers, { platform: 'android', push_token: `squatter-app-${Math.random()}` });
      expect([viaKey.statusCode, viaApp.statusCode]).toEqual([200, 200]);
      const credentials = { key: m.headers, minted: bearer(minted.secret), dashboard: dashboard.headers, mobile: mobile.headers, agent: bearer(agent.access_token) };
      for (const [name, headers] of Object.entries(credentials)) expect((await call('GET', '/api/me', headers)).statusCode, name).toBe(200);
      return { m, credentials, dashboard };
    }

    it('a password reset by mail ends sessions, agent tokens, keys (and what they minted) and devices, and says so', async () => {
      const { m, credentials } = await squat();
      expect(await devicesOf(m.userId)).toHaveLength(2);
      expect((await t.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email: m.email } })).statusCode).toBe(200);
      await t.container.runner.drain();
      const token = tokenOf(smtp.mails.filter((x) => x.to.includes(m.email)).at(-1)!.text);
      const done = await t.app.inject({ method: 'POST', url: '/api/auth/password-reset/confirm', payload: { token, password: 'the owner is back 2026' } });
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json()).toEqual({ ok: true, ended_sessions: 3, ended: { sessions: 2, agent_tokens: 1, api_keys: 2, devices: 2 } });
      for (const [name, headers] of Object.entries(credentials)) {
        expect((await call('GET', '/api/org/members', headers)).statusCode, name).toBe(401);
        expect((await call('POST', '/api/devices', headers, { platform: 'ios', push_token: 'squatter-again-1234' })).statusCode, name).toBe(401);
      }
      expect(await devicesOf(m.userId)).toEqual([]);
      const [e] = await t.container.db.selectFrom('audit_log').selectAll().where('action', '=', 'auth.password_reset').where('target_id', '=', m.userId).execute();
      expect(JSON.parse(e!.changes)).toEqual({ ended_sessions: 3, ended: { sessions: 2, agent_tokens: 1, api_keys: 2, devices: 2 } });
      // The organization's alert-ingest key is the organization's: it stays.
      const svc = await createService(t, tenant);
      expect((await t.app.inject({ method: 'POST', url: '/v1/alerts', headers: { authorization: `Bearer ${tenant.ingestKey}` }, payload: { title: 'still in', service_id: svc.id } })).statusCode).toBe(202);
    });

    it('an email change (or verifying the address) ends every other credential; the confirming session and its device stay', async () => {
      const { m, credentials, dashboard } = await squat();
      const own = credentials.dashboard;
      expect((await call('POST', '/api/devices', own, { platform: 'ios', push_token: `owner-phone-${Math.random()}` })).statusCode).toBe(200);
      const newEmail = `taken-back-${Math.random().toString(36).slice(2, 8)}@example.org`;
      expect((await call('POST', '/api/me/email', own, { email: newEmail })).statusCode).toBe(200);
      const code = codeOf(smtp.mails.filter((x) => x.to.includes(newEmail)).at(-1)!.text);
      const ok = await call('POST', '/api/me/email/verify', own, { code });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json()).toEqual({ email: newEmail, email_verified: true, ended: { sessions: 1, agent_tokens: 1, api_keys: 2, devices: 2 } });
      for (const [name, headers] of Object.entries(credentials)) {
        expect((await call('GET', '/api/me', headers)).statusCode, name).toBe(name === 'dashboard' ? 200 : 401);
      }
      const kept = await t.container.db.selectFrom('device_registrations').select('credential_id').where('device_id', 'in', await devicesOf(m.userId)).execute();
      expect(kept).toEqual([{ credential_id: dashboard.id }]);
      const [e] = await t.container.db.selectFrom('audit_log').selectAll().where('action', '=', 'user.email_change').where('target_id', '=', m.userId).execute();
      expect(JSON.parse(e!.changes)).toMatchObject({ to: newEmail, ended: { sessions: 1, agent_tokens: 1, api_keys: 2, devices: 2 } });
    });

    it('the owner changing their own password keeps their keys (docs/adr/0533)', async () => {
      const m = await addMember(t, tenant, 'admin', { passwordHash });
      const own = (await signedIn(t, m.userId, tenant.orgId)).headers;
      const r = await call('POST', '/api/me/password', own, { password: 'my own new password' });
      expect(r.json()).toEqual({ ok: true, ended_sessions: 0 });
      expect((await call('GET', '/api/me', m.headers)).statusCode).toBe(200);
    });
  });
}
