import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from 'fastify';
import type { Logger } from 'pino';
import AjvCompiler from '@fastify/ajv-compiler';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Container } from './container.ts';
import { installErrorHandler } from './http/error-handler.ts';
import { installAccessHook } from './http/auth.ts';
import { CodeConfirm, ErrorBody, Ok } from './http/schemas.ts';
import { maskUrl } from './http/logging.ts';
import { newId } from './lib/ids.ts';
import { AppError } from './lib/errors.ts';
import { alertRoutes, alertSchemas } from './modules/alert/index.ts';
import { apiKeyRoutes, apiKeySchemas } from './modules/api-key/index.ts';
import { eventsV2Routes, eventsV2Schemas } from './modules/events-v2/index.ts';
import { ingestRoutes, ingestSchemas } from './modules/ingest/index.ts';
import { integrationRoutes, integrationSchemas } from './modules/integration/index.ts';
import { serviceRoutes, serviceSchemas } from './modules/service/index.ts';
import { userRoutes, userSchemas } from './modules/user/index.ts';
import { ingestOutcome } from './http/metrics.ts';
import { deviceRoutes, deviceSchemas } from './modules/device/index.ts';
import { phoneRoutes, phoneSchemas } from './modules/phone/index.ts';
import { billingRoutes, billingSchemas } from './modules/billing/index.ts';

export const BODY_LIMIT = 512 * 1024;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Marks ingest endpoints for the signal metrics. */
    ingest?: string;
  }
  interface FastifyRequest {
    ingestOutcome?: string;
  }
}

// The library's types split Ajv and JTD options; only the Ajv form is used here.
const buildAjv = AjvCompiler() as unknown as (schemas: unknown, options: unknown) => (route: { httpPart?: string }) => unknown;

const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** The HTTP application. It never listens: main.ts does (and tests use inject). */
export async function buildApp(container: Container, opts: { logger: Logger }): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: opts.logger as FastifyBaseLogger,
    // One line per request is written in onResponse instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && SAFE_REQUEST_ID.test(given) ? given : newId('req');
    },
    ajv: { customOptions: { coerceTypes: 'array', removeAdditional: false, useDefaults: true, allErrors: true } },
    // Query strings and headers need type coercion ("?limit=5"); bodies must not get it, or a
    // numeric title would silently become a string instead of a 400.
    schemaController: {
      compilersFactory: {
        buildValidator: ((externalSchemas: unknown, ajvOptions?: { customOptions?: object }) => {
          const coercing = buildAjv(externalSchemas, ajvOptions);
          const strict = buildAjv(externalSchemas, { ...ajvOptions, customOptions: { ...ajvOptions?.customOptions, coerceTypes: false } });
          return (route: { httpPart?: string }) => (route.httpPart === 'body' ? strict : coercing)(route);
        }) as never,
      },
    },
    forceCloseConnections: true,
    return503OnClosing: true,
  }).withTypeProvider<TypeBoxTypeProvider>();

  // Ingest and the API take JSON only: anything else is 415, not a string body (PRODUCT.md 5).
  app.removeContentTypeParser('text/plain');

  for (const s of [ErrorBody, Ok, ...ingestSchemas, ...alertSchemas, ...serviceSchemas, ...apiKeySchemas, ...userSchemas, ...integrationSchemas]) {
    app.addSchema(s);
  }
  for (const s of [CodeConfirm, ...deviceSchemas, ...phoneSchemas, ...billingSchemas]) app.addSchema(s);
  for (const s of eventsV2Schemas) app.addSchema(s);

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Klaxon',
        version: '1.0.0',
        description:
          'Alert ingest and on-call paging. Ingest under /v1 and /v2/enqueue; management under /api (Authorization: Bearer <full-product key> and X-Service-Org). Unknown request fields are ignored.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    refResolver: { buildLocalReference: (json, _base, _frag, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`) },
  });
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });

  installErrorHandler(app);
  installAccessHook(app, container.authenticate);

  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });
  app.addHook('onResponse', async (req, reply) => {
    const endpoint = req.routeOptions.config?.ingest;
    if (endpoint) {
      container.metrics.signals.inc({ endpoint, outcome: req.ingestOutcome ?? ingestOutcome(reply.statusCode, undefined) });
      container.metrics.ingestSeconds.observe({ endpoint }, reply.elapsedTime / 1000);
    }
    req.log.info({ method: req.method, url: maskUrl(req.url), status: reply.statusCode, ms: Math.round(reply.elapsedTime * 100) / 100 }, 'request');
  });

  const s = container.services;
  await app.register(ingestRoutes({ ingest: s.ingest }));
  await app.register(alertRoutes({ alerts: s.alerts }));
  await app.register(serviceRoutes({ services: s.services }));
  await app.register(apiKeyRoutes({ apiKeys: s.apiKeys }));
  await app.register(userRoutes({ users: s.users }));
  await app.register(deviceRoutes({ devices: s.devices }));
  await app.register(phoneRoutes({ phones: s.phones }));
  await app.register(billingRoutes({ billing: s.billing }));
  await app.register(integrationRoutes({ integrations: s.integrations }));
  await app.register(eventsV2Routes({ events: s.eventsV2 }));

  app.get('/healthz', { schema: { tags: ['operations'], summary: 'The process is alive', security: [], response: { 200: Type.Object({ ok: Type.Boolean() }) } } }, async () => ({ ok: true }));
  app.get(
    '/readyz',
    { schema: { tags: ['operations'], summary: 'The database is reachable', security: [], response: { 200: Type.Object({ ok: Type.Boolean() }), 503: Type.Ref('ErrorBody') } } },
    async () => {
      try {
        await container.db.selectNoFrom((eb) => eb.lit(1).as('one')).execute();
      } catch {
        throw new AppError('service_unavailable', 'The database is not reachable.', { retryAfterSeconds: 5 });
      }
      return { ok: true };
    },
  );
  app.get('/metrics', { schema: { tags: ['operations'], summary: 'Prometheus metrics', security: [], response: { 200: Type.String() } } }, async (_req, reply) => {
    reply.type(container.metrics.registry.contentType);
    return container.metrics.registry.metrics();
  });
  app.get(
    '/api/openapi.json',
    { config: { access: 'public' }, schema: { tags: ['operations'], summary: 'This OpenAPI 3.1 document', security: [], response: { 200: Type.Object({}, { additionalProperties: true }) } } },
    async () => app.swagger(),
  );

  await app.ready();
  return app;
}
