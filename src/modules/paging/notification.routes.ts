import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type Static } from 'typebox';
import { errorResponses, IdParams } from '../../http/schemas.ts';
import { requestMeta } from '../../http/auth.ts';
import type { PagingService } from './notification.service.ts';
import type { ResponderCreate, RoutingPreviewRequest } from './notification.schemas.ts';

export function notificationRoutes(deps: { paging: PagingService }): FastifyPluginAsyncTypebox {
  const { paging } = deps;
  return async (app) => {
    app.post('/api/alerts/:id/responders', {
      config: { access: { audience: 'DI', scope: 'O', permission: 'alerts.act' } },
      schema: {
        tags: ['alerts'],
        summary: "Page more people now with level 1's steps, even on an acknowledged alert",
        description: "Each responder's pages stop when that responder acknowledges. A resolved alert is a 409.",
        params: IdParams,
        body: Type.Ref('ResponderCreate'),
        response: { 200: Type.Ref('RespondersAdded'), ...errorResponses(409) },
      },
      handler: async (req) => paging.addResponders(req.actor, req.actor.orgId, req.params.id, req.body as Static<typeof ResponderCreate>, requestMeta(req)),
    });

    app.post('/api/services/:id/routing/preview', {
      config: { access: { audience: 'DI', scope: 'O', permission: 'read' } },
      schema: {
        tags: ['services'],
        summary: 'Who would be paged, level by level, on which channel and when, for an alert of this priority; pages nobody',
        params: IdParams,
        body: Type.Ref('RoutingPreviewRequest'),
        response: { 200: Type.Ref('RoutingPreview'), ...errorResponses() },
      },
      handler: async (req) => paging.preview(req.actor.orgId, req.params.id, req.body as Static<typeof RoutingPreviewRequest>),
    });
  };
}
