import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, bootstrapTenant, buildTestApp, createService, type Tenant, type TestApp } from '../../helpers/app.ts';
import { PAID_BILLING_ENV } from '../../helpers/billing.ts';
import { addMember } from '../../helpers/people.ts';

const OFF = /Billing is off on this server \(BILLING_PROVIDER=none/;

for (const dialect of DIALECTS) {
  describe(`${dialect}: billing off (BILLING_PROVIDER=none, self-hosted): no plan limit applies`, () => {
    let t: TestApp;
    let tenant: Tenant;
    let observer: Awaited<ReturnType<typeof addMember>>;

    beforeAll(async () => {
      t = await buildTestApp({ dialect });
      tenant = await bootstrapTenant(t);
      await addMember(t, tenant, 'admin');
      observer = await addMember(t, tenant, 'observer');
    });
    afterAll(async () => t?.close());

    const call = (method: 'GET' | 'POST', url: string, headers: Record<string, string> = tenant.headers, payload?: object) =>
      t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

    it('status says billing is off and why, with no limits; any member may read it', async () => {
      const res = await call('GET', '/api/billing/status');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        provider: 'none', billing_enabled: false, message: expect.stringMatching(OFF), has_subscription: false,
        limits: { seats: null, sms: null, voice_minutes: null },
      });
      expect((await call('GET', '/api/billing/status', observer.headers)).statusCode).toBe(200);
      const boot = await call('POST', '/api/bootstrap', tenant.headers, { platform: 'web', app_version: '1', time_zone: 'UTC', locale: 'en' });
      expect(boot.json().entitlements).toMatchObject({ seats: null, sms: null, voice_minutes: null, billing_enabled: false });
    });

    it('usage is counted and shown without limits', async () => {
      const svc = await createService(t, tenant);
      expect((await t.app.inject({ method: 'POST', url: svc.ingestPath, payload: { title: 'Disk full' } })).statusCode).toBe(202);
      await t.container.services.billing.consume(tenant.orgId, 'voice_minutes', 3);
      const res = await call('GET', '/api/org/usage', observer.headers);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        plan: 'free', period_start: '2026-03-01T00:00:00.000Z', period_end: '2026-04-01T00:00:00.000Z',
        seats: { used: 3, limit: null }, sms: { used: 0, included: null }, voice_minutes: { used: 3, included: null }, alerts: { count: 1 },
      });
    });

    it('SMS and voice past what any plan includes are not refused', async () => {
      const billing = t.container.services.billing;
      await billing.consume(tenant.orgId, 'sms', 20_000);
      await billing.consume(tenant.orgId, 'voice_minutes', 9_000);
      await expect(billing.consume(tenant.orgId, 'sms', 1)).resolves.toMatchObject({ periodStart: '2026-03-01T00:00:00.000Z' });
      expect((await call('GET', '/api/org/usage')).json()).toMatchObject({ sms: { used: 20_001, included: null }, voice_minutes: { used: 9_003, included: null } });
    });

    it('seats: an organization may grow past the free plan\'s 5 through invitations', async () => {
      const other = await bootstrapTenant(t, 'Growing');
      for (let i = 0; i < 6; i++) await addMember(t, other, 'responder'); // 7 members
      await expect(t.container.services.billing.assertCanAddSeat(other.orgId, { adding: 500 })).resolves.toBeUndefined();
      const inv = await call('POST', '/api/org/invitations', other.headers, { email: 'eighth@example.com', role: 'observer' });
      expect(inv.statusCode, inv.body).toBe(200);
      const eighth = await addMember(t, { orgId: (await bootstrapTenant(t, 'Eighth home')).orgId }, 'owner', { email: 'eighth@example.com' });
      await t.container.db.updateTable('users').set({ email_verified_at: t.clock.now().toISOString() }).where('id', '=', eighth.userId).execute();
      const token = new URL(inv.json().invitation_url).searchParams.get('token');
      const accepted = await call('POST', '/api/invitations/accept', eighth.headers, { token });
      expect(accepted.statusCode, accepted.body).toBe(200);
      expect((await call('GET', '/api/org/usage', other.headers)).json().seats).toEqual({ used: 8, limit: null });
    });

    it('plan, preview, checkout, portal and the Stripe webhook answer 409: billing is off', async () => {
      for (const [url, body] of [['/api/billing/plan', { plan: 'team' }], ['/api/billing/plan/preview', { plan: 'team' }], ['/api/billing/checkout', { plan: 'team' }], ['/api/billing/portal', {}]] as const) {
        const res = await call('POST', url, tenant.headers, body);
        expect(res.statusCode, url).toBe(409);
        expect(res.json().error.message).toMatch(OFF);
      }
      const hook = await t.app.inject({ method: 'POST', url: '/api/billing/stripe/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' }, payload: '{}' });
      expect(hook.statusCode).toBe(409);
      expect((await call('GET', '/api/billing/status')).json().plan).toBe('free');
    });

    it('billing and usage are dashboard routes: a mobile-app credential gets 403, while devices accept it', async () => {
      // A stand-in for the mobile-app session resolver of branch `people` (audience I).
      t.container.resolvers.unshift(async (_req, bearer) => (bearer === 'mobile-test-session' ? { userId: tenant.userId, credentialId: 'ses_test', audience: 'I' } : undefined));
      const mobile = { authorization: 'Bearer mobile-test-session', 'x-service-org': tenant.orgId };
      for (const url of ['/api/billing/status', '/api/org/usage']) {
        const res = await call('GET', url, mobile);
        expect(res.statusCode, url).toBe(403);
        expect(res.json().error.message).toContain('dashboard only');
      }
      expect((await call('POST', '/api/billing/plan/preview', mobile, { plan: 'team' })).statusCode).toBe(403);
      expect((await call('GET', '/api/devices', mobile)).statusCode).toBe(200);
      expect((await call('GET', '/api/phone-numbers', mobile)).statusCode).toBe(200);
      t.container.resolvers.shift();
    });

    it('the routes need a credential and the organization header', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/api/billing/status' })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'GET', url: '/api/org/usage', headers: { authorization: tenant.headers.authorization! } })).statusCode).toBe(403);
    });
  });

  describe(`${dialect}: plans and their limits where billing is on`, () => {
    let t: TestApp;
    let tenant: Tenant;
    let admin: Awaited<ReturnType<typeof addMember>>;

    beforeAll(async () => {
      t = await buildTestApp({ dialect, env: PAID_BILLING_ENV });
      tenant = await bootstrapTenant(t);
      admin = await addMember(t, tenant, 'admin');
      await addMember(t, tenant, 'observer');
    });
    afterAll(async () => t?.close());

    const call = (method: 'GET' | 'POST', url: string, headers: Record<string, string> = tenant.headers, payload?: object) =>
      t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    /** What a Stripe subscription would set; no Stripe call needed to test the limits. */
    const setPlan = (orgId: string, plan: 'free' | 'team' | 'business') => t.container.db.updateTable('org_billing').set({ plan }).where('org_id', '=', orgId).execute();

    it('status: the free plan, its limits and the calendar-month period', async () => {
      const res = await call('GET', '/api/billing/status');
      expect(res.json()).toMatchObject({
        provider: 'stripe', billing_enabled: true, plan: 'free', plan_name: 'Free', status: 'active', price_cents: 0, currency: 'usd',
        period_start: '2026-03-01T00:00:00.000Z', period_end: '2026-04-01T00:00:00.000Z', limits: { seats: 5, sms: 50, voice_minutes: 20 },
      });
      expect(res.json().message).toBeUndefined();
      expect(res.json().plans.map((p: { id: string }) => p.id)).toEqual(['free', 'team', 'business']);
    });

    it('voice minutes past the allowance: 403 naming the limit and the plan that lifts it', async () => {
      await t.container.services.billing.consume(tenant.orgId, 'voice_minutes', 20);
      const err = await t.container.services.billing.consume(tenant.orgId, 'voice_minutes', 1).catch((e: unknown) => e);
      expect(err).toMatchObject({
        code: 'forbidden',
        message: 'The Free plan includes 20 voice minutes per billing period and 20 are used. The Team plan (team) includes 500; an owner can change the plan with POST /api/billing/plan.',
      });
    });

    it('SMS allowance holds under concurrent senders: exactly the rest is granted', async () => {
      const billing = t.container.services.billing;
      await billing.consume(tenant.orgId, 'sms', 45);
      const results = await Promise.allSettled(Array.from({ length: 10 }, () => billing.consume(tenant.orgId, 'sms', 1)));
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
      expect(results.filter((r) => r.status === 'rejected')).toHaveLength(5);
      expect((await call('GET', '/api/org/usage')).json().sms).toEqual({ used: 50, included: 50 });
    });

    it('preview: exact prorated amounts for the rest of the period; owner only', async () => {
      // 2026-03-01T10:00Z: 2,642,400 of 2,678,400 seconds left; 4900 × 2642400 / 2678400 = 4834.14.
      const res = await call('POST', '/api/billing/plan/preview', tenant.headers, { plan: 'team' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        current_plan: 'free', new_plan: 'team', currency: 'usd', period_start: '2026-03-01T00:00:00.000Z', period_end: '2026-04-01T00:00:00.000Z',
        remaining_seconds: 2_642_400, period_seconds: 2_678_400, credit_cents: 0, charge_cents: 4834, amount_due_cents: 4834,
      });
      expect((await call('POST', '/api/billing/plan/preview', admin.headers, { plan: 'team' })).statusCode).toBe(403);
      const bad = await call('POST', '/api/billing/plan', tenant.headers, { plan: 'enterprise' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.details[0]).toEqual({ field: 'plan', message: 'must be one of free, team, business' });
      t.clock.set('2026-03-16T00:00:00.000Z'); // 16 of 31 days left: 4900 × 16/31 = 2529.03
      expect((await call('POST', '/api/billing/plan/preview', tenant.headers, { plan: 'team' })).json()).toMatchObject({ charge_cents: 2529, credit_cents: 0, amount_due_cents: 2529 });
      await setPlan(tenant.orgId, 'team');
      // From team to business, half-way through: credit 2529, charge 19900 × 16/31 = 10270.97.
      expect((await call('POST', '/api/billing/plan/preview', tenant.headers, { plan: 'business' })).json()).toMatchObject({ credit_cents: 2529, charge_cents: 10271, amount_due_cents: 7742 });
    });

    it('seats: assertCanAddSeat refuses past the plan, and a downgrade that leaves too many members is 409', async () => {
      const billing = t.container.services.billing;
      for (let i = 0; i < 3; i++) await addMember(t, tenant, 'responder'); // 6 members on team (25)
      await expect(billing.assertCanAddSeat(tenant.orgId)).resolves.toBeUndefined();
      const down = await call('POST', '/api/billing/plan', tenant.headers, { plan: 'free' });
      expect(down.statusCode).toBe(409);
      expect(down.json().error.message).toBe('The Free plan includes 5 seats and the organization has 6 members; remove 1 member(s) first.');
      await expect(billing.assertCanAddSeat(tenant.orgId, { adding: 20 })).rejects.toMatchObject({
        code: 'forbidden',
        message: 'The Team plan includes 25 seats and 6 are used. The Business plan (business) includes 200; an owner can change the plan with POST /api/billing/plan.',
      });
    });

    it('on the free plan the sixth seat is refused with a 403 naming Team', async () => {
      const other = await bootstrapTenant(t, 'Small');
      for (let i = 0; i < 4; i++) await addMember(t, other, 'responder');
      const err = await t.container.services.billing.assertCanAddSeat(other.orgId).catch((e: unknown) => e);
      expect(err).toMatchObject({ code: 'forbidden', status: 403 });
      expect((err as Error).message).toBe('The Free plan includes 5 seats and 5 are used. The Team plan (team) includes 25; an owner can change the plan with POST /api/billing/plan.');
    });

    it('a new period starts the counters again', async () => {
      t.clock.set('2026-04-02T08:00:00.000Z');
      const usage = (await call('GET', '/api/org/usage')).json();
      expect(usage).toMatchObject({ plan: 'team', period_start: '2026-04-01T00:00:00.000Z', period_end: '2026-05-01T00:00:00.000Z', voice_minutes: { used: 0, included: 500 }, sms: { used: 0, included: 1000 }, alerts: { count: 0 } });
    });
  });
}
