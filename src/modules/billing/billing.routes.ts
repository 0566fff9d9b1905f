import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type Static } from 'typebox';
import { requestMeta } from '../../http/auth.ts';
import { errorResponses } from '../../http/schemas.ts';
import type { BillingService } from './billing.service.ts';
import { BillingPlan, BillingPlanPreview, BillingPortal, BillingSession, BillingStatus, OrgUsage, StripeWebhookAck } from './billing.schemas.ts';

type Plan = Static<typeof BillingPlan>;

export function billingRoutes(deps: { billing: BillingService }): FastifyPluginAsyncTypebox {
  const { billing } = deps;
  return async (app) => {
    app.get('/api/billing/status', {
      config: { access: { audience: 'D', scope: 'O', permission: 'read' } },
      schema: { tags: ['billing'], summary: 'The plan, its limits and the current period', response: { 200: Type.Ref('BillingStatus'), ...errorResponses() } },
      handler: async (req) => billing.status(req.actor.orgId),
    });
    app.post('/api/billing/plan/preview', {
      config: { access: { audience: 'D', scope: 'O', permission: 'billing.manage' } },
      schema: { tags: ['billing'], summary: 'Prorated amounts of a plan change for the rest of the period (409 when billing is off)', body: Type.Ref('BillingPlan'), response: { 200: Type.Ref('BillingPlanPreview'), ...errorResponses(409) } },
      handler: async (req) => billing.preview(req.actor.orgId, (req.body as Plan).plan),
    });
    app.post('/api/billing/plan', {
      config: { access: { audience: 'D', scope: 'O', permission: 'billing.manage' } },
      schema: {
        tags: ['billing'],
        summary: 'Change the plan through the Stripe subscription (409 when billing is off)',
        body: Type.Ref('BillingPlan'),
        response: { 200: Type.Ref('BillingStatus'), ...errorResponses(409, 503) },
      },
      handler: async (req) => billing.changePlan(req.actor, (req.body as Plan).plan, requestMeta(req)),
    });
    app.post('/api/billing/checkout', {
      config: { access: { audience: 'D', scope: 'O', permission: 'billing.manage' } },
      schema: {
        tags: ['billing'],
        summary: 'Open a Stripe Checkout session for a paid plan (409 when billing is off)',
        body: Type.Ref('BillingPlan'),
        response: { 200: Type.Ref('BillingSession'), ...errorResponses(409, 503) },
      },
      handler: async (req) => billing.checkout(req.actor, (req.body as Plan).plan, requestMeta(req)),
    });
    app.post('/api/billing/portal', {
      config: { access: { audience: 'D', scope: 'O', permission: 'billing.manage' } },
      schema: {
        tags: ['billing'],
        summary: 'Open a Stripe billing portal session (409 when billing is off)',
        body: Type.Ref('BillingPortal'),
        response: { 200: Type.Ref('BillingSession'), ...errorResponses(409, 503) },
      },
      handler: async (req) => billing.portal(req.actor, (req.body ?? {}) as Static<typeof BillingPortal>, requestMeta(req)),
    });
    app.get('/api/org/usage', {
      config: { access: { audience: 'D', scope: 'O', permission: 'read' } },
      schema: { tags: ['billing'], summary: 'Seats, SMS, voice minutes and alerts of the current billing period', response: { 200: Type.Ref('OrgUsage'), ...errorResponses() } },
      handler: async (req) => billing.usage(req.actor.orgId),
    });

    // Stripe signs the exact bytes it sent, so this route alone reads JSON as a raw Buffer.
    await app.register(async (raw) => {
      raw.removeContentTypeParser('application/json');
      raw.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
      raw.post('/api/billing/stripe/webhook', {
        config: { access: 'public' },
        schema: {
          tags: ['billing'],
          summary: 'Stripe webhook: signed subscription and checkout events update the plan',
          security: [],
          headers: Type.Object({ 'stripe-signature': Type.Optional(Type.String({ maxLength: 4096 })) }),
          response: { 200: Type.Ref('StripeWebhookAck'), 400: Type.Ref('ErrorBody'), 409: Type.Ref('ErrorBody'), 503: Type.Ref('ErrorBody') },
        },
        handler: async (req) => billing.handleStripeWebhook(req.body as Buffer, req.headers['stripe-signature'] as string | undefined),
      });
    });
  };
}

export const billingSchemas = [BillingStatus, BillingPlan, BillingPortal, BillingPlanPreview, BillingSession, OrgUsage, StripeWebhookAck];
