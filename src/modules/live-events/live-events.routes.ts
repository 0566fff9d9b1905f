import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { errorResponses } from '../../http/schemas.ts';
import { sendPage } from '../../http/pagination.ts';
import { sseFrame, type LiveEvent } from './live-events.ts';
import { BACKLOG_LIMIT, type LiveEventFeed } from './live-events.service.ts';
import { LiveEventSchema, LiveEventsHeaders, LiveEventsQuery } from './live-events.schemas.ts';

/** A comment line this often keeps proxies from closing an idle stream. */
const HEARTBEAT_MS = 20_000;
/** A stream ends after this long; the client reconnects with Last-Event-ID, and its access is checked again. */
const MAX_STREAM_MS = 5 * 60_000;
/** A client this far behind is dropped rather than buffered for. */
const MAX_BUFFERED_BYTES = 1 << 20;

export function liveEventRoutes(deps: { live: LiveEventFeed }): FastifyPluginAsyncTypebox {
  return async (app) => {
    const open = new Set<() => void>();
    // A stream never ends by itself: close them, or the server's close waits for them.
    app.addHook('preClose', async () => {
      for (const end of [...open]) end();
    });

    app.get('/api/events/stream', {
      config: { access: { audience: 'D', scope: 'O', permission: 'read' } },
      schema: {
        tags: ['alerts'],
        summary: "The organization's alert changes, live (server-sent events), or as a JSON page",
        description:
          'With Accept: text/event-stream: a stream of `alert` events (id, type, alert_id), after Last-Event-ID when sent, else from now; a `ready` event follows the replay; ' +
          'a `reset` event means more was missed than is replayed: fetch everything again. Read it with fetch to send X-Service-Org. ' +
          'Without it: a JSON array of the events after `cursor`, oldest first. Events are kept a week.',
        querystring: LiveEventsQuery,
        headers: LiveEventsHeaders,
        produces: ['text/event-stream', 'application/json'],
        response: { 200: Type.Array(Type.Ref('LiveEvent')), ...errorResponses() },
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
        await stream(reply, orgId, req.headers['last-event-id'], deps.live, open);
        return reply;
      },
    });
  };
}

async function stream(reply: FastifyReply, orgId: string, lastEventId: string | undefined, live: LiveEventFeed, open: Set<() => void>) {
  const sent = new Set<number>();
  let ready = false;
  const pending: LiveEvent[] = [];
  const res = reply.raw;
  let ended = false;
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
  const unsubscribe = await live.subscribe(orgId, (events) => (ready ? write(events) : pending.push(...events)));
  const heartbeat = setInterval(() => res.write(': keepalive\n\n'), HEARTBEAT_MS);
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
    res.end();
  }
  open.add(end);
  res.on('close', end);

  reply.hijack();
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
