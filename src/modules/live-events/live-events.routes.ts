import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { AccessRule, Authenticator } from '../../http/auth.ts';
import { errorResponses } from '../../http/schemas.ts';
import { AppError, forbidden } from '../../lib/errors.ts';
import { sendPage } from '../../http/pagination.ts';
import { sseFrame, type LiveEvent } from './live-events.ts';
import { BACKLOG_LIMIT, type LiveEventFeed } from './live-events.service.ts';
import { LiveEventSchema, LiveEventsHeaders, LiveEventsQuery } from './live-events.schemas.ts';
import { createStreamBounds, type StreamBounds } from './live-events.limits.ts';

/** A comment line this often keeps proxies from closing an idle stream. */
const HEARTBEAT_MS = 20_000;
/** A stream ends after this long; the client reconnects with Last-Event-ID, and its access is checked again. */
const MAX_STREAM_MS = 5 * 60_000;
/** A client this far behind is dropped rather than buffered for. */
const MAX_BUFFERED_BYTES = 1 << 20;

const ACCESS: AccessRule = { audience: 'D', scope: 'O', permission: 'read' };

/** Whether an error of the access check means the credential or membership is gone (not an outage). */
const accessGone = (err: unknown) => err instanceof AppError && (err.code === 'unauthorized' || err.code === 'forbidden' || err.code === 'not_found');

/**
 * `bounds`: open streams per credential, per organization and per process; past one, a 429 with
 * Retry-After (docs/adr/0700-connection-and-stream-bounds.md). `authenticate` checks a stream's
 * credential and membership again once it follows, and at each heartbeat.
 */
export function liveEventRoutes(deps: { live: LiveEventFeed; bounds: StreamBounds; authenticate: Authenticator }): FastifyPluginAsyncTypebox {
  return async (app) => {
    const open = new Set<() => void>();
    const bounds = createStreamBounds(deps.bounds);
    // A stream never ends by itself: close them, or the server's close waits for them.
    app.addHook('preClose', async () => {
      for (const end of [...open]) end();
    });

    app.get('/api/events/stream', {
      config: { access: ACCESS },
      schema: {
        tags: ['alerts'],
        summary: "The organization's alert changes, live (server-sent events), or as a JSON page",
        description:
          'With Accept: text/event-stream: a stream of `alert` events (id, type, alert_id), after Last-Event-ID when sent, else from now; a `ready` event follows the replay; ' +
          'a `reset` event means more was missed than is replayed: fetch everything again. Read it with fetch to send X-Service-Org. ' +
          'Open streams are bounded per session, per organization and per server: past one, 429 with Retry-After. A stream ends when its member leaves or is removed. ' +
          'Without it: a JSON array of the events after `cursor`, oldest first. Events are kept a week.',
        querystring: LiveEventsQuery,
        headers: LiveEventsHeaders,
        produces: ['text/event-stream', 'application/json'],
        response: { 200: Type.Array(Type.Ref('LiveEvent')), ...errorResponses(429) },
      },
      handler: async (req, reply) => {
        const orgId = req.actor.orgId;
        const accept = req.headers.accept ?? '';
        if (!/\btext\/event-stream\b/.test(accept)) {
          const limit = req.query.limit ?? 50;
          const events = await deps.live.since(orgId, Number(req.query.cursor ?? 0), limit + 1);
          const items = events.slice(0, limit);
          return sendPage(req, reply, { items, nextCursor: events.length > limit ? String(items.at(-1)!.id) : undefined });
        }
        // Refused before anything is held: 429 with Retry-After.
        const release = bounds.admit(req.actor.credentialId, orgId);
        try {
          await stream(req, req.headers['last-event-id'], reply, deps, open, release);
        } catch (err) {
          release();
          throw err;
        }
        return reply;
      },
    });
  };
}

async function stream(
  req: FastifyRequest,
  lastEventId: string | undefined,
  reply: FastifyReply,
  deps: { live: LiveEventFeed; authenticate: Authenticator },
  open: Set<() => void>,
  release: () => void,
) {
  const { live } = deps;
  const orgId = req.actor.orgId;
  const userId = req.actor.id;
  const sent = new Set<number>();
  let ready = false;
  const pending: LiveEvent[] = [];
  const res = reply.raw;
  let ended = false;
  /** Set once end() may run (it needs the timers); before, a membership's end is only noted. */
  let started = false;
  let gone = false;
  const write = (events: LiveEvent[]) => {
    for (const e of events) {
      if (sent.has(e.id)) continue;
      sent.add(e.id);
      if (sent.size > 4 * BACKLOG_LIMIT) sent.delete(sent.values().next().value!);
      res.write(sseFrame('alert', e, e.id));
    }
    if (res.writableLength > MAX_BUFFERED_BYTES) end();
  };
  // Follow first, then read what came before: nothing falls between the two (duplicates are dropped).
  // A membership that ends (here or in another process) ends the stream at once.
  const unsubscribe = await live.subscribe(
    orgId,
    (events) => (ready ? write(events) : pending.push(...events)),
    (userIds) => {
      if (!userIds.includes(userId)) return;
      gone = true;
      if (started) end();
    },
  );
  // Checked again now it follows: a removal committed between the access check and the
  // subscription is seen here (one committed after it reaches the subscription).
  try {
    await deps.authenticate(req, ACCESS);
    if (gone) throw forbidden('You are not a member of the organization named by X-Service-Org.');
  } catch (err) {
    unsubscribe();
    throw err;
  }
  let checking = false;
  const heartbeat = setInterval(() => {
    res.write(': keepalive\n\n');
    // A signed-out session, a revoked key or a deleted organization ends the stream here.
    if (checking) return;
    checking = true;
    deps.authenticate(req, ACCESS).then(
      () => (checking = false),
      (err: unknown) => {
        checking = false;
        if (accessGone(err)) end();
      },
    );
  }, HEARTBEAT_MS);
  const lifetime = setTimeout(() => end(), MAX_STREAM_MS);
  heartbeat.unref();
  lifetime.unref();
  function end() {
    if (ended) return;
    ended = true;
    open.delete(end);
    clearInterval(heartbeat);
    clearTimeout(lifetime);
    unsubscribe();
    release();
    res.end();
  }
  open.add(end);
  res.on('close', end);
  started = true;

  reply.hijack();
  // Quiet between heartbeats by design: the server's idle timeout is for connections, not streams.
  if (typeof res.socket?.setTimeout === 'function') res.socket.setTimeout(0);
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    'x-accel-buffering': 'no',
    'x-request-id': reply.request.id,
    connection: 'keep-alive',
  });
  // Tells the browser how long to wait before reconnecting after a drop.
  res.write('retry: 2000\n\n');
  try {
    if (lastEventId !== undefined) {
      const backlog = await live.since(orgId, Number(lastEventId), BACKLOG_LIMIT + 1);
      // Too far behind: the client refetches everything and follows from now (its cursor cleared).
      if (backlog.length > BACKLOG_LIMIT) res.write(sseFrame('reset', { reason: 'more changed than is replayed; fetch again' }, ''));
      else write(backlog);
    }
    res.write(sseFrame('ready', {}));
  } catch {
    end();
    return;
  }
  ready = true;
  write(pending.splice(0));
}

export const liveEventSchemas = [LiveEventSchema];
