import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, bootstrapTenant, buildTestApp, TEST_SECRET_KEY, type Tenant, type TestApp } from '../../helpers/app.ts';
import { addMember, startSmtpCapture } from '../../helpers/people.ts';
import { ConfigError, loadConfig } from '../../../src/config.ts';
import { userRepository } from '../../../src/modules/user/index.ts';

const PASSWORD = 'correct horse battery';
const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;
const email = () => `s-${Math.random().toString(36).slice(2, 10)}@example.com`;

// Issue 18 item 4 (KLAXON_SIGNUP=open|invite|closed, default invite) and issue 19 item 13 (email
// verification: the invitation token, the operator's address, or a mailed code).
describe('KLAXON_SIGNUP is read by src/config.ts', () => {
  const load = (v?: string) => loadConfig({ KLAXON_SECRET_KEY: TEST_SECRET_KEY, ...(v !== undefined ? { KLAXON_SIGNUP: v } : {}) }, { readDotEnv: false, generateSecret: false });
  it('defaults to invite, takes open and closed, and stops start-up on anything else naming the variable', () => {
    expect(load().signup).toBe('invite');
    expect(load('').signup).toBe('invite');
    expect(load('open').signup).toBe('open');
    expect(load('closed').signup).toBe('closed');
    expect(() => load('yes')).toThrow(ConfigError);
    expect(() => load('yes')).toThrow(/KLAXON_SIGNUP must be one of open, invite, closed, got "yes"/);
  });
});

for (const dialect of DIALECTS) {
  describe(`${dialect}: sign-up by invitation (the default)`, () => {
    let t: TestApp;
    let tenant: Tenant;
    beforeAll(async () => {
      t = await buildTestApp({ dialect });
      tenant = await bootstrapTenant(t, 'Acme');
    });
    afterAll(async () => t?.close());

    const signUp = (payload: object) => t.app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: { password: PASSWORD, ...payload } });
    const invite = async (addr: string, role = 'responder') => {
      const r = await t.app.inject({ method: 'POST', url: '/api/org/invitations', headers: tenant.headers, payload: { email: addr, role } });
      expect(r.statusCode, r.body).toBe(200);
      return tokenOf(r.json().invitation_url);
    };

    it('without an invitation, sign-up is refused (403 naming KLAXON_SIGNUP) and creates nothing', async () => {
      const addr = email();
      const r = await signUp({ email: addr, org_name: 'Mine' });
      expect(r.statusCode).toBe(403);
      expect(r.json().error.message).toContain('KLAXON_SIGNUP=invite');
      expect(await userRepository.findUserByEmail(t.container.db, addr)).toBeUndefined();
      const orgs = await t.container.db.selectFrom('organizations').select('name').execute();
      expect(orgs.map((o) => o.name)).toEqual(['Acme']);
    });

    it('with the invitation token the account joins the inviting organization with the invited role; the address counts as verified', async () => {
      const addr = email();
      const token = await invite(addr, 'admin');
      const r = await signUp({ email: addr.toUpperCase(), invitation_token: token, name: 'Ina', org_name: 'ignored' });
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json()).toMatchObject({ email_verified: true, memberships: [{ org_id: tenant.orgId, org_name: 'Acme', role: 'admin' }] });
      const cookie = r.cookies.find((c) => c.name === 'kx_session')!.value;
      const me = await t.app.inject({ method: 'GET', url: '/api/me', cookies: { kx_session: cookie }, headers: { 'x-service-org': tenant.orgId } });
      expect(me.json()).toMatchObject({ role: 'admin', user: { email: addr, email_verified: true } });
      const members = (await t.app.inject({ method: 'GET', url: '/api/org/members', headers: tenant.headers })).json() as { email: string; email_verified: boolean }[];
      expect(members.find((m) => m.email === addr)).toMatchObject({ email_verified: true });
      // The link worked once; no organization was made.
      expect((await signUp({ email: email(), invitation_token: token })).statusCode).toBe(409);
      expect((await t.container.db.selectFrom('organizations').select('id').execute()).length).toBe(1);
      const audit = await t.container.db.selectFrom('audit_log').select('action').where('org_id', '=', tenant.orgId).where('actor_id', '=', r.json().user_id).execute();
      expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['invitation.accept', 'auth.sign_up', 'auth.sign_in']));
    });

    it('a token for another address is 403 (not naming it); an unknown one 404; an existing account 409 saying to sign in', async () => {
      const token = await invite(email());
      const other = await signUp({ email: email(), invitation_token: token });
      expect(other.statusCode).toBe(403);
      expect(other.json().error.message).toContain('another email address');
      expect((await signUp({ email: email(), invitation_token: 'kxv_nope' })).statusCode).toBe(404);
      const member = await addMember(t, tenant, 'observer');
      const again = await signUp({ email: member.email, invitation_token: await invite(email()) });
      expect(again.statusCode).toBe(409);
      expect(again.json().error.message).toContain('sign in');
    });

    it('the operator\'s bootstrap address counts as verified; members show who is verified; verifiedUserIds tells the engine', async () => {
      const unverified = await addMember(t, tenant, 'responder');
      const members = (await t.app.inject({ method: 'GET', url: '/api/org/members', headers: tenant.headers })).json() as { user_id: string; email_verified: boolean }[];
      expect(members.find((m) => m.user_id === tenant.userId)!.email_verified).toBe(true);
      expect(members.find((m) => m.user_id === unverified.userId)!.email_verified).toBe(false);
      expect(await userRepository.verifiedUserIds(t.container.db, [unverified.userId, tenant.userId])).toEqual([tenant.userId]);
    });

    it('an existing, unverified account accepting an invitation with its token gets its address verified', async () => {
      const home = await bootstrapTenant(t, 'Home');
      const person = await addMember(t, home, 'responder');
      const token = await invite(person.email);
      const r = await t.app.inject({ method: 'POST', url: '/api/invitations/accept', headers: person.headers, payload: { token } });
      expect(r.statusCode, r.body).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: person.headers })).json().user.email_verified).toBe(true);
    });
  });

  describe(`${dialect}: sign-up closed`, () => {
    let t: TestApp;
    afterAll(async () => t?.close());
    it('refuses every sign-up, also with an invitation; existing accounts still accept invitations', async () => {
      t = await buildTestApp({ dialect, env: { KLAXON_SIGNUP: 'closed' } });
      const tenant = await bootstrapTenant(t, 'Closed');
      const addr = email();
      const inv = (await t.app.inject({ method: 'POST', url: '/api/org/invitations', headers: tenant.headers, payload: { email: addr, role: 'observer' } })).json();
      const r = await t.app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: { email: addr, password: PASSWORD, invitation_token: tokenOf(inv.invitation_url) } });
      expect(r.statusCode).toBe(403);
      expect(r.json().error.message).toContain('KLAXON_SIGNUP=closed');
      expect(await userRepository.findUserByEmail(t.container.db, addr)).toBeUndefined();
      const person = await bootstrapTenant(t, 'Elsewhere', addr);
      const accepted = await t.app.inject({ method: 'POST', url: '/api/invitations/accept', headers: person.headers, payload: { token: tokenOf(inv.invitation_url) } });
      expect(accepted.statusCode, accepted.body).toBe(200);
    });
  });

  describe(`${dialect}: sign-up open`, () => {
    let t: TestApp;
    let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
    beforeAll(async () => {
      smtp = await startSmtpCapture();
      t = await buildTestApp({ dialect, env: { KLAXON_SIGNUP: 'open', SMTP_URL: smtp.url } });
    });
    afterAll(async () => {
      await t?.close();
      await smtp?.close();
    });

    it('creates an account and an organization it owns; the address is unverified until the mailed code confirms it', async () => {
      expect((await t.app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: { email: email(), password: PASSWORD } })).json().error.details[0].field).toBe('org_name');
      const addr = email();
      const r = await t.app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: { email: addr, password: PASSWORD, org_name: 'Own', client: 'mobile' } });
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json()).toMatchObject({ email_verified: false, memberships: [{ org_name: 'Own', role: 'owner' }] });
      const s = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: addr, password: PASSWORD } });
      const h = { 'x-service-org': r.json().memberships[0].org_id, 'x-csrf-token': s.json().csrf_token };
      const cookies = { kx_session: s.cookies.find((c) => c.name === 'kx_session')!.value };
      const ask = await t.app.inject({ method: 'POST', url: '/api/me/email', cookies, headers: h, payload: { email: addr } });
      expect(ask.statusCode, ask.body).toBe(200);
      expect(smtp.mails.at(-1)!.to).toEqual([addr]);
      const code = /\b(\d{6})\b/.exec(smtp.mails.at(-1)!.text)![1]!;
      const ok = await t.app.inject({ method: 'POST', url: '/api/me/email/verify', cookies, headers: h, payload: { code } });
      expect(ok.statusCode, ok.body).toBe(200);
      // Verifying ends every other credential (issue 33 item 3, docs/adr/0710): the sign-up's app session.
      expect(ok.json()).toEqual({ email: addr, email_verified: true, ended: { sessions: 1, agent_tokens: 0, api_keys: 0, devices: 0 } });
      expect((await t.app.inject({ method: 'POST', url: '/api/me/email', cookies, headers: h, payload: { email: addr } })).statusCode).toBe(400);
    });
  });
}
