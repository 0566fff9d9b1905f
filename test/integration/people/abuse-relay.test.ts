import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTION_THROTTLES } from '../../../src/modules/throttle/index.ts';
import { DIALECTS, bootstrapTenant, buildTestApp, type Tenant, type TestApp } from '../../helpers/app.ts';
import { type FakeTwilio, startFakeTwilio } from '../../helpers/fake-twilio.ts';
import { addMember, addMember as addPerson, startSmtpCapture } from '../../helpers/people.ts';
import type { Role } from '../../../src/lib/actor.ts';

// Issue 19 item 7, sign-up as an abuse relay: "823 accounts with organizations in 15 s from one
// address; each new organization sent SMS codes to any number and 40 invitation mails to outside
// addresses with attacker-chosen text in the subject". Each attack is run as described; the
// throttles are docs/adr/0537's (per address, number, person, organization; 429 + Retry-After).

const PASSWORD = 'correct horse battery';
const HOUR = 3_600_000;
const SID = 'ACtest00000000000000000000000000';
const AUTH = 'twilio-auth-token-secret-value';
const FROM = '+15005550006';
const SPAM = 'WIN $1000 NOW at https://evil.example/claim';

for (const dialect of DIALECTS) {
  describe(`${dialect}: sign-up is throttled per client address (KLAXON_SIGNUP=open)`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp({ dialect, env: { KLAXON_SIGNUP: 'open', KLAXON_TRUSTED_PROXIES: '10.0.0.2' } });
    });
    afterAll(async () => t?.close());

    let n = 0;
    const signUp = (from: string, headers: Record<string, string> = {}, email = `flood-${n++}@example.com`) =>
      t.app.inject({ method: 'POST', url: '/api/auth/sign-up', remoteAddress: from, headers, payload: { email, password: PASSWORD, org_name: SPAM } });
    const orgs = async () => Number((await t.container.db.selectFrom('organizations').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

    it('a flood of sign-ups from one address creates the free few organizations; the rest get 429 with Retry-After and a clear message', async () => {
      const before = await orgs();
      const answers = await Promise.all(Array.from({ length: 40 }, () => signUp('203.0.113.66')));
      const codes = answers.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 200)).toHaveLength(ACTION_THROTTLES.signUpAddress.free);
      expect(codes.filter((c) => c === 429)).toHaveLength(40 - ACTION_THROTTLES.signUpAddress.free);
      expect(await orgs()).toBe(before + ACTION_THROTTLES.signUpAddress.free);
      const refused = answers.find((r) => r.statusCode === 429)!;
      expect(refused.json().error).toMatchObject({ code: 'rate_limited', message: expect.stringMatching(/Too many organizations were created from this address/) });
      // Racing attempts see each other's reservations, so a refused one may be told to wait longer.
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(60);
      const after = await signUp('203.0.113.66');
      expect(after.statusCode).toBe(429);
      expect(Number(after.headers['retry-after'])).toBe(60);
      // A header the client chooses does not give it a new address (no trusted proxy in between).
      expect((await signUp('203.0.113.66', { 'x-forwarded-for': '198.51.100.1' })).statusCode).toBe(429);
      // Someone at another address is not held back.
      expect((await signUp('198.51.100.77')).statusCode).toBe(200);
      // The delay grows: 1 min after the latest, then 2 min.
      t.clock.advance(60_000);
      expect((await signUp('203.0.113.66')).statusCode).toBe(200);
      const next = await signUp('203.0.113.66');
      expect(next.statusCode).toBe(429);
      expect(Number(next.headers['retry-after'])).toBe(120);
    });

    it('an attempt that fails (the address is taken) does not count', async () => {
      const taken = 'taken@example.com';
      expect((await signUp('203.0.113.80', {}, taken)).statusCode).toBe(200);
      for (let i = 0; i < 10; i++) expect((await signUp('203.0.113.80', {}, taken)).statusCode).toBe(409);
      for (let i = 1; i < ACTION_THROTTLES.signUpAddress.free; i++) expect((await signUp('203.0.113.80')).statusCode).toBe(200);
      expect((await signUp('203.0.113.80')).statusCode).toBe(429);
    });

    it('behind a trusted proxy the client address comes from X-Forwarded-For', async () => {
      for (let i = 0; i < ACTION_THROTTLES.signUpAddress.free; i++) expect((await signUp('10.0.0.2', { 'x-forwarded-for': '192.0.2.10' })).statusCode).toBe(200);
      expect((await signUp('10.0.0.2', { 'x-forwarded-for': '192.0.2.10' })).statusCode).toBe(429);
      expect((await signUp('10.0.0.2', { 'x-forwarded-for': '192.0.2.11' })).statusCode).toBe(200);
    });
  });

  describe(`${dialect}: SMS verification codes are throttled per number, person and organization`, () => {
    let t: TestApp;
    let twilio: FakeTwilio;
    let tenant: Tenant;
    beforeAll(async () => {
      twilio = await startFakeTwilio({ accountSid: SID, authToken: AUTH });
      t = await buildTestApp({ dialect, env: { TWILIO_BASE_URL: twilio.url, TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: AUTH, TWILIO_FROM: FROM } });
      tenant = await bootstrapTenant(t, SPAM);
      await allowUs(tenant);
    });
    afterAll(async () => {
      await t?.close();
      await twilio?.close();
    });

    // Codes go only from verified accounts to the organization's countries (docs/adr/0705; devices/phone-toll.test.ts).
    const allowUs = async (org: Tenant) => {
      expect((await t.app.inject({ method: 'PATCH', url: '/api/org/settings', headers: org.headers, payload: { phone_countries: ['US'] } })).statusCode).toBe(200);
    };
    const addMember = async (...args: Parameters<typeof addVerifiedMember>) => addVerifiedMember(...args);
    const addVerifiedMember = async (tt: TestApp, org: Pick<Tenant, 'orgId'>, role: Role) => {
      const m = await addPerson(tt, org, role);
      await tt.container.db.updateTable('users').set({ email_verified_at: tt.clock.now().toISOString() }).where('id', '=', m.userId).execute();
      return m;
    };
    let numbers = 0;
    const addNumber = async (headers: Record<string, string>, number = `+1415555${String(3000 + numbers++).padStart(4, '0')}`) => {
      const r = await t.app.inject({ method: 'POST', url: '/api/phone-numbers', headers, payload: { number } });
      expect(r.statusCode, r.body).toBe(200);
      return r.json().id as string;
    };
    const verify = (headers: Record<string, string>, id: string) => t.app.inject({ method: 'POST', url: `/api/phone-numbers/${id}/verify`, headers });
    const sentTo = (number: string) => twilio.messages.filter((m) => m.to === number).length;

    it('one person asking for codes to many numbers: 10 a day go out, then 429 naming the person', async () => {
      const eve = await addMember(t, tenant, 'responder');
      const before = twilio.messages.length;
      for (let i = 0; i < ACTION_THROTTLES.smsPersonDay.free; i++) {
        const r = await verify(eve.headers, await addNumber(eve.headers));
        expect(r.statusCode, r.body).toBe(200);
      }
      const refused = await verify(eve.headers, await addNumber(eve.headers));
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.message).toMatch(/You asked for too many verification codes today/);
      expect(Number(refused.headers['retry-after'])).toBe(3600);
      expect(twilio.messages.length).toBe(before + ACTION_THROTTLES.smsPersonDay.free);
    });

    it('one number: 10 codes a day even across people and after it is deleted and added again', async () => {
      const target = '+14155559999';
      const ann = await addMember(t, tenant, 'responder');
      let id = await addNumber(ann.headers, target);
      for (let i = 0; i < ACTION_THROTTLES.smsNumberDay.free; i++) {
        if (i > 0 && i % 5 === 0) t.clock.advance(HOUR + 1000); // the phone module's own 5 an hour
        else if (i > 0) t.clock.advance(61_000); // and 1 a minute
        if (i === 3) {
          // Deleting the number and adding it again does not start the count afresh.
          expect((await t.app.inject({ method: 'DELETE', url: `/api/phone-numbers/${id}`, headers: ann.headers })).statusCode).toBe(200);
          id = await addNumber(ann.headers, target);
        }
        const r = await verify(ann.headers, id);
        expect(r.statusCode, `send ${i}: ${r.body}`).toBe(200);
      }
      t.clock.advance(61_000);
      const bob = await addMember(t, tenant, 'responder');
      const refused = await verify(bob.headers, await addNumber(bob.headers, target));
      expect(refused.statusCode, refused.body).toBe(429);
      expect(refused.json().error.message).toMatch(/Too many verification codes were sent to this number today/);
      expect(sentTo(target)).toBe(ACTION_THROTTLES.smsNumberDay.free);
    });

    it('one organization: 50 codes a day over all its people, then 429 naming the organization', async () => {
      const org = await bootstrapTenant(t, 'Spammy');
      await allowUs(org);
      const before = twilio.messages.length;
      let sent = 0;
      let refused: Awaited<ReturnType<typeof verify>> | undefined;
      while (!refused) {
        const m = await addMember(t, org, 'responder');
        for (let i = 0; i < ACTION_THROTTLES.smsPersonDay.free && !refused; i++) {
          const r = await verify(m.headers, await addNumber(m.headers));
          if (r.statusCode === 200) sent++;
          else refused = r;
        }
      }
      expect(sent).toBe(ACTION_THROTTLES.smsOrgDay.free);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.message).toMatch(/This organization asked for too many SMS verification codes today/);
      expect(Number(refused.headers['retry-after'])).toBe(300);
      expect(twilio.messages.length).toBe(before + ACTION_THROTTLES.smsOrgDay.free);
    });
  });

  describe(`${dialect}: invitation mail is throttled per inviter and organization; the organization's name stays out of the subject`, () => {
    let t: TestApp;
    let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
    beforeAll(async () => {
      smtp = await startSmtpCapture();
      t = await buildTestApp({ dialect, env: { SMTP_URL: smtp.url } });
    });
    afterAll(async () => {
      await t?.close();
      await smtp?.close();
    });

    const invite = (who: { headers: Record<string, string> }, i: number, prefix: string) =>
      t.app.inject({ method: 'POST', url: '/api/org/invitations', headers: who.headers, payload: { email: `${prefix}-${i}@outside.example`, role: 'observer' } });

    it('40 invitations to outside addresses from a new organization: 20 are mailed, the rest get 429 with Retry-After', async () => {
      const spam = await bootstrapTenant(t, SPAM);
      const answers = [];
      for (let i = 0; i < 40; i++) answers.push(await invite(spam, i, 'victim'));
      const ok = answers.filter((r) => r.statusCode === 200);
      expect(ok).toHaveLength(ACTION_THROTTLES.inviterHour.free);
      const refused = answers.filter((r) => r.statusCode === 429);
      expect(refused).toHaveLength(40 - ACTION_THROTTLES.inviterHour.free);
      expect(refused[0]!.json().error).toMatchObject({ code: 'rate_limited', message: expect.stringMatching(/You sent 20 or more invitations in the last hour/) });
      expect(Number(refused[0]!.headers['retry-after'])).toBe(60);
      await t.container.runner.drain();
      const mails = smtp.mails.filter((m) => m.to.some((a) => a.startsWith('victim-')));
      expect(mails).toHaveLength(ACTION_THROTTLES.inviterHour.free);
      // The attacker's text is never the subject.
      for (const m of mails) {
        expect(m.subject).toBe('You are invited to an organization on Klaxon');
        expect(m.subject).not.toMatch(/WIN|evil/);
      }
      // Nor is it in the body: the mail carries no text an account chose (docs/adr/0713).
      for (const m of mails) expect(m.text).not.toMatch(/WIN|evil/);
    });

    it('another owner of the same organization is bounded by the organization\'s own limit', async () => {
      const org = await bootstrapTenant(t, 'Big onboarding');
      const second = await addMember(t, org, 'owner');
      let ok = 0;
      for (let i = 0; i < ACTION_THROTTLES.inviterHour.free; i++) if ((await invite(org, i, 'a')).statusCode === 200) ok++;
      let refused;
      for (let i = 0; i < ACTION_THROTTLES.inviterHour.free && !refused; i++) {
        const r = await invite(second, i, 'b');
        if (r.statusCode === 200) ok++;
        else refused = r;
      }
      expect(ok, refused?.body).toBe(ACTION_THROTTLES.orgHour.free);
      expect(refused!.statusCode).toBe(429);
      expect(refused!.json().error.message).toMatch(/This organization sent 30 or more invitations in the last hour/);
      // An hour later the organization may invite again.
      t.clock.advance(HOUR + 1000);
      expect((await invite(second, 99, 'b')).statusCode).toBe(200);
    });

    it('a refused invitation (already a member) does not count', async () => {
      const org = await bootstrapTenant(t, 'Small');
      const member = await addMember(t, org, 'responder');
      for (let i = 0; i < 30; i++) {
        const r = await t.app.inject({ method: 'POST', url: '/api/org/invitations', headers: org.headers, payload: { email: member.email, role: 'observer' } });
        expect(r.statusCode).toBe(409);
      }
      expect((await invite(org, 0, 'c')).statusCode).toBe(200);
    });
  });
}
