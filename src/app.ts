import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from 'fastify';
import type { Logger } from 'pino';
import AjvCompiler from '@fastify/ajv-compiler';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Container } from './container.ts';
import { MAX_PARAM_LENGTH, frameworkError, installErrorHandler } from './http/error-handler.ts';
import { documentHeaders } from './http/openapi-headers.ts';
import { sharedSerializers } from './http/serializers.ts';
import { type ValidateFn, refuseUnstorableText, refuseOddParameters } from './http/request-values.ts';
import { installAccessHook } from './http/auth.ts';
import { CodeConfirm, ErrorBody, Ok, Readiness } from './http/schemas.ts';
import { readiness } from './http/readiness.ts';
import { BODY_LIMIT, REQUEST_TIMEOUT_MS, connectionsCheckingIntervalMs } from './http/limits.ts';
import { PAGE_SECURITY_HEADERS } from './http/security-headers.ts';
import { lazyRequestLogger, requestLine, requestLogger } from './http/logging.ts';
import { newId } from './lib/ids.ts';
import { AppError } from './lib/errors.ts';
import { alertSchemas } from './modules/alert/index.ts';
import { apiKeySchemas } from './modules/api-key/index.ts';
import { eventsV2Schemas } from './modules/events-v2/index.ts';
import { ingestSchemas } from './modules/ingest/index.ts';
import { integrationSchemas } from './modules/integration/index.ts';
import { serviceSchemas } from './modules/service/index.ts';
import { deliverySchemas, notificationSchemas, rulesSchemas } from './modules/paging/index.ts';
import { telegramSchemas } from './modules/telegram/index.ts';
import { userSchemas } from './modules/user/index.ts';
import { sessionSchemas } from './modules/session/index.ts';
import { ssoSchemas } from './modules/sso/index.ts';
import cookie from '@fastify/cookie';
import { type CountedReply, type IngestEndpoint, type IngestOutcome, refusalOf } from './http/metrics.ts';
import { deviceSchemas } from './modules/device/index.ts';
import { phoneSchemas } from './modules/phone/index.ts';
import { billingSchemas } from './modules/billing/index.ts';
import { auditSchemas } from './modules/audit/index.ts';
import { orgSchemas } from './modules/org/index.ts';
import { invitationSchemas } from './modules/invitation/index.ts';
import { nestsDeeperThan, tooDeepError } from './lib/json-depth.ts';
import { scheduleSchemas } from './modules/schedule/index.ts';
import { heartbeatSchemas } from './modules/heartbeat/index.ts';
import { maintenanceSchemas } from './modules/maintenance/index.ts';
import { ownWebhookRefusal, webhookSchemas } from './modules/webhook/index.ts';
import { slackSchemas } from './modules/slack/index.ts';
import { pageActionSchemas } from './modules/page-action/index.ts';
import { orgRepository } from './modules/org/index.ts';
import { registerDashboard, type DashboardPage } from './web/dashboard.ts';
import { liveEventSchemas } from './modules/live-events/index.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Marks ingest endpoints for the signal metrics: the endpoint label (src/http/metrics.ts). */
    ingest?: IngestEndpoint;
  }
  interface FastifyRequest {
    /** The endpoint label once the request's source is known (an ingest URL's source kind). */
    ingestEndpoint?: IngestEndpoint | undefined;
    /** The accepted request's reply, counted per signal in onResponse. */
    ingestReply?: CountedReply;
    /** A refused request's outcome when its status alone does not say it (Events API errors). */
    ingestOutcome?: IngestOutcome;
    /** The error code (PRODUCT.md 5) of an error response, for the request line. */
    errorCode?: string;
  }
}

// The library's types split Ajv and JTD options; only the Ajv form is used here.
const buildAjv = AjvCompiler() as unknown as (schemas: unknown, options: unknown) => (route: { httpPart?: string }) => unknown;

const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * The HTTP application. It never listens: server.ts does (and tests use inject). `routes:
 * 'operations'` is the worker role's: only /healthz, /readyz and /metrics, so a process that runs
 * the outbox worker alone can be probed and scraped like any other (docs/adr/0104-worker-role.md).
 */
export async function buildApp(
  container: Container,
  opts: { logger: Logger; routes?: 'all' | 'operations'; /** The built dashboard to serve at / (docs/adr/0600). */ dashboard?: string },
): Promise<FastifyInstance> {
  const everyRoute = opts.routes !== 'operations';
  const limits = container.config.http;
  const app = Fastify({
    // Connections that hold a descriptor and send nothing useful close in seconds, not in the
    // 70-100 s of Node's and Fastify's defaults (docs/adr/0700-connection-and-stream-bounds.md): a
    // request's headers must arrive within the idle timeout (a silent new connection gets a 408),
    // the whole request within REQUEST_TIMEOUT_MS, and an idle keep-alive connection closes after
    // keepAliveTimeoutMs. Live event streams are bounded on their own (live-events.limits.ts).
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    requestTimeout: Math.max(REQUEST_TIMEOUT_MS, limits.idleTimeoutMs),
    http: { headersTimeout: limits.idleTimeoutMs, connectionsCheckingInterval: connectionsCheckingIntervalMs(limits.idleTimeoutMs) },
    loggerInstance: opts.logger as FastifyBaseLogger,
    // One line per request is written in onResponse instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    // req.log is made on first use: most requests never log through it (src/http/logging.ts).
    childLoggerFactory: lazyRequestLogger,
    bodyLimit: BODY_LIMIT,
    // X-Forwarded-For is believed only from the operator's proxies (KLAXON_TRUSTED_PROXIES): sign-in
    // throttling and the audit log key on req.ip, which a client must not choose (docs/adr/0534).
    trustProxy: container.config.trustedProxies.length ? container.config.trustedProxies : false,
    // Above every path parameter's own maxLength, so an overlong id or token gets the route's
    // validation error; beyond it the router refuses it (frameworkError).
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors: frameworkError,
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
          return (route: { httpPart?: string; url?: string }) => {
            if (route.httpPart !== 'body') return refuseOddParameters(coercing(route) as ValidateFn);
            return route.url?.startsWith('/api/') ? refuseUnstorableText(strict(route) as ValidateFn) : strict(route);
          };
        }) as never,
        buildSerializer: sharedSerializers as never,
      },
    },
    // On close: idle keep-alive sockets go at once, in-flight requests finish (graceful SIGTERM);
    // requests arriving meanwhile get our 503 with Retry-After (the hook below).
    forceCloseConnections: 'idle',
    return503OnClosing: false,
  }).withTypeProvider<TypeBoxTypeProvider>();
  // Past this many connections the server closes new ones at once, before the process runs out
  // of file descriptors (which would stop the store, the spool and health too).
  app.server.maxConnections = limits.maxConnections;

  // Ingest and the API take JSON only: anything else is 415, not a string body (PRODUCT.md 5).
  app.removeContentTypeParser('text/plain');
  // A route that takes no body (ack, resolve, revoke…) accepts an empty one under a JSON content
  // type: scripts send the header on every call. A route that takes a body still says it is empty.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (body === '' && !req.routeOptions.schema?.body) return done(null, undefined);
    // Refused before parsing: nothing recursive may see a body nested thousands deep (ADR 0500).
    if (nestsDeeperThan(body as string)) return done(tooDeepError());
    parseJson(req, body as string, done);
  });

  for (const s of [ErrorBody, Ok, Readiness, ...ingestSchemas, ...alertSchemas, ...serviceSchemas, ...apiKeySchemas, ...userSchemas, ...integrationSchemas, ...orgSchemas, ...invitationSchemas, ...auditSchemas, ...sessionSchemas, ...ssoSchemas]) {
    app.addSchema(s);
  }
  for (const s of [CodeConfirm, ...deviceSchemas, ...phoneSchemas, ...billingSchemas]) app.addSchema(s);
  for (const s of eventsV2Schemas) app.addSchema(s);
  for (const s of notificationSchemas) app.addSchema(s);
  for (const s of deliverySchemas) app.addSchema(s);
  for (const s of rulesSchemas) app.addSchema(s);
  for (const s of telegramSchemas) app.addSchema(s);
  for (const s of scheduleSchemas) app.addSchema(s);
  for (const s of heartbeatSchemas) app.addSchema(s);
  for (const s of maintenanceSchemas) app.addSchema(s);
  for (const s of webhookSchemas) app.addSchema(s);
  for (const s of slackSchemas) app.addSchema(s);
  for (const s of pageActionSchemas) app.addSchema(s);
  for (const s of liveEventSchemas) app.addSchema(s);

  if (everyRoute) await registerDocs(app);

  let dashboardPage: DashboardPage | undefined;
  if (everyRoute && opts.dashboard) {
    // Once an organization exists the first-run page is gone for good: no query per page load.
    let someOrg = false;
    const firstRun = async () => !(someOrg ||= await orgRepository.anyOrg(container.db));
    dashboardPage = await registerDashboard(app, { root: opts.dashboard, firstRun });
  }
  installErrorHandler(app, dashboardPage);
  // Cookies are parsed before the access hook: the dashboard session is a cookie.
  await app.register(cookie);
  // Shutting down (docs/adr/0100-ingest-spool.md): refuse new work with the one error body.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  // This Klaxon's own webhook come back to it is refused on every route, ingest included (docs/adr/0715).
  const ownWebhook = ownWebhookRefusal(container.config.publicUrl);
  // The hooks that run for every request take Fastify's callback form: an async hook costs a
  // promise and a microtask turn per request (docs/adr/0120-ingest-throughput.md).
  app.addHook('onRequest', (req, reply, done) => {
    const loop = ownWebhook(req.headers);
    if (loop) return done(loop);
    if (!closing) {
      // Started while the database was unavailable: the management API waits until this process
      // has reached and migrated it (docs/adr/0511); ingest spools meanwhile.
      if (!container.storeGate.isOpen() && req.url.startsWith('/api/') && req.url !== '/api/openapi.json' && req.url !== '/api/config-schema.json') return done(storeNotReadyForApi());
      return done();
    }
    reply.header('connection', 'close');
    done(new AppError('service_unavailable', 'Klaxon is shutting down; nothing was kept. Retry after the indicated delay.', { retryAfterSeconds: 1 }));
  });
  installAccessHook(app, container.authenticate);

  app.addHook('onSend', (req, reply, payload, done) => {
    reply.header('x-request-id', req.id);
    done(null, payload);
  });
  const requestLog = requestLogger(opts.logger);
  const metrics = container.metrics;
  app.addHook('onResponse', (req, reply, done) => {
    const route = req.routeOptions.config?.ingest;
    if (route) {
      const endpoint = req.ingestEndpoint ?? route;
      if (req.ingestReply && reply.statusCode < 300) metrics.countReply(endpoint, req.ingestReply);
      else metrics.count(endpoint, req.ingestOutcome ?? refusalOf(reply.statusCode));
      metrics.observe(endpoint, reply.elapsedTime / 1000);
    }
    requestLine(requestLog, req.id, req.method, req.url, reply.statusCode, reply.elapsedTime, req.errorCode, req.ingestTarget?.integrationId);
    done();
  });

  if (everyRoute) await registerProductRoutes(app, container);

  app.get('/healthz', { schema: { tags: ['operations'], summary: 'The process is alive', security: [], response: { 200: Type.Object({ ok: Type.Boolean() }) } } }, async () => ({ ok: true }));
  // Ready means "a signal sent now is kept": the database takes it, or the local spool does
  // (docs/adr/0102-readiness.md). A database outage alone must not take every process out of a load
  // balancer: that would refuse the signals the spool exists to keep.
  app.get(
    '/readyz',
    {
      schema: {
        tags: ['operations'],
        summary: 'Klaxon can keep a signal now: the database takes it, or the local spool can; the body says what waits',
        security: [],
        response: { 200: Type.Ref('Readiness'), 503: Type.Ref('ErrorBody') },
      },
    },
    async () => readiness(container),
  );
  app.get('/metrics', { schema: { tags: ['operations'], summary: 'Prometheus metrics', security: [], response: { 200: Type.String() } } }, async (_req, reply) => {
    reply.type(container.metrics.registry.contentType);
    return container.metrics.registry.metrics();
  });
  // Who wants which webhook events is known before the first request (events stay pending until then).
  await container.ready();
  await app.ready();
  return app;
}

const storeNotReadyForApi = () =>
  new AppError('service_unavailable', 'Klaxon started while its database was unavailable; the API answers once the database does. Signals are kept meanwhile.', { retryAfterSeconds: 5 });

/** The OpenAPI document (/api/openapi.json) and the interactive reference (/docs). */
async function registerDocs(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Klaxon',
        version: '1.0.0',
        description:
          'Alert ingest and on-call paging. Ingest under /v1 and /v2/enqueue; management under /api (Authorization: Bearer <full-product key> and X-Service-Org). Unknown request fields are ignored.',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: 'Full-product API key (kxp_), mobile session (kxm_) or agent token (kxa_).' },
          session: { type: 'apiKey', in: 'cookie', name: 'kx_session', description: 'Dashboard session; POST/PUT/PATCH/DELETE also need X-CSRF-Token.' },
          ingestKey: { type: 'http', scheme: 'bearer', description: 'Alert-ingest key (kxi_), for /v1/alerts.' },
        },
      },
      security: [{ bearer: [] }, { session: [] }],
    },
    refResolver: { buildLocalReference: (json, _base, _frag, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`) },
    // Each operation documents its access rule (audience, scope, permission, or "public") as
    // x-access; the shared access test reads it from this document (docs/adr/0301-access-test.md).
    transformObject: (d) => documentHeaders('openapiObject' in d ? d.openapiObject : d.swaggerObject),
    transform: ({ schema, url, route }) => {
      const access = route.config?.access;
      return { schema: (access ? { ...schema, 'x-access': access } : schema) as typeof schema, url };
    },
  });
  // The default CSP's upgrade-insecure-requests makes browsers fetch the page's assets over https
  // from any host but localhost, so /docs reached as http://server:8080/docs rendered blank
  // (@fastify/swagger-ui issue #690). The rest of the policy is kept.
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    staticCSP: true,
    // Never framed, like every HTML page Klaxon serves (issue 33): the default allows 'self'.
    transformStaticCSP: (header) => header.replace(/\s*upgrade-insecure-requests;?/, '').replace(/frame-ancestors [^;]*/, "frame-ancestors 'none'"),
    uiHooks: {
      onRequest: (_req, reply, done) => {
        reply.headers(PAGE_SECURITY_HEADERS);
        done();
      },
    },
  });
}

/** Ingest, the management API and the OpenAPI document: every route but the operations ones. */
async function registerProductRoutes(app: FastifyInstance, container: Container) {
  for (const routes of container.routes) await app.register(routes);
  app.get(
    '/api/openapi.json',
    { config: { access: 'public' }, schema: { tags: ['operations'], summary: 'This OpenAPI 3.1 document', security: [], response: { 200: Type.Object({}, { additionalProperties: true }) } } },
    async () => app.swagger(),
  );
}
