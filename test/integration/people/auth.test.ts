import { authenticator } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, buildTestApp, type TestApp } from '../../helpers/app.ts';
import { cookiesOf } from '../../helpers/people.ts';

const PASSWORD = 'correct horse battery';

for (const dialect of DIALECTS) {
  describe(`${dialect}: sign-up, sign-in, sessions, TOTP, recovery codes, device grant`, () => {
    let t: TestApp;
    beforeAll(async () => {
      // Open sign-up: these tests make people freely (the modes have their own test, people/signup).
      t = await buildTestApp({ dialect, env: { KLAXON_SIGNUP: 'open' } });
    });
    afterAll(async () => t?.close());

    const post = (url: string, payload: object, headers: Record<string, string> = {}) => t.app.inject({ method: 'POST', url, payload, headers });
    const email = () => `p-${Math.random().toString(36).slice(2, 10)}@example.com`;
    // Each sign-up from its own address: five organizations a day per address is the sign-up throttle (people/abuse-relay).
    let signUps = 0;
    const signUp = async (client: 'dashboard' | 'mobile' = 'dashboard', addr = email()) => {
      signUps += 1;
      const res = await t.app.inject({
        method: 'POST', url: '/api/auth/sign-up', payload: { email: addr, password: PASSWORD, org_name: 'Acme', client }, remoteAddress: `198.51.100.${signUps}`,
      });
      expect(res.statusCode, res.body).toBe(200);
      return { res, body: res.json(), email: addr };
    };
    const audit = async (action: string) => t.container.db.selectFrom('audit_log').selectAll().where('action', '=', action).execute();

    it('sign-up creates a user, an organization (owner) and a dashboard cookie session with CSRF', async () => {
      const { res, body } = await signUp();
      expect(body).toMatchObject({ kind: 'dashboard', memberships: [{ org_name: 'Acme', role: 'owner' }] });
      expect(body.token).toBeUndefined();
      const cookie = res.cookies.find((c) => c.name === 'kx_session')!;
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(cookie.value).toMatch(/^kxs_/);
      const csrf = res.cookies.find((c) => c.name === 'kx_csrf')!;
      expect(csrf.httpOnly).toBeFalsy();
      expect(csrf.value).toBe(body.csrf_token);
      const orgId = body.memberships[0].org_id;
      const me = await t.app.inject({ method: 'GET', url: '/api/me', cookies: { kx_session: cookie.value }, headers: { 'x-service-org': orgId } });
      expect(me.statusCode).toBe(200);
      expect(me.json()).toMatchObject({ role: 'owner', credential: { id: body.session_id, audience: 'D' } });
    });

    it('a duplicate sign-up is 409; a short password 400', async () => {
      const { email: addr } = await signUp();
      expect((await post('/api/auth/sign-up', { email: addr.toUpperCase(), password: PASSWORD, org_name: 'B' })).statusCode).toBe(409);
      const short = await post('/api/auth/sign-up', { email: email(), password: 'short', org_name: 'B' });
      expect(short.statusCode).toBe(400);
      expect(short.json().error.details[0].field).toBe('password');
    });

    it('unsafe methods with the cookie need X-CSRF-Token; safe ones do not', async () => {
      const { res, body } = await signUp();
      const orgId = body.memberships[0].org_id;
      const cookies = { kx_session: cookiesOf(res).kx_session! };
      const patch = (headers: Record<string, string>) =>
        t.app.inject({ method: 'PATCH', url: '/api/me', cookies, headers: { 'x-service-org': orgId, ...headers }, payload: { critical_alerts: false } });
      const none = await patch({});
      expect(none.statusCode).toBe(403);
      expect(none.json().error.message).toMatch(/X-CSRF-Token/);
      expect((await patch({ 'x-csrf-token': 'f'.repeat(64) })).statusCode).toBe(403);
      const ok = await patch({ 'x-csrf-token': body.csrf_token });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().alert_sound.critical_alerts).toBe(false);
    });

    it('sign-in with the wrong password is 401 and audited; the right one opens a session and is audited', async () => {
      const { email: addr, body: up } = await signUp();
      const orgId = up.memberships[0].org_id;
      const bad = await post('/api/auth/sign-in', { email: addr, password: 'wrong password!' });
      expect(bad.statusCode).toBe(401);
      expect(bad.json().error.message).toBe('The email or password is wrong.');
      const unknown = await post('/api/auth/sign-in', { email: email(), password: PASSWORD });
      expect(unknown.statusCode).toBe(401);
      expect(unknown.json().error.message).toBe('The email or password is wrong.');
      const failed = (await audit('auth.sign_in_failed')).filter((a) => a.org_id === orgId);
      expect(failed).toHaveLength(1);
      expect(JSON.parse(failed[0]!.changes)).toEqual({ email: addr, reason: 'password' });
      const good = await post('/api/auth/sign-in', { email: addr, password: PASSWORD, client: 'mobile' });
      expect(good.statusCode).toBe(200);
      expect(good.json().token).toMatch(/^kxm_/);
      expect(good.cookies).toHaveLength(0);
      const ok = (await audit('auth.sign_in')).filter((a) => a.org_id === orgId && a.target_id === good.json().session_id);
      expect(ok).toHaveLength(1);
    });

    it('a mobile session is audience I: allowed on DI routes, 403 on D routes', async () => {
      const { body } = await signUp('mobile');
      const headers = { authorization: `Bearer ${body.token}`, 'x-service-org': body.memberships[0].org_id };
      const me = await t.app.inject({ method: 'GET', url: '/api/me', headers });
      expect(me.json()).toMatchObject({ credential: { audience: 'I' } });
      const d = await t.app.inject({ method: 'GET', url: '/api/me/recovery-codes', headers });
      expect(d.statusCode).toBe(403);
      expect(d.json().error.message).toMatch(/dashboard only/);
    });

    it('sign-out revokes the session (cookie: needs CSRF, clears cookies; bearer: 401 after)', async () => {
      const { res, body } = await signUp();
      const orgId = body.memberships[0].org_id;
      const cookies = { kx_session: cookiesOf(res).kx_session! };
      expect((await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', cookies })).statusCode).toBe(403);
      const out = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', cookies, headers: { 'x-csrf-token': body.csrf_token } });
      expect(out.statusCode).toBe(200);
      expect(out.cookies.find((c) => c.name === 'kx_session')?.value).toBe('');
      expect((await t.app.inject({ method: 'GET', url: '/api/me', cookies, headers: { 'x-service-org': orgId } })).statusCode).toBe(401);
      expect((await audit('auth.sign_out')).filter((a) => a.target_id === body.session_id)).toHaveLength(1);

      const m = (await signUp('mobile')).body;
      const headers = { authorization: `Bearer ${m.token}`, 'x-service-org': m.memberships[0].org_id };
      expect((await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/api/me', headers })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'POST', url: '/api/auth/sign-out' })).statusCode).toBe(401);
    });

    it('sessions expire; the list shows live ones and DELETE revokes one (another person\'s is 404)', async () => {
      const a = (await signUp('mobile')).body;
      const b = (await signUp('mobile')).body;
      const ha = { authorization: `Bearer ${a.token}`, 'x-service-org': a.memberships[0].org_id };
      const list = await t.app.inject({ method: 'GET', url: '/api/me/sessions', headers: ha });
      expect(list.json()).toEqual([expect.objectContaining({ id: a.session_id, kind: 'mobile', current: true })]);
      expect((await t.app.inject({ method: 'DELETE', url: `/api/me/sessions/${b.session_id}`, headers: ha })).statusCode).toBe(404);
      const second = (await post('/api/auth/sign-in', { email: (await t.container.db.selectFrom('users').select('email').where('id', '=', a.user_id).executeTakeFirstOrThrow()).email, password: PASSWORD, client: 'mobile' })).json();
      expect((await t.app.inject({ method: 'DELETE', url: `/api/me/sessions/${second.session_id}`, headers: ha })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: { ...ha, authorization: `Bearer ${second.token}` } })).statusCode).toBe(401);
      t.clock.advance(91 * 24 * 3600 * 1000);
      expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: ha })).statusCode).toBe(401);
    });

    it('failed sign-ins slow down their (account, address): the 6th attempt from there is 429 with Retry-After, even with the right password', async () => {
      const { email: addr } = await signUp();
      for (let i = 0; i < 5; i++) expect((await post('/api/auth/sign-in', { email: addr, password: `wrong-${i}-password` })).statusCode).toBe(401);
      const limited = await post('/api/auth/sign-in', { email: addr, password: PASSWORD });
      expect(limited.statusCode).toBe(429);
      expect(limited.json().error.code).toBe('rate_limited');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(900);
      t.clock.advance(15 * 60 * 1000 + 1000);
      expect((await post('/api/auth/sign-in', { email: addr, password: PASSWORD })).statusCode).toBe(200);
    });

    it('parallel wrong passwords cannot overrun the throttle', async () => {
      const { email: addr } = await signUp();
      const results = await Promise.all(Array.from({ length: 12 }, (_, i) => post('/api/auth/sign-in', { email: addr, password: `wrong-parallel-${i}` })));
      const statuses = results.map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
      expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
      expect((await post('/api/auth/sign-in', { email: addr, password: PASSWORD })).statusCode).toBe(429);
    });

    it('TOTP: setup shows the secret once, confirm turns it on, sign-in then needs a code; recovery codes work once', async () => {
      const { res, body, email: addr } = await signUp();
      const orgId = body.memberships[0].org_id;
      const h = { 'x-service-org': orgId, 'x-csrf-token': body.csrf_token };
      const cookies = { kx_session: cookiesOf(res).kx_session! };
      const call = (method: 'GET' | 'POST', url: string, payload?: object) => t.app.inject({ method, url, cookies, headers: h, ...(payload ? { payload } : {}) });
      const setup = await call('POST', '/api/me/totp');
      expect(setup.statusCode).toBe(200);
      const { secret, otpauth_url } = setup.json();
      expect(otpauth_url).toContain('otpauth://totp/');
      const totp = () => authenticator.clone({ epoch: t.clock.now().getTime() }).generate(secret);
      const near = [-30_000, 0, 30_000].map((d) => authenticator.clone({ epoch: t.clock.now().getTime() + d }).generate(secret));
      const wrongCode = ['000000', '111111', '222222', '333333'].find((c) => !near.includes(c))!;
      expect((await call('POST', '/api/me/totp/confirm', { code: wrongCode })).statusCode).toBe(400);
      expect((await call('POST', '/api/me/totp/confirm', { code: totp() })).json()).toMatchObject({ totp_enabled: true });
      expect((await call('POST', '/api/me/totp')).statusCode).toBe(409);
      expect(await audit('auth.totp_enable')).toEqual(expect.arrayContaining([expect.objectContaining({ org_id: orgId })]));

      expect((await call('GET', '/api/me/recovery-codes')).json()).toEqual({ remaining: 0, total: 0, generated_at: null });
      const gen = await call('POST', '/api/me/recovery-codes');
      expect(gen.statusCode).toBe(200);
      const codes: string[] = gen.json().codes;
      expect(codes).toHaveLength(10);
      expect(new Set(codes).size).toBe(10);
      expect((await call('GET', '/api/me/recovery-codes')).json()).toMatchObject({ remaining: 10, total: 10 });
      const stored = await t.container.db.selectFrom('recovery_codes').select('code_hash').execute();
      for (const c of codes) expect(JSON.stringify(stored)).not.toContain(c);

      const needs = await post('/api/auth/sign-in', { email: addr, password: PASSWORD });
      expect(needs.statusCode).toBe(401);
      expect(needs.json().error.details).toEqual([{ field: 'totp_code', message: 'is required' }]);
      expect((await post('/api/auth/sign-in', { email: addr, password: PASSWORD, totp_code: wrongCode })).statusCode).toBe(401);
      // The confirming code's step is spent (docs/adr/0532): the next step's code signs in.
      t.clock.advance(30_000);
      expect((await post('/api/auth/sign-in', { email: addr, password: PASSWORD, totp_code: totp() })).statusCode).toBe(200);
      const rc = await post('/api/auth/sign-in', { email: addr, password: PASSWORD, recovery_code: codes[0]!.toUpperCase() });
      expect(rc.statusCode).toBe(200);
      expect((await post('/api/auth/sign-in', { email: addr, password: PASSWORD, recovery_code: codes[0] })).statusCode).toBe(401);
      expect((await call('GET', '/api/me/recovery-codes')).json()).toMatchObject({ remaining: 9, total: 10 });

      const regen = (await call('POST', '/api/me/recovery-codes')).json();
      expect(regen.codes.some((c: string) => codes.includes(c))).toBe(false);
      expect((await post('/api/auth/sign-in', { email: addr, password: PASSWORD, recovery_code: codes[1] })).statusCode).toBe(401);

      expect((await call('POST', '/api/me/totp/disable', { code: 'nope-nope' })).statusCode).toBe(400);
      expect((await call('POST', '/api/me/totp/disable', { code: regen.codes[0] })).json()).toEqual({ totp_enabled: false });
      expect((await post('/api/auth/sign-in', { email: addr, password: PASSWORD })).statusCode).toBe(200);
      expect((await audit('auth.totp_disable')).length).toBeGreaterThan(0);
      expect((await audit('auth.recovery_codes_generate')).length).toBeGreaterThan(0);
    });

    it('device authorization grant (RFC 8628): pending, slow_down, approve, token acts with the current role, revocable', async () => {
      const { res, body } = await signUp();
      const orgId = body.memberships[0].org_id;
      const cookies = { kx_session: cookiesOf(res).kx_session! };
      const start = await post('/api/auth/device/code', { client_name: 'claude-code' });
      expect(start.statusCode).toBe(200);
      const grant = start.json();
      expect(grant).toMatchObject({ expires_in: 600, interval: 5, verification_uri: 'http://klaxon.test/device' });
      expect(grant.user_code).toMatch(/^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/);
      const poll = () => post('/api/auth/device/token', { grant_type: 'urn:ietf:params:oauth:grant-type:device_code', device_code: grant.device_code });
      const oauthError = (r: Awaited<ReturnType<typeof poll>>) => r.json().error.details?.find((d: { field: string }) => d.field === 'oauth_error')?.message;
      const p1 = await poll();
      expect(p1.statusCode).toBe(400);
      expect(oauthError(p1)).toBe('authorization_pending');
      expect(oauthError(await poll())).toBe('slow_down');
      expect(oauthError(await post('/api/auth/device/token', { grant_type: 'password', device_code: grant.device_code }))).toBe('unsupported_grant_type');

      // A mobile credential cannot approve (D route); an unknown code is 404.
      const approve = (payload: object) => t.app.inject({ method: 'POST', url: '/api/me/device-grants', cookies, headers: { 'x-service-org': orgId, 'x-csrf-token': body.csrf_token }, payload });
      expect((await approve({ user_code: 'BBBB-BBBB', approve: true })).statusCode).toBe(404);
      const ok = await approve({ user_code: grant.user_code.toLowerCase().replace('-', ''), approve: true });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json()).toMatchObject({ status: 'approved', org_id: orgId, client_name: 'claude-code' });

      t.clock.advance(11_000);
      const tok = await poll();
      expect(tok.statusCode, tok.body).toBe(200);
      const { access_token, session_id } = tok.json();
      expect(access_token).toMatch(/^kxa_/);
      expect(oauthError(await poll())).toBe('invalid_grant');
      const ah = { authorization: `Bearer ${access_token}`, 'x-service-org': orgId };
      const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: ah });
      expect(me.json()).toMatchObject({ role: 'owner', credential: { audience: 'D' } });
      // Bound to the approved organization.
      const other = (await signUp()).body.memberships[0].org_id;
      expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: { ...ah, 'x-service-org': other } })).statusCode).toBe(403);
      // The role is re-checked on every request.
      await t.container.db.updateTable('memberships').set({ role: 'observer' }).where('org_id', '=', orgId).execute();
      expect((await t.app.inject({ method: 'POST', url: '/api/keys', headers: ah, payload: { name: 'x', kind: 'full_product' } })).statusCode).toBe(403);
      await t.container.db.updateTable('memberships').set({ role: 'owner' }).where('org_id', '=', orgId).execute();
      expect((await t.app.inject({ method: 'POST', url: '/api/keys', headers: ah, payload: { name: 'x', kind: 'full_product' } })).statusCode).toBe(200);
      // Revocable.
      const rev = await t.app.inject({ method: 'DELETE', url: `/api/me/sessions/${session_id}`, cookies, headers: { 'x-service-org': orgId, 'x-csrf-token': body.csrf_token } });
      expect(rev.statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: ah })).statusCode).toBe(401);
    });

    it('a denied or expired device code never yields a token', async () => {
      const { res, body } = await signUp();
      const cookies = { kx_session: cookiesOf(res).kx_session! };
      const g1 = (await post('/api/auth/device/code', {})).json();
      await t.app.inject({ method: 'POST', url: '/api/me/device-grants', cookies, headers: { 'x-service-org': body.memberships[0].org_id, 'x-csrf-token': body.csrf_token }, payload: { user_code: g1.user_code, approve: false } });
      const d = await post('/api/auth/device/token', { grant_type: 'urn:ietf:params:oauth:grant-type:device_code', device_code: g1.device_code });
      expect(d.json().error.details[0].message).toBe('access_denied');
      const g2 = (await post('/api/auth/device/code', {})).json();
      t.clock.advance(601_000);
      const e = await post('/api/auth/device/token', { grant_type: 'urn:ietf:params:oauth:grant-type:device_code', device_code: g2.device_code });
      expect(e.json().error.details[0].message).toBe('expired_token');
      const h = { 'x-service-org': body.memberships[0].org_id, 'x-csrf-token': body.csrf_token };
      // Ten minutes after sign-in the session confirms it is the person again before approving.
      expect((await t.app.inject({ method: 'POST', url: '/api/me/device-grants', cookies, headers: h, payload: { user_code: g2.user_code, approve: true } })).json().error.details).toEqual([{ field: 'reauthentication', message: 'required' }]);
      expect((await t.app.inject({ method: 'POST', url: '/api/me/reauthenticate', cookies, headers: h, payload: { password: PASSWORD } })).statusCode).toBe(200);
      const late = await t.app.inject({ method: 'POST', url: '/api/me/device-grants', cookies, headers: h, payload: { user_code: g2.user_code, approve: true } });
      expect(late.statusCode).toBe(404);
    });

    it('no secret reaches the logs or the audit log', async () => {
      const { res, body, email: addr } = await signUp();
      const m = (await post('/api/auth/sign-in', { email: addr, password: PASSWORD, client: 'mobile' })).json();
      const rows = JSON.stringify(await t.container.db.selectFrom('audit_log').selectAll().execute());
      const logs = t.logs.join('\n');
      for (const secret of [PASSWORD, cookiesOf(res).kx_session!, body.csrf_token, m.token]) {
        expect(rows).not.toContain(secret);
        expect(logs).not.toContain(secret);
      }
    });
  });
}
