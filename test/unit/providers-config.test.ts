import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { SmsError, twilioSms } from '../../src/providers/sms.ts';
import { prorate, PLANS } from '../../src/modules/billing/index.ts';
import { toE164 } from '../../src/modules/phone/index.ts';

const base = { DATABASE_URL: 'sqlite:/tmp/x.db', KLAXON_SECRET_KEY: '0f'.repeat(32) };
const load = (env: Record<string, string>) => loadConfig({ ...base, ...env }, { readDotEnv: false, generateSecret: false });

describe('SMS and billing configuration', () => {
  it('SMS is off without Twilio settings, and needs all three when one is set', () => {
    expect(load({}).sms).toBeUndefined();
    expect(() => load({ TWILIO_ACCOUNT_SID: 'AC1' })).toThrow(/TWILIO_AUTH_TOKEN, TWILIO_FROM/);
    expect(() => load({ TWILIO_ACCOUNT_SID: 'AC1', TWILIO_AUTH_TOKEN: 'x', TWILIO_FROM: '+1', TWILIO_BASE_URL: 'ftp://x' })).toThrow(/TWILIO_BASE_URL must be an http\(s\) URL, got "ftp:\/\/x"/);
    expect(load({ TWILIO_ACCOUNT_SID: 'AC1', TWILIO_AUTH_TOKEN: 'x', TWILIO_FROM: '+1' }).sms).toEqual({ baseUrl: 'https://api.twilio.com', accountSid: 'AC1', authToken: 'x', from: '+1' });
  });

  it('billing defaults to none; stripe needs its key, a whsec_ secret and both prices', () => {
    expect(load({}).billing).toEqual({ provider: 'none' });
    expect(() => load({ BILLING_PROVIDER: 'paypal' })).toThrow(/BILLING_PROVIDER/);
    expect(() => load({ BILLING_PROVIDER: 'stripe' })).toThrow(/STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_TEAM, STRIPE_PRICE_BUSINESS/);
    const stripe = { BILLING_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'nope', STRIPE_PRICE_TEAM: 'p1', STRIPE_PRICE_BUSINESS: 'p2' };
    expect(() => load(stripe)).toThrow(/whsec_/);
    const cfg = load({ ...stripe, STRIPE_WEBHOOK_SECRET: 'whsec_1', STRIPE_API_BASE: 'http://127.0.0.1:12111' });
    expect(cfg.billing).toMatchObject({ provider: 'stripe', prices: { team: 'p1', business: 'p2' } });
    expect(cfg.billing.provider === 'stripe' && cfg.billing.apiBase.port).toBe('12111');
  });
});

describe('Twilio-compatible sender', () => {
  it('an unreachable provider is an "unavailable" SmsError without the message body', async () => {
    const srv = createServer();
    await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
    const port = (srv.address() as { port: number }).port;
    await new Promise<void>((r) => srv.close(() => r()));
    const sms = twilioSms({ baseUrl: `http://127.0.0.1:${port}`, accountSid: 'AC1', authToken: 't', from: '+15005550006' });
    const err = await sms.send('+14155552671', 'code 123456').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SmsError);
    expect((err as SmsError).kind).toBe('unavailable');
    expect((err as SmsError).message).not.toContain('123456');
  });
});

describe('plans', () => {
  it('prorates to the cent and never past the period', () => {
    const start = new Date('2026-02-01T00:00:00Z');
    const end = new Date('2026-03-01T00:00:00Z');
    expect(prorate(PLANS.free, PLANS.business, start, end, new Date('2026-02-15T00:00:00Z'))).toMatchObject({ charge_cents: 9950, credit_cents: 0, amount_due_cents: 9950 });
    expect(prorate(PLANS.team, PLANS.business, start, end, new Date('2026-01-15T00:00:00Z'))).toMatchObject({ credit_cents: 4900, charge_cents: 19900, amount_due_cents: 15000 });
    expect(prorate(PLANS.team, PLANS.free, start, end, new Date('2026-03-02T00:00:00Z'))).toMatchObject({ remaining_seconds: 0, amount_due_cents: 0 });
  });

  it('E.164 through libphonenumber-js', () => {
    expect(toE164('+49 30 12345678')).toBe('+493012345678');
    expect(toE164('030 12345678', 'de')).toBe('+493012345678');
    expect(() => toE164('030 12345678')).toThrow(/international form/);
  });
});

describe('single sign-on configuration (PRODUCT.md 13)', () => {
  const oidc = { KLAXON_OIDC_ISSUER: 'https://idp.example.com', KLAXON_OIDC_CLIENT_ID: 'klaxon', KLAXON_OIDC_CLIENT_SECRET: 's3cret', KLAXON_OIDC_NAME: 'Acme SSO' };

  it('off without its settings; all four of issuer, client id, client secret and name, or none', () => {
    expect(load({}).oidc).toBeUndefined();
    expect(() => load({ KLAXON_OIDC_ISSUER: 'https://idp.example.com' })).toThrow(/KLAXON_OIDC_CLIENT_ID, KLAXON_OIDC_CLIENT_SECRET, KLAXON_OIDC_NAME/);
    expect(() => load({ ...oidc, KLAXON_OIDC_ISSUER: 'http://idp.example.com' })).toThrow(ConfigError);
  });

  it('KLAXON_OIDC_SCOPES defaults to "openid email profile" and must include openid; KLAXON_OIDC_GROUPS_CLAIM defaults to groups', () => {
    expect(load(oidc).oidc).toMatchObject({ name: 'Acme SSO', scopes: 'openid email profile', groupsClaim: 'groups' });
    expect(load({ ...oidc, KLAXON_OIDC_SCOPES: ' openid  email groups ', KLAXON_OIDC_GROUPS_CLAIM: 'https://acme.example/roles' }).oidc).toMatchObject({ scopes: 'openid email groups', groupsClaim: 'https://acme.example/roles' });
    expect(() => load({ ...oidc, KLAXON_OIDC_SCOPES: 'email profile' })).toThrow(/KLAXON_OIDC_SCOPES must include openid/);
    expect(() => load({ ...oidc, KLAXON_OIDC_GROUPS_CLAIM: 'two words' })).toThrow(/KLAXON_OIDC_GROUPS_CLAIM must be a claim name/);
  });
});
