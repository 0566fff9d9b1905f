import Stripe from 'stripe';
import type { BillingConfig } from '../../config.ts';
import type { PlanId } from './plans.ts';

/** A subscription as Klaxon keeps it. */
export interface SubscriptionState {
  id: string;
  customerId: string;
  status: string;
  plan: PlanId | undefined;
  periodStart: string | undefined;
  periodEnd: string | undefined;
  orgId: string | undefined;
}

const isoOf = (unix: number | null | undefined) => (typeof unix === 'number' ? new Date(unix * 1000).toISOString() : undefined);

/**
 * The parts of Stripe that billing uses, through the official `stripe` package. `STRIPE_API_BASE`
 * sets host, port and protocol (tests point it at a local fake). No retries: callers answer 503.
 */
export function createStripeGateway(cfg: Extract<BillingConfig, { provider: 'stripe' }>) {
  const base = cfg.apiBase;
  const stripe = new Stripe(cfg.secretKey, {
    host: base.hostname,
    port: base.port ? Number(base.port) : base.protocol === 'https:' ? 443 : 80,
    protocol: base.protocol === 'http:' ? 'http' : 'https',
    maxNetworkRetries: 0,
    timeout: 15_000,
    telemetry: false,
  });
  const priceOf = (plan: Exclude<PlanId, 'free'>) => cfg.prices[plan];
  const planOfPrice = (price: string | undefined): PlanId | undefined =>
    price === cfg.prices.team ? 'team' : price === cfg.prices.business ? 'business' : undefined;

  const toState = (s: Stripe.Subscription): SubscriptionState => {
    const item = s.items?.data?.[0];
    const top = s as unknown as { current_period_start?: number; current_period_end?: number };
    const metaPlan = s.metadata?.plan;
    return {
      id: s.id,
      customerId: typeof s.customer === 'string' ? s.customer : s.customer.id,
      status: s.status,
      plan: planOfPrice(item?.price?.id) ?? (metaPlan === 'team' || metaPlan === 'business' ? metaPlan : undefined),
      periodStart: isoOf(item?.current_period_start ?? top.current_period_start),
      periodEnd: isoOf(item?.current_period_end ?? top.current_period_end),
      orgId: s.metadata?.org_id || undefined,
    };
  };

  return {
    priceOf,
    async createCustomer(input: { orgId: string; name: string }): Promise<string> {
      const c = await stripe.customers.create({ name: input.name, metadata: { org_id: input.orgId } });
      return c.id;
    },
    async createCheckout(input: { customerId: string; orgId: string; plan: Exclude<PlanId, 'free'>; successUrl: string; cancelUrl: string }) {
      const s = await stripe.checkout.sessions.create({
        mode: 'subscription',
        customer: input.customerId,
        client_reference_id: input.orgId,
        line_items: [{ price: priceOf(input.plan), quantity: 1 }],
        subscription_data: { metadata: { org_id: input.orgId, plan: input.plan } },
        metadata: { org_id: input.orgId, plan: input.plan },
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
      });
      return { id: s.id, url: s.url ?? '' };
    },
    async createPortal(input: { customerId: string; returnUrl: string }) {
      const s = await stripe.billingPortal.sessions.create({ customer: input.customerId, return_url: input.returnUrl });
      return { id: s.id, url: s.url };
    },
    async retrieveSubscription(id: string): Promise<SubscriptionState> {
      return toState(await stripe.subscriptions.retrieve(id));
    },
    /** Switches the subscription's one item to the plan's price, prorated by Stripe. */
    async changePlan(id: string, orgId: string, plan: Exclude<PlanId, 'free'>): Promise<SubscriptionState> {
      const current = await stripe.subscriptions.retrieve(id);
      const item = current.items.data[0];
      const s = await stripe.subscriptions.update(id, {
        items: [{ ...(item ? { id: item.id } : {}), price: priceOf(plan) }],
        proration_behavior: 'create_prorations',
        metadata: { org_id: orgId, plan },
      });
      return toState(s);
    },
    async cancel(id: string): Promise<SubscriptionState> {
      return toState(await stripe.subscriptions.cancel(id, { prorate: true }));
    },
    /** Verifies `Stripe-Signature` over the raw body; `nowMs` is the injected clock's time. */
    verifyEvent(raw: Buffer, signature: string, nowMs: number): Stripe.Event {
      return stripe.webhooks.constructEvent(raw, signature, cfg.webhookSecret, 300, undefined, nowMs);
    },
    toState,
  };
}
export type StripeGateway = ReturnType<typeof createStripeGateway>;
