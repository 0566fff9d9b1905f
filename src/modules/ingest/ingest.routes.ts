import { type Readable, Transform, pipeline } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { IngestEndpoint } from '../../http/metrics.ts';
import { bearerOf, requestMeta } from '../../http/auth.ts';
import { BODY_LIMIT } from '../../http/limits.ts';
import { errorResponses } from '../../http/schemas.ts';
import { AppError } from '../../lib/errors.ts';
import type { IngestTarget, IntegrationType } from '../integration/index.ts';
import { INGEST_URL_TYPES, type IngestReply, type IngestService } from './ingest.service.ts';
import { AlertChangeResponse, IngestHeaders, IngestResponse, KeyedSignal, NativeSignal } from './ingest.schemas.ts';

const TOKEN_MAX = 256;
const TokenParams = Type.Object({ token: Type.String({ maxLength: TOKEN_MAX, description: 'The ingest URL token (a secret).' }) });

/**
 * Vendor sources post a whole notification group at once: Alertmanager and Grafana put every alert
 * of the group in one body, with no size limit of their own, and treat a 413 as final. A group of
 * a few hundred alerts passes 512 KB, so a large outage would lose its page. Vendor URLs take up to
 * 10 MiB; a native signal keeps the 512 KB limit (docs/adr/0200-vendor-sources.md).
 */
export const VENDOR_BODY_LIMIT = 10 * 1024 * 1024;

declare module 'fastify' {
  interface FastifyRequest {
    /** The source behind /v1/ingest/{token}, looked up before the body is read. */
    ingestTarget?: IngestTarget;
  }
}

const tooLarge = (limit: number) =>
  new AppError('payload_too_large', `The body is larger than ${limit === BODY_LIMIT ? '512 KB' : '10 MB'}; send fewer or smaller alerts per request.`);

/** Counts a body's bytes as they arrive and fails the request past `limit` (bodies sent without Content-Length). */
function limitedTo(limit: number, payload: Readable): Readable {
  let seen = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.length;
      done(seen > limit ? tooLarge(limit) : null, chunk);
    },
  });
  // pipeline, not pipe: a client that aborts must end the counter too, or the body reader waits on it.
  return pipeline(payload, counter, () => undefined);
}

/** The metrics endpoint label of an ingest URL's source (a closed set: src/http/metrics.ts). */
const URL_ENDPOINT: Partial<Record<IntegrationType, IngestEndpoint>> = {
  webhook: 'native',
  alertmanager: 'alertmanager',
  grafana: 'grafana',
  datadog: 'datadog',
  custom: 'custom',
};

const accepted = (req: FastifyRequest, reply: FastifyReply, r: IngestReply) => {
  req.ingestReply = r;
  reply.header('x-service-receipt-id', r.receiptId);
  if (r.replayed) reply.header('idempotent-replayed', 'true');
  return reply.code(r.status).send(r.body);
};


export function ingestRoutes(deps: { ingest: IngestService }): FastifyPluginAsyncTypebox {
  return async (app) => {
    // PUT too: Grafana's webhook contact point can be set to send with PUT (`httpMethod`), and a
    // 404 there would drop its alerts without a retry (docs/adr/0200-vendor-sources.md).
    app.route({
      method: ['POST', 'PUT'],
      url: '/v1/ingest/:token',
      // 'ingest_url' until the token names a source; then the source's kind (onRequest).
      config: { ingest: 'ingest_url' },
      bodyLimit: VENDOR_BODY_LIMIT,
      // The credential first, so an unknown URL is a 401 before any of its body is read; then the
      // source's own body limit: only a URL known to be a vendor's may send more than 512 KiB.
      onRequest: (req, _reply, done) => {
        const { token } = req.params as { token: string };
        if (token.length > TOKEN_MAX) return done(); // the params schema answers 400
        deps.ingest.target(token, INGEST_URL_TYPES).then(
          (target) => {
            req.ingestTarget = target;
            req.ingestEndpoint = URL_ENDPOINT[target.type];
            done();
          },
          (err: Error) => done(err),
        );
      },
      preParsing: (req, _reply, payload, done) => {
        const type = req.ingestTarget?.type;
        const limit = type && type !== 'webhook' ? VENDOR_BODY_LIMIT : BODY_LIMIT;
        const declared = Number(req.headers['content-length']);
        if (declared > limit) return done(tooLarge(limit));
        done(null, Number.isFinite(declared) ? payload : limitedTo(limit, payload));
      },
      schema: {
        tags: ['ingest'],
        summary: 'Send a signal to the service behind an ingest URL',
        description:
          'The URL is the credential: no Authorization header and no service_id. Webhook sources take the native signal; vendor sources (alertmanager, grafana, datadog, custom) take their own payload and may open several alerts. PUT is the same as POST (Grafana can be set to send with PUT).',
        security: [],
        params: TokenParams,
        headers: IngestHeaders,
        body: Type.Union([
          Type.Ref('NativeSignal'),
          Type.Object({}, { additionalProperties: true, description: 'A vendor payload' }),
          Type.Array(Type.Unknown(), { description: 'A batch of vendor payloads (datadog)' }),
        ]),
        response: { 202: Type.Ref('IngestResponse'), ...errorResponses(413, 415, 429, 503) },
      },
      handler: async (req, reply) =>
        accepted(req, reply, await deps.ingest.ingestByToken(req.params.token, req.body, req.headers['idempotency-key'], req.ingestTarget)),
    });

    app.post('/v1/alerts', {
      config: { ingest: 'alerts_api' },
      schema: {
        tags: ['ingest'],
        summary: 'Send a signal with an alert-ingest key',
        security: [{ ingestKey: [] }],
        headers: IngestHeaders,
        body: Type.Ref('KeyedSignal'),
        response: { 202: Type.Ref('IngestResponse'), ...errorResponses(413, 415, 429, 503) },
      },
      handler: async (req, reply) => accepted(req, reply, await deps.ingest.ingestWithKey(bearerOf(req), req.body, req.headers['idempotency-key'])),
    });

    for (const op of ['ack', 'resolve'] as const) {
      app.put(`/v1/alerts/:id/${op}`, {
        schema: {
          tags: ['ingest'],
          summary: op === 'ack' ? 'Acknowledge an alert by id' : 'Resolve an alert by id',
          description: 'Idempotent: a repeat answers the current state with changed: false.',
          security: [{ ingestKey: [] }],
          params: Type.Object({ id: Type.String({ maxLength: 64 }) }),
          response: { 200: Type.Ref('AlertChangeResponse'), ...errorResponses(429) },
        },
        handler: async (req) => deps.ingest.changeWithKey(bearerOf(req), req.params.id, op, requestMeta(req)),
      });
    }
  };
}

export const ingestSchemas = [NativeSignal, KeyedSignal, IngestResponse, AlertChangeResponse];
