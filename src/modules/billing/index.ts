export { createBillingService, type BillingService } from './billing.service.ts';
export { billingRoutes, billingSchemas } from './billing.routes.ts';
export { createStripeGateway, type StripeGateway } from './stripe.gateway.ts';
export { PLANS, PLAN_IDS, prorate, type Plan, type PlanId } from './plans.ts';
