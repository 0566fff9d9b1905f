import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type Static } from 'typebox';
import { requestMeta } from '../../http/auth.ts';
import { errorResponses, IdParams, ListQuery } from '../../http/schemas.ts';
import { sendPage } from '../../http/pagination.ts';
import type { ServiceService } from './service.service.ts';
import { ServiceCreate, ServiceCreated, ServicePatch, ServiceSchema } from './service.schemas.ts';

export function serviceRoutes(deps: { services: ServiceService }): FastifyPluginAsyncTypebox {
  const { services } = deps;
  return async (app) => {
    app.get('/api/services', {
      config: { access: { audience: 'DI', scope: 'O', permission: 'read' } },
      schema: { tags: ['services'], summary: 'List services', querystring: Type.Object(ListQuery), response: { 200: Type.Array(Type.Ref('Service')), ...errorResponses() } },
      handler: async (req, reply) => sendPage(req, reply, await services.list(req.actor.orgId, req.query.limit ?? 50, req.query.cursor)),
    });
    app.post('/api/services', {
      config: { access: { audience: 'DI', scope: 'O', permission: 'config.write' } },
      schema: {
        tags: ['services'],
        summary: 'Create a service with its default webhook source',
        body: Type.Ref('ServiceCreate'),
        response: { 200: Type.Ref('ServiceCreated'), ...errorResponses(409) },
      },
      handler: async (req) => services.create(req.actor, req.body as Static<typeof ServiceCreate>, requestMeta(req)),
    });
    app.get('/api/services/:id', {
      config: { access: { audience: 'DI', scope: 'O', permission: 'read' } },
      schema: { tags: ['services'], summary: 'Get a service', params: IdParams, response: { 200: Type.Ref('Service'), ...errorResponses() } },
      handler: async (req) => services.get(req.actor.orgId, req.params.id),
    });
    app.patch('/api/services/:id', {
      config: { access: { audience: 'DI', scope: 'O', permission: 'config.write' } },
      schema: {
        tags: ['services'],
        summary: 'Change a service',
        params: IdParams,
        body: Type.Ref('ServicePatch'),
        response: { 200: Type.Ref('Service'), ...errorResponses(409) },
      },
      handler: async (req) => services.update(req.actor, req.params.id, req.body as Static<typeof ServicePatch>, requestMeta(req)),
    });
    app.delete('/api/services/:id', {
      config: { access: { audience: 'DI', scope: 'O', permission: 'config.write' } },
      schema: {
        tags: ['services'],
        summary: 'Delete a service, its direct sources and its alerts',
        params: IdParams,
        response: { 200: Type.Ref('Ok'), ...errorResponses(409) },
      },
      handler: async (req) => services.remove(req.actor, req.params.id, requestMeta(req)),
    });
  };
}

export const serviceSchemas = [ServiceSchema, ServiceCreate, ServicePatch, ServiceCreated];
