import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses, IdParams } from '../../http/schemas.ts';
import { sendPage } from '../../http/pagination.ts';
import { requestMeta } from '../../http/auth.ts';
import type { Static } from 'typebox';
import type { AlertService } from './alert.service.ts';
import { AlertChange, AlertCreate, AlertListQuery, AlertSchema, TimelineEntry } from './alert.schemas.ts';

export function alertRoutes(deps: { alerts: AlertService }): FastifyPluginAsyncTypebox {
  const { alerts } = deps;
  return async (app) => {
    app.get('/api/alerts', {
      config: { access: { audience: 'DI', scope: 'O', permission: 'read' } },
      schema: {
        tags: ['alerts'],
        summary: 'List alerts, most important first, then newest',
        querystring: AlertListQuery,
        response: { 200: Type.Array(Type.Ref('Alert')), ...errorResponses() },
      },
      handler: async (req, reply) => sendPage(req, reply, await alerts.list(req.actor.orgId, { ...req.query, limit: req.query.limit ?? 50 })),
    });

    app.post('/api/alerts', {
      config: { access: { audience: 'DI', scope: 'O', permission: 'alerts.act' } },
      schema: {
        tags: ['alerts'],
        summary: 'Open an alert on a service by hand',
        body: Type.Ref('AlertCreate'),
        response: { 200: Type.Ref('Alert'), ...errorResponses() },
      },
      handler: async (req) => alerts.create(req.actor, req.body as Static<typeof AlertCreate>, requestMeta(req)),
    });

    app.get('/api/alerts/:id', {
      config: { access: { audience: 'DI', scope: 'O', permission: 'read' } },
      schema: { tags: ['alerts'], summary: 'Get an alert', params: IdParams, response: { 200: Type.Ref('Alert'), ...errorResponses() } },
      handler: async (req) => alerts.get(req.actor.orgId, req.params.id),
    });

    app.get('/api/alerts/:id/org', {
      config: { access: { audience: 'D', scope: 'P', permission: 'read' } },
      schema: {
        tags: ['alerts'],
        summary: 'Which of your organizations an alert belongs to (for links across organizations)',
        params: IdParams,
        response: { 200: Type.Object({ alert_id: Type.String(), org_id: Type.String(), org_name: Type.String() }), ...errorResponses() },
      },
      handler: async (req) => alerts.orgForMember(req.actor.id, req.params.id),
    });

    app.get('/api/alerts/:id/timeline', {
      config: { access: { audience: 'DI', scope: 'O', permission: 'read' } },
      schema: {
        tags: ['alerts'],
        summary: "An alert's timeline, oldest first",
        params: IdParams,
        querystring: Type.Object({
          limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 50 })),
          cursor: Type.Optional(Type.String({ maxLength: 512 })),
        }),
        response: { 200: Type.Array(Type.Ref('TimelineEntry')), ...errorResponses() },
      },
      handler: async (req, reply) => sendPage(req, reply, await alerts.timeline(req.actor.orgId, req.params.id, req.query.limit ?? 50, req.query.cursor)),
    });

    for (const op of ['ack', 'resolve'] as const) {
      app.put(`/api/alerts/:id/${op}`, {
        config: { access: { audience: 'DI', scope: 'O', permission: 'alerts.act' } },
        schema: {
          tags: ['alerts'],
          summary: op === 'ack' ? 'Acknowledge an alert' : 'Resolve an alert',
          description: 'Idempotent: a repeat answers the current state with changed: false.',
          params: IdParams,
          response: { 200: Type.Ref('AlertChange'), ...errorResponses() },
        },
        handler: async (req) => {
          const r = await alerts[op](req.actor, req.actor.orgId, req.params.id, null, requestMeta(req));
          return { ok: true as const, alert_id: r.alertId!, status: r.status!, changed: r.changed, alert: await alerts.get(req.actor.orgId, req.params.id) };
        },
      });
    }
  };
}

export const alertSchemas = [AlertSchema, TimelineEntry, AlertCreate, AlertChange];
