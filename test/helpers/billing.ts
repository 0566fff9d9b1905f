/**
 * Billing configured as on the hosted service (BILLING_PROVIDER=stripe), so plan limits apply.
 * No Stripe call is made unless a test checks out or changes a subscription: point
 * STRIPE_API_BASE at test/helpers/fake-stripe.ts for those.
 */
export const PAID_BILLING_ENV: Record<string, string> = {
  BILLING_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_51KlaxonLimitsOnly000000000000000',
  STRIPE_WEBHOOK_SECRET: 'whsec_klaxonLimitsOnly000000000000000',
  STRIPE_PRICE_TEAM: 'price_team_monthly',
  STRIPE_PRICE_BUSINESS: 'price_business_monthly',
  STRIPE_API_BASE: 'http://127.0.0.1:9',
};
