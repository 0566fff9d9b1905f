import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ingestOutcome } from '../../http/metrics.ts';
import { bearerOf, requestMeta } from '../../http/auth.ts';
import { errorResponses } from '../../http/schemas.ts';
import type { IngestReply, IngestService } from './ingest.service.ts';
import { AlertChangeResponse, IngestHeaders, IngestResponse, KeyedSignal, NativeSignal } from './ingest.schemas.ts';

const TokenParams = Type.Object({ token: Type.String({ maxLength: 256, description: 'The ingest URL token (a secret).' }) });

const accepted = (req: FastifyRequest, reply: FastifyReply, r: IngestReply) => {
  req.ingestOutcome = r.replayed ? 'replayed' : r.buffered ? 'buffered' : ingestOutcome(r.status, r.body);
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
      config: { ingest: 'native' },
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
      handler: async (req, reply) => accepted(req, reply, await deps.ingest.ingestByToken(req.params.token, req.body, req.headers['idempotency-key'])),
    });

    app.post('/v1/alerts', {
      config: { ingest: 'keyed' },
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
