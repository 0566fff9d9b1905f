import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, bootstrapTenant, buildTestApp, type Tenant, type TestApp } from '../../helpers/app.ts';
import { addMember } from '../../helpers/people.ts';
import { type FakeTwilio, startFakeTwilio } from '../../helpers/fake-twilio.ts';

const SID = 'ACtest00000000000000000000000000';
const AUTH = 'twilio-auth-token-secret-value';
const FROM = '+15005550006';

for (const dialect of DIALECTS) {
  describe(`${dialect}: phone numbers are verified by an SMS code before paging uses them`, () => {
    let t: TestApp;
    let twilio: FakeTwilio;
    let tenant: Tenant;
    let responder: Awaited<ReturnType<typeof addMember>>;
    let observer: Awaited<ReturnType<typeof addMember>>;

    beforeAll(async () => {
      twilio = await startFakeTwilio({ accountSid: SID, authToken: AUTH });
      t = await buildTestApp({ dialect, env: { TWILIO_BASE_URL: twilio.url, TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: AUTH, TWILIO_FROM: FROM } });
      tenant = await bootstrapTenant(t);
      responder = await addMember(t, tenant, 'responder');
      observer = await addMember(t, tenant, 'observer');
      // Codes go only from verified accounts to countries the organization allows (docs/adr/0705; phone-toll.test.ts).
      await t.container.db.updateTable('users').set({ email_verified_at: t.clock.now().toISOString() }).where('id', '=', responder.userId).execute();
      expect((await t.app.inject({ method: 'PATCH', url: '/api/org/settings', headers: tenant.headers, payload: { phone_countries: ['US'] } })).statusCode).toBe(200);
    });
    afterAll(async () => {
      await t?.close();
      await twilio?.close();
    });

    const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, headers: Record<string, string>, payload?: object) =>
      t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    const add = async (number: string, headers: Record<string, string> = responder.headers, extra: object = {}) => {
      const res = await call('POST', '/api/phone-numbers', headers, { number, ...extra });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { id: string; number: string; verified: boolean };
    };
    const lastCode = () => /\b(\d{6})\b/.exec(twilio.messages[twilio.messages.length - 1]!.body)![1]!;
    const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

    it('adds a number in E.164 (international, or national with a country), unverified', async () => {
      const a = await add('+1 415-555-2671', responder.headers, { label: 'mobile' });
      expect(a).toMatchObject({ number: '+14155552671', label: 'mobile', verified: false, verified_at: null, verification_pending: false, user_id: responder.userId });
      expect(a.id).toMatch(/^phn_/);
      const b = await add('(415) 555-2672', responder.headers, { country: 'US' });
      expect(b.number).toBe('+14155552672');
      const list = await call('GET', '/api/phone-numbers', responder.headers);
      expect(list.json().map((p: { number: string }) => p.number)).toEqual(['+14155552671', '+14155552672']);
    });

    it('refuses numbers that are not valid, naming the field, and a duplicate with 409', async () => {
      for (const number of ['12345', 'call me', '+1 415 000 0000', '+999 1234567']) {
        const res = await call('POST', '/api/phone-numbers', responder.headers, { number });
        expect(res.statusCode, number).toBe(400);
        expect(res.json().error.details[0].field).toBe('number');
      }
      const badCountry = await call('POST', '/api/phone-numbers', responder.headers, { number: '4155552671', country: 'ZZ' });
      expect(badCountry.statusCode).toBe(400);
      expect(badCountry.json().error.details[0].field).toBe('country');
      const dup = await call('POST', '/api/phone-numbers', responder.headers, { number: '+14155552671' });
      expect(dup.statusCode).toBe(409);
      expect(dup.json().error.code).toBe('conflict');
    });

    it('sends a code through the Twilio-compatible API; the code is never answered, stored, audited or logged', async () => {
      const [p] = (await call('GET', '/api/phone-numbers', responder.headers)).json();
      const before = twilio.messages.length;
      const res = await call('POST', `/api/phone-numbers/${p.id}/verify`, responder.headers);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ ok: true, id: p.id, expires_at: '2026-03-01T10:10:00.000Z', resend_after: '2026-03-01T10:01:00.000Z' });
      expect(twilio.messages).toHaveLength(before + 1);
      const sms = twilio.messages[before]!;
      expect(sms).toMatchObject({ to: '+14155552671', from: FROM });
      const code = lastCode();
      expect(res.body).not.toContain(code);
      const row = await t.container.db.selectFrom('phone_numbers').selectAll().where('id', '=', p.id).executeTakeFirstOrThrow();
      expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(row)).not.toContain(code);
      const audit = await t.container.db.selectFrom('audit_log').selectAll().where('target_id', '=', p.id).execute();
      expect(audit.map((a) => a.action)).toContain('phone_number.verification_sent');
      expect(JSON.stringify(audit)).not.toContain(code);
      expect(t.logs.join('\n')).not.toContain(code);
      expect(t.logs.join('\n')).not.toContain(AUTH);
      expect((await call('GET', '/api/phone-numbers', responder.headers)).json()[0].verification_pending).toBe(true);
    });

    it('limits sends per number: one a minute (429 with Retry-After)', async () => {
      const [p] = (await call('GET', '/api/phone-numbers', responder.headers)).json();
      t.clock.advance(20_000);
      const res = await call('POST', `/api/phone-numbers/${p.id}/verify`, responder.headers);
      expect(res.statusCode).toBe(429);
      expect(res.json().error.code).toBe('rate_limited');
      expect(res.headers['retry-after']).toBe('40');
    });

    it('a wrong code counts a try; the right one verifies, and only then is the number used for paging', async () => {
      const [p] = (await call('GET', '/api/phone-numbers', responder.headers)).json();
      const code = lastCode();
      expect(await t.container.services.phones.pageableNumbers(tenant.orgId, responder.userId)).toEqual([]);
      const wrong = await call('POST', `/api/phone-numbers/${p.id}/verify/confirm`, responder.headers, { code: wrongCode(code) });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error.message).toContain('4 tries left');
      const notSix = await call('POST', `/api/phone-numbers/${p.id}/verify/confirm`, responder.headers, { code: '12ab' });
      expect(notSix.statusCode).toBe(400);
      expect(notSix.json().error.details[0].field).toBe('code');
      const ok = await call('POST', `/api/phone-numbers/${p.id}/verify/confirm`, responder.headers, { code });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json()).toMatchObject({ id: p.id, verified: true, verified_at: t.clock.now().toISOString(), verification_pending: false });
      expect(await t.container.services.phones.pageableNumbers(tenant.orgId, responder.userId)).toEqual(['+14155552671']);
      const again = await call('POST', `/api/phone-numbers/${p.id}/verify`, responder.headers);
      expect(again.statusCode).toBe(409);
      const audit = await t.container.db.selectFrom('audit_log').select('action').where('target_id', '=', p.id).execute();
      expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['phone_number.verification_failed', 'phone_number.verify']));
    });

    it('changing the number drops its verification', async () => {
      const [p] = (await call('GET', '/api/phone-numbers', responder.headers)).json();
      const relabel = await call('PATCH', `/api/phone-numbers/${p.id}`, responder.headers, { label: 'work' });
      expect(relabel.json()).toMatchObject({ label: 'work', verified: true });
      const renumber = await call('PATCH', `/api/phone-numbers/${p.id}`, responder.headers, { number: '+44 20 7946 0018' });
      expect(renumber.statusCode, renumber.body).toBe(200);
      expect(renumber.json()).toMatchObject({ number: '+442079460018', verified: false, verified_at: null });
      expect(await t.container.services.phones.pageableNumbers(tenant.orgId, responder.userId)).toEqual([]);
      const clash = await call('PATCH', `/api/phone-numbers/${p.id}`, responder.headers, { number: '+14155552672' });
      expect(clash.statusCode).toBe(409);
      const bad = await call('PATCH', `/api/phone-numbers/${p.id}`, responder.headers, { number: '123' });
      expect(bad.statusCode).toBe(400);
    });

    it('a code expires after 10 minutes', async () => {
      const p = await add('+14155552673');
      expect((await call('POST', `/api/phone-numbers/${p.id}/verify`, responder.headers)).statusCode).toBe(200);
      const code = lastCode();
      t.clock.advance(10 * 60_000);
      const res = await call('POST', `/api/phone-numbers/${p.id}/verify/confirm`, responder.headers, { code });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toContain('expired');
      const none = await call('POST', `/api/phone-numbers/${p.id}/verify/confirm`, responder.headers, { code });
      expect(none.statusCode).toBe(409);
    });

    it('five wrong tries end the code: even the right one is then refused', async () => {
      const p = await add('+14155552674');
      expect((await call('POST', `/api/phone-numbers/${p.id}/verify`, responder.headers)).statusCode).toBe(200);
      const code = lastCode();
      for (let i = 1; i <= 5; i++) {
        const res = await call('POST', `/api/phone-numbers/${p.id}/verify/confirm`, responder.headers, { code: wrongCode(code) });
        expect(res.statusCode).toBe(400);
        if (i === 5) expect(res.json().error.message).toContain('last try');
      }
      const right = await call('POST', `/api/phone-numbers/${p.id}/verify/confirm`, responder.headers, { code });
      expect(right.statusCode).toBe(409);
      expect((await call('GET', '/api/phone-numbers', responder.headers)).json().find((x: { id: string }) => x.id === p.id).verified).toBe(false);
    });

    it('limits sends per number to five an hour, across people who add the same number', async () => {
      const p = await add('+14155552675');
      const other = await add('+14155552675', tenant.headers);
      for (let i = 0; i < 5; i++) {
        const res = await call('POST', `/api/phone-numbers/${i % 2 ? other.id : p.id}/verify`, i % 2 ? tenant.headers : responder.headers);
        expect(res.statusCode, `send ${i}`).toBe(200);
        t.clock.advance(61_000);
      }
      const sixth = await call('POST', `/api/phone-numbers/${p.id}/verify`, responder.headers);
      expect(sixth.statusCode).toBe(429);
      expect(sixth.json().error.message).toContain('last hour');
      expect(Number(sixth.headers['retry-after'])).toBe(3600 - 5 * 61);
      t.clock.advance(3600_000);
      expect((await call('POST', `/api/phone-numbers/${p.id}/verify`, responder.headers)).statusCode).toBe(200);
    });

    it('provider failures are reported: a refusal is 400 and frees the slot; an outage is 503', async () => {
      const p = await add('+14155552676');
      twilio.failNext(400, 21614, "'To' number is not a valid mobile number");
      const refused = await call('POST', `/api/phone-numbers/${p.id}/verify`, responder.headers);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.message).toContain('21614');
      twilio.failNext(500, 20500, 'Internal Server Error');
      const down = await call('POST', `/api/phone-numbers/${p.id}/verify`, responder.headers);
      expect(down.statusCode).toBe(503);
      expect(down.json().error.code).toBe('service_unavailable');
      expect(down.headers['retry-after']).toBe('60');
    });

    it('another person cannot see, change, verify or delete your number (404)', async () => {
      const [p] = (await call('GET', '/api/phone-numbers', responder.headers)).json();
      const theirs = (await call('GET', '/api/phone-numbers', tenant.headers)).json();
      expect(theirs.some((x: { id: string }) => x.id === p.id)).toBe(false);
      expect((await call('PATCH', `/api/phone-numbers/${p.id}`, tenant.headers, { label: 'x' })).statusCode).toBe(404);
      expect((await call('POST', `/api/phone-numbers/${p.id}/verify`, tenant.headers)).statusCode).toBe(404);
      expect((await call('POST', `/api/phone-numbers/${p.id}/verify/confirm`, tenant.headers, { code: '123456' })).statusCode).toBe(404);
      expect((await call('DELETE', `/api/phone-numbers/${p.id}`, tenant.headers)).statusCode).toBe(404);
    });

    it('an observer lists but cannot add', async () => {
      expect((await call('GET', '/api/phone-numbers', observer.headers)).statusCode).toBe(200);
      const res = await call('POST', '/api/phone-numbers', observer.headers, { number: '+14155552677' });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toContain('responder');
    });

    it('verification SMS are counted in the usage; with billing off (self-hosted) no plan allowance stops them', async () => {
      const usage = (await call('GET', '/api/org/usage', tenant.headers)).json();
      expect(usage.sms.used).toBeGreaterThan(0);
      expect(usage.sms.included).toBeNull();
      await t.container.db.updateTable('usage_counters').set({ sms_used: 50 }).where('org_id', '=', tenant.orgId).execute();
      const p = await add('+14155552678');
      const res = await call('POST', `/api/phone-numbers/${p.id}/verify`, responder.headers);
      expect(res.statusCode, res.body).toBe(200);
      expect((await call('GET', '/api/org/usage', tenant.headers)).json().sms.used).toBe(51);
    });

    it('deletes a number', async () => {
      const p = await add('+14155552679');
      const res = await call('DELETE', `/api/phone-numbers/${p.id}`, responder.headers);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true });
      expect((await call('DELETE', `/api/phone-numbers/${p.id}`, responder.headers)).statusCode).toBe(404);
    });
  });

  describe(`${dialect}: without an SMS provider`, () => {
    let t: TestApp;
    let tenant: Tenant;
    beforeAll(async () => {
      t = await buildTestApp({ dialect });
      tenant = await bootstrapTenant(t);
    });
    afterAll(async () => t?.close());

    it('verification answers 409 that SMS is not configured (never dropped)', async () => {
      const p = (await t.app.inject({ method: 'POST', url: '/api/phone-numbers', headers: tenant.headers, payload: { number: '+14155552671' } })).json();
      const res = await t.app.inject({ method: 'POST', url: `/api/phone-numbers/${p.id}/verify`, headers: tenant.headers });
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toContain('SMS is not configured');
      expect(res.json().error.message).toContain('TWILIO_ACCOUNT_SID');
    });
  });
}
