import { authenticator } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { DIALECTS, buildTestApp, type TestApp } from '../../helpers/app.ts';
import { cookiesOf, startSmtpCapture } from '../../helpers/people.ts';

/**
 * "No secret (password, key, token, code) appears in logs, audit entries or API responses other
 * than the one that creates it": a whole account life is played, every secret is collected with
 * the response that created it, and logs, audit rows, stored rows and every other response are
 * searched for it.
 */
for (const dialect of DIALECTS) {
  describe(`${dialect}: secrets appear only in the response that creates them`, () => {
    let t: TestApp;
    let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
    beforeAll(async () => {
      smtp = await startSmtpCapture();
      t = await buildTestApp({ dialect, env: { SMTP_URL: smtp.url, KLAXON_SIGNUP: 'open' } });
    });
    afterAll(async () => {
      await t?.close();
      await smtp?.close();
    });

    it('passwords, session tokens, CSRF tokens, TOTP secrets, recovery codes, mailed codes and agent tokens never leak', async () => {
      const responses: { label: string; body: string; headers: string }[] = [];
      const secrets: { name: string; value: string; createdBy: string }[] = [];
      const call = async (label: string, opts: InjectOptions) => {
        const res = await t.app.inject(opts);
        responses.push({ label, body: res.body, headers: JSON.stringify(res.headers) });
        return res;
      };
      const password = 'a very secret password 42';
      const email = `s-${Math.random().toString(36).slice(2, 8)}@example.com`;
      const up = await call('sign-up', { method: 'POST', url: '/api/auth/sign-up', payload: { email, password, org_name: 'S' } });
      const session = cookiesOf(up).kx_session!;
      const csrf = up.json().csrf_token as string;
      secrets.push({ name: 'password', value: password, createdBy: '(request only)' }, { name: 'session', value: session, createdBy: 'sign-up' }, { name: 'csrf', value: csrf, createdBy: 'sign-up' });
      const orgId = up.json().memberships[0].org_id;
      const d = { cookies: { kx_session: session }, headers: { 'x-service-org': orgId, 'x-csrf-token': csrf } };

      const totp = await call('totp setup', { method: 'POST', url: '/api/me/totp', ...d });
      const totpSecret = totp.json().secret as string;
      secrets.push({ name: 'totp secret', value: totpSecret, createdBy: 'totp setup' });
      const code = authenticator.clone({ epoch: t.clock.now().getTime() }).generate(totpSecret);
      await call('totp confirm', { method: 'POST', url: '/api/me/totp/confirm', ...d, payload: { code } });
      const rc = await call('recovery codes', { method: 'POST', url: '/api/me/recovery-codes', ...d });
      for (const c of rc.json().codes as string[]) secrets.push({ name: 'recovery code', value: c, createdBy: 'recovery codes' });
      await call('recovery status', { method: 'GET', url: '/api/me/recovery-codes', ...d });

      t.clock.advance(60_000);
      const code2 = authenticator.clone({ epoch: t.clock.now().getTime() }).generate(totpSecret);
      const mobile = await call('mobile sign-in', { method: 'POST', url: '/api/auth/sign-in', payload: { email, password, totp_code: code2, client: 'mobile' } });
      const mobileToken = mobile.json().token as string;
      secrets.push({ name: 'mobile token', value: mobileToken, createdBy: 'mobile sign-in' });
      await call('wrong sign-in', { method: 'POST', url: '/api/auth/sign-in', payload: { email, password: `${password}!`, totp_code: code2 } });

      await call('email change', { method: 'POST', url: '/api/me/email', ...d, payload: { email: `new-${email}` } });
      const mailed = /\b(\d{6})\b/.exec(smtp.mails.at(-1)!.text)![1]!;
      secrets.push({ name: 'mailed code', value: mailed, createdBy: '(mail only)' });
      await call('email verify', { method: 'POST', url: '/api/me/email/verify', ...d, payload: { code: mailed } });

      const dc = await call('device code', { method: 'POST', url: '/api/auth/device/code', payload: { client_name: 'agent' } });
      secrets.push({ name: 'device code', value: dc.json().device_code, createdBy: 'device code' });
      await call('approve', { method: 'POST', url: '/api/me/device-grants', ...d, payload: { user_code: dc.json().user_code, approve: true } });
      const tok = await call('device token', { method: 'POST', url: '/api/auth/device/token', payload: { grant_type: 'urn:ietf:params:oauth:grant-type:device_code', device_code: dc.json().device_code } });
      secrets.push({ name: 'agent token', value: tok.json().access_token, createdBy: 'device token' });

      const mh = { authorization: `Bearer ${mobileToken}`, 'x-service-org': orgId };
      await call('me', { method: 'GET', url: '/api/me', headers: mh });
      await call('sessions', { method: 'GET', url: '/api/me/sessions', headers: mh });
      await call('bootstrap', { method: 'POST', url: '/api/bootstrap', headers: mh, payload: { platform: 'ios', app_version: '1', time_zone: 'UTC', locale: 'en' } });
      await call('sign-out', { method: 'POST', url: '/api/auth/sign-out', headers: mh });

      const audit = JSON.stringify(await t.container.db.selectFrom('audit_log').selectAll().execute());
      const stored = JSON.stringify([
        await t.container.db.selectFrom('sessions').selectAll().execute(),
        await t.container.db.selectFrom('recovery_codes').selectAll().execute(),
        await t.container.db.selectFrom('email_changes').selectAll().execute(),
        await t.container.db.selectFrom('device_grants').selectAll().execute(),
        await t.container.db.selectFrom('users').selectAll().execute(),
      ]);
      const logs = t.logs.join('\n');
      const leaks: string[] = [];
      for (const s of secrets) {
        if (logs.includes(s.value)) leaks.push(`${s.name} in logs`);
        if (audit.includes(s.value)) leaks.push(`${s.name} in audit log`);
        if (s.name !== 'mailed code' && stored.includes(s.value)) leaks.push(`${s.name} stored in clear`);
        for (const r of responses) {
          if (r.label === s.createdBy) continue;
          // The dashboard cookie and its CSRF value travel in Set-Cookie of the creating response only.
          if (r.body.includes(s.value) || r.headers.includes(s.value)) leaks.push(`${s.name} in the response of ${r.label}`);
        }
      }
      expect(leaks).toEqual([]);
      expect(responses.find((r) => r.label === 'wrong sign-in')!.body).toContain('wrong');
    });
  });
}
