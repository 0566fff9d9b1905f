import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, bootstrapTenant, buildTestApp, type Tenant, type TestApp } from '../../helpers/app.ts';
import { addMember, type Member } from '../../helpers/people.ts';
import { type FakeTwilio, startFakeTwilio } from '../../helpers/fake-twilio.ts';
import { newId } from '../../../src/lib/ids.ts';

// Issue 33 item 2 (toll fraud, docs/adr/0705): verification SMS and test pages go only from verified
// accounts to countries the organization allows (`phone_countries`, default the country of its first
// verified number, none before one); SMS and voice test pages keep the paging throttles and their own
// limits per person and organization.

const SID = 'ACtest00000000000000000000000000';
const AUTH = 'twilio-auth-token-secret-value';
const FROM = '+15005550006';
const MINUTE = 60_000;
const SATELLITE = '+881612345678'; // Iridium: a non-geographic calling code

for (const dialect of DIALECTS) {
  describe(`${dialect}: SMS and calls outside paging (verification codes, test pages) cannot be turned into toll fraud`, () => {
    let t: TestApp;
    let twilio: FakeTwilio;
    let tenant: Tenant;

    beforeAll(async () => {
      twilio = await startFakeTwilio({ accountSid: SID, authToken: AUTH, from: FROM });
      t = await buildTestApp({ dialect, env: { TWILIO_BASE_URL: twilio.url, TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: AUTH, TWILIO_FROM: FROM } });
      tenant = await bootstrapTenant(t);
    });
    afterAll(async () => {
      await t?.close();
      await twilio?.close();
    });

    const call = (method: 'GET' | 'POST' | 'PATCH', url: string, headers: Record<string, string>, payload?: object) =>
      t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    const verifyEmail = (m: Member) => t.container.db.updateTable('users').set({ email_verified_at: t.clock.now().toISOString() }).where('id', '=', m.userId).execute();
    /** A number already verified (as by an earlier code), straight into the store. */
    const verifiedNumber = async (m: { userId: string }, e164: string, orgId = tenant.orgId) => {
      const now = t.clock.now().toISOString();
      const id = newId('phn');
      await t.container.db.insertInto('phone_numbers').values({
        id, org_id: orgId, user_id: m.userId, e164, label: '', verified_at: now, code_hash: null, code_expires_at: null, code_attempts: 0, created_at: now, updated_at: now,
      } as never).execute();
      return id;
    };
    const add = async (m: Member, number: string) => {
      const r = await call('POST', '/api/phone-numbers', m.headers, { number });
      expect(r.statusCode, r.body).toBe(200);
      return r.json().id as string;
    };
    const sent = () => twilio.messages.length + twilio.calls.length;

    it('an unverified account sends no verification code and places no test page, on any channel', async () => {
      const m = await addMember(t, tenant, 'responder');
      const id = await add(m, '+14155550101');
      const before = sent();
      const code = await call('POST', `/api/phone-numbers/${id}/verify`, m.headers);
      expect(code.statusCode, code.body).toBe(409);
      expect(code.json().error.message).toContain('Verify your email address first');
      const phone = await verifiedNumber(m, '+14155550102');
      for (const body of [{ channel: 'sms', phone_number_id: phone }, { channel: 'voice', phone_number_id: phone }, { channel: 'email' }]) {
        const r = await call('POST', '/api/me/test-page', m.headers, body);
        expect(r.statusCode, JSON.stringify(body)).toBe(409);
        expect(r.json().error.message).toContain('Verify your email address first');
      }
      expect(sent()).toBe(before);
    });

    it('phone_countries: none before an admin sets it or a number is verified; then the first verified number\'s country; never a satellite number', async () => {
      // A fresh organization of its own (the shared one has numbers by now).
      const org = await bootstrapTenant(t, 'Fresh');
      const settings = (await call('GET', '/api/org/settings', org.headers)).json();
      expect(settings).toMatchObject({ phone_countries: null, phone_countries_allowed: [] });
      const m = await addMember(t, org, 'responder');
      await verifyEmail(m);
      const us = await add(m, '+14155550111');
      const before = sent();
      const none = await call('POST', `/api/phone-numbers/${us}/verify`, m.headers);
      expect(none.statusCode, none.body).toBe(409);
      expect(none.json().error.message).toContain('no country yet');
      expect(none.json().error.message).toContain('phone_countries');

      // Validation, and only an admin sets it.
      const bad = await call('PATCH', '/api/org/settings', org.headers, { phone_countries: ['US', 'ZZ'] });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.details).toEqual([{ field: 'phone_countries/1', message: expect.stringContaining('"ZZ" is not an ISO 3166-1 alpha-2 country') }]);
      expect((await call('PATCH', '/api/org/settings', m.headers, { phone_countries: ['US'] })).statusCode).toBe(403);
      const set = await call('PATCH', '/api/org/settings', org.headers, { phone_countries: ['us', 'US'] });
      expect(set.statusCode, set.body).toBe(200);
      expect(set.json()).toMatchObject({ phone_countries: ['US'], phone_countries_allowed: ['US'] });

      expect((await call('POST', `/api/phone-numbers/${us}/verify`, m.headers)).statusCode).toBe(200);
      const code = /\b(\d{6})\b/.exec(twilio.messages.at(-1)!.body)![1]!;
      expect((await call('POST', `/api/phone-numbers/${us}/verify/confirm`, m.headers, { code })).statusCode).toBe(200);

      // A satellite number (+881: no country) is never allowed, even with a list; another country is not either.
      const sat = await add(m, SATELLITE);
      const r = await call('POST', `/api/phone-numbers/${sat}/verify`, m.headers);
      expect(r.statusCode, r.body).toBe(409);
      expect(r.json().error.message).toContain('belongs to no country');
      const gb = await add(m, '+442071838750');
      expect((await call('POST', `/api/phone-numbers/${gb}/verify`, m.headers)).statusCode).toBe(409);

      // Back to the default: the country of the first verified number (US here).
      const reset = await call('PATCH', '/api/org/settings', org.headers, { phone_countries: null });
      expect(reset.json()).toMatchObject({ phone_countries: null, phone_countries_allowed: ['US'] });
      expect((await call('POST', `/api/phone-numbers/${gb}/verify`, m.headers)).statusCode).toBe(409);
      const gbOk = await call('PATCH', '/api/org/settings', org.headers, { phone_countries: ['US', 'GB'] });
      expect(gbOk.json().phone_countries_allowed).toEqual(['US', 'GB']);
      expect((await call('POST', `/api/phone-numbers/${gb}/verify`, m.headers)).statusCode).toBe(200);
      expect(sent()).toBe(before + 2);
      const audit = await t.container.db.selectFrom('audit_log').select('changes').where('org_id', '=', org.orgId).where('action', '=', 'org_settings.update').execute();
      expect(audit.map((a) => JSON.parse(a.changes as string).phone_countries)).toEqual([['US'], null, ['US', 'GB']]);
    });

    it('a satellite number verified before these rules gets no test page, and is not the default country', async () => {
      const org = await bootstrapTenant(t, 'Orbit');
      const m = await addMember(t, org, 'responder');
      await verifyEmail(m);
      const sat = await verifiedNumber(m, SATELLITE, org.orgId);
      expect((await call('GET', '/api/org/settings', org.headers)).json().phone_countries_allowed).toEqual([]);
      const before = sent();
      for (const channel of ['sms', 'voice']) {
        const r = await call('POST', '/api/me/test-page', m.headers, { channel, phone_number_id: sat });
        expect(r.statusCode, r.body).toBe(409);
      }
      expect(sent()).toBe(before);
    });

    it('100 test calls at once place one call (the paging throttle: one a minute); the person\'s own limit stops the sixth of a day', async () => {
      const m = await addMember(t, tenant, 'responder');
      await verifyEmail(m);
      expect((await call('PATCH', '/api/org/settings', tenant.headers, { phone_countries: ['US'] })).statusCode).toBe(200);
      const phone = await verifiedNumber(m, '+14155550121');
      const calls = twilio.calls.length;
      const answers = await Promise.all(Array.from({ length: 100 }, () => call('POST', '/api/me/test-page', m.headers, { channel: 'voice', phone_number_id: phone })));
      const statuses = answers.map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      expect(statuses.filter((s) => s === 429)).toHaveLength(99);
      expect(twilio.calls.length - calls).toBe(1);
      const refused = answers.filter((r) => r.statusCode === 429);
      expect(refused.some((r) => r.json().error.message.includes('keep the paging throttle (at most 1 per minute by voice to one person)'))).toBe(true);
      for (const r of refused) expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);

      // Spread out so the paging throttle allows each (3 calls in 15 min, 7 an hour): five a day, then the test pages' own limit.
      for (let i = 2; i <= 5; i++) {
        t.clock.advance(20 * MINUTE);
        const r = await call('POST', '/api/me/test-page', m.headers, { channel: i % 2 ? 'voice' : 'sms', phone_number_id: phone });
        expect(r.statusCode, r.body).toBe(200);
      }
      t.clock.advance(20 * MINUTE);
      const sixth = await call('POST', '/api/me/test-page', m.headers, { channel: 'sms', phone_number_id: phone });
      expect(sixth.statusCode, sixth.body).toBe(429);
      expect(sixth.json().error.message).toContain('5 or more SMS and voice test pages today');
      expect(twilio.calls.length + twilio.messages.length - calls).toBeGreaterThanOrEqual(5);
      // Email and push test pages are not SMS or calls: the limits do not touch them.
      expect((await call('POST', '/api/me/test-page', m.headers, { channel: 'email' })).statusCode).not.toBe(429);
    });

    it('the organization\'s own limit of test pages a day counts every person', async () => {
      const m = await addMember(t, tenant, 'responder');
      await verifyEmail(m);
      const phone = await verifiedNumber(m, '+14155550131');
      const now = t.clock.now().toISOString();
      // 25 test pages of others today (as the throttle writes them).
      await t.container.db.insertInto('throttle_events').values(Array.from({ length: 25 }, () => ({ id: newId('thr'), action: 'test_page.org', subject: tenant.orgId, created_at: now }))).execute();
      const before = twilio.messages.length;
      const r = await call('POST', '/api/me/test-page', m.headers, { channel: 'sms', phone_number_id: phone });
      expect(r.statusCode, r.body).toBe(429);
      expect(r.json().error.message).toContain('This organization sent 25 or more');
      expect(twilio.messages.length).toBe(before);
    });
  });
}
