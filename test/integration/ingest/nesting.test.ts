import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { JSON_DEPTH_MAX } from '../../../src/lib/json-depth.ts';
import { DIALECTS, bootstrapTenant, buildTestApp, createService, type Tenant, type TestApp } from '../../helpers/app.ts';
import { connectVendor, createDirectIntegration } from '../../factories/integrations.ts';
import { amAlert, amBody, datadog, grafanaAlert, grafanaBody } from '../../factories/payloads.ts';

/**
 * Issue 19.6: vendor JSON nested thousands deep answered 500 ("Maximum call stack size exceeded",
 * from the structured clone to the SQLite thread, and then every later batch waited on it), and
 * with units already spooled it got "202 buffered" and was later set aside by the drainer: a lost
 * signal its sender was told not to resend. Every JSON body is now refused past JSON_DEPTH_MAX
 * levels with a 400 before it is parsed (docs/adr/0500-json-nesting-depth.md); one at the limit
 * goes all the way through, spool included.
 */

/** `levels` objects nested in one another around a string, as JSON text (JSON.stringify recurses). */
const nested = (levels: number): string => '{"n":'.repeat(levels) + '"leaf"' + '}'.repeat(levels);
const MARK = '\u0000deep';

/** How deep a value nests, counted without recursion (the test's own stack has limits too). */
function depthOf(value: unknown): number {
  let max = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [v, d] = stack.pop()!;
    if (typeof v !== 'object' || v === null) continue;
    max = Math.max(max, d + 1);
    for (const child of Array.isArray(v) ? v : Object.values(v)) stack.push([child, d + 1]);
  }
  return max;
}

type Kind = 'native' | 'grafana' | 'alertmanager' | 'datadog' | 'custom' | 'events_v2';
const KINDS: Kind[] = ['native', 'grafana', 'alertmanager', 'datadog', 'custom', 'events_v2'];

for (const dialect of DIALECTS) {
  describe(`${dialect}: deeply nested JSON is a 400 at the edge, for every kind of source`, () => {
    let t: TestApp;
    let tenant: Tenant;
    let svc: Awaited<ReturnType<typeof createService>>;
    const urls = {} as Record<Kind, string>;
    let routingKey: string;

    beforeAll(async () => {
      t = await buildTestApp({ dialect, outage: true });
      tenant = await bootstrapTenant(t);
      svc = await createService(t, tenant, 'deep');
      urls.native = svc.ingestPath;
      for (const type of ['grafana', 'alertmanager', 'datadog'] as const) urls[type] = await connectVendor(t, tenant, { type, routingRules: [], fallbackServiceId: svc.id });
      urls.custom = await connectVendor(t, tenant, { type: 'custom', routingRules: [], fallbackServiceId: svc.id, mapping: { title: "'deep ' & id", event_key: 'id' } });
      urls.events_v2 = '/v2/enqueue';
      routingKey = (await createDirectIntegration(t, tenant, { type: 'events_v2', serviceId: svc.id })).routing_key!;
    });
    afterEach(() => t.outage.end());
    afterAll(async () => t?.close());

    /** A real payload of `kind` whose body nests exactly `depth` levels, in a field the source keeps (JSON text). */
    function bodyOf(kind: Kind, depth: number, id: string): string {
      const make = (deep: unknown): unknown => {
        switch (kind) {
          case 'native':
            return { title: `deep ${id}`, event_key: id, extra: deep };
          case 'grafana':
            return grafanaBody([{ ...grafanaAlert({ fingerprint: id }), values: deep }]);
          case 'alertmanager':
            return amBody([{ ...amAlert('firing', {}, id), startsAt: deep }]);
          case 'datadog':
            return { ...datadog({ alert_cycle_key: id }), hostname: deep };
          case 'custom':
            return { id, vendor: deep };
          case 'events_v2':
            return { routing_key: routingKey, event_action: 'trigger', dedup_key: id, payload: { summary: `deep ${id}`, source: 'db', severity: 'critical', custom_details: deep } };
        }
      };
      const at = (levels: number) => JSON.stringify(make(MARK)).replace(JSON.stringify(MARK), nested(levels));
      // Levels above the deep field (its siblings nest less than 50).
      const above = depthOf(JSON.parse(at(50))) - 50;
      const body = at(depth - above);
      expect(depthOf(JSON.parse(body))).toBe(depth);
      return body;
    }
    const send = (kind: Kind, body: unknown) => t.app.inject({ method: 'POST', url: urls[kind], payload: typeof body === 'string' ? body : JSON.stringify(body), headers: { 'content-type': 'application/json' } });
    const alertsWith = (eventKey: string) => t.container.db.selectFrom('alerts').select('id').where('service_id', '=', svc.id).where('event_key', '=', eventKey).execute();
    const refusedDeep = (kind: Kind, res: { statusCode: number; body: string }) => {
      expect(res.statusCode, `${kind}: ${res.body.slice(0, 300)}`).toBe(400);
      expect(res.body, kind).toContain(`${JSON_DEPTH_MAX} levels deep`);
    };

    it('one level past the limit, and the 5,000 of the attack, get a 400 that says so; nothing is opened', async () => {
      for (const kind of KINDS) {
        for (const depth of [JSON_DEPTH_MAX + 1, 5_000]) {
          const id = `${kind}-too-deep-${depth}`;
          refusedDeep(kind, await send(kind, bodyOf(kind, depth, id)));
          expect(await alertsWith(id), kind).toEqual([]);
        }
      }
      // A malformed body nested just as deep is refused the same way, not parsed at all.
      refusedDeep('grafana', await t.app.inject({ method: 'POST', url: urls.grafana, payload: '['.repeat(100_000), headers: { 'content-type': 'application/json' } }));
      // Brackets inside strings are text, not nesting.
      const text = await send('native', { title: '[{'.repeat(500), body: '"[{'.repeat(5_000), event_key: 'brackets-in-text' });
      expect(text.statusCode, text.body).toBe(202);
    });

    it('a payload at the limit opens its alert, through the store and through the spool', async () => {
      for (const kind of KINDS) {
        const id = `${kind}-at-limit`;
        const res = await send(kind, bodyOf(kind, JSON_DEPTH_MAX, id));
        expect(res.statusCode, `${kind}: ${res.body.slice(0, 300)}`).toBe(202);
        expect(await alertsWith(id), kind).toHaveLength(1);
      }
      // The store goes away: the first signal is spooled, and then the spool holds units, so every
      // later signal queues behind them (the path that answered 202 to what it later set aside).
      t.outage.begin();
      const first = await send('native', { title: 'while down', event_key: 'while-down' });
      expect(first.statusCode, first.body).toBe(202);
      expect(first.json().buffered).toBe(true);
      expect(t.container.spool.holds()).toBe(true);
      for (const kind of KINDS) {
        refusedDeep(kind, await send(kind, bodyOf(kind, 3_500, `${kind}-spooled-deep`)));
        const ok = await send(kind, bodyOf(kind, JSON_DEPTH_MAX, `${kind}-spooled`));
        expect(ok.statusCode, `${kind}: ${ok.body.slice(0, 300)}`).toBe(202);
      }
      t.outage.end();
      expect(await t.container.drainer.drainAll()).toBe(true);
      expect(t.container.spool.rejectedCount()).toBe(0);
      for (const kind of KINDS) {
        expect(await alertsWith(`${kind}-spooled`), kind).toHaveLength(1);
        expect(await alertsWith(`${kind}-spooled-deep`), kind).toEqual([]);
      }
    });

    it('the management API refuses it too (a preview payload)', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/integrations/preview',
        headers: { ...tenant.headers, 'content-type': 'application/json' },
        payload: JSON.stringify({ type: 'custom', mapping: { title: "'x'" }, fallback_service_id: svc.id, payload: MARK }).replace(JSON.stringify(MARK), nested(5_000)),
      });
      refusedDeep('custom', res);
    });
  });
}
