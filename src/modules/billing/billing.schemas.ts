import { Type } from 'typebox';

/** A plan limit; null when billing is off (BILLING_PROVIDER=none) and no limit applies. */
const NullableInt = Type.Union([Type.Integer(), Type.Null()]);

const PlanIdSchema = Type.Union([Type.Literal('free'), Type.Literal('team'), Type.Literal('business')]);

const PlanSchema = Type.Object({
  id: PlanIdSchema,
  name: Type.String(),
  price_cents: Type.Integer({ description: 'Per organization per month, in cents.' }),
  seats: Type.Integer({ description: 'Members the plan allows.' }),
  sms: Type.Integer({ description: 'SMS messages included per billing period.' }),
  voice_minutes: Type.Integer({ description: 'Voice minutes included per billing period.' }),
});

export const BillingStatus = Type.Object(
  {
    provider: Type.Union([Type.Literal('none'), Type.Literal('stripe')]),
    billing_enabled: Type.Boolean({ description: 'False when self-hosted without a payment provider (BILLING_PROVIDER=none): no plan limit applies.' }),
    message: Type.Optional(Type.String({ description: 'Present when billing is off: says so and why.' })),
    plan: PlanIdSchema,
    plan_name: Type.String(),
    status: Type.String({ description: '`active`, or the Stripe subscription status (trialing, past_due, …).' }),
    price_cents: Type.Integer(),
    currency: Type.String(),
    period_start: Type.String(),
    period_end: Type.String(),
    has_subscription: Type.Boolean(),
    limits: Type.Object(
      { seats: NullableInt, sms: NullableInt, voice_minutes: NullableInt },
      { description: "The plan's limits; null: no limit (billing is off)." },
    ),
    plans: Type.Array(PlanSchema),
  },
  { $id: 'BillingStatus' },
);

export const BillingPlan = Type.Object({ plan: PlanIdSchema }, { $id: 'BillingPlan' });

export const BillingPortal = Type.Object(
  { return_url: Type.Optional(Type.String({ maxLength: 2000, description: 'Where the portal sends the person back; under KLAXON_PUBLIC_URL. Default: {KLAXON_PUBLIC_URL}/billing.' })) },
  { $id: 'BillingPortal' },
);

export const BillingPlanPreview = Type.Object(
  {
    current_plan: PlanIdSchema,
    new_plan: PlanIdSchema,
    currency: Type.String(),
    period_start: Type.String(),
    period_end: Type.String(),
    remaining_seconds: Type.Integer({ description: 'Seconds left in the period.' }),
    period_seconds: Type.Integer(),
    credit_cents: Type.Integer({ description: 'The unused part of the current plan, credited.' }),
    charge_cents: Type.Integer({ description: 'The new plan for the rest of the period.' }),
    amount_due_cents: Type.Integer({ description: 'charge − credit; negative is a credit.' }),
  },
  { $id: 'BillingPlanPreview' },
);

export const BillingSession = Type.Object(
  { id: Type.String(), url: Type.String({ description: 'Send the person here (Stripe-hosted page).' }), plan: Type.Optional(PlanIdSchema) },
  { $id: 'BillingSession' },
);

export const OrgUsage = Type.Object(
  {
    plan: PlanIdSchema,
    period_start: Type.String(),
    period_end: Type.String(),
    seats: Type.Object({ used: Type.Integer(), limit: NullableInt }),
    sms: Type.Object({ used: Type.Integer(), included: NullableInt }),
    voice_minutes: Type.Object({ used: Type.Integer(), included: NullableInt }),
    alerts: Type.Object({ count: Type.Integer({ description: 'Alerts opened this period.' }) }),
  },
  { $id: 'OrgUsage' },
);

export const StripeWebhookAck = Type.Object({ received: Type.Boolean(), applied: Type.Boolean() }, { $id: 'StripeWebhookAck' });
