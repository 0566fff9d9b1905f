import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type Static } from 'typebox';
import { requestMeta } from '../../http/auth.ts';
import { sendPage } from '../../http/pagination.ts';
import { IdParams, ListQuery, errorResponses } from '../../http/schemas.ts';
import { WebhookCreate, WebhookPatch, WebhookPreview, webhookSchemaList } from './webhook.schemas.ts';
import type { PreviewInput, WebhookInput, WebhookPatchInput, WebhookService } from './webhook.service.ts';
import { EVENT_KINDS } from './webhook.ts';

// PRODUCT.md 8: every webhook route is for admins (audience DI, scope O).
const admin = { audience: 'DI', scope: 'O', permission: 'config.write' } as const;
const tags = ['webhooks'];

export function webhookRoutes(deps: { webhooks: WebhookService }): FastifyPluginAsyncTypebox {
  const { webhooks } = deps;
  return async (app) => {
    app.get('/api/webhooks', {
      config: { access: admin },
      schema: { tags, summary: 'List outbound webhooks (URLs masked, headers and secrets never shown)', querystring: Type.Object(ListQuery), response: { 200: Type.Array(Type.Ref('Webhook')), ...errorResponses() } },
      handler: async (req, reply) => sendPage(req, reply, await webhooks.list(req.actor.orgId, req.query.limit ?? 50, req.query.cursor)),
    });
    app.post('/api/webhooks', {
      config: { access: admin },
      schema: {
        tags,
        summary: 'Create an outbound webhook; the answer carries its signing secret',
        description: 'The URL is checked now (public addresses only) and again on every connection. custom requires a template, native takes none; slack, teams and discord have defaults.',
        body: Type.Ref('WebhookCreate'),
        response: { 200: Type.Ref('WebhookCreated'), ...errorResponses(409) },
      },
      handler: async (req) => webhooks.create(req.actor, req.body as Static<typeof WebhookCreate> as WebhookInput, requestMeta(req)),
    });
    app.post('/api/webhooks/preview', {
      config: { access: admin },
      schema: {
        tags,
        summary: 'Render a template for an event of a real alert or a sample, as a delivery would; a problem is a 400 naming its JSON pointer and column',
        body: Type.Ref('WebhookPreview'),
        response: { 200: Type.Ref('WebhookPreviewResult'), ...errorResponses() },
      },
      handler: async (req) => webhooks.preview(req.actor, req.body as Static<typeof WebhookPreview> as PreviewInput),
    });
    app.get('/api/webhooks/:id', {
      config: { access: admin },
      schema: { tags, summary: 'One outbound webhook, with its health', params: IdParams, response: { 200: Type.Ref('Webhook'), ...errorResponses() } },
      handler: async (req) => webhooks.get(req.actor.orgId, req.params.id),
    });
    app.patch('/api/webhooks/:id', {
      config: { access: admin },
      schema: {
        tags,
        summary: 'Change a webhook; {"enabled": true} enables it again after it was disabled',
        params: IdParams,
        body: Type.Ref('WebhookPatch'),
        response: { 200: Type.Ref('Webhook'), ...errorResponses() },
      },
      handler: async (req) => webhooks.update(req.actor, req.params.id, req.body as Static<typeof WebhookPatch> as WebhookPatchInput, requestMeta(req)),
    });
    app.delete('/api/webhooks/:id', {
      config: { access: admin },
      schema: { tags, summary: 'Delete a webhook and its delivery log', params: IdParams, response: { 200: Type.Ref('Ok'), ...errorResponses() } },
      handler: async (req) => webhooks.remove(req.actor, req.params.id, requestMeta(req)),
    });
    app.post('/api/webhooks/:id/test', {
      config: { access: admin },
      schema: {
        tags,
        summary: 'Send a sample event now, once, and answer with the delivery and its attempt',
        params: IdParams,
        querystring: Type.Object({ event: Type.Optional(Type.String({ enum: [...EVENT_KINDS], description: 'The event kind to send (default alert.triggered).' })) }),
        response: { 200: Type.Ref('WebhookDelivery'), ...errorResponses(409) },
      },
      handler: async (req) => webhooks.test(req.actor, req.params.id, req.query.event, requestMeta(req)),
    });
    app.post('/api/webhooks/:id/rotate-secret', {
      config: { access: admin },
      schema: {
        tags,
        summary: 'Issue a new signing secret; for 24 hours deliveries carry a signature with each',
        params: IdParams,
        response: { 200: Type.Ref('WebhookSecret'), ...errorResponses() },
      },
      handler: async (req) => webhooks.rotateSecret(req.actor, req.params.id, requestMeta(req)),
    });
    app.get('/api/webhooks/:id/deliveries', {
      config: { access: admin },
      schema: {
        tags,
        summary: 'The delivery log, newest first: every attempt with its status, the head of the response and its duration (kept 7 days)',
        params: IdParams,
        querystring: Type.Object({ ...ListQuery, state: Type.Optional(Type.String({ enum: ['pending', 'delivered', 'failed'] })) }),
        response: { 200: Type.Array(Type.Ref('WebhookDelivery')), ...errorResponses() },
      },
      handler: async (req, reply) => sendPage(req, reply, await webhooks.deliveries(req.actor.orgId, req.params.id, { state: req.query.state, limit: req.query.limit ?? 50, cursor: req.query.cursor })),
    });
    app.post('/api/webhooks/:id/deliveries/:delivery_id/redeliver', {
      config: { access: admin },
      schema: {
        tags,
        summary: 'Send a delivery again: the same webhook-id and body, on a fresh retry schedule',
        params: Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }), delivery_id: Type.String({ minLength: 1, maxLength: 64 }) }),
        response: { 200: Type.Ref('WebhookDelivery'), ...errorResponses(409) },
      },
      handler: async (req) => webhooks.redeliver(req.actor, req.params.id, req.params.delivery_id, requestMeta(req)),
    });
  };
}

export const webhookSchemas = webhookSchemaList;
