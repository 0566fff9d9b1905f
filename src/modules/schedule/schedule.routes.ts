import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type Static } from 'typebox';
import { requestMeta } from '../../http/auth.ts';
import { errorResponses, IdParams, ListQuery } from '../../http/schemas.ts';
import { sendPage } from '../../http/pagination.ts';
import type { CalendarService } from './calendar.service.ts';
import type { RoutingService } from './routing.service.ts';
import type { RoutingRule } from './schedule.ts';
import type { LevelChannelsInput, OverrideInput, ScheduleService } from './schedule.service.ts';
import type { CalendarFeedCreate, LevelChannels, ScheduleClone, ScheduleOverrideCreate, ScheduleWrite, ServiceRoutingWrite } from './schedule.schemas.ts';

const TimeQuery = (description: string) => Type.String({ minLength: 1, maxLength: 40, description });
const read = { access: { audience: 'DI', scope: 'O', permission: 'read' } } as const;
const write = { access: { audience: 'DI', scope: 'O', permission: 'config.write' } } as const;
const tags = ['schedules'];

export function scheduleRoutes(deps: { schedules: ScheduleService; routing: RoutingService; calendar: CalendarService }): FastifyPluginAsyncTypebox {
  const { schedules, routing, calendar } = deps;
  return async (app) => {
    app.get('/api/schedules', {
      config: read,
      schema: { tags, summary: 'List schedules', querystring: Type.Object(ListQuery), response: { 200: Type.Array(Type.Ref('Schedule')), ...errorResponses() } },
      handler: async (req, reply) => sendPage(req, reply, await schedules.list(req.actor.orgId, req.query.limit ?? 50, req.query.cursor)),
    });
    app.post('/api/schedules', {
      config: write,
      schema: { tags, summary: 'Create a schedule: escalation levels with rotating layers', body: Type.Ref('ScheduleWrite'), response: { 200: Type.Ref('Schedule'), ...errorResponses(409) } },
      handler: async (req) => schedules.create(req.actor, req.body as Static<typeof ScheduleWrite>, requestMeta(req)),
    });
    app.get('/api/schedules/:id', {
      config: read,
      schema: { tags, summary: 'Get a schedule', params: IdParams, response: { 200: Type.Ref('Schedule'), ...errorResponses() } },
      handler: async (req) => schedules.get(req.actor.orgId, req.params.id),
    });
    app.put('/api/schedules/:id', {
      config: write,
      schema: {
        tags,
        summary: 'Replace a schedule (layers sent with their id keep whose turn it is unless reset_rotation)',
        params: IdParams,
        body: Type.Ref('ScheduleWrite'),
        response: { 200: Type.Ref('Schedule'), ...errorResponses(409) },
      },
      handler: async (req) => schedules.update(req.actor, req.params.id, req.body as Static<typeof ScheduleWrite>, requestMeta(req)),
    });
    app.delete('/api/schedules/:id', {
      config: write,
      schema: { tags, summary: 'Delete a schedule (409 while a service or a routing rule uses it)', params: IdParams, response: { 200: Type.Ref('Ok'), ...errorResponses(409) } },
      handler: async (req) => schedules.remove(req.actor, req.params.id, requestMeta(req)),
    });
    app.post('/api/schedules/:id/clone', {
      config: write,
      schema: { tags, summary: 'Copy a schedule under a new name', params: IdParams, body: Type.Ref('ScheduleClone'), response: { 200: Type.Ref('Schedule'), ...errorResponses(409) } },
      handler: async (req) => schedules.clone(req.actor, req.params.id, req.body as Static<typeof ScheduleClone>, requestMeta(req)),
    });
    app.get('/api/schedules/:id/oncall', {
      config: read,
      schema: {
        tags,
        summary: 'Who is on call at every level, now or at `at`',
        params: IdParams,
        querystring: Type.Object({ at: Type.Optional(TimeQuery('An instant with an offset or Z; default now.')) }),
        response: { 200: Type.Ref('OnCall'), ...errorResponses() },
      },
      handler: async (req) => schedules.onCall(req.actor.orgId, req.params.id, req.query.at),
    });
    app.get('/api/schedules/:id/shifts', {
      config: read,
      schema: {
        tags,
        summary: 'Every shift of every level in [from, to) (at most 31 days), for a timeline',
        params: IdParams,
        querystring: Type.Object({ from: TimeQuery('Start, with an offset or Z.'), to: TimeQuery('End, with an offset or Z; at most 31 days after from.') }),
        response: { 200: Type.Array(Type.Ref('Shift')), ...errorResponses() },
      },
      handler: async (req) => schedules.shifts(req.actor.orgId, req.params.id, req.query.from, req.query.to),
    });
    app.get('/api/schedules/:id/reachability', {
      config: read,
      schema: {
        tags,
        summary: 'Every shift in [from, to) (default the next 7 days, at most 31) and whether the person\'s high-urgency steps reach them',
        params: IdParams,
        querystring: Type.Object({
          from: Type.Optional(TimeQuery('Start, with an offset or Z; default now.')),
          to: Type.Optional(TimeQuery('End, with an offset or Z; default 7 days after from, at most 31.')),
        }),
        response: { 200: Type.Array(Type.Ref('ShiftReach')), ...errorResponses() },
      },
      handler: async (req) => schedules.reachability(req.actor.orgId, req.params.id, req.query.from, req.query.to),
    });
    app.get('/api/schedules/:id/overrides', {
      config: read,
      schema: {
        tags,
        summary: 'Overrides that overlap [from, to), by start (from: now by default; to: open)',
        params: IdParams,
        querystring: Type.Object({ from: Type.Optional(TimeQuery('With an offset or Z; default now.')), to: Type.Optional(TimeQuery('With an offset or Z.')), ...ListQuery }),
        response: { 200: Type.Array(Type.Ref('ScheduleOverride')), ...errorResponses() },
      },
      handler: async (req, reply) =>
        sendPage(req, reply, await schedules.listOverrides(req.actor.orgId, req.params.id, { from: req.query.from, to: req.query.to, limit: req.query.limit ?? 50, cursor: req.query.cursor })),
    });
    app.post('/api/schedules/:id/overrides', {
      config: write,
      schema: {
        tags,
        summary: 'Add an override: add, remove or replace a person at a level (optionally one layer) for a while',
        params: IdParams,
        body: Type.Ref('ScheduleOverrideCreate'),
        response: { 200: Type.Ref('ScheduleOverride'), ...errorResponses() },
      },
      handler: async (req) => schedules.createOverride(req.actor, req.params.id, req.body as Static<typeof ScheduleOverrideCreate> as OverrideInput, requestMeta(req)),
    });
    app.delete('/api/overrides/:id', {
      config: write,
      schema: { tags, summary: 'Delete an override', params: IdParams, response: { 200: Type.Ref('Ok'), ...errorResponses() } },
      handler: async (req) => schedules.deleteOverride(req.actor, req.params.id, requestMeta(req)),
    });
    app.get('/api/schedules/:id/level-channels', {
      config: read,
      schema: {
        tags,
        summary: 'The channel steps of every (level, priority) pair; default: true where none are set',
        params: IdParams,
        response: { 200: Type.Array(Type.Ref('LevelChannelEntry')), ...errorResponses() },
      },
      handler: async (req) => schedules.levelChannels(req.actor.orgId, req.params.id),
    });
    app.put('/api/schedules/:id/level-channels', {
      config: write,
      schema: {
        tags,
        summary: 'Replace every level-channel entry (pairs not sent return to the defaults)',
        params: IdParams,
        body: Type.Ref('LevelChannels'),
        response: { 200: Type.Array(Type.Ref('LevelChannelEntry')), ...errorResponses() },
      },
      handler: async (req) => schedules.putLevelChannels(req.actor, req.params.id, req.body as Static<typeof LevelChannels> as LevelChannelsInput, requestMeta(req)),
    });
    app.delete('/api/schedules/:id/level-channels/:level/:priority', {
      config: write,
      schema: {
        tags,
        summary: 'Return one (level, priority) pair to its default steps',
        params: Type.Object({ id: IdParams.properties.id, level: Type.String({ minLength: 1, maxLength: 8 }), priority: Type.String({ minLength: 1, maxLength: 16 }) }),
        response: { 200: Type.Ref('Ok'), ...errorResponses() },
      },
      handler: async (req) => schedules.deleteLevelChannel(req.actor, req.params.id, req.params.level, req.params.priority, requestMeta(req)),
    });

    app.get('/api/services/:id/routing', {
      config: { access: { audience: 'D', scope: 'O', permission: 'read' } },
      schema: {
        tags: ['services'],
        summary: "The service's routing rules, or null when never set",
        params: IdParams,
        response: { 200: Type.Union([Type.Ref('ServiceRouting'), Type.Null()]), ...errorResponses() },
      },
      handler: async (req) => routing.get(req.actor.orgId, req.params.id),
    });
    app.put('/api/services/:id/routing', {
      config: { access: { audience: 'D', scope: 'O', permission: 'config.write' } },
      schema: {
        tags: ['services'],
        summary: "Replace the service's routing rules (first match picks the schedule, else the service's schedule_id)",
        params: IdParams,
        body: Type.Ref('ServiceRoutingWrite'),
        response: { 200: Type.Ref('ServiceRouting'), ...errorResponses() },
      },
      handler: async (req) => routing.put(req.actor, req.params.id, req.body as Static<typeof ServiceRoutingWrite> as { rules: RoutingRule[] }, requestMeta(req)),
    });

    app.post('/api/me/calendar-feeds', {
      config: { access: { audience: 'DI', scope: 'P', permission: 'self.write' } },
      schema: {
        tags: ['me'],
        summary: 'Create a secret iCalendar feed URL of your shifts in this organization (shown once)',
        body: Type.Ref('CalendarFeedCreate'),
        response: { 200: Type.Ref('CalendarFeedCreated'), ...errorResponses() },
      },
      handler: async (req) => calendar.create(req.actor, (req.body ?? {}) as Static<typeof CalendarFeedCreate>, requestMeta(req)),
    });
    app.get('/api/me/calendar-feeds', {
      config: { access: { audience: 'DI', scope: 'P', permission: 'read' } },
      schema: { tags: ['me'], summary: 'Your calendar feeds in this organization (without their URLs)', querystring: Type.Object(ListQuery), response: { 200: Type.Array(Type.Ref('CalendarFeed')), ...errorResponses() } },
      handler: async (req, reply) => sendPage(req, reply, await calendar.list(req.actor, req.query.limit ?? 50, req.query.cursor)),
    });
    app.delete('/api/me/calendar-feeds/:id', {
      config: { access: { audience: 'DI', scope: 'P', permission: 'self.write' } },
      schema: { tags: ['me'], summary: 'Delete a calendar feed: its URL stops working at once', params: IdParams, response: { 200: Type.Ref('Ok'), ...errorResponses() } },
      handler: async (req) => calendar.remove(req.actor, req.params.id, requestMeta(req)),
    });
    // The URL is the credential (like an ingest URL); the request logger masks it.
    app.get('/v1/calendar/:file', {
      schema: {
        tags: ['schedules'],
        summary: 'A calendar feed (iCalendar, RFC 5545): your shifts from 7 days ago to 60 days ahead',
        security: [],
        params: Type.Object({ file: Type.String({ minLength: 1, maxLength: 100, description: 'The feed token followed by .ics' }) }),
        response: { 200: Type.String(), 404: Type.Ref('ErrorBody') },
      },
      handler: async (req, reply) => {
        const text = await calendar.ics(req.params.file.replace(/\.ics$/, ''));
        reply.type('text/calendar; charset=utf-8').header('cache-control', 'private, max-age=300');
        return text;
      },
    });
  };
}
