/**
 * Single sign-on with OpenID Connect (PRODUCT.md 13, issue 38) against a real provider on loopback
 * (oidc-provider 8, test/helpers/oidc.ts), and a crafted issuer for the ID tokens a real provider
 * never sends wrong. Both stores.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, bootstrapTenant, buildTestApp, type Tenant, type TestApp } from '../../helpers/app.ts';
import { addMember } from '../../helpers/people.ts';
import { callback, type Craft, signInThroughProvider, start, startCraftedIssuer, startTestIdp, type TestIdp } from '../../helpers/oidc.ts';
import { hashPassword } from '../../../src/lib/password.ts';

const PASSWORD = 'correct horse battery';
let seq = 0;
const unique = (what: string) => `${what}-${++seq}-${Math.random().toString(36).slice(2, 8)}`;

async function me(t: TestApp, session: string, orgId: string) {
  return t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: `kx_session=${session}`, 'x-service-org': orgId } });
}
async function sessionCount(t: TestApp) {
  return Number((await t.container.db.selectFrom('sessions').select((e) => e.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
}

for (const dialect of DIALECTS) {
  describe(`${dialect}: single sign-on against a real OpenID Connect provider`, () => {
    let idp: TestIdp;
    let open: TestApp;
    let invite: TestApp;
    let tenant: Tenant;
    let passwordHash: string;
    beforeAll(async () => {
      idp = await startTestIdp();
      open = await buildTestApp({ dialect, env: idp.env({ KLAXON_SIGNUP: 'open' }), container: { oidcJwksCooldownMs: 0 } });
      invite = await buildTestApp({ dialect, env: idp.env({ KLAXON_SIGNUP: 'invite' }), container: { oidcJwksCooldownMs: 0 } });
      tenant = await bootstrapTenant(invite, 'Acme');
      passwordHash = await hashPassword(PASSWORD);
    });
    afterAll(async () => {
      await open?.close();
      await invite?.close();
      await idp?.close();
    });

    it('the dashboard learns the button: GET /api/auth/oidc', async () => {
      const r = await open.app.inject({ method: 'GET', url: '/api/auth/oidc' });
      expect(r.json()).toEqual({ configured: true, name: 'Test IdP', start_url: '/api/auth/oidc/start' });
    });

    it('start redirects with PKCE (S256), state and nonce, and sets the state cookie', async () => {
      const s = await start(open, '/alerts');
      const u = new URL(s.url);
      expect(u.origin).toBe(idp.issuer);
      expect(u.searchParams.get('code_challenge_method')).toBe('S256');
      expect(u.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
      expect(u.searchParams.get('state')).toBe(s.stateCookie);
      expect(u.searchParams.get('nonce')).toMatch(/.{20,}/);
      expect(u.searchParams.get('redirect_uri')).toBe('http://klaxon.test/v1/auth/oidc/callback');
      const bad = await open.app.inject({ method: 'GET', url: '/api/auth/oidc/start?next=//evil.example/x' });
      expect(bad.statusCode).toBe(400);
    });

    it('open sign-up: a first sign-in makes the account (and its organization), lands on next, and is a personal dashboard session', async () => {
      const login = unique('newcomer');
      idp.accounts.set(login, { email: `${login}@example.com`, email_verified: true, name: 'New Comer' });
      const a = await signInThroughProvider(open, login, { next: '/alerts?x=1' });
      expect(a.status).toBe(303);
      expect(a.location).toMatch(/^\/sign-in\?sso_org=org_\w+&next=%2Falerts%3Fx%3D1$/);
      expect(a.session).toMatch(/^kxs_/);
      expect(a.csrf).toBeTruthy();
      const user = await open.container.db.selectFrom('users').selectAll().where('email', '=', `${login}@example.com`).executeTakeFirstOrThrow();
      expect(user.password_hash).toBeNull();
      expect(user.email_verified_at).not.toBeNull();
      const identity = await open.container.db.selectFrom('user_identities').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
      expect(identity.subject).toBe(login);
      expect(identity.issuer.replace(/\/$/, '')).toBe(idp.issuer);
      const orgs = await open.container.db.selectFrom('memberships').selectAll().where('user_id', '=', user.id).execute();
      expect(orgs).toHaveLength(1);
      expect(orgs[0]!.role).toBe('owner');
      const r = await me(open, a.session!, orgs[0]!.org_id);
      expect(r.statusCode).toBe(200);
      // A recent session (account-security actions), and CSRF like any dashboard session.
      const noCsrf = await open.app.inject({ method: 'POST', url: '/api/me/recovery-codes', headers: { cookie: `kx_session=${a.session}`, 'x-service-org': orgs[0]!.org_id } });
      expect(noCsrf.statusCode).toBe(403);
      const codes = await open.app.inject({ method: 'POST', url: '/api/me/recovery-codes', headers: { cookie: `kx_session=${a.session}`, 'x-csrf-token': a.csrf!, 'x-service-org': orgs[0]!.org_id } });
      expect(codes.statusCode).toBe(200);
      // The second sign-in is the same account (issuer, subject), even with another address.
      idp.accounts.set(login, { email: `${login}-renamed@example.com`, email_verified: true });
      const again = await signInThroughProvider(open, login);
      expect(again.status).toBe(303);
      expect(await open.container.db.selectFrom('user_identities').select('user_id').where('subject', '=', login).execute()).toEqual([{ user_id: user.id }]);
      const audit = await open.container.db.selectFrom('audit_log').selectAll().where('action', '=', 'auth.sign_in').where('actor_id', '=', user.id).execute();
      expect(audit.map((e) => JSON.parse(e.changes ?? '{}').method)).toEqual(['oidc', 'oidc']);
    });

    it('TOTP is not asked again: the provider decides the second factor', async () => {
      const m = await addMember(invite, tenant, 'responder', { passwordHash, email: `${unique('totp')}@example.com` });
      await invite.container.db.updateTable('users').set({ totp_secret_sealed: invite.container.box.seal('JBSWY3DPEHPK3PXP'), totp_enabled_at: invite.clock.now().toISOString() }).where('id', '=', m.userId).execute();
      const login = unique('totp-person');
      idp.accounts.set(login, { email: m.email, email_verified: true });
      const a = await signInThroughProvider(invite, login);
      expect(a.status).toBe(303);
      expect((await me(invite, a.session!, tenant.orgId)).statusCode).toBe(200);
    });

    it('KLAXON_SIGNUP=invite: a first sign-in needs an invitation for the verified address, which it joins', async () => {
      const login = unique('invitee');
      const email = `${login}@example.com`;
      idp.accounts.set(login, { email, email_verified: true });
      const before = await sessionCount(invite);
      const refused = await signInThroughProvider(invite, login);
      expect(refused.status).toBe(401);
      expect(refused.json.error.message).toMatch(/by invitation \(KLAXON_SIGNUP=invite\).*no open invitation/);
      expect(refused.session).toBeUndefined();
      expect(await sessionCount(invite)).toBe(before);

      const inv = await invite.app.inject({ method: 'POST', url: '/api/org/invitations', headers: tenant.headers, payload: { email, role: 'responder' } });
      expect(inv.statusCode).toBe(200);
      // Unverified at the provider: the invitation does not count.
      idp.accounts.set(login, { email, email_verified: false });
      const unverified = await signInThroughProvider(invite, login);
      expect(unverified.status).toBe(401);
      expect(unverified.json.error.message).toMatch(/verified/);

      idp.accounts.set(login, { email, email_verified: true });
      const ok = await signInThroughProvider(invite, login);
      expect(ok.status).toBe(303);
      const r = await me(invite, ok.session!, tenant.orgId);
      expect(r.statusCode).toBe(200);
      const m = await invite.container.db.selectFrom('memberships').innerJoin('users', 'users.id', 'memberships.user_id').select(['memberships.role']).where('users.email', '=', email).execute();
      expect(m).toEqual([{ role: 'responder' }]);
    });

    it('an unverified email never links to an existing account; a verified one does', async () => {
      const m = await addMember(invite, tenant, 'observer', { passwordHash, email: `${unique('existing')}@example.com` });
      const login = unique('claimer');
      idp.accounts.set(login, { email: m.email, email_verified: false });
      const before = await sessionCount(invite);
      const refused = await signInThroughProvider(invite, login);
      expect(refused.status).toBe(401);
      expect(refused.json.error.message).toMatch(/exists, but the identity provider does not say the address is verified/);
      expect(refused.session).toBeUndefined();
      expect(await sessionCount(invite)).toBe(before);
      expect(await invite.container.db.selectFrom('user_identities').selectAll().where('subject', '=', login).execute()).toEqual([]);
      // Open sign-up does not change this either: no second account for the address, no link.
      idp.accounts.set(login, { email: m.email, email_verified: true });
      const linked = await signInThroughProvider(invite, login);
      expect(linked.status).toBe(303);
      const ids = await invite.container.db.selectFrom('user_identities').select('user_id').where('subject', '=', login).execute();
      expect(ids).toEqual([{ user_id: m.userId }]);
    });

    it('a wrong state, a callback without the browser\'s cookie, and a replayed code are refused, with no session', async () => {
      const login = unique('replay');
      idp.accounts.set(login, { email: `${login}@example.com`, email_verified: true });
      const first = await signInThroughProvider(open, login);
      expect(first.status).toBe(303);
      const before = await sessionCount(open);
      // The same callback again (a replayed code): its state was spent.
      const replay = await callback(open, first.callbackUrl, first.startCookie);
      expect(replay.status).toBe(401);
      expect(replay.json.error.message).toMatch(/unknown, was already finished/);
      // The old code with a fresh sign-in's state: the provider refuses the code.
      const s = await start(open);
      const swapped = new URL(first.callbackUrl);
      swapped.searchParams.set('state', s.stateCookie);
      const reused = await callback(open, swapped, s.stateCookie);
      expect(reused.status).toBe(401);
      expect(reused.json.error.message).toMatch(/refused the authorization code|does not match this sign-in/);
      // A state this browser did not start with.
      const s2 = await start(open);
      const wrong = new URL('http://klaxon.test/v1/auth/oidc/callback?code=x&state=not-the-state');
      const bad = await callback(open, wrong, s2.stateCookie);
      expect(bad.status).toBe(401);
      expect(bad.json.error.message).toMatch(/not started in this browser/);
      const noCookie = await callback(open, wrong, undefined);
      expect(noCookie.status).toBe(401);
      expect(await sessionCount(open)).toBe(before);
      // A browser (no JSON asked) is sent to the sign-in page with the reason.
      const browser = await open.app.inject({ method: 'GET', url: '/v1/auth/oidc/callback?code=x&state=y', headers: { accept: 'text/html' } });
      expect(browser.statusCode).toBe(303);
      expect(browser.headers.location).toMatch(/^\/sign-in\?sso_error=Single%20sign-on%20was%20refused/);
    });

    it('key rotation at the provider is followed', async () => {
      const login = unique('rotation');
      idp.accounts.set(login, { email: `${login}@example.com`, email_verified: true });
      expect((await signInThroughProvider(open, login)).status).toBe(303);
      const oldKid = idp.kid;
      await idp.rotateKeys();
      expect(idp.kid).not.toBe(oldKid);
      const after = await signInThroughProvider(open, login);
      expect(after.status).toBe(303);
      expect(after.session).toMatch(/^kxs_/);
    });

    it('sso_required refuses a member\'s password sign-in with a message naming the button, but not an owner\'s; API keys still work', async () => {
      const org = await bootstrapTenant(invite, 'Strict');
      const member = await addMember(invite, org, 'responder', { passwordHash, email: `${unique('member')}@example.com` });
      const owner = await addMember(invite, org, 'owner', { passwordHash, email: `${unique('owner')}@example.com` });
      const set = await invite.app.inject({ method: 'PATCH', url: '/api/org/settings', headers: org.headers, payload: { sso_required: true } });
      expect(set.statusCode).toBe(200);
      expect(set.json().sso_required).toBe(true);
      const signIn = (email: string) => invite.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password: PASSWORD } });
      const refused = await signIn(member.email);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.message).toMatch(/"Strict" requires single sign-on.*"Sign in with Test IdP"/);
      expect((await signIn(owner.email)).statusCode).toBe(200);
      // A wrong password is still just a wrong password (the requirement is not told before it is right).
      expect((await invite.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: member.email, password: 'wrong password!' } })).statusCode).toBe(401);
      expect((await invite.app.inject({ method: 'GET', url: '/api/me', headers: member.headers })).statusCode).toBe(200);
      // The member signs in with the provider instead.
      const login = unique('strict-member');
      idp.accounts.set(login, { email: member.email, email_verified: true });
      expect((await signInThroughProvider(invite, login)).status).toBe(303);
      const audit = await invite.container.db.selectFrom('audit_log').selectAll().where('org_id', '=', org.orgId).where('action', '=', 'org_settings.update').execute();
      expect(JSON.parse(audit.at(-1)!.changes!)).toEqual({ sso_required: true });
    });

    it('sso_role_map joins and changes roles at each sign-in (never an owner\'s), audited; only an owner may change it', async () => {
      const org = await bootstrapTenant(invite, 'Mapped');
      const admin = await addMember(invite, org, 'admin');
      const byAdmin = await invite.app.inject({ method: 'PATCH', url: '/api/org/settings', headers: admin.headers, payload: { sso_role_map: { ops: 'responder' } } });
      expect(byAdmin.statusCode).toBe(403);
      const toOwner = await invite.app.inject({ method: 'PATCH', url: '/api/org/settings', headers: org.headers, payload: { sso_role_map: { ops: 'owner' } } });
      expect(toOwner.statusCode).toBe(400);
      const set = await invite.app.inject({ method: 'PATCH', url: '/api/org/settings', headers: org.headers, payload: { sso_role_map: { ops: 'responder', 'ops-leads': 'admin', readers: 'observer' } } });
      expect(set.statusCode).toBe(200);
      expect(set.json().sso_role_map).toEqual({ ops: 'responder', 'ops-leads': 'admin', readers: 'observer' });

      // An existing member (linked by verified email) joins nothing new but is re-roled; another person joins.
      const person = await addMember(invite, tenant, 'observer', { email: `${unique('mapped')}@example.com` });
      const login = unique('mapped-person');
      idp.accounts.set(login, { email: person.email, email_verified: true, groups: ['ops', 'unrelated'] });
      expect((await signInThroughProvider(invite, login)).status).toBe(303);
      const role = async () => (await invite.container.db.selectFrom('memberships').select('role').where('org_id', '=', org.orgId).where('user_id', '=', person.userId).executeTakeFirst())?.role;
      expect(await role()).toBe('responder');
      idp.accounts.set(login, { email: person.email, email_verified: true, groups: ['ops', 'ops-leads'] });
      expect((await signInThroughProvider(invite, login)).status).toBe(303);
      expect(await role()).toBe('admin');
      // No mapped group: the membership stays as it is.
      idp.accounts.set(login, { email: person.email, email_verified: true, groups: [] });
      expect((await signInThroughProvider(invite, login)).status).toBe(303);
      expect(await role()).toBe('admin');
      const entries = await invite.container.db.selectFrom('audit_log').selectAll().where('org_id', '=', org.orgId).where('action', 'like', 'sso.%').orderBy('id').execute();
      expect(entries.map((e) => [e.action, JSON.parse(e.changes!)])).toEqual([
        ['sso.role_map_join', { role: 'responder', groups: ['ops'] }],
        ['sso.role_map_change', { role: { from: 'responder', to: 'admin' }, groups: ['ops', 'ops-leads'] }],
      ]);
      // An owner keeps their role whatever their groups say.
      const owner = await addMember(invite, org, 'owner', { email: `${unique('mapped-owner')}@example.com` });
      const ownerLogin = unique('owner-login');
      idp.accounts.set(ownerLogin, { email: owner.email, email_verified: true, groups: ['readers'] });
      expect((await signInThroughProvider(invite, ownerLogin)).status).toBe(303);
      expect((await invite.container.db.selectFrom('memberships').select('role').where('org_id', '=', org.orgId).where('user_id', '=', owner.userId).executeTakeFirst())?.role).toBe('owner');
    });

    it('a session made by single sign-on ends at its lifetime: nothing renews it without the provider', async () => {
      const login = unique('leaver');
      idp.accounts.set(login, { email: `${login}@example.com`, email_verified: true });
      const a = await signInThroughProvider(open, login);
      const user = await open.container.db.selectFrom('users').select('id').where('email', '=', `${login}@example.com`).executeTakeFirstOrThrow();
      const org = (await open.container.db.selectFrom('memberships').select('org_id').where('user_id', '=', user.id).executeTakeFirstOrThrow()).org_id;
      expect((await me(open, a.session!, org)).statusCode).toBe(200);
      // The person is removed at the provider; their session still ends when its lifetime does.
      idp.accounts.delete(login);
      open.clock.advance(14 * 24 * 3600_000 + 1000);
      expect((await me(open, a.session!, org)).statusCode).toBe(401);
    });
  });

  describe(`${dialect}: ID tokens a provider must not be believed on`, () => {
    let iss: Awaited<ReturnType<typeof startCraftedIssuer>>;
    let t: TestApp;
    beforeAll(async () => {
      iss = await startCraftedIssuer();
      t = await buildTestApp({ dialect, env: iss.env({ KLAXON_SIGNUP: 'open' }) });
    });
    afterAll(async () => {
      await t?.close();
      await iss?.close();
    });

    const base = (nonce: string, issuer: string) => {
      const now = Math.floor(Date.now() / 1000);
      return { iss: issuer, sub: 'crafted-subject', aud: 'klaxon-test', iat: now, exp: now + 300, nonce, email: 'crafted@example.com', email_verified: true };
    };
    async function attempt() {
      const s = await start(t);
      iss.nonceOf(s.url);
      return callback(t, new URL(`http://klaxon.test/v1/auth/oidc/callback?code=crafted&state=${encodeURIComponent(s.stateCookie)}`), s.stateCookie);
    }
    const cases: [string, Craft, RegExp][] = [
      ['a wrong nonce', ({ nonce, issuer, sign }) => sign({ ...base(nonce, issuer), nonce: 'another-nonce' }), /nonce is not the one this sign-in sent/],
      ['a wrong audience', ({ nonce, issuer, sign }) => sign({ ...base(nonce, issuer), aud: 'another-client' }), /not for this client/],
      ['an expired ID token', ({ nonce, issuer, sign }) => sign({ ...base(nonce, issuer), iat: Math.floor(Date.now() / 1000) - 7200, exp: Math.floor(Date.now() / 1000) - 3600 }), /has expired/],
      ['a token signed by an unknown key', ({ nonce, issuer, sign }) => sign(base(nonce, issuer), { key: 'unknown' }), /signed with a key the identity provider does not publish/],
      ['a token signed by another key under a published key id', ({ nonce, issuer, sign }) => sign(base(nonce, issuer), { key: 'unknown-same-kid' }), /signature is not valid/],
    ];
    for (const [what, craft, message] of cases) {
      it(`${what} is refused with a clear message and no session`, async () => {
        iss.craft = craft;
        const before = await sessionCount(t);
        const r = await attempt();
        expect(r.status).toBe(401);
        expect(r.json.error.message).toMatch(message);
        expect(r.session).toBeUndefined();
        expect(await sessionCount(t)).toBe(before);
        expect(await t.container.db.selectFrom('users').select('id').where('email', '=', 'crafted@example.com').execute()).toEqual([]);
      });
    }
    it('the same issuer\'s well-formed token signs in (the refusals above are the token\'s, not the set-up\'s)', async () => {
      iss.craft = ({ nonce, issuer, sign }) => sign(base(nonce, issuer));
      const r = await attempt();
      expect(r.status).toBe(303);
      expect(r.session).toMatch(/^kxs_/);
    });
  });

  describe(`${dialect}: KLAXON_OIDC_SCOPES and KLAXON_OIDC_GROUPS_CLAIM`, () => {
    let iss: Awaited<ReturnType<typeof startCraftedIssuer>>;
    let t: TestApp;
    const CLAIM = 'https://klaxon.example/roles';
    beforeAll(async () => {
      iss = await startCraftedIssuer();
      // KLAXON_OIDC_SCOPES left unset: its default applies.
      t = await buildTestApp({ dialect, env: iss.env({ KLAXON_SIGNUP: 'open', KLAXON_OIDC_GROUPS_CLAIM: CLAIM }) });
    });
    afterAll(async () => {
      await t?.close();
      await iss?.close();
    });

    it('the default scopes are asked for; sso_role_map reads the configured claim, not `groups`', async () => {
      const s = await start(t);
      expect(new URL(s.url).searchParams.get('scope')).toBe('openid email profile');

      const org = await bootstrapTenant(t, 'Claimed');
      const set = await t.app.inject({ method: 'PATCH', url: '/api/org/settings', headers: org.headers, payload: { sso_role_map: { ops: 'responder', decoy: 'admin' } } });
      expect(set.statusCode, set.body).toBe(200);
      const email = `${unique('claimed')}@example.com`;
      iss.craft = ({ nonce, issuer, sign }) => {
        const now = Math.floor(Date.now() / 1000);
        return sign({ iss: issuer, sub: unique('claimed-subject'), aud: 'klaxon-test', iat: now, exp: now + 300, nonce, email, email_verified: true, [CLAIM]: ['ops'], groups: ['decoy'] });
      };
      iss.nonceOf(s.url);
      const r = await callback(t, new URL(`http://klaxon.test/v1/auth/oidc/callback?code=crafted&state=${encodeURIComponent(s.stateCookie)}`), s.stateCookie);
      expect(r.status, JSON.stringify(r.json)).toBe(303);
      const user = await t.container.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
      const membership = await t.container.db.selectFrom('memberships').select('role').where('org_id', '=', org.orgId).where('user_id', '=', user.id).executeTakeFirst();
      expect(membership?.role).toBe('responder');
    });
  });
}
