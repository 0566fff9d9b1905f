import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { AppError } from '../../lib/errors.ts';
import { type IngestReply, isStoreUnavailable } from '../ingest/index.ts';
import type { EventsV2Service } from './events-v2.service.ts';
import { EVENT_MAX_BYTES, EventsApiError, type EventsErrorBody, parseEventJson, unrecognizedObject } from './events-v2.ts';

/**
 * Maps any error on these routes to PagerDuty's status and body (PRODUCT.md 5 exempts
 * /v2/enqueue from the house error body). v1's rate-limit status is 403 (contracts.md 1.4).
 */
function eventsErrorHandler(version: 'v1' | 'v2') {
  return (err: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
    let e: EventsApiError;
    // The metric outcome and the request line's code (PRODUCT.md 5's names) of each answer.
    let code = 'invalid_request';
    if (err instanceof EventsApiError) {
      e = err;
      if (err.credentialRefused) {
        code = 'unauthorized';
        req.ingestOutcome = 'unauthorized';
      } else if (err.statusCode === 413) code = 'payload_too_large';
    }
    // Load shedding is throttling, as PagerDuty answers it. @pagerduty/pdjs retries a 429 and no
    // 5xx (contracts.md 1.7), Alertmanager both: a 503 here lost a pdjs sender's event.
    else if (err instanceof AppError && (err.code === 'rate_limited' || err.shed)) {
      e = new EventsApiError(version === 'v1' ? 403 : 429, { status: 'throttle event', message: 'Too many API calls at a time', errors: [err.message] }, err.retryAfterSeconds);
      code = 'rate_limited';
      req.ingestOutcome = 'rate_limited'; // v1 answers 403
    } else if ((err instanceof AppError && err.code === 'service_unavailable') || isStoreUnavailable(err)) {
      // also a credential lookup that found the store down: 5xx, so the sender retries
      req.log.warn({ err: { message: err.message } }, 'unavailable');
      const message = err instanceof AppError ? err.message : 'The alert store is unavailable right now; the event was not kept.';
      e = new EventsApiError(503, { status: 'unavailable', message: 'The event was not processed; retry later', errors: [message] }, err instanceof AppError ? err.retryAfterSeconds : 5);
      code = 'service_unavailable';
    } else if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || err.statusCode === 413 || (err instanceof AppError && err.code === 'payload_too_large')) {
      e = new EventsApiError(413, { status: 'invalid event', message: 'Event object is invalid', errors: [`Event is larger than ${EVENT_MAX_BYTES / 1024} KB`] });
      code = 'payload_too_large';
    } else if (err instanceof AppError && err.status < 500) {
      // Refused before the body was read (this Klaxon's own webhook come back, docs/adr/0715): PagerDuty's 400 with our reason.
      e = new EventsApiError(400, { status: 'invalid event', message: 'Event object is invalid', errors: [err.message] });
      code = err.code;
    } else if (typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500) {
      e = unrecognizedObject(); // a body Fastify could not read: wrong length, empty, aborted
    } else {
      req.log.error({ err }, 'unhandled error');
      e = new EventsApiError(500, { status: 'error', message: 'Internal error; the event was not processed, retry later', errors: [] });
      code = 'internal';
    }
    req.errorCode = code;
    if (e.retryAfterSeconds !== undefined) reply.header('retry-after', String(Math.max(1, Math.ceil(e.retryAfterSeconds))));
    return reply.code(e.statusCode).type('application/json; charset=utf-8').send(e.body satisfies EventsErrorBody);
  };
}

const accepted = (req: FastifyRequest, reply: FastifyReply, r: IngestReply, status: number) => {
  req.ingestReply = r;
  reply.header('x-service-receipt-id', r.receiptId);
  return reply.code(status).send(r.body as never);
};

const errors = (...codes: number[]) => Object.fromEntries(codes.map((c) => [c, Type.Ref('EventsV2Error')]));

/** The body is checked by the parsers with PagerDuty's reasons; the schema documents it only. */
const documentOnly = () => () => true;

export function eventsV2Routes(deps: { events: EventsV2Service }): FastifyPluginAsyncTypebox {
  return async (app) => {
    // In this plugin only: every content type is read as JSON (PagerDuty does not insist on
    // application/json; pdjs adds "; charset=utf-8"), and unreadable JSON gets PagerDuty's body.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: EVENT_MAX_BYTES }, (_req, body, done) => {
      try {
        done(null, parseEventJson(body as Buffer));
      } catch (err) {
        done(err as Error, undefined);
      }
    });

    app.post('/v2/enqueue', {
      config: { ingest: 'events_v2' },
      errorHandler: eventsErrorHandler('v2'),
      validatorCompiler: documentOnly,
      schema: {
        tags: ['ingest'],
        summary: 'Send a PagerDuty Events API v2 event',
        description:
          'Answers exactly as PagerDuty does: 202 {status,message,dedup_key}; 400 "invalid event" with errors[] (an unknown, rotated-out or revoked routing key is "Invalid routing key"); 400 "Unrecognized object" for malformed JSON; 413 above 512 KB; 429 with Retry-After. Acknowledge or resolve of an unknown dedup_key is accepted and dropped. The receipt id is in X-Service-Receipt-Id.',
        security: [],
        body: Type.Ref('EventsV2Event'),
        response: { 202: Type.Ref('EventsV2Accepted'), ...errors(400, 413, 429, 500, 503) },
      },
      handler: async (req, reply) => accepted(req, reply, await deps.events.enqueue(req.body, req), 202),
    });

    app.post('/generic/2010-04-15/create_event.json', {
      config: { ingest: 'events_v1' },
      errorHandler: eventsErrorHandler('v1'),
      validatorCompiler: documentOnly,
      schema: {
        tags: ['ingest'],
        summary: 'Send a legacy PagerDuty Events API v1 event',
        description:
          'The v1 create_event.json shape, keyed by the routing key of an events_v2 source (service_key). 200 {status,message,incident_key}; 400 "invalid event"; 403 when rate limited (v1 convention).',
        security: [],
        body: Type.Ref('EventsV1Event'),
        response: { 200: Type.Ref('EventsV1Accepted'), ...errors(400, 403, 413, 500, 503) },
      },
      handler: async (req, reply) => accepted(req, reply, await deps.events.createEventV1(req.body, req), 200),
    });
  };
}
