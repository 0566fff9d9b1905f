import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../../src/lib/errors.ts';
import { DIALECTS, bootstrapTenant, buildTestApp, createService, type Tenant, type TestApp } from '../../helpers/app.ts';

// Bad input on the vendor sources (issue: durable ingest, "bad input test"; the native endpoints
// are in ingest/fuzz.test.ts): a real payload of each sender with some of its values replaced by
// values of the wrong type, odd strings or nothing, keys removed, or a random JSON document
// instead. Never a 5xx; every 4xx with the PRODUCT.md 5 error body. Fixed seed: deterministic.

const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
const RUNS = Number(process.env.FUZZ_RUNS ?? 150);

const amAlert = (i: number) => ({
  status: 'firing',
  labels: { alertname: 'High CPU', instance: `web-${i}`, severity: 'critical', team: 'search' },
  annotations: { summary: 'CPU above 90%', description: 'for 5 minutes' },
  startsAt: '2026-11-23T01:00:00Z',
  endsAt: '0001-01-01T00:00:00Z',
  generatorURL: 'http://prometheus/graph',
  fingerprint: `00000000000000a${i}`,
});
const SAMPLES: Record<string, unknown> = {
  alertmanager: {
    version: '4',
    groupKey: '{}:{alertname="High CPU"}',
    truncatedAlerts: 0,
    status: 'firing',
    receiver: 'klaxon',
    groupLabels: { alertname: 'High CPU' },
    commonLabels: { alertname: 'High CPU' },
    commonAnnotations: {},
    externalURL: 'http://alertmanager:9093',
    alerts: [amAlert(1), amAlert(2)],
  },
  grafana: {
    receiver: 'klaxon',
    status: 'firing',
    orgId: 1,
    alerts: [{ ...amAlert(1), values: { B: 44.2 }, valueString: "[ var='B' value=44.2 ]", dashboardURL: 'https://grafana/d/uid', silenceURL: 'https://grafana/s', ruleUID: 'r1', orgId: 1 }],
    groupLabels: { alertname: 'High CPU' },
    commonLabels: { alertname: 'High CPU' },
    commonAnnotations: {},
    externalURL: 'https://grafana/',
    version: '1',
    groupKey: '{}:{alertname="High CPU"}',
    truncatedAlerts: 0,
    title: '[FIRING:1] High CPU',
    state: 'alerting',
    message: '**Firing**',
  },
  datadog: {
    id: '8306082202796025694',
    alert_id: '221164084',
    alert_cycle_key: '7129871239871231',
    aggreg_key: '9bd4ac313a4d1e8fae2482df7b77628',
    alert_transition: 'Triggered',
    alert_type: 'error',
    priority: 'P2',
    title: '[P2] [Triggered on {host:ip-012345}] Host is Down',
    body: 'We get high load on ip-012345',
    alert_scope: 'host:ip-012345',
    hostname: 'ip-012345',
    tags: 'monitor, name:myService, team:search',
    date: '1406662672000',
    org: { id: '352347', name: 'vng' },
  },
  custom: {
    tool: 'checkmate',
    region: 'eu',
    checks: [
      { id: 'c1', name: 'check c1', host: 'web-1', level: 'crit', state: 'failing', output: 'HTTP 500', owner: { team: 'search' } },
      { id: 'c2', name: 'check c2', host: 'web-2', level: 'warn', state: 'ok', output: 'HTTP 200', owner: {} },
    ],
  },
};
const MAPPING = {
  items: 'checks',
  title: "name & ' on ' & host",
  event_key: "$payload.tool & ':' & id",
  priority: "level = 'crit' ? 'critical' : level = 'warn' ? 'medium' : level",
  action: "state = 'ok' ? 'resolve' : 'trigger'",
  body: 'output',
  routing: '{"team": owner.team, "region": $payload.region}',
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
      await t.container.db.updateTable('organizations').set({ ingest_rate_per_minute: 1_000_000 }).where('id', '=', tenant.orgId).execute();
      const fallback = await createService(t, tenant, 'fallback');
      const search = await createService(t, tenant, 'search');
      for (const type of Object.keys(SAMPLES)) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/integrations',
          headers: tenant.headers,
          payload: {
            type,
            name: `fuzzed ${type}`,
            routing_rules: [{ attribute: 'team', value: 'search', service_id: search.id }],
            fallback_service_id: fallback.id,
            ...(type === 'custom' ? { mapping: MAPPING } : {}),
          },
        });
        expect(res.statusCode, res.body).toBe(200);
        paths[type] = new URL(res.json().ingest_url).pathname;
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
