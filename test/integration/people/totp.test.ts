import { authenticator } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, buildTestApp, type TestApp } from '../../helpers/app.ts';
import { cookiesOf } from '../../helpers/people.ts';

const PASSWORD = 'correct horse battery';

// Issue 19 item 10: each TOTP time step is usable once per person; the previous step is accepted
// (a code read at the end of its 30 s), two steps back or one ahead never (docs/adr/0532).
for (const dialect of DIALECTS) {
  describe(`${dialect}: TOTP codes cannot be replayed`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp({ dialect, env: { KLAXON_SIGNUP: 'open' } });
    });
    afterAll(async () => t?.close());

    const post = (url: string, payload: object, extra: { cookies?: Record<string, string>; headers?: Record<string, string> } = {}) =>
      t.app.inject({ method: 'POST', url, payload, ...extra });

    /** A person with TOTP on; the clock is then moved to the start of a fresh 30 s step. */
    async function personWithTotp() {
      const email = `totp-${Math.random().toString(36).slice(2, 10)}@example.com`;
      const up = await post('/api/auth/sign-up', { email, password: PASSWORD, org_name: 'T' });
      const cookies = { kx_session: cookiesOf(up).kx_session! };
      const headers = { 'x-service-org': up.json().memberships[0].org_id, 'x-csrf-token': up.json().csrf_token };
      const { secret } = (await post('/api/me/totp', {}, { cookies, headers })).json();
      const codeAt = (offsetMs: number) => authenticator.clone({ epoch: t.clock.now().getTime() + offsetMs }).generate(secret);
      expect((await post('/api/me/totp/confirm', { code: codeAt(0) }, { cookies, headers })).statusCode).toBe(200);
      t.clock.set(new Date((Math.floor(t.clock.now().getTime() / 30_000) + 2) * 30_000));
      return { email, cookies, headers, codeAt };
    }
    const signIn = (email: string, totp_code: string) => post('/api/auth/sign-in', { email, password: PASSWORD, totp_code });

    it('the same code signs in once; a new step\'s code works again', async () => {
      const p = await personWithTotp();
      const code = p.codeAt(0);
      expect((await signIn(p.email, code)).statusCode).toBe(200);
      const replay = await signIn(p.email, code);
      expect(replay.statusCode).toBe(401);
      expect(replay.json().error.details).toEqual([{ field: 'totp_code', message: 'is wrong or expired' }]);
      t.clock.advance(30_000);
      expect((await signIn(p.email, p.codeAt(0))).statusCode).toBe(200);
    });

    it('a code of the previous step is accepted once, and not after a later step was used; two steps back and the next step never', async () => {
      const p = await personWithTotp();
      expect((await signIn(p.email, p.codeAt(-60_000))).statusCode).toBe(401);
      expect((await signIn(p.email, p.codeAt(30_000))).statusCode).toBe(401);
      const previous = p.codeAt(-30_000);
      expect((await signIn(p.email, previous)).statusCode).toBe(200);
      expect((await signIn(p.email, previous)).statusCode).toBe(401);
      // Once the current step is used, the previous one is refused even if never used.
      const q = await personWithTotp();
      expect((await signIn(q.email, q.codeAt(0))).statusCode).toBe(200);
      expect((await signIn(q.email, q.codeAt(-30_000))).statusCode).toBe(401);
    });

    it('the code that turned TOTP on cannot sign in', async () => {
      const email = `totp-c-${Math.random().toString(36).slice(2, 10)}@example.com`;
      const up = await post('/api/auth/sign-up', { email, password: PASSWORD, org_name: 'T' });
      const cookies = { kx_session: cookiesOf(up).kx_session! };
      const headers = { 'x-service-org': up.json().memberships[0].org_id, 'x-csrf-token': up.json().csrf_token };
      const { secret } = (await post('/api/me/totp', {}, { cookies, headers })).json();
      const code = authenticator.clone({ epoch: t.clock.now().getTime() }).generate(secret);
      expect((await post('/api/me/totp/confirm', { code }, { cookies, headers })).statusCode).toBe(200);
      expect((await signIn(email, code)).statusCode).toBe(401);
    });

    it('parallel sign-ins with one code: exactly one session', async () => {
      const p = await personWithTotp();
      const code = p.codeAt(0);
      const results = await Promise.all(Array.from({ length: 4 }, () => signIn(p.email, code)));
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401, 401, 401]);
    });

    it('turning TOTP off needs an unused code too', async () => {
      const p = await personWithTotp();
      const code = p.codeAt(0);
      expect((await signIn(p.email, code)).statusCode).toBe(200);
      const off = await post('/api/me/totp/disable', { code }, { cookies: p.cookies, headers: p.headers });
      expect(off.statusCode).toBe(400);
      expect(off.json().error.message).toMatch(/already used/);
    });
  });
}
