import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, bootstrapTenant, buildTestApp, TEST_SECRET_KEY, type Tenant, type TestApp } from '../../helpers/app.ts';
import { addMember } from '../../helpers/people.ts';
import { ConfigError, loadConfig } from '../../../src/config.ts';
import { hashPassword } from '../../../src/lib/password.ts';

const PASSWORD = 'correct horse battery';

describe('KLAXON_TRUSTED_PROXIES is read by src/config.ts', () => {
  const load = (v: string) => loadConfig({ KLAXON_SECRET_KEY: TEST_SECRET_KEY, KLAXON_TRUSTED_PROXIES: v }, { readDotEnv: false, generateSecret: false });
  it('takes IPs, CIDR ranges and named ranges; anything else stops start-up naming the variable', () => {
    expect(load('').trustedProxies).toEqual([]);
    expect(load('10.0.0.1, 192.168.0.0/16,loopback,fd00::/8').trustedProxies).toEqual(['10.0.0.1', '192.168.0.0/16', 'loopback', 'fd00::/8']);
    for (const bad of ['proxy.example.com', '10.0.0.0/33', '10.0.0.1/8/1', '*']) {
      expect(() => load(bad)).toThrow(ConfigError);
      expect(() => load(bad)).toThrow(/KLAXON_TRUSTED_PROXIES/);
    }
  });
});

// Issue 19 item 4: 55 failed sign-ins on made-up emails from one address made a real user's right
// password answer 429 for 15 minutes, and 5 wrong passwords locked an account even for its owner.
// Failures now slow down their own (account, address) pair with growing delays (docs/adr/0534).
for (const dialect of DIALECTS) {
  describe(`${dialect}: sign-in throttling cannot lock anyone out`, () => {
    let t: TestApp;
    let tenant: Tenant;
    let passwordHash: string;
    beforeAll(async () => {
      t = await buildTestApp({ dialect });
      tenant = await bootstrapTenant(t);
      passwordHash = await hashPassword(PASSWORD);
    });
    afterAll(async () => t?.close());

    const signIn = (email: string, password: string, from = '127.0.0.1', headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password }, remoteAddress: from, headers });

    it('55 failures on made-up emails from one address do not stop a real user there', async () => {
      const real = await addMember(t, tenant, 'responder', { passwordHash });
      for (let i = 0; i < 55; i++) expect((await signIn(`made-up-${i}@example.com`, 'guess guess', '203.0.113.10')).statusCode).toBe(401);
      expect((await signIn(real.email, PASSWORD, '203.0.113.10')).statusCode).toBe(200);
    });

    it('wrong passwords slow down the guesser\'s address only, with growing delays; the owner elsewhere signs in at once', async () => {
      const victim = await addMember(t, tenant, 'responder', { passwordHash });
      const attacker = '198.51.100.66';
      for (let i = 0; i < 5; i++) expect((await signIn(victim.email, `wrong ${i} password`, attacker)).statusCode).toBe(401);
      // The owner, from another address, is not held back at all.
      expect((await signIn(victim.email, PASSWORD, '192.0.2.20')).statusCode).toBe(200);
      const waits: number[] = [];
      for (let i = 0; i < 4; i++) {
        const held = await signIn(victim.email, 'another guess', attacker);
        expect(held.statusCode).toBe(429);
        expect(held.json().error.message).toContain('POST /api/auth/password-reset');
        waits.push(Number(held.headers['retry-after']));
        t.clock.advance(waits.at(-1)! * 1000);
        expect((await signIn(victim.email, 'another guess', attacker)).statusCode).toBe(401);
      }
      expect(waits).toEqual([1, 2, 4, 8]);
      // Even the right password waits out the delay at that address (a guesser learns nothing early).
      expect((await signIn(victim.email, PASSWORD, attacker)).statusCode).toBe(429);
      t.clock.advance(16_000);
      expect((await signIn(victim.email, PASSWORD, attacker)).statusCode).toBe(200);
    });

    it('one address guessing at many accounts: past 100 failures in 15 minutes it waits, at most a minute', async () => {
      const sprayer = '198.51.100.99';
      for (let i = 0; i < 100; i++) await signIn(`spray-${i}@example.com`, 'Summer2026!', sprayer);
      const held = await signIn('spray-x@example.com', 'Summer2026!', sprayer);
      expect(held.statusCode).toBe(429);
      expect(Number(held.headers['retry-after'])).toBeLessThanOrEqual(60);
    });

    it('X-Forwarded-For is ignored unless the request comes from a trusted proxy: rotating it does not escape the delay', async () => {
      const victim = await addMember(t, tenant, 'responder', { passwordHash });
      for (let i = 0; i < 5; i++) {
        expect((await signIn(victim.email, `wrong ${i} password`, '198.51.100.70', { 'x-forwarded-for': `10.9.8.${i}` })).statusCode).toBe(401);
      }
      expect((await signIn(victim.email, 'wrong again', '198.51.100.70', { 'x-forwarded-for': '10.9.8.200' })).statusCode).toBe(429);
    });
  });

  describe(`${dialect}: behind a trusted proxy (KLAXON_TRUSTED_PROXIES)`, () => {
    let t: TestApp;
    afterAll(async () => t?.close());
    it('the client address comes from X-Forwarded-For: a guesser behind the proxy does not hold back the owner behind it', async () => {
      t = await buildTestApp({ dialect, env: { KLAXON_TRUSTED_PROXIES: '10.0.0.2' } });
      const tenant = await bootstrapTenant(t);
      const victim = await addMember(t, tenant, 'responder', { passwordHash: await hashPassword(PASSWORD) });
      const via = (client: string, password: string) =>
        t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: victim.email, password }, remoteAddress: '10.0.0.2', headers: { 'x-forwarded-for': client } });
      for (let i = 0; i < 5; i++) expect((await via('203.0.113.5', `wrong ${i} password`)).statusCode).toBe(401);
      expect((await via('203.0.113.5', 'wrong again')).statusCode).toBe(429);
      const owner = await via('198.51.100.8', PASSWORD);
      expect(owner.statusCode).toBe(200);
      const audit = await t.container.db.selectFrom('audit_log').select(['action', 'ip']).where('target_id', '=', owner.json().session_id).execute();
      expect(audit).toEqual([{ action: 'auth.sign_in', ip: '198.51.100.8' }]);
    });
  });
}
