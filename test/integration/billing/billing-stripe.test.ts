import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, bootstrapTenant, buildTestApp, type Tenant, type TestApp } from '../../helpers/app.ts';
import { addMember } from '../../helpers/add-member.ts';
import { type FakeStripe, startFakeStripe } from '../../helpers/fake-stripe.ts';
import { ManualClock } from '../../../src/lib/clock.ts';

const SECRET_KEY = 'sk_test_51KlaxonFakeSecretKey000000000000';
const WEBHOOK_SECRET = 'whsec_klaxonTestSigningSecret0000000000';
const PRICES = { team: 'price_team_monthly', business: 'price_business_monthly' };

for (const dialect of DIALECTS) {
  describe(`${dialect}: billing through Stripe (a local server implementing the Stripe API parts used)`, () => {
    let t: TestApp;
    let stripe: FakeStripe;
    let tenant: Tenant;
    const clock = new ManualClock('2026-03-01T10:00:00.000Z');
    let sessionId: string;

    beforeAll(async () => {
      stripe = await startFakeStripe({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, prices: Object.values(PRICES), now: () => clock.now() });
      t = await buildTestApp({
        dialect,
        clock,
        env: { BILLING_PROVIDER: 'stripe', STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: stripe.url, STRIPE_PRICE_TEAM: PRICES.team, STRIPE_PRICE_BUSINESS: PRICES.business },
      });
      tenant = await bootstrapTenant(t, 'Paying Co');
    });
    afterAll(async () => {
      await t?.close();
      await stripe?.close();
    });

    const call = (method: 'GET' | 'POST', url: string, payload?: object, headers: Record<string, string> = tenant.headers) =>
      t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    const hook = (payload: string, signature: string | undefined = stripe.sign(payload)) =>
      t.app.inject({ method: 'POST', url: '/api/billing/stripe/webhook', headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) }, payload });
    const status = async () => (await call('GET', '/api/billing/status')).json();

    it('status says billing is on; a paid plan without a subscription points to checkout', async () => {
      expect(await status()).toMatchObject({ provider: 'stripe', billing_enabled: true, plan: 'free', has_subscription: false });
      const res = await call('POST', '/api/billing/plan', { plan: 'team' });
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toContain('POST /api/billing/checkout');
    });

    it('checkout creates the customer once and a subscription-mode session for the plan\'s price', async () => {
      const bad = await call('POST', '/api/billing/checkout', { plan: 'free' });
      expect(bad.statusCode).toBe(400);
      const res = await call('POST', '/api/billing/checkout', { plan: 'team' });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.id).toMatch(/^cs_/);
      expect(body.url).toBe(`https://checkout.stripe.test/c/pay/${body.id}`);
      sessionId = body.id;
      const create = stripe.requests.find((r) => r.path === '/v1/customers')!;
      expect(create.form).toMatchObject({ name: 'Paying Co', 'metadata[org_id]': tenant.orgId });
      const session = stripe.requests.find((r) => r.path === '/v1/checkout/sessions')!;
      expect(session.form).toMatchObject({
        mode: 'subscription', client_reference_id: tenant.orgId, 'line_items[0][price]': PRICES.team, 'line_items[0][quantity]': '1',
        'subscription_data[metadata][org_id]': tenant.orgId, 'subscription_data[metadata][plan]': 'team',
        success_url: 'http://klaxon.test/billing?checkout=success&session_id={CHECKOUT_SESSION_ID}', cancel_url: 'http://klaxon.test/billing?checkout=cancel',
      });
      const again = await call('POST', '/api/billing/checkout', { plan: 'business' });
      expect(again.statusCode).toBe(200);
      expect(stripe.requests.filter((r) => r.path === '/v1/customers')).toHaveLength(1);
      expect(stripe.requests.filter((r) => r.path === '/v1/checkout/sessions')[1]!.form.customer).toBe([...stripe.customers.keys()][0]);
    });

    it('refuses webhooks with a bad, missing or stale signature', async () => {
      const payload = stripe.event('customer.subscription.updated', { id: 'sub_x' });
      expect((await hook(payload, stripe.sign(payload, undefined, 'whsec_wrong'))).statusCode).toBe(400);
      const unsigned = await t.app.inject({ method: 'POST', url: '/api/billing/stripe/webhook', headers: { 'content-type': 'application/json' }, payload });
      expect(unsigned.statusCode).toBe(400);
      expect(unsigned.json().error.message).toContain('Stripe-Signature');
      const stale = await hook(payload, stripe.sign(payload, Math.floor(clock.now().getTime() / 1000) - 600));
      expect(stale.statusCode).toBe(400);
      expect(stale.json().error.message).toContain('tolerance');
      expect((await hook(payload.replace('sub_x', 'sub_y'), stripe.sign(payload))).statusCode).toBe(400);
      expect((await status()).plan).toBe('free');
    });

    it('a signed checkout.session.completed starts the subscription: plan, status and period from Stripe', async () => {
      clock.advance(5 * 60_000);
      const { session, subscription } = stripe.completeCheckout(sessionId);
      const res = await hook(stripe.event('checkout.session.completed', session));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ received: true, applied: true });
      expect(await status()).toMatchObject({
        plan: 'team', status: 'active', has_subscription: true, period_start: '2026-03-01T10:05:00.000Z', period_end: '2026-04-01T10:05:00.000Z',
      });
      expect(stripe.requests.some((r) => r.method === 'GET' && r.path === `/v1/subscriptions/${subscription.id}`)).toBe(true);
      const dup = await call('POST', '/api/billing/checkout', { plan: 'business' });
      expect(dup.statusCode).toBe(409);
    });

    it('a plan change updates the subscription item with prorations', async () => {
      const res = await call('POST', '/api/billing/plan', { plan: 'business' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ plan: 'business', limits: { seats: 200 } });
      const update = stripe.requests.filter((r) => r.method === 'POST' && r.path.startsWith('/v1/subscriptions/')).pop()!;
      expect(update.form).toMatchObject({ 'items[0][price]': PRICES.business, proration_behavior: 'create_prorations', 'metadata[plan]': 'business' });
      expect(update.form['items[0][id]']).toMatch(/^si_/);
    });

    it('subscription events: older ones never undo newer ones; past_due is shown; deletion returns to free', async () => {
      const sub = [...stripe.subscriptions.values()][0]!;
      const now = Math.floor(clock.now().getTime() / 1000);
      const pastDue = { ...sub, status: 'past_due' };
      expect((await hook(stripe.event('customer.subscription.updated', pastDue, now + 10))).json()).toEqual({ received: true, applied: true });
      expect(await status()).toMatchObject({ plan: 'business', status: 'past_due' });
      const older = { ...sub, status: 'active', items: { ...sub.items, data: [{ ...sub.items.data[0]!, price: { id: PRICES.team, object: 'price' as const } }] } };
      await hook(stripe.event('customer.subscription.updated', older, now + 5));
      expect(await status()).toMatchObject({ plan: 'business', status: 'past_due' });
      await hook(stripe.event('customer.subscription.deleted', { ...sub, status: 'canceled' }, now + 20));
      expect(await status()).toMatchObject({ plan: 'free', status: 'active', has_subscription: false, period_start: '2026-03-01T00:00:00.000Z' });
      expect((await hook(stripe.event('invoice.paid', { id: 'in_1' }))).json()).toEqual({ received: true, applied: false });
      const audit = await t.container.db.selectFrom('audit_log').select(['action', 'changes']).where('org_id', '=', tenant.orgId).where('action', '=', 'billing.plan_change').execute();
      expect(audit.map((a) => JSON.parse(a.changes).to)).toEqual(['team', 'business', 'free']);
    });

    it('the portal opens a session for the customer; a foreign return URL is 400; a Stripe outage is 503', async () => {
      const res = await call('POST', '/api/billing/portal', { return_url: 'http://klaxon.test/settings/billing' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\/bps_/);
      expect(stripe.requests.filter((r) => r.path === '/v1/billing_portal/sessions').pop()!.form.return_url).toBe('http://klaxon.test/settings/billing');
      const foreign = await call('POST', '/api/billing/portal', { return_url: 'https://evil.example/x' });
      expect(foreign.statusCode).toBe(400);
      expect(foreign.json().error.details[0].field).toBe('return_url');
      stripe.failNext(500);
      const down = await call('POST', '/api/billing/portal', {});
      expect(down.statusCode).toBe(503);
      expect(down.json().error.code).toBe('service_unavailable');
    });

    it('moving to free cancels the subscription at Stripe', async () => {
      const other = await bootstrapTenant(t, 'Leaving Co');
      const co = await call('POST', '/api/billing/checkout', { plan: 'team' }, other.headers);
      expect(co.statusCode).toBe(200);
      const { session, subscription } = stripe.completeCheckout(co.json().id);
      expect((await hook(stripe.event('checkout.session.completed', session))).json().applied).toBe(true);
      expect((await call('GET', '/api/billing/status', undefined, other.headers)).json()).toMatchObject({ plan: 'team', has_subscription: true });
      const res = await call('POST', '/api/billing/plan', { plan: 'free' }, other.headers);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ plan: 'free', has_subscription: false });
      expect(stripe.requests.some((r) => r.method === 'DELETE' && r.path === `/v1/subscriptions/${subscription.id}`)).toBe(true);
      expect(stripe.subscriptions.get(subscription.id)!.status).toBe('canceled');
    });

    it('billing changes need the owner; no key or signing secret reaches logs or answers', async () => {
      const admin = await addMember(t, tenant, 'admin');
      for (const url of ['/api/billing/checkout', '/api/billing/plan']) {
        expect((await call('POST', url, { plan: 'team' }, admin.headers)).statusCode).toBe(403);
      }
      expect((await call('POST', '/api/billing/portal', {}, admin.headers)).statusCode).toBe(403);
      const all = t.logs.join('\n');
      expect(all).not.toContain(SECRET_KEY);
      expect(all).not.toContain(WEBHOOK_SECRET);
      const audit = JSON.stringify(await t.container.db.selectFrom('audit_log').selectAll().execute());
      expect(audit).not.toContain(SECRET_KEY);
    });
  });
}
