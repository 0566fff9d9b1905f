import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type Static } from 'typebox';
import { requestMeta } from '../../http/auth.ts';
import { errorResponses, IdParams, ListQuery } from '../../http/schemas.ts';
import { sendPage } from '../../http/pagination.ts';
import { WEEKDAYS } from '../schedule/index.ts';
import type { MaintenanceService } from './maintenance.service.ts';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);
const Recurrence = Type.Object(
  {
    time_zone: Type.String({ minLength: 1, maxLength: 64, description: 'IANA time zone, e.g. Europe/Berlin: the start is local wall-clock time in every season.' }),
    days: Type.Array(Type.Union(WEEKDAYS.map((d) => Type.Literal(d))), { minItems: 1, maxItems: 7, uniqueItems: true }),
    start: Type.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$', description: 'Local start time "HH:MM".' }),
    duration_minutes: Type.Integer({ minimum: 1, maximum: 10080 }),
  },
  { additionalProperties: false },
);
const writable = {
  name: Type.String({ minLength: 1, maxLength: 200 }),
  service_ids: Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { minItems: 1, maxItems: 500 }),
  start: Type.String({ maxLength: 64, description: 'A one-off window: its start (ISO 8601 with an offset or Z).' }),
  end: Type.String({ maxLength: 64, description: 'A one-off window: its end.' }),
  recurrence: Recurrence,
  page_when_over: Type.Boolean({ description: 'When the window ends, alerts still open start paging at level 1 (default true); false: they page nobody.' }),
};

export const MaintenanceWindowSchema = Type.Object(
  {
    id: Type.String(), name: Type.String(), service_ids: Type.Array(Type.String()),
    start: Nullable(Type.String()), end: Nullable(Type.String()), recurrence: Nullable(Recurrence),
    page_when_over: Type.Boolean(),
    active: Type.Boolean({ description: 'Whether the window holds paging now.' }),
    active_until: Nullable(Type.String({ description: 'When the running occurrence ends.' })),
    next_start: Nullable(Type.String({ description: 'When the next occurrence starts.' })),
    ended_at: Nullable(Type.String({ description: 'When it was last ended by hand.' })),
    created_at: Type.String(), updated_at: Type.String(),
  },
  { $id: 'MaintenanceWindow' },
);
export const MaintenanceWindowCreate = Type.Object(
  {
    name: writable.name, service_ids: writable.service_ids, start: Type.Optional(writable.start), end: Type.Optional(writable.end),
    recurrence: Type.Optional(writable.recurrence), page_when_over: Type.Optional(writable.page_when_over),
  },
  { $id: 'MaintenanceWindowCreate', additionalProperties: false, description: '{name, service_ids, start, end} for one window, or {name, service_ids, recurrence} for a weekly one.' },
);
export const MaintenanceWindowPatch = Type.Object(
  {
    name: Type.Optional(writable.name), service_ids: Type.Optional(writable.service_ids), start: Type.Optional(writable.start), end: Type.Optional(writable.end),
    recurrence: Type.Optional(writable.recurrence), page_when_over: Type.Optional(writable.page_when_over),
  },
  { $id: 'MaintenanceWindowPatch', additionalProperties: false },
);
export const maintenanceSchemas = [MaintenanceWindowSchema, MaintenanceWindowCreate, MaintenanceWindowPatch];

export function maintenanceRoutes(deps: { maintenance: MaintenanceService }): FastifyPluginAsyncTypebox {
  const { maintenance } = deps;
  return async (app) => {
    app.get('/api/maintenance-windows', {
      config: { access: { audience: 'DI', scope: 'O', permission: 'read' } },
      schema: { tags: ['maintenance'], summary: 'List maintenance windows', querystring: Type.Object(ListQuery), response: { 200: Type.Array(Type.Ref('MaintenanceWindow')), ...errorResponses() } },
      handler: async (req, reply) => sendPage(req, reply, await maintenance.list(req.actor.orgId, req.query.limit ?? 50, req.query.cursor)),
    });
    app.post('/api/maintenance-windows', {
      config: { access: { audience: 'DI', scope: 'O', permission: 'config.write' } },
      schema: {
        tags: ['maintenance'], summary: 'Create a maintenance window: nobody is paged for its services while it is active',
        body: Type.Ref('MaintenanceWindowCreate'), response: { 200: Type.Ref('MaintenanceWindow'), ...errorResponses() },
      },
      handler: async (req) => maintenance.create(req.actor, req.body as Static<typeof MaintenanceWindowCreate>, requestMeta(req)),
    });
    app.get('/api/maintenance-windows/:id', {
      config: { access: { audience: 'DI', scope: 'O', permission: 'read' } },
      schema: { tags: ['maintenance'], summary: 'Get a maintenance window', params: IdParams, response: { 200: Type.Ref('MaintenanceWindow'), ...errorResponses() } },
      handler: async (req) => maintenance.get(req.actor.orgId, req.params.id),
    });
    app.patch('/api/maintenance-windows/:id', {
      config: { access: { audience: 'DI', scope: 'O', permission: 'config.write' } },
      schema: { tags: ['maintenance'], summary: 'Change a maintenance window', params: IdParams, body: Type.Ref('MaintenanceWindowPatch'), response: { 200: Type.Ref('MaintenanceWindow'), ...errorResponses() } },
      handler: async (req) => maintenance.update(req.actor, req.params.id, req.body as Static<typeof MaintenanceWindowPatch>, requestMeta(req)),
    });
    app.delete('/api/maintenance-windows/:id', {
      config: { access: { audience: 'DI', scope: 'O', permission: 'config.write' } },
      schema: { tags: ['maintenance'], summary: 'Delete a maintenance window', params: IdParams, response: { 200: Type.Ref('Ok'), ...errorResponses() } },
      handler: async (req) => maintenance.remove(req.actor, req.params.id, requestMeta(req)),
    });
    app.post('/api/maintenance-windows/:id/end', {
      config: { access: { audience: 'DI', scope: 'O', permission: 'config.write' } },
      schema: { tags: ['maintenance'], summary: 'End the running occurrence now (a weekly window still recurs)', params: IdParams, response: { 200: Type.Ref('MaintenanceWindow'), ...errorResponses(409) } },
      handler: async (req) => maintenance.end(req.actor, req.params.id, requestMeta(req)),
    });
  };
}
