import { billingRoutes, createBillingService, createStripeGateway } from '../modules/billing/index.ts';
import type { Core, Routes } from './core.ts';

/** Plans, usage and Stripe (docs/adr/0340–0343). Depends on nothing but the core. */
export function createBillingModule(core: Core) {
  const { config } = core;
  const stripe = config.billing.provider === 'stripe' ? createStripeGateway(config.billing) : undefined;
  const billing = createBillingService({ db: core.db, clock: core.clock, publicUrl: config.publicUrl, stripe });
  const routes = { billing: billingRoutes({ billing }) } satisfies Routes;
  return { billing, routes };
}
export type BillingModule = ReturnType<typeof createBillingModule>;
