import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses, IdParams } from '../../http/schemas.ts';
import { sendPage } from '../../http/pagination.ts';
import { requestMeta } from '../../http/auth.ts';
import type { Static } from 'typebox';
import type { AlertService } from './alert.service.ts';
import { AlertChange, AlertCreate, AlertListQuery, AlertSchema, AlertSnooze, PriorityChange, TimelineEntry } from './alert.schemas.ts';

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

    // The paging operations of PRODUCT.md 7.3; the engine pages after the change commits.
    const reply = async (orgId: string, id: string, r: { alertId?: string | undefined; status?: string | undefined; changed: boolean }) => ({
      ok: true as const, alert_id: id, status: r.status!, changed: r.changed, alert: await alerts.get(orgId, id),
    });
    const change = { audience: 'DI', scope: 'O', permission: 'alerts.act' } as const;
    app.put('/api/alerts/:id/escalate', {
      config: { access: change },
      schema: {
        tags: ['alerts'], summary: 'Escalate to the next level now and page it',
        description: 'An acknowledged or snoozed alert is open again. Past the last level of the last cycle, the last level is paged again. A resolved alert is a 409.',
        params: IdParams, response: { 200: Type.Ref('AlertChange'), ...errorResponses(409) },
      },
      handler: async (req) => reply(req.actor.orgId, req.params.id, await alerts.escalate(req.actor, req.actor.orgId, req.params.id, requestMeta(req))),
    });
    app.put('/api/alerts/:id/priority', {
      config: { access: change },
      schema: {
        tags: ['alerts'], summary: "Change an alert's priority (and urgency)",
        description: 'A raise pages the current level at the new urgency; a lowering pages nobody. The same priority and urgency again answers changed: false.',
        params: IdParams, body: Type.Ref('PriorityChange'), response: { 200: Type.Ref('AlertChange'), ...errorResponses(409) },
      },
      handler: async (req) => reply(req.actor.orgId, req.params.id, await alerts.setPriority(req.actor, req.actor.orgId, req.params.id, req.body as Static<typeof PriorityChange>, requestMeta(req))),
    });
    app.put('/api/alerts/:id/snooze', {
      config: { access: change },
      schema: {
        tags: ['alerts'], summary: 'Snooze an alert: no pages until then, then open and paged again',
        description: 'Takes until or duration_minutes (1-10080). Pending pages are cancelled with the change.',
        params: IdParams, body: Type.Ref('AlertSnooze'), response: { 200: Type.Ref('AlertChange'), ...errorResponses(409) },
      },
      handler: async (req) => reply(req.actor.orgId, req.params.id, await alerts.snooze(req.actor, req.actor.orgId, req.params.id, req.body as Static<typeof AlertSnooze>, requestMeta(req))),
    });
    app.put('/api/alerts/:id/wake', {
      config: { access: change },
      schema: {
        tags: ['alerts'], summary: 'End a snooze now: the alert is open and its current level paged again',
        description: 'Idempotent: an alert that is not snoozed answers changed: false.',
        params: IdParams, response: { 200: Type.Ref('AlertChange'), ...errorResponses() },
      },
      handler: async (req) => reply(req.actor.orgId, req.params.id, await alerts.wake(req.actor, req.actor.orgId, req.params.id, requestMeta(req))),
    });
  };
}

export const alertSchemas = [AlertSchema, TimelineEntry, AlertCreate, AlertChange, PriorityChange, AlertSnooze];
