import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type Static } from 'typebox';
import { requestMeta } from '../../http/auth.ts';
import { errorResponses, IdParams, ListQuery } from '../../http/schemas.ts';
import { sendPage } from '../../http/pagination.ts';
import type { IntegrationInput, IntegrationPatchInput, IntegrationService, PreviewInput } from './integration.service.ts';
import {
  IntegrationCreate, IntegrationCreated, IntegrationPatch, IntegrationPreview, IntegrationPreviewResult, IntegrationReveal,
  IntegrationRotated, IntegrationSchema, IntegrationUpdated, MappingSchema, RoutingRuleSchema,
} from './integration.schemas.ts';

const read = { audience: 'DI', scope: 'O', permission: 'read' } as const;
const write = { audience: 'DI', scope: 'O', permission: 'config.write' } as const;

export function integrationRoutes(deps: { integrations: IntegrationService }): FastifyPluginAsyncTypebox {
  const { integrations } = deps;
  return async (app) => {
    app.get('/api/integrations', {
      config: { access: read },
      schema: {
        tags: ['integrations'],
        summary: 'List sources (integrations), without their secrets',
        querystring: Type.Object(ListQuery),
        response: { 200: Type.Array(Type.Ref('Integration')), ...errorResponses() },
      },
      handler: async (req, reply) => sendPage(req, reply, await integrations.list(req.actor.orgId, req.query.limit ?? 50, req.query.cursor)),
    });
    app.post('/api/integrations', {
      config: { access: write },
      schema: {
        tags: ['integrations'],
        summary: 'Create a direct source or a vendor connection; the answer carries its credential',
        description:
          'Routing rules and the fallback must name services of this organization (another organization\'s service is 404). custom takes a JSONata mapping (see IntegrationMapping).',
        body: Type.Ref('IntegrationCreate'),
        response: { 200: Type.Ref('IntegrationCreated'), ...errorResponses() },
      },
      handler: async (req) => integrations.create(req.actor, req.body as Static<typeof IntegrationCreate> as IntegrationInput, requestMeta(req)),
    });
    app.post('/api/integrations/preview', {
      config: { access: write },
      schema: {
        tags: ['integrations'],
        summary: 'Preview how a vendor payload is parsed and routed, without storing anything',
        body: Type.Ref('IntegrationPreview'),
        response: { 200: Type.Ref('IntegrationPreviewResult'), ...errorResponses() },
      },
      handler: async (req) => integrations.preview(req.actor, req.body as Static<typeof IntegrationPreview> as PreviewInput),
    });
    app.get('/api/integrations/:id', {
      config: { access: read },
      schema: {
        tags: ['integrations'],
        summary: 'One source (integration), without its secrets',
        params: IdParams,
        response: { 200: Type.Ref('Integration'), ...errorResponses() },
      },
      handler: async (req) => integrations.get(req.actor.orgId, req.params.id),
    });
    app.patch('/api/integrations/:id', {
      config: { access: write },
      schema: {
        tags: ['integrations'],
        summary: 'Change a source: name, rules, fallback, mapping; {"enabled":false} revokes it; {"previous_credential":"revoked"} ends a replace',
        description:
          '{"enabled":false} revokes every credential of the source for good; {"enabled":true} on a disabled source issues a new credential, carried in this answer (ingest_url, routing_key or email_address) and shown only here and by reveal.',
        params: IdParams,
        body: Type.Ref('IntegrationPatch'),
        response: { 200: Type.Ref('IntegrationUpdated'), ...errorResponses() },
      },
      handler: async (req) => integrations.update(req.actor, req.params.id, req.body as Static<typeof IntegrationPatch> as IntegrationPatchInput, requestMeta(req)),
    });
    app.delete('/api/integrations/:id', {
      config: { access: write },
      schema: { tags: ['integrations'], summary: 'Delete a source and its credentials', params: IdParams, response: { 200: Type.Ref('Ok'), ...errorResponses() } },
      handler: async (req) => integrations.remove(req.actor, req.params.id, requestMeta(req)),
    });
    app.post('/api/integrations/:id/reveal', {
      config: { access: write },
      schema: {
        tags: ['integrations'],
        summary: 'Show the current credential (written to the audit log)',
        params: IdParams,
        response: { 200: Type.Ref('IntegrationReveal'), ...errorResponses(409) },
      },
      handler: async (req) => integrations.reveal(req.actor, req.params.id, requestMeta(req)),
    });
    app.post('/api/integrations/:id/rotate', {
      config: { access: write },
      schema: {
        tags: ['integrations'],
        summary: 'Issue a new credential now; the previous stops working within 60 s',
        description: 'A disabled source is 409: enable it (PATCH {"enabled":true}), which issues a new credential.',
        params: IdParams,
        response: { 200: Type.Ref('IntegrationRotated'), ...errorResponses(409) },
      },
      handler: async (req) => integrations.rotate(req.actor, req.params.id, requestMeta(req)),
    });
    app.post('/api/integrations/:id/replace', {
      config: { access: write },
      schema: {
        tags: ['integrations'],
        summary: 'Issue a new credential beside the previous, which works until revoked or for 24 hours',
        description: 'A disabled source is 409: enable it (PATCH {"enabled":true}), which issues a new credential.',
        params: IdParams,
        response: { 200: Type.Ref('IntegrationRotated'), ...errorResponses(409) },
      },
      handler: async (req) => integrations.replace(req.actor, req.params.id, requestMeta(req)),
    });
  };
}

export const integrationSchemas = [
  RoutingRuleSchema, MappingSchema, IntegrationSchema, IntegrationCreate, IntegrationCreated, IntegrationPatch, IntegrationReveal, IntegrationRotated,
  IntegrationPreview, IntegrationPreviewResult, IntegrationUpdated,
];
