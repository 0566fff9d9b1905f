import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type Static } from 'typebox';
import { requestMeta } from '../../http/auth.ts';
import { errorResponses, IdParams, ListQuery } from '../../http/schemas.ts';
import { sendPage } from '../../http/pagination.ts';
import { PRIORITIES } from '../alert/index.ts';
import { GRACE_MAX, INTERVAL_MAX, INTERVAL_MIN } from './heartbeat.ts';
import { FAIL_BODY_MAX, type HeartbeatService } from './heartbeat.service.ts';
import { AppError } from '../../lib/errors.ts';

const Priority = Type.Union(PRIORITIES.map((p) => Type.Literal(p)));
const fields = {
  name: Type.String({ minLength: 1, maxLength: 200 }),
  interval_seconds: Type.Integer({ minimum: INTERVAL_MIN, maximum: INTERVAL_MAX, description: 'How often the sender pings, in seconds (60 to 604800).' }),
  grace_seconds: Type.Integer({ minimum: 0, maximum: GRACE_MAX, description: 'How long past the interval a ping may be late before the alert opens (0 to 86400, default 60).' }),
  priority: Priority,
  enabled: Type.Boolean({ description: 'false pauses the heartbeat: it never opens an alert while paused.' }),
};

export const HeartbeatSchema = Type.Object(
  {
    id: Type.String(),
    service_id: Type.String(),
    name: Type.String(),
    interval_seconds: Type.Integer(),
    grace_seconds: Type.Integer(),
    priority: Priority,
    enabled: Type.Boolean(),
    status: Type.Union(['new', 'up', 'late', 'down', 'paused'].map((s) => Type.Literal(s)), {
      description: 'new: never pinged; up: pinged within the interval; late: past the interval, within the grace period; down: its alert is open; paused: not enabled.',
    }),
    last_ping_at: Type.Union([Type.String(), Type.Null()]),
    created_at: Type.String(),
    updated_at: Type.String(),
  },
  { $id: 'Heartbeat' },
);
export const HeartbeatWithUrl = Type.Object(
  { ...HeartbeatSchema.properties, ping_url: Type.String({ description: 'A secret, shown once: GET or POST it to ping; add /fail to report a failure. Rotate to replace it.' }) },
  { $id: 'HeartbeatWithUrl' },
);
export const HeartbeatCreate = Type.Object(
  { name: fields.name, interval_seconds: fields.interval_seconds, grace_seconds: Type.Optional(fields.grace_seconds), priority: Type.Optional(fields.priority), enabled: Type.Optional(fields.enabled) },
  { $id: 'HeartbeatCreate', additionalProperties: false },
);
export const HeartbeatPatch = Type.Object(
  {
    name: Type.Optional(fields.name), interval_seconds: Type.Optional(fields.interval_seconds), grace_seconds: Type.Optional(fields.grace_seconds),
    priority: Type.Optional(fields.priority), enabled: Type.Optional(fields.enabled),
  },
  { $id: 'HeartbeatPatch', additionalProperties: false },
);
export const heartbeatSchemas = [HeartbeatSchema, HeartbeatWithUrl, HeartbeatCreate, HeartbeatPatch];

/** Management routes (PRODUCT.md 11). */
export function heartbeatRoutes(deps: { heartbeats: HeartbeatService }): FastifyPluginAsyncTypebox {
  const { heartbeats } = deps;
  return async (app) => {
    app.get('/api/services/:id/heartbeats', {
      config: { access: { audience: 'DI', scope: 'O', permission: 'read' } },
      schema: { tags: ['heartbeats'], summary: "List a service's heartbeats", params: IdParams, querystring: Type.Object(ListQuery), response: { 200: Type.Array(Type.Ref('Heartbeat')), ...errorResponses() } },
      handler: async (req, reply) => sendPage(req, reply, await heartbeats.list(req.actor.orgId, req.params.id, req.query.limit ?? 50, req.query.cursor)),
    });
    app.post('/api/services/:id/heartbeats', {
      config: { access: { audience: 'DI', scope: 'O', permission: 'config.write' } },
      schema: {
        tags: ['heartbeats'], summary: 'Create a heartbeat: an alert opens when no ping arrives for interval + grace', params: IdParams,
        body: Type.Ref('HeartbeatCreate'), response: { 200: Type.Ref('HeartbeatWithUrl'), ...errorResponses() },
      },
      handler: async (req) => heartbeats.create(req.actor, req.params.id, req.body as Static<typeof HeartbeatCreate>, requestMeta(req)),
    });
    app.get('/api/heartbeats/:id', {
      config: { access: { audience: 'DI', scope: 'O', permission: 'read' } },
      schema: { tags: ['heartbeats'], summary: 'Get a heartbeat', params: IdParams, response: { 200: Type.Ref('Heartbeat'), ...errorResponses() } },
      handler: async (req) => heartbeats.get(req.actor.orgId, req.params.id),
    });
    app.patch('/api/heartbeats/:id', {
      config: { access: { audience: 'DI', scope: 'O', permission: 'config.write' } },
      schema: { tags: ['heartbeats'], summary: 'Change or pause a heartbeat', params: IdParams, body: Type.Ref('HeartbeatPatch'), response: { 200: Type.Ref('Heartbeat'), ...errorResponses() } },
      handler: async (req) => heartbeats.update(req.actor, req.params.id, req.body as Static<typeof HeartbeatPatch>, requestMeta(req)),
    });
    app.delete('/api/heartbeats/:id', {
      config: { access: { audience: 'DI', scope: 'O', permission: 'config.write' } },
      schema: { tags: ['heartbeats'], summary: 'Delete a heartbeat (an alert it opened is resolved)', params: IdParams, response: { 200: Type.Ref('Ok'), ...errorResponses() } },
      handler: async (req) => heartbeats.remove(req.actor, req.params.id, requestMeta(req)),
    });
    app.post('/api/heartbeats/:id/rotate', {
      config: { access: { audience: 'DI', scope: 'O', permission: 'config.write' } },
      schema: { tags: ['heartbeats'], summary: 'A new ping URL; the previous one stops at once', params: IdParams, response: { 200: Type.Ref('HeartbeatWithUrl'), ...errorResponses() } },
      handler: async (req) => heartbeats.rotate(req.actor, req.params.id, requestMeta(req)),
    });
  };
}

/** The bytes of a ping's body kept: enough for FAIL_BODY_MAX characters of any UTF-8 text. */
const PING_BODY_KEEP_BYTES = FAIL_BODY_MAX * 4;
/** A ping's body past this is refused (413): read and dropped below it, whatever its size. */
export const PING_BODY_DRAIN_MAX = 64 * 1024 * 1024;
const tooLarge = () => new AppError('payload_too_large', `A heartbeat ping's body may be up to ${PING_BODY_DRAIN_MAX / 1024 / 1024} MB; only its first ${FAIL_BODY_MAX / 1024} KB are kept.`);

/** The ping URL (the token is the credential): any body, any content type. */
export function heartbeatPingRoutes(deps: { heartbeats: HeartbeatService }): FastifyPluginAsyncTypebox {
  const { heartbeats } = deps;
  const Params = Type.Object({ token: Type.String({ minLength: 1, maxLength: 100 }) });
  const Answer = Type.Object({ ok: Type.Literal(true) });
  return async (app) => {
    // A sender pings with whatever its tool sends (curl -d, JSON, a whole log file, nothing): the
    // body is text here. Only its start is kept (a failure's details keep FAIL_BODY_MAX
    // characters); the rest is read and dropped, so a large log never turns a ping or a failure
    // report into a 413. Past PING_BODY_DRAIN_MAX the request is refused, at once when the length
    // is declared.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', (req, payload, done) => {
      const declared = Number(req.headers['content-length']);
      if (declared > PING_BODY_DRAIN_MAX) return done(tooLarge(), undefined);
      const kept: Buffer[] = [];
      let keptBytes = 0;
      let seen = 0;
      let finished = false;
      const finish = (err: Error | null, body?: string) => {
        if (finished) return;
        finished = true;
        done(err, body);
      };
      payload.on('data', (chunk: Buffer) => {
        seen += chunk.length;
        if (seen > PING_BODY_DRAIN_MAX) {
          payload.removeAllListeners('data');
          payload.resume();
          return finish(tooLarge());
        }
        if (keptBytes < PING_BODY_KEEP_BYTES) {
          const part = chunk.subarray(0, PING_BODY_KEEP_BYTES - keptBytes);
          kept.push(part);
          keptBytes += part.length;
        }
      });
      payload.on('end', () => finish(null, new TextDecoder('utf-8', { fatal: false }).decode(Buffer.concat(kept))));
      payload.on('error', (err) => finish(err));
    });
    const bodyText = (b: unknown) => (typeof b === 'string' ? b : b === undefined || b === null ? '' : JSON.stringify(b));
    for (const method of ['GET', 'POST'] as const) {
      app.route({
        method, url: '/v1/heartbeat/:token',
        schema: { tags: ['heartbeats'], summary: 'Ping a heartbeat (any body)', security: [], params: Params, response: { 200: Answer, ...errorResponses() } },
        handler: async (req) => heartbeats.ping(req.params.token, false, ''),
      });
      app.route({
        method, url: '/v1/heartbeat/:token/fail',
        schema: { tags: ['heartbeats'], summary: "Report a failure: the heartbeat's alert opens now with the body as its details", security: [], params: Params, response: { 200: Answer, ...errorResponses() } },
        handler: async (req) => heartbeats.ping(req.params.token, true, bodyText(req.body)),
      });
    }
  };
}
