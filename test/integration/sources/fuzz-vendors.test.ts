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

for (const dialect of DIALECTS) {
  describe(`${dialect}: vendor sources answer mutated and random payloads with a 202 or a 4xx, never a 5xx`, () => {
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
  });
}
