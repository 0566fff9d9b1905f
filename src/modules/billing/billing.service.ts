import type { Kysely } from 'kysely';
import type Stripe from 'stripe';
import type { Database } from '../../db/database.ts';
import type { UserActor } from '../../lib/actor.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, conflict, forbidden, invalid } from '../../lib/errors.ts';
import { recordAudit, type RequestMeta } from '../audit/index.ts';
import * as repo from './billing.repository.ts';
import { periodHours, usageRepository } from '../usage/index.ts';
import type { OrgBillingRow } from './billing.table.ts';
import { CURRENCY, type LimitName, PLAN_IDS, PLANS, type PlanId, limitMessage, monthOf, prorate, rollForward } from './plans.ts';
import type { StripeGateway, SubscriptionState } from './stripe.gateway.ts';

const LIVE_STATUSES = ['active', 'trialing', 'past_due', 'incomplete', 'unpaid'];
const METER: Record<Exclude<LimitName, 'seats'>, repo.Meter> = { sms: 'sms_used', voice_minutes: 'voice_minutes_used' };

/** Said by every billing route that would buy or change something while billing is off. */
export const BILLING_OFF_MESSAGE =
  'Billing is off on this server (BILLING_PROVIDER=none, self-hosted): no plan or plan limit applies (seats, SMS, voice minutes), so there is nothing to buy or change.';
const billingOff = () => conflict(BILLING_OFF_MESSAGE);

/** Maps a Stripe failure to a 503 without its message (which can echo request data). */
async function viaStripe<T>(what: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof AppError) throw e;
    const type = (e as { type?: string }).type ?? 'error';
    throw new AppError('service_unavailable', `Stripe could not ${what} (${type}); retry shortly.`, { retryAfterSeconds: 5 });
  }
}

export function createBillingService(deps: { db: Kysely<Database>; clock: Clock; publicUrl: string; stripe?: StripeGateway | undefined }) {
  const { db, clock, stripe } = deps;
  const provider = stripe ? 'stripe' : 'none';
  /** Plan limits apply only where plans are sold: self-hosted (none) is unlimited (issue 18 item 5). */
  const limitsApply = provider !== 'none';

  /** The organization's billing row with a period that holds now (stale periods roll forward by months). */
  async function current(q: Kysely<Database>, orgId: string): Promise<OrgBillingRow> {
    const now = clock.now();
    const month = monthOf(now);
    let row = await repo.ensureBilling(q, orgId, { periodStart: month.start.toISOString(), periodEnd: month.end.toISOString(), now: now.toISOString() });
    if (now.getTime() >= new Date(row.period_end).getTime()) {
      const p = rollForward(new Date(row.period_start), new Date(row.period_end), now);
      const set = { period_start: p.start.toISOString(), period_end: p.end.toISOString() };
      await repo.updateBilling(q, orgId, set);
      row = { ...row, ...set };
    }
    return row;
  }

  const statusOf = (row: OrgBillingRow) => {
    const plan = PLANS[row.plan];
    return {
      provider,
      billing_enabled: limitsApply,
      ...(limitsApply ? {} : { message: BILLING_OFF_MESSAGE }),
      plan: row.plan,
      plan_name: plan.name,
      status: row.status,
      price_cents: plan.price_cents,
      currency: CURRENCY,
      period_start: row.period_start,
      period_end: row.period_end,
      has_subscription: row.stripe_subscription_id !== null,
      limits: limitsApply ? { seats: plan.seats, sms: plan.sms, voice_minutes: plan.voice_minutes } : { seats: null, sms: null, voice_minutes: null },
      plans: PLAN_IDS.map((id) => ({ ...PLANS[id] })),
    };
  };

  /** Refuses a downgrade that leaves more members than the new plan's seats. */
  async function assertSeatsFit(orgId: string, to: PlanId) {
    const seats = await repo.countSeats(db, orgId);
    if (seats > PLANS[to].seats) {
      throw conflict(`The ${PLANS[to].name} plan includes ${PLANS[to].seats} seats and the organization has ${seats} members; remove ${seats - PLANS[to].seats} member(s) first.`);
    }
  }

  /** Writes a subscription's state to the organization, unless a newer Stripe event already did. */
  async function applySubscription(orgId: string, s: SubscriptionState, eventCreated: number | undefined) {
    const now = clock.now();
    return db.transaction().execute(async (trx) => {
      const row = await current(trx, orgId);
      if (eventCreated !== undefined && row.stripe_event_created !== null && Number(row.stripe_event_created) > eventCreated) return row;
      const live = LIVE_STATUSES.includes(s.status);
      const month = monthOf(now);
      const set = live
        ? {
            plan: s.plan ?? row.plan,
            status: s.status,
            stripe_customer_id: s.customerId,
            stripe_subscription_id: s.id,
            period_start: s.periodStart ?? row.period_start,
            period_end: s.periodEnd ?? row.period_end,
          }
        : {
            plan: 'free' as const,
            status: 'active',
            stripe_customer_id: s.customerId,
            stripe_subscription_id: null,
            period_start: month.start.toISOString(),
            period_end: month.end.toISOString(),
          };
      await repo.updateBilling(trx, orgId, { ...set, ...(eventCreated !== undefined ? { stripe_event_created: eventCreated } : {}), updated_at: now.toISOString() });
      if (set.plan !== row.plan) {
        await recordAudit(trx, {
          orgId, actor: { type: 'system', id: null }, action: 'billing.plan_change', targetType: 'organization', targetId: orgId,
          changes: { from: row.plan, to: set.plan, via: 'stripe', subscription_status: s.status }, meta: { ip: null, requestId: null }, now: now.toISOString(),
        });
      }
      return { ...row, ...set };
    });
  }

  return {
    provider,

    async status(orgId: string) {
      return statusOf(await current(db, orgId));
    },

    /** GET /api/org/usage: seats, SMS, voice minutes and alerts of the current period. */
    async usage(orgId: string) {
      const row = await current(db, orgId);
      const plan = PLANS[row.plan];
      // Alerts from the hourly counters, not a scan of alerts (docs/adr/0543-usage-counters.md).
      const hours = periodHours(row.period_start, row.period_end);
      const [seats, used, alerts] = await Promise.all([
        repo.countSeats(db, orgId),
        repo.readUsage(db, orgId, row.period_start),
        usageRepository.sumAlertsCreated(db, orgId, hours.from, hours.to),
      ]);
      return {
        plan: row.plan,
        period_start: row.period_start,
        period_end: row.period_end,
        seats: { used: seats, limit: limitsApply ? plan.seats : null },
        sms: { used: used.sms_used, included: limitsApply ? plan.sms : null },
        voice_minutes: { used: used.voice_minutes_used, included: limitsApply ? plan.voice_minutes : null },
        alerts: { count: alerts },
      };
    },

    async preview(orgId: string, to: PlanId) {
      if (!limitsApply) throw billingOff();
      const row = await current(db, orgId);
      const amounts = prorate(PLANS[row.plan], PLANS[to], new Date(row.period_start), new Date(row.period_end), clock.now());
      return { current_plan: row.plan, new_plan: to, currency: CURRENCY, period_start: row.period_start, period_end: row.period_end, ...amounts };
    },

    /** Changes the plan: at once with the none provider; through the subscription with Stripe. */
    async changePlan(actor: UserActor, to: PlanId, meta: RequestMeta) {
      if (!stripe) throw billingOff();
      const orgId = actor.orgId;
      const row = await current(db, orgId);
      if (row.plan === to) return statusOf(row);
      await assertSeatsFit(orgId, to);
      const subId = row.stripe_subscription_id;
      if (!subId) {
        if (to === 'free') return statusOf(row);
        throw conflict(`The organization has no subscription yet; start one for the ${PLANS[to].name} plan with POST /api/billing/checkout.`);
      }
      const state = to === 'free' ? await viaStripe('cancel the subscription', () => stripe.cancel(subId)) : await viaStripe('change the subscription', () => stripe.changePlan(subId, orgId, to));
      const updated = await applySubscription(orgId, state, undefined);
      await db.transaction().execute(async (trx) => {
        await recordAudit(trx, { orgId, actor, action: 'billing.plan_change_requested', targetType: 'organization', targetId: orgId, changes: { from: row.plan, to, via: 'stripe' }, meta, now: clock.now().toISOString() });
      });
      return statusOf(updated);
    },

    async checkout(actor: UserActor, to: PlanId, meta: RequestMeta) {
      if (!stripe) throw billingOff();
      if (to === 'free') throw invalid('plan', 'checkout is for a paid plan (team or business); the free plan needs no payment');
      const orgId = actor.orgId;
      const row = await current(db, orgId);
      if (row.stripe_subscription_id) {
        throw conflict('The organization already has a subscription; change its plan with POST /api/billing/plan or manage payment in POST /api/billing/portal.');
      }
      await assertSeatsFit(orgId, to);
      const customerId = row.stripe_customer_id ?? (await ensureCustomer(orgId));
      const session = await viaStripe('open a checkout session', () =>
        stripe.createCheckout({
          customerId, orgId, plan: to,
          successUrl: `${deps.publicUrl}/billing?checkout=success&session_id={CHECKOUT_SESSION_ID}`,
          cancelUrl: `${deps.publicUrl}/billing?checkout=cancel`,
        }),
      );
      const now = clock.now().toISOString();
      await db.transaction().execute(async (trx) => {
        await recordAudit(trx, { orgId, actor, action: 'billing.checkout', targetType: 'organization', targetId: orgId, changes: { plan: to, session_id: session.id }, meta, now });
      });
      return { id: session.id, url: session.url, plan: to };
    },

    async portal(actor: UserActor, input: { return_url?: string | undefined }, meta: RequestMeta) {
      if (!stripe) throw billingOff();
      const returnUrl = input.return_url ?? `${deps.publicUrl}/billing`;
      if (returnUrl !== deps.publicUrl && !returnUrl.startsWith(`${deps.publicUrl}/`)) {
        throw invalid('return_url', `must be an address under ${deps.publicUrl}`);
      }
      const orgId = actor.orgId;
      const row = await current(db, orgId);
      if (!row.stripe_customer_id) throw conflict('The organization has no Stripe customer yet; start a subscription with POST /api/billing/checkout first.');
      const customerId = row.stripe_customer_id;
      const session = await viaStripe('open a billing portal session', () => stripe.createPortal({ customerId, returnUrl }));
      const now = clock.now().toISOString();
      await db.transaction().execute(async (trx) => {
        await recordAudit(trx, { orgId, actor, action: 'billing.portal', targetType: 'organization', targetId: orgId, changes: {}, meta, now });
      });
      return { id: session.id, url: session.url };
    },

    /**
     * A signed Stripe webhook (POST /api/billing/stripe/webhook). Subscription and checkout events
     * update the organization's plan, status and period; other events are acknowledged and ignored.
     */
    async handleStripeWebhook(raw: Buffer, signature: string | undefined) {
      if (!stripe) throw billingOff();
      if (!signature) throw new AppError('invalid_request', 'The Stripe-Signature header is missing.');
      let event: Stripe.Event;
      try {
        event = stripe.verifyEvent(raw, signature, clock.now().getTime());
      } catch {
        throw new AppError('invalid_request', 'The Stripe-Signature header does not match the body, or its timestamp is outside the tolerance.');
      }
      const orgOf = async (orgId: string | undefined | null, customerId: string | undefined) => {
        if (orgId && (await repo.orgExists(db, orgId))) return orgId;
        if (customerId) return (await repo.findByCustomer(db, customerId))?.org_id;
        return undefined;
      };
      switch (event.type) {
        case 'checkout.session.completed': {
          const s = event.data.object;
          const subId = typeof s.subscription === 'string' ? s.subscription : s.subscription?.id;
          const customerId = typeof s.customer === 'string' ? s.customer : s.customer?.id;
          const orgId = await orgOf(s.client_reference_id ?? s.metadata?.org_id, customerId);
          if (!orgId || !subId) return { received: true, applied: false };
          const state = await viaStripe('read the subscription', () => stripe.retrieveSubscription(subId));
          await applySubscription(orgId, state, event.created);
          return { received: true, applied: true };
        }
        case 'customer.subscription.created':
        case 'customer.subscription.updated':
        case 'customer.subscription.deleted': {
          const state = stripe.toState(event.data.object);
          const orgId = await orgOf(state.orgId, state.customerId);
          if (!orgId) return { received: true, applied: false };
          await applySubscription(orgId, event.type === 'customer.subscription.deleted' ? { ...state, status: 'canceled' } : state, event.created);
          return { received: true, applied: true };
        }
        default:
          return { received: true, applied: false };
      }
    },

    /**
     * Throws a 403 when adding `adding` members would pass the plan's seats. Call it where members
     * are added (invitations, accepting one), inside the transaction that adds them.
     */
    async assertCanAddSeat(orgId: string, opts: { db?: Kysely<Database>; adding?: number; pending?: number } = {}) {
      if (!limitsApply) return;
      const q = opts.db ?? db;
      const row = await current(q, orgId);
      const used = (await repo.countSeats(q, orgId)) + (opts.pending ?? 0);
      const adding = opts.adding ?? 1;
      if (used + adding > PLANS[row.plan].seats) throw forbidden(limitMessage(row.plan, 'seats', used, row.period_end, used + adding));
    },

    /**
     * Takes `n` SMS messages or voice minutes from the period's allowance, or throws a 403 that
     * names the limit and the plan that lifts it. Returns the period the use was counted in, for
     * `release` when the send then fails.
     */
    async consume(orgId: string, meter: Exclude<LimitName, 'seats'>, n: number, q: Kysely<Database> = db) {
      const row = await current(q, orgId);
      // Counted either way (GET /api/org/usage shows it); refused only where plan limits apply.
      const limit = limitsApply ? PLANS[row.plan][meter] : null;
      if (!(await repo.consume(q, orgId, row.period_start, METER[meter], n, limit))) {
        const used = (await repo.readUsage(q, orgId, row.period_start))[METER[meter]];
        throw forbidden(limitMessage(row.plan, meter, used, row.period_end, used + n));
      }
      return { periodStart: row.period_start };
    },

    /**
     * Counts SMS messages or voice minutes already sent (pages, test pages): shown in GET
     * /api/org/usage, never refused, since a page must not be dropped for the plan (issue 22).
     * Call it in the transaction that records the send.
     */
    async record(orgId: string, meter: Exclude<LimitName, 'seats'>, n: number, q: Kysely<Database> = db) {
      const row = await current(q, orgId);
      await repo.consume(q, orgId, row.period_start, METER[meter], n, null);
    },

    async release(orgId: string, meter: Exclude<LimitName, 'seats'>, n: number, periodStart: string) {
      await repo.release(db, orgId, periodStart, METER[meter], n);
    },
  };

  async function ensureCustomer(orgId: string): Promise<string> {
    const org = await db.selectFrom('organizations').select(['name']).where('id', '=', orgId).executeTakeFirstOrThrow();
    const id = await viaStripe('create the customer', () => stripe!.createCustomer({ orgId, name: org.name }));
    await db.updateTable('org_billing').set({ stripe_customer_id: id }).where('org_id', '=', orgId).where('stripe_customer_id', 'is', null).execute();
    const row = await db.selectFrom('org_billing').select('stripe_customer_id').where('org_id', '=', orgId).executeTakeFirstOrThrow();
    return row.stripe_customer_id ?? id;
  }
}
export type BillingService = ReturnType<typeof createBillingService>;
