import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../../src/lib/errors.ts';
import { DIALECTS, bootstrapTenant, buildTestApp, createService, liftIngestRateLimit, type Tenant, type TestApp } from '../../helpers/app.ts';
import { CUSTOM_MAPPING, amAlert, amBody, customCheck, customPayload, datadog, grafanaAlert, grafanaBody } from '../../factories/payloads.ts';
import { connectVendor } from '../../factories/integrations.ts';

// Bad input on the vendor sources (issue: durable ingest, "bad input test"; the native endpoints
// are in ingest/fuzz.test.ts): a real payload of each sender with some of its values replaced by
// values of the wrong type, odd strings or nothing, keys removed, or a random JSON document
// instead. Never a 5xx; every 4xx with the PRODUCT.md 5 error body. Fixed seed: deterministic.

const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
const RUNS = Number(process.env.FUZZ_RUNS ?? 150);

const SAMPLES: Record<string, unknown> = {
  alertmanager: amBody([amAlert('firing', { instance: 'web-1', team: 'search' }, '00000000000000a1'), amAlert('firing', { instance: 'web-2' }, '00000000000000a2')]),
  grafana: grafanaBody([grafanaAlert({ fingerprint: 'c6eadffa33fcdf37', labels: { alertname: 'High CPU', team: 'search' } })]),
  datadog: datadog({}),
  custom: customPayload([customCheck('c1', 'search'), customCheck('c2', null, 'ok', 'warn')]),
};

const oddValue = fc.oneof(
  fc.constant(null),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.jsonValue({ maxDepth: 2 }),
  fc.constantFrom('x'.repeat(5_000), '\u0000', 'nul\u0000inside', '\ud83d\udea8'.repeat(300), '', ' ', '0001-01-01T00:00:00Z', 'not a date', '-1', '1e309', [], {}),
);

/** Every path (array of keys) in a JSON value, the root excluded. */
function pathsOf(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (value === null || typeof value !== 'object') return [];
  const out: (string | number)[][] = [];
  for (const [k, v] of Object.entries(value)) {
    const key = Array.isArray(value) ? Number(k) : k;
    out.push([...prefix, key], ...pathsOf(v, [...prefix, key]));
  }
  return out;
}

/** The sample with each mutation applied: a value replaced, or its key removed. */
function mutate(sample: unknown, mutations: { path: number; op: 'replace' | 'remove'; value: unknown }[]): unknown {
  const doc = structuredClone(sample);
  for (const m of mutations) {
    const paths = pathsOf(doc);
    if (!paths.length) break;
    const path = paths[m.path % paths.length]!;
    let parent = doc as Record<string | number, unknown>;
    for (const k of path.slice(0, -1)) parent = parent[k] as Record<string | number, unknown>;
    const last = path.at(-1)!;
    if (m.op === 'remove') {
      if (Array.isArray(parent)) parent.splice(Number(last), 1);
      else delete parent[last];
    } else parent[last] = m.value;
  }
  return doc;
}

const bodyArb = (sample: unknown) =>
  fc.oneof(
    { weight: 6, arbitrary: fc.array(fc.record({ path: fc.nat(), op: fc.constantFrom('replace' as const, 'replace' as const, 'remove' as const), value: oddValue }), { minLength: 1, maxLength: 4 }).map((ms) => mutate(sample, ms)) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
    { weight: 1, arbitrary: fc.constant(sample) },
  );

/**
 * The free-text fields of each sender's payload: what a team writes into labels, annotations,
 * monitor titles and messages. The sender cannot shorten or clean them and does not retry a 4xx,
 * so any text there must still be accepted (docs/adr/0200).
 */
const TEXT_PATHS: Record<string, (string | number)[][]> = {
  alertmanager: [
    ['alerts', 0, 'annotations', 'summary'], ['alerts', 0, 'annotations', 'description'], ['alerts', 0, 'labels', 'alertname'],
    ['alerts', 0, 'labels', 'instance'], ['alerts', 1, 'fingerprint'], ['alerts', 0, 'generatorURL'], ['receiver'], ['externalURL'],
  ],
  grafana: [
    ['alerts', 0, 'annotations', 'summary'], ['alerts', 0, 'annotations', 'description'], ['alerts', 0, 'labels', 'alertname'],
    ['alerts', 0, 'fingerprint'], ['alerts', 0, 'generatorURL'], ['title'], ['message'],
  ],
  datadog: [['alert_title'], ['title'], ['body'], ['alert_cycle_key'], ['alert_scope'], ['tags'], ['hostname'], ['link'], ['alert_status']],
};

const textArb = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  // Long text, cut anywhere (a surrogate pair too): at most 30,000 UTF-16 units, 90 KB of UTF-8, so
  // four of them stay under the 512 KB body limit (PRODUCT.md 4).
  fc.tuple(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 8 }), fc.integer({ min: 1, max: 12_000 })).map(([s, n]) => s.repeat(n).slice(0, 30_000)),
  fc.constantFrom('', ' ', '\t\n', '\u0000', '\u0001\u0002', '[Recovered]', '[P1] [Triggered] x', '\ud800', '🚨'.repeat(2_000), 'd'.repeat(70_000)),
);

const withText = (sample: unknown, edits: { path: (string | number)[]; text: string }[]) => {
  const doc = structuredClone(sample) as Record<string | number, unknown>;
  for (const { path, text } of edits) {
    let parent = doc;
    for (const k of path.slice(0, -1)) parent = parent[k] as Record<string | number, unknown>;
    parent[path.at(-1)!] = text;
  }
  return doc;
};

for (const dialect of DIALECTS) {
  describe(`${dialect}: vendor sources answer mutated and random payloads with a 202 or a 4xx, never a 5xx, and accept any text in free-text fields`, () => {
    let t: TestApp;
    let tenant: Tenant;
    const paths: Record<string, string> = {};

    beforeAll(async () => {
      t = await buildTestApp({ dialect });
      tenant = await bootstrapTenant(t);
      await liftIngestRateLimit(t, tenant);
      const fallback = await createService(t, tenant, 'fallback');
      const search = await createService(t, tenant, 'search');
      for (const type of Object.keys(SAMPLES)) {
        paths[type] = await connectVendor(t, tenant, {
          type,
          name: `fuzzed ${type}`,
          routingRules: [{ attribute: 'team', value: 'search', service_id: search.id }],
          fallbackServiceId: fallback.id,
          ...(type === 'custom' ? { mapping: CUSTOM_MAPPING } : {}),
        });
      }
    });
    afterAll(async () => t?.close());

    for (const type of Object.keys(SAMPLES)) {
      it(`${type}: ${RUNS} mutated payloads`, async () => {
        const statuses = new Map<number, number>();
        await fc.assert(
          fc.asyncProperty(bodyArb(SAMPLES[type]), async (body) => {
            const res = await t.app.inject({ method: 'POST', url: paths[type]!, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) ?? 'null' });
            statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
            const where = `${type} ${(JSON.stringify(body) ?? '').slice(0, 400)} → ${res.statusCode} ${res.body.slice(0, 300)}`;
            expect(res.statusCode, where).toBeLessThan(500);
            if (res.statusCode >= 400) {
              const err = res.json();
              expect(err, where).toMatchObject({ ok: false, error: { code: expect.any(String), message: expect.any(String) } });
              expect(ERROR_CODES, where).toContain(err.error.code);
            }
          }),
          { seed: SEED + type.length, numRuns: RUNS, endOnFailure: true },
        );
        // The property reached the store, not only the parsers.
        expect(statuses.get(202) ?? 0).toBeGreaterThan(5);
      });
    }

    for (const type of Object.keys(TEXT_PATHS)) {
      it(`${type}: ${RUNS} payloads with odd text are each accepted, every item an alert`, async () => {
        await fc.assert(
          fc.asyncProperty(fc.array(fc.record({ path: fc.constantFrom(...TEXT_PATHS[type]!), text: textArb }), { minLength: 1, maxLength: 4 }), async (edits) => {
            const body = withText(SAMPLES[type], edits);
            const res = await t.app.inject({ method: 'POST', url: paths[type]!, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) });
            const where = `${type} ${JSON.stringify(edits.map((e) => ({ path: e.path.join('.'), text: e.text.slice(0, 60), length: e.text.length })))} → ${res.statusCode} ${res.body.slice(0, 300)}`;
            expect(res.statusCode, where).toBe(202);
            for (const item of res.json().items as { action: string; alert_id?: string; resolved: boolean }[]) {
              if (item.action === 'trigger') expect(item.alert_id, where).toMatch(/^alr_/);
            }
          }),
          { seed: SEED + 7 * type.length, numRuns: RUNS, endOnFailure: true },
        );
      });
    }
  });
}
