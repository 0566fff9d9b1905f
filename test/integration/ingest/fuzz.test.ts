import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../../src/lib/errors.ts';
import { DIALECTS, bootstrapTenant, buildTestApp, createService, liftIngestRateLimit, type Tenant, type TestApp } from '../../helpers/app.ts';

// Bad input on every ingest endpoint (issue: durable ingest, "bad input test"; Events API v1 and
// v2 included, vendor payloads in sources/fuzz-vendors.test.ts): random and
// mutated bodies, raw bytes, wrong or absent content types, odd headers and oversized bodies.
// Never a 5xx; every 4xx but /v2/enqueue's carries the PRODUCT.md 5 error body and X-Request-Id;
// memory stays flat. Fixed seed and bounded runs, so the test is deterministic.

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const SEED = Number(process.env.FUZZ_SEED ?? 20261121);
const RUNS = Number(process.env.FUZZ_RUNS ?? 400);

type Endpoint = 'native' | 'native-put' | 'native-bad-token' | 'keyed' | 'ack' | 'resolve' | 'enqueue' | 'create_event';

interface Ctx {
  nativePath: string;
  /** The routing key of an events_v2 source (Events API v2, and v1's service_key). */
  routingKey: string;
  serviceId: string;
  alertId: string;
  tenant: Tenant;
}

interface Case {
  endpoint: Endpoint;
  body: { kind: 'none' } | { kind: 'text'; text: string } | { kind: 'bytes'; bytes: Uint8Array } | { kind: 'oversized'; fill: string };
  contentType: string | undefined;
  idempotencyKey: string | undefined;
  authorization: 'ingest' | 'api' | 'none' | { raw: string };
  requestId: string | undefined;
  pathPart: string;
}

const printable = (maxLength: number) => fc.string({ unit: 'grapheme-ascii', maxLength });
const anyString = (maxLength: number) => fc.string({ unit: 'grapheme', maxLength });

/** A field value: mostly plausible, often the wrong type, sometimes too long. */
const fieldValue = (valid: fc.Arbitrary<unknown>) =>
  fc.oneof(
    { weight: 4, arbitrary: valid },
    { weight: 1, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: fc.integer() },
    { weight: 1, arbitrary: fc.boolean() },
    { weight: 1, arbitrary: anyString(40) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
    { weight: 1, arbitrary: fc.constantFrom('x'.repeat(1025), 'é'.repeat(256), '\u0000', 'nul\u0000inside', '\ud83d\udea8'.repeat(300)) },
  );

const enumOf = (...values: string[]) => fc.constantFrom(...values);

/** A body a sender would really send, so the property reaches the store, not only the validators. */
const validBody = (ep: Endpoint, ctx: Ctx): fc.Arbitrary<unknown> => {
  const key = fc.constantFrom('disk', 'cpu', 'seed', 'queue', 'k1', 'k2');
  if (ep === 'create_event') {
    return fc.record({
      service_key: fc.constant(ctx.routingKey),
      event_type: enumOf('trigger', 'acknowledge', 'resolve'),
      incident_key: key,
      description: anyString(30).map((s) => s || 'x'),
      details: fc.jsonValue({ maxDepth: 2 }),
    });
  }
  if (ep === 'enqueue') {
    return fc.record({
      routing_key: fc.constant(ctx.routingKey),
      event_action: enumOf('trigger', 'acknowledge', 'resolve'),
      dedup_key: key,
      payload: fc.record({ summary: anyString(30), source: enumOf('host-1'), severity: enumOf('critical', 'error', 'warning', 'info') }),
    });
  }
  return fc.record(
    {
      title: anyString(40).map((s) => s || 'x'),
      event_key: key,
      priority: enumOf('critical', 'high', 'medium', 'low', 'info'),
      urgency: enumOf('high', 'low'),
      action: fc.constantFrom('trigger', 'trigger', 'resolve'),
      ...(ep === 'keyed' ? { service_id: fc.constant(ctx.serviceId) } : {}),
    },
    { requiredKeys: ['title', 'event_key', ...(ep === 'keyed' ? ['service_id' as const] : [])] as never },
  );
};

const nativeBody = (serviceId?: string) =>
  fc.record(
    {
      title: fieldValue(anyString(60)),
      event_key: fieldValue(anyString(30)),
      body: fieldValue(anyString(100)),
      priority: fieldValue(enumOf('critical', 'high', 'medium', 'low', 'info')),
      urgency: fieldValue(enumOf('high', 'low')),
      source: fieldValue(anyString(20)),
      action: fieldValue(enumOf('trigger', 'resolve')),
      service_id: fieldValue(serviceId ? fc.constantFrom(serviceId, 'svc_nope') : enumOf('svc_nope')),
      extra: fc.jsonValue({ maxDepth: 3 }),
    },
    { requiredKeys: [] },
  );

const enqueueBody = (ctx: Ctx) => fc.record(
  {
    routing_key: fieldValue(fc.oneof(printable(40), fc.constant('0123456789abcdef0123456789abcdef'), fc.constant(ctx.routingKey))),
    event_action: fieldValue(enumOf('trigger', 'acknowledge', 'resolve')),
    dedup_key: fieldValue(anyString(30)),
    payload: fc.oneof(
      fc.record({ summary: fieldValue(anyString(40)), source: fieldValue(anyString(10)), severity: fieldValue(enumOf('critical', 'error', 'warning', 'info')) }, { requiredKeys: [] }),
      fc.jsonValue({ maxDepth: 2 }),
    ),
  },
  { requiredKeys: [] },
);

const createEventBody = (ctx: Ctx) =>
  fc.record(
    {
      service_key: fieldValue(fc.oneof(printable(40), fc.constant(ctx.routingKey))),
      event_type: fieldValue(enumOf('trigger', 'acknowledge', 'resolve')),
      incident_key: fieldValue(anyString(30)),
      description: fieldValue(anyString(40)),
      details: fc.jsonValue({ maxDepth: 2 }),
      contexts: fieldValue(fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 2 })),
    },
    { requiredKeys: [] },
  );

/** JSON text, then maybe damaged: truncated, a character inserted or removed. */
const mutatedText = (json: fc.Arbitrary<unknown>) =>
  fc.tuple(json, fc.nat(), fc.integer({ min: 0, max: 4 }), anyString(2)).map(([v, at, op, ins]) => {
    const s = JSON.stringify(v) ?? 'null';
    const i = s.length ? at % s.length : 0;
    if (op === 0) return s.slice(0, i);
    if (op === 1) return s.slice(0, i) + ins + s.slice(i);
    if (op === 2) return s.slice(0, i) + s.slice(i + 1);
    return s;
  });

function caseArb(ctx: Ctx): fc.Arbitrary<Case> {
  const endpoint = fc.constantFrom<Endpoint>('native', 'native', 'native-put', 'native-bad-token', 'keyed', 'keyed', 'ack', 'resolve', 'enqueue', 'enqueue', 'create_event');
  return endpoint.chain((ep) => {
    const json = ep === 'enqueue' ? enqueueBody(ctx) : ep === 'create_event' ? createEventBody(ctx) : nativeBody(ep === 'keyed' ? ctx.serviceId : undefined);
    const body = fc.oneof(
      { weight: 4, arbitrary: validBody(ep, ctx).map((v) => ({ kind: 'text' as const, text: JSON.stringify(v) })) },
      { weight: 6, arbitrary: mutatedText(json).map((text) => ({ kind: 'text' as const, text })) },
      { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => ({ kind: 'text' as const, text: JSON.stringify(v) ?? 'null' })) },
      { weight: 1, arbitrary: anyString(80).map((text) => ({ kind: 'text' as const, text })) },
      { weight: 1, arbitrary: fc.uint8Array({ maxLength: 200 }).map((bytes) => ({ kind: 'bytes' as const, bytes })) },
      { weight: 1, arbitrary: fc.constant({ kind: 'none' as const }) },
      { weight: 1, arbitrary: fc.constantFrom('x', '{"title":"', '[').map((fill) => ({ kind: 'oversized' as const, fill })) },
    );
    const contentType = fc.oneof(
      { weight: 6, arbitrary: fc.constant('application/json') },
      {
        weight: 4,
        arbitrary: fc.constantFrom(
          undefined,
          'application/json; charset=utf-8',
          'APPLICATION/JSON',
          'application/json; charset=latin1',
          'text/plain',
          'text/plain; charset=utf-8',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=x',
          'application/octet-stream',
          'application/vnd.api+json',
          'application/json;;;',
          '',
        ),
      },
      { weight: 1, arbitrary: printable(40) },
    );
    const authorization = fc.oneof(
      { weight: 3, arbitrary: fc.constant<'ingest' | 'api' | 'none'>(ep === 'native' || ep === 'native-put' || ep === 'native-bad-token' || ep === 'enqueue' || ep === 'create_event' ? 'none' : 'ingest') },
      { weight: 1, arbitrary: fc.constantFrom<'ingest' | 'api' | 'none'>('ingest', 'api', 'none') },
      { weight: 1, arbitrary: fc.oneof(printable(60), printable(60).map((s) => `Bearer ${s}`), fc.constantFrom('Bearer', 'Bearer kxi_', 'Basic Zm9vOmJhcg==', 'bearer  kxi_x  ')).map((raw) => ({ raw })) },
    );
    const pathPart = ep === 'ack' || ep === 'resolve' ? fc.oneof(fc.constant(ctx.alertId), printable(70).map((s) => encodeURIComponent(s) || 'x')) : printable(300).map((s) => encodeURIComponent(s) || 'x');
    return fc.record({
      endpoint: fc.constant(ep),
      body,
      contentType,
      idempotencyKey: fc.option(fc.oneof(printable(20), fc.constantFrom('', 'k'.repeat(256))), { nil: undefined, freq: 3 }),
      authorization,
      requestId: fc.option(printable(80), { nil: undefined, freq: 4 }),
      pathPart,
    });
  });
}

const OVERSIZED_BYTES = 600 * 1024;

for (const dialect of DIALECTS) {
  describe(`${dialect}: fuzzed ingest requests never cause a 5xx`, () => {
    let t: TestApp;
    let ctx: Ctx;

    beforeAll(async () => {
      t = await buildTestApp({ dialect });
      const tenant = await bootstrapTenant(t);
      await liftIngestRateLimit(t, tenant);
      const svc = await createService(t, tenant, 'fuzzed');
      const seeded = await t.app.inject({ method: 'POST', url: svc.ingestPath, payload: { title: 'Seed alert', event_key: 'seed' } });
      expect(seeded.statusCode).toBe(202);
      const events = await t.app.inject({ method: 'POST', url: '/api/integrations', headers: tenant.headers, payload: { type: 'events_v2', name: 'fuzzed events', service_id: svc.id } });
      expect(events.statusCode, events.body).toBe(200);
      ctx = { nativePath: svc.ingestPath, serviceId: svc.id, alertId: seeded.json().alert_id, tenant, routingKey: events.json().routing_key };
    });
    afterAll(async () => t?.close());

    async function send(c: Case) {
      const headers: Record<string, string> = {};
      if (c.contentType !== undefined) headers['content-type'] = c.contentType;
      if (c.idempotencyKey !== undefined) headers['idempotency-key'] = c.idempotencyKey;
      if (c.requestId !== undefined) headers['x-request-id'] = c.requestId;
      if (c.authorization === 'ingest') headers.authorization = `Bearer ${ctx.tenant.ingestKey}`;
      else if (c.authorization === 'api') headers.authorization = `Bearer ${ctx.tenant.apiKey}`;
      else if (typeof c.authorization === 'object') headers.authorization = c.authorization.raw;
      let payload: string | Buffer | undefined;
      if (c.body.kind === 'text') payload = c.body.text;
      else if (c.body.kind === 'bytes') payload = Buffer.from(c.body.bytes);
      else if (c.body.kind === 'oversized') payload = c.body.fill + 'a'.repeat(OVERSIZED_BYTES);
      const [method, url] = ((): ['POST' | 'PUT', string] => {
        switch (c.endpoint) {
          case 'native':
            return ['POST', ctx.nativePath];
          case 'native-put': // Grafana can be set to send with PUT
            return ['PUT', ctx.nativePath];
          case 'native-bad-token':
            return ['POST', `/v1/ingest/${c.pathPart}`];
          case 'keyed':
            return ['POST', '/v1/alerts'];
          case 'ack':
          case 'resolve':
            return ['PUT', `/v1/alerts/${c.pathPart}/${c.endpoint}`];
          case 'enqueue':
            return ['POST', '/v2/enqueue'];
          case 'create_event':
            return ['POST', '/generic/2010-04-15/create_event.json'];
        }
      })();
      return t.app.inject({ method, url, headers, ...(payload !== undefined ? { payload } : {}) });
    }

    function check(c: Case, res: Awaited<ReturnType<typeof send>>) {
      const where = `${c.endpoint} → ${res.statusCode} ${res.body.slice(0, 300)}`;
      expect(res.statusCode, where).toBeLessThan(500);
      expect(res.headers['x-request-id'], where).toBeTruthy();
      // The Events API endpoints answer as PagerDuty does (v2 and v1), except when the route is absent.
      if (res.statusCode < 400 || ((c.endpoint === 'enqueue' || c.endpoint === 'create_event') && res.statusCode !== 404)) return;
      const body = res.json();
      expect(body, where).toMatchObject({ ok: false, error: { code: expect.any(String), message: expect.any(String) } });
      expect(ERROR_CODES, where).toContain(body.error.code);
      expect(Object.keys(body).sort(), where).toEqual(['error', 'ok']);
      expect(Object.keys(body.error).every((k) => ['code', 'message', 'details'].includes(k)), where).toBe(true);
      if (body.error.details !== undefined) {
        expect(Array.isArray(body.error.details), where).toBe(true);
        for (const d of body.error.details) expect(d, where).toEqual({ field: expect.any(String), message: expect.any(String) });
      }
      expect(res.headers['content-type'], where).toMatch(/^application\/json/);
    }

    it(`${RUNS} random and mutated requests: always < 500 with the error body, and memory stays flat`, async () => {
      const statuses = new Map<number, number>();
      const run = (seed: number, numRuns: number) =>
        fc.assert(
          fc.asyncProperty(caseArb(ctx), async (c) => {
            const res = await send(c);
            statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
            check(c, res);
          }),
          { seed, numRuns, endOnFailure: true },
        );

      // Warm up (JIT, caches, prepared statements), then measure the heap across the main run.
      await run(SEED, 100);
      gc();
      const before = process.memoryUsage().heapUsed;
      await run(SEED + 1, RUNS);
      await t.container.committer.idle();
      gc();
      const growth = process.memoryUsage().heapUsed - before;
      // Generous: the credential caches and token buckets hold a few thousand small entries by design.
      expect(growth, `heap grew by ${(growth / 1e6).toFixed(1)} MB`).toBeLessThan(24 * 1024 * 1024);

      // The property exercised more than the error paths.
      expect(statuses.get(202) ?? 0).toBeGreaterThan(10);
      expect([...statuses.keys()].filter((s) => s >= 400).length).toBeGreaterThanOrEqual(4);
    });

    it('the process answers normally afterwards', async () => {
      const res = await t.app.inject({ method: 'POST', url: ctx.nativePath, payload: { title: 'After the fuzz', event_key: 'after' } });
      expect(res.statusCode).toBe(202);
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    });
  });
}
