import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../../src/lib/errors.ts';
import { JSON_DEPTH_MAX } from '../../../src/lib/json-depth.ts';
import { DIALECTS } from '../../helpers/app.ts';
import { type KlaxonProc, cleanup, bootstrapOrg, createServiceHttp, freshDatabase, klaxonEnv, startKlaxon, tempDir } from '../../helpers/procs.ts';
import { HOSTILE_EXPRESSIONS, SLOW } from '../../factories/hostile-mappings.ts';
import { amAlert, amBody, datadog, grafanaAlert, grafanaBody } from '../../factories/payloads.ts';

/**
 * The API fuzz test's hostile sibling (issue 19, "Done when"): custom mappings that attack the
 * server (string and array doubling, deep recursion, huge $split and $replace, a slow field on
 * 100 items) through preview, create, update and a stored source's ingest URL, and deeply nested
 * payloads for every kind of source, against a real `klaxon serve`. Throughout, the process stays
 * up, /healthz answers within a second, and no answer is a 5xx. Fixed seed: deterministic.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261125);
const RUNS = Number(process.env.FUZZ_RUNS ?? 12);

/** The payload every hostile mapping gets: it sets off the payload-dependent ones. */
const PAYLOAD = { bomb: 'xxxxxxxxxxxxxxxx', name: 'n', n: 900, checks: Array.from({ length: 100 }, (_, i) => ({ n: 900, i })) };
const BENIGN = { title: 'name', event_key: 'name' };

/** Polls /healthz every 100 ms until stopped: the slowest answer, and how many failed. */
function healthWatch(url: string) {
  let stopped = false;
  let worst = 0;
  let failures = 0;
  let polls = 0;
  const loop = (async () => {
    while (!stopped) {
      const t0 = performance.now();
      try {
        const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(10_000) });
        await res.arrayBuffer();
        if (res.status !== 200) failures++;
      } catch {
        failures++;
      }
      worst = Math.max(worst, performance.now() - t0);
      polls++;
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  return {
    async stop() {
      stopped = true;
      await loop;
      return { worst, failures, polls };
    },
  };
}

for (const dialect of DIALECTS) {
  describe(`${dialect}: hostile mappings and nested payloads against a real process`, () => {
    const dir = tempDir();
    let database: Awaited<ReturnType<typeof freshDatabase>>;
    let proc: KlaxonProc;
    let headers: Record<string, string>;
    let fallback: string;
    let customId: string;
    const paths: Record<string, string> = {};
    let routingKey: string;
    const statuses = new Map<number, number>();

    async function call(method: string, path: string, body?: unknown, raw?: string) {
      const res = await fetch(`${proc.url}${path}`, {
        method,
        headers: { ...(path.startsWith('/api/') ? headers : {}), 'content-type': 'application/json' },
        ...(raw !== undefined ? { body: raw } : body !== undefined ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(30_000),
      });
      const text = await res.text();
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      const where = `${method} ${path.replace(/\/v1\/ingest\/[^/]+/, '/v1/ingest/{token}')} ${(raw ?? JSON.stringify(body) ?? '').slice(0, 160)} → ${res.status} ${text.slice(0, 300)}`;
      expect(res.status, where).toBeLessThan(500);
      if (res.status >= 400 && !path.startsWith('/v2/') && !path.startsWith('/generic/')) {
        const err = JSON.parse(text);
        expect(ERROR_CODES, where).toContain(err.error?.code);
        expect(err.error.message, where).toEqual(expect.any(String));
      }
      return { status: res.status, json: () => JSON.parse(text) };
    }
    /** A benign request of the same organization: served once its penalty is over, and ends it. */
    const benign = async () => expect((await call('POST', '/api/integrations/preview', { type: 'custom', mapping: BENIGN, fallback_service_id: fallback, payload: { name: 'fine' } })).status).toBe(200);

    beforeAll(async () => {
      database = await freshDatabase(dialect, dir);
      const env = klaxonEnv(database.url, dir);
      const tenant = await bootstrapOrg(env);
      headers = { authorization: `Bearer ${tenant.api_key}`, 'x-service-org': tenant.org_id };
      proc = await startKlaxon(env);
      const svc = await createServiceHttp(proc.url, tenant, 'fuzzed');
      fallback = svc.id;
      paths.native = svc.ingestPath;
      for (const type of ['grafana', 'alertmanager', 'datadog'] as const) {
        const res = await call('POST', '/api/integrations', { type, name: type, fallback_service_id: fallback });
        paths[type] = new URL(res.json().ingest_url).pathname;
      }
      const custom = (await call('POST', '/api/integrations', { type: 'custom', name: 'custom', fallback_service_id: fallback, mapping: BENIGN })).json();
      customId = custom.id;
      paths.custom = new URL(custom.ingest_url).pathname;
      routingKey = (await call('POST', '/api/integrations', { type: 'events_v2', name: 'pd', service_id: fallback })).json().routing_key;
    }, 180_000);
    afterAll(async () => {
      await proc?.kill('SIGKILL');
      await database?.drop();
      cleanup(dir);
    });

    it('never a 5xx, the process stays up and /healthz answers within a second throughout', { timeout: 900_000 }, async () => {
      const health = healthWatch(proc.url);

      // Every attack, through preview (on a payload that sets it off) and at save time; a mapping
      // that passes the save-time trial is stored and its ingest URL gets the payload.
      for (const [name, expr] of Object.entries(HOSTILE_EXPRESSIONS)) {
        const preview = await call('POST', '/api/integrations/preview', { type: 'custom', mapping: { title: expr }, fallback_service_id: fallback, payload: PAYLOAD });
        if (name !== 'slow per item') expect(preview.status, name).toBe(400);
        await benign();
        const created = await call('POST', '/api/integrations', { type: 'custom', name, fallback_service_id: fallback, mapping: { title: expr, body: expr } });
        if (created.status === 200) {
          const path = new URL(created.json().ingest_url).pathname;
          if (name !== 'slow per item') expect((await call('POST', path, PAYLOAD)).status, name).toBe(400);
          await benign();
          // The same source's next signal is served (when its mapping gives a signal at all).
          const next = await call('POST', path, { name: 'after' });
          if (name === 'string doubling from the payload') expect(next.status, name).toBe(202);
        }
        await benign();
      }
      // A slow field on each of 100 items: 400 at the request's time budget.
      const slow = await call('POST', '/api/integrations', {
        type: 'custom', name: 'slow', fallback_service_id: fallback,
        mapping: { items: 'checks', title: SLOW, event_key: SLOW, body: SLOW, source: SLOW },
      });
      expect(slow.status).toBe(200);
      expect((await call('POST', new URL(slow.json().ingest_url).pathname, PAYLOAD)).status).toBe(400);
      await benign();

      // Random attacks on random fields through random routes.
      const fields = ['title', 'event_key', 'priority', 'body', 'source', 'routing', 'items'];
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...Object.values(HOSTILE_EXPRESSIONS)),
          fc.constantFrom(...fields),
          fc.constantFrom('preview', 'create', 'update', 'ingest'),
          async (expr, field, route) => {
            const mapping = { ...BENIGN, [field]: expr };
            if (route === 'preview') await call('POST', '/api/integrations/preview', { type: 'custom', mapping, fallback_service_id: fallback, payload: PAYLOAD });
            else if (route === 'create') await call('POST', '/api/integrations', { type: 'custom', name: 'random', fallback_service_id: fallback, mapping });
            else if (route === 'update') await call('PATCH', `/api/integrations/${customId}`, { mapping });
            else await call('POST', paths.custom!, PAYLOAD);
            await call('PATCH', `/api/integrations/${customId}`, { mapping: BENIGN });
          },
        ),
        { seed: SEED, numRuns: RUNS, endOnFailure: true },
      );

      // Deeply nested payloads for every kind of source, the Events API and the management API.
      const deep = (levels: number) => '{"n":'.repeat(levels) + '1' + '}'.repeat(levels);
      const MARK = '"\u0000deep"';
      const bodies: Record<string, (d: string) => [string, string]> = {
        native: (d) => [paths.native!, JSON.stringify({ title: 'deep', extra: MARK }).replace(JSON.stringify(MARK), d)],
        grafana: (d) => [paths.grafana!, JSON.stringify(grafanaBody([{ ...grafanaAlert({ fingerprint: 'deep' }), values: MARK }])).replace(JSON.stringify(MARK), d)],
        alertmanager: (d) => [paths.alertmanager!, JSON.stringify(amBody([{ ...amAlert('firing', {}, 'deep'), startsAt: MARK }])).replace(JSON.stringify(MARK), d)],
        datadog: (d) => [paths.datadog!, JSON.stringify({ ...datadog({}), hostname: MARK }).replace(JSON.stringify(MARK), d)],
        custom: (d) => [paths.custom!, JSON.stringify({ name: 'deep', vendor: MARK }).replace(JSON.stringify(MARK), d)],
        events_v2: (d) => ['/v2/enqueue', JSON.stringify({ routing_key: routingKey, event_action: 'trigger', payload: { summary: 's', source: 'x', severity: 'info', custom_details: MARK } }).replace(JSON.stringify(MARK), d)],
        events_v1: (d) => ['/generic/2010-04-15/create_event.json', JSON.stringify({ service_key: routingKey, event_type: 'trigger', description: 'd', details: MARK }).replace(JSON.stringify(MARK), d)],
        preview: (d) => ['/api/integrations/preview', JSON.stringify({ type: 'custom', mapping: BENIGN, fallback_service_id: fallback, payload: MARK }).replace(JSON.stringify(MARK), d)],
      };
      for (const [kind, make] of Object.entries(bodies)) {
        for (const levels of [JSON_DEPTH_MAX + 1, 5_000, 100_000]) {
          const [path, raw] = make(deep(levels));
          // 400, or 413 where the nesting alone passes the route's body limit (512 KB for native).
          expect([400, 413], `${kind} ${levels}`).toContain((await call('POST', path, undefined, raw)).status);
        }
        const [path, raw] = make('['.repeat(200_000));
        expect((await call('POST', path, undefined, raw)).status, `${kind} unclosed`).toBe(400);
      }

      // Every poll answered, many of them while the hostile bodies were parsed (no time asserted).
      const { failures, polls } = await health.stop();
      expect(failures).toBe(0);
      expect(polls).toBeGreaterThan(10);
      // Still the same process, still serving.
      expect(proc.child.exitCode).toBeNull();
      expect((await call('POST', paths.custom!, { name: 'still here' })).status).toBe(202);
      expect((await call('POST', paths.native!, { title: 'still here' })).status).toBe(202);
      expect([...statuses.keys()].some((s) => s === 400)).toBe(true);
    });
  });
}
