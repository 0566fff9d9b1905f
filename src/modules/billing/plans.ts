/**
 * The plans, in one table (docs/adr/0340-plans-and-limits.md). Prices are per organization per
 * month, in cents (USD). `seats` counts members; `sms` and `voice_minutes` are included per
 * billing period and are hard limits: when used up, sending stops with a 403 that names the plan
 * that lifts it.
 */
export const PLAN_IDS = ['free', 'team', 'business'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export interface Plan {
  id: PlanId;
  name: string;
  price_cents: number;
  seats: number;
  sms: number;
  voice_minutes: number;
}

export const PLANS: Record<PlanId, Plan> = {
  free: { id: 'free', name: 'Free', price_cents: 0, seats: 5, sms: 50, voice_minutes: 20 },
  team: { id: 'team', name: 'Team', price_cents: 4900, seats: 25, sms: 1000, voice_minutes: 500 },
  business: { id: 'business', name: 'Business', price_cents: 19900, seats: 200, sms: 10000, voice_minutes: 5000 },
};

export const CURRENCY = 'usd';

export type LimitName = 'seats' | 'sms' | 'voice_minutes';

const LIMIT_WORDS: Record<LimitName, string> = { seats: 'seats', sms: 'SMS messages', voice_minutes: 'voice minutes' };

/** The least plan above `current` that allows `needed` of a limit, if any. */
export function planThatLifts(current: PlanId, limit: LimitName, needed: number): Plan | undefined {
  const from = PLAN_IDS.indexOf(current);
  return PLAN_IDS.slice(from + 1).map((id) => PLANS[id]).find((p) => p[limit] >= needed);
}

/** The 403 message of a reached limit: names the limit, the plan and the plan that lifts it. */
export function limitMessage(current: PlanId, limit: LimitName, used: number, periodEnd: string, needed = used + 1): string {
  const plan = PLANS[current];
  const head = `The ${plan.name} plan includes ${plan[limit]} ${LIMIT_WORDS[limit]}${limit === 'seats' ? '' : ' per billing period'} and ${used} are used.`;
  const lift = planThatLifts(current, limit, needed);
  if (lift) {
    return `${head} The ${lift.name} plan (${lift.id}) includes ${lift[limit]}; an owner can change the plan with POST /api/billing/plan.`;
  }
  return limit === 'seats'
    ? `${head} No plan includes more; remove a member first.`
    : `${head} No plan includes more; the count starts again when the period ends at ${periodEnd}.`;
}

/**
 * Prorated amounts of a plan change for the rest of the period: the unused part of the current
 * plan is credited and the same part of the new plan charged, each rounded to the cent.
 */
export function prorate(from: Plan, to: Plan, periodStart: Date, periodEnd: Date, now: Date) {
  const total = periodEnd.getTime() - periodStart.getTime();
  const remaining = Math.min(total, Math.max(0, periodEnd.getTime() - now.getTime()));
  const credit = Math.round((from.price_cents * remaining) / total);
  const charge = Math.round((to.price_cents * remaining) / total);
  return {
    remaining_seconds: Math.floor(remaining / 1000),
    period_seconds: Math.floor(total / 1000),
    credit_cents: credit,
    charge_cents: charge,
    amount_due_cents: charge - credit,
  };
}

/** The calendar month (UTC) holding `now`: the period of organizations without a subscription. */
export function monthOf(now: Date): { start: Date; end: Date } {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { start, end };
}

/** Moves a stale period forward by whole months until it holds `now`. */
export function rollForward(start: Date, end: Date, now: Date): { start: Date; end: Date } {
  let s = start;
  let e = end;
  let guard = 0;
  while (now.getTime() >= e.getTime() && guard++ < 1200) {
    s = e;
    e = new Date(Date.UTC(e.getUTCFullYear(), e.getUTCMonth() + 1, e.getUTCDate(), e.getUTCHours(), e.getUTCMinutes(), e.getUTCSeconds()));
  }
  return { start: s, end: e };
}
