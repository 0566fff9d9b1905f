import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, bootstrapTenant, buildTestApp, createService, liftIngestRateLimit, type Tenant, type TestApp } from '../../helpers/app.ts';
import { connectVendor, createDirectIntegration } from '../../factories/integrations.ts';
import { amAlert, amBody, datadog, grafanaAlert, grafanaBody } from '../../factories/payloads.ts';

// Promise 2 for any key a sender may use: whatever the text of an event key (blanks around it,
// control characters, NUL, lone surrogates, emoji, 255+ code points), a trigger either is refused
// as a whole, or it opens one alert that its repeat joins and its resolve closes, on every ingest
// channel and store. A key that the store keeps differently from how it is compared would page
// twice or never resolve (a lone surrogate did: a 500 on PostgreSQL, docs/adr/0003).

const SEED = Number(process.env.FUZZ_SEED ?? 20261127);
const RUNS = Number(process.env.FUZZ_RUNS ?? 40);

const keyArb = fc.oneof(
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 30 }),
  fc.tuple(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 5 }), fc.integer({ min: 50, max: 400 })).map(([s, n]) => s.repeat(n).slice(0, 600)),
  fc.tuple(fc.constantFrom(' ', '\t', '\n', '\u0000', '\u0001', '\ud800', '\udfff', '🚨', '\u200b', '\ufeff'), fc.string({ minLength: 1, maxLength: 10 }), fc.constantFrom('', ' ', '\u0000', '\ud83d')).map(
    ([a, b, c]) => `${a}${b}${c}`,
  ),
);

for (const dialect of DIALECTS) {
  describe(`${dialect}: any event key opens one alert, which its repeat joins and its resolve closes`, () => {
    let t: TestApp;
    let tenant: Tenant;
    let n = 0;

    beforeAll(async () => {
      t = await buildTestApp({ dialect });
      tenant = await bootstrapTenant(t);
      await liftIngestRateLimit(t, tenant);
    });
    afterAll(async () => t?.close());

    const openOn = async (serviceId: string) =>
      (await t.container.db.selectFrom('alerts').select(['id', 'duplicate_count']).where('service_id', '=', serviceId).where('status', '<>', 'resolved').execute());

    type Send = (key: string, action: 'trigger' | 'resolve') => Promise<{ statusCode: number; body: string; json(): any }>;
    const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', ...headers }, payload: JSON.stringify(payload) });
    /** A channel on a service of its own (so its open alerts are the key's): how to send a key. */
    const onService = (make: (svc: Awaited<ReturnType<typeof createService>>) => Promise<Send> | Send) => async () => {
      const svc = await createService(t, tenant, `key-${n++}`);
      return { serviceId: svc.id, send: await make(svc) };
    };
    const vendor = (type: string, body: (key: string, action: 'trigger' | 'resolve') => unknown) =>
      onService(async (svc) => {
        const path = await connectVendor(t, tenant, { type, routingRules: [], fallbackServiceId: svc.id });
        return (key, action) => post(path, body(key, action));
      });
    const channels: Record<string, () => Promise<{ serviceId: string; send: Send }>> = {
      native: onService((svc) => (key, action) => post(svc.ingestPath, { title: 'key identity', event_key: key, action })),
      keyed: onService((svc) => (key, action) =>
        post('/v1/alerts', { title: 'key identity', event_key: key, action, service_id: svc.id }, { authorization: `Bearer ${tenant.ingestKey}` })),
      events_v2: onService(async (svc) => {
        const { routing_key } = await createDirectIntegration(t, tenant, { type: 'events_v2', serviceId: svc.id });
        return (key, action) =>
          post('/v2/enqueue', { routing_key, event_action: action, dedup_key: key, payload: { summary: 'key identity', source: 'host', severity: 'critical' } });
      }),
      events_v1: onService(async (svc) => {
        const { routing_key } = await createDirectIntegration(t, tenant, { type: 'events_v2', serviceId: svc.id });
        return (key, action) =>
          post('/generic/2010-04-15/create_event.json', { service_key: routing_key, event_type: action, incident_key: key, description: 'key identity' });
      }),
      alertmanager: vendor('alertmanager', (key, action) => amBody([amAlert(action === 'trigger' ? 'firing' : 'resolved', {}, key)])),
      grafana: vendor('grafana', (key, action) => grafanaBody([grafanaAlert({ fingerprint: key, ...(action === 'resolve' ? { status: 'resolved' } : {}) })])),
      datadog: vendor('datadog', (key, action) => datadog({ alert_cycle_key: key, alert_transition: action === 'trigger' ? 'Triggered' : 'Recovered' })),
    };

    for (const [name, make] of Object.entries(channels)) {
      it(`${name}: ${RUNS} keys`, async () => {
        await fc.assert(
          fc.asyncProperty(keyArb, async (key) => {
            const { serviceId, send } = await make();
            const ok = name === 'events_v1' ? 200 : 202; // v1 answers 200, as PagerDuty's did
            /** Nothing left of the key once its NUL characters are gone and it is trimmed: no key. */
            const blank = key.replaceAll('\u0000', '').trim() === '';
            const stored = key.replaceAll('\u0000', '');
            // Only a key over 255 code points is refused (PRODUCT.md 4; the Events API's dedup key
            // as sent, others trimmed). A vendor's is never: it becomes its digest (docs/adr/0200).
            const events = name === 'events_v2' || name === 'events_v1';
            const tooLong = (name === 'native' || name === 'keyed' || events) && [...(events ? stored : stored.trim())].length > 255;
            const where = `${name} key ${JSON.stringify(key).slice(0, 80)} (${key.length} units)`;
            const first = await send(key, 'trigger');
            if (tooLong) {
              // Refused as a whole, and so is its repeat: nothing opened.
              expect(first.statusCode, `${where}: ${first.body.slice(0, 300)}`).toBe(400);
              expect((await send(key, 'trigger')).statusCode, where).toBe(400);
              expect(await openOn(serviceId), where).toHaveLength(0);
              return;
            }
            expect(first.statusCode, `${where}: ${first.body.slice(0, 300)}`).toBe(ok);
            if (events && blank) {
              // PagerDuty: a blank dedup key is none; each trigger gets a new one and opens its own
              // alert, and an acknowledge or resolve needs one (contracts.md 1.2).
              expect((await send(key, 'trigger')).statusCode, where).toBe(ok);
              expect(await openOn(serviceId), where).toHaveLength(2);
              expect((await send(key, 'resolve')).statusCode, where).toBe(400);
              return;
            }
            const repeat = await send(key, 'trigger');
            expect(repeat.statusCode, where).toBe(ok);
            const open = await openOn(serviceId);
            expect(open, where).toHaveLength(1);
            expect(open[0]!.duplicate_count, where).toBe(1);
            const resolved = await send(key, 'resolve');
            if ((name === 'native' || name === 'keyed') && blank) {
              // A blank key is no key (spec 2.1): the trigger took its title as the key, and a
              // resolve must name one.
              expect(resolved.statusCode, where).toBe(400);
              expect(resolved.json().error.details, where).toMatchObject([{ field: 'event_key' }]);
              return;
            }
            expect(resolved.statusCode, where).toBe(ok);
            expect(await openOn(serviceId), where).toHaveLength(0);
          }),
          // Keys that failed before: a NUL in an Events API dedup key and a lone surrogate were 500s on PostgreSQL.
          { seed: SEED + name.length, numRuns: RUNS, endOnFailure: true, examples: [['\u00007 '], ['\ud800'], ['k\u0000'], [' padded '], ['\r'], [' '], ['\u000b'], ['\t \u0000']] },
        );
      });
    }
  });
}
