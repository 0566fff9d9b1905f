import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, bootstrapTenant, buildTestApp, createService, type Tenant, type TestApp } from '../../helpers/app.ts';
import { amAlert, amBody, datadog, grafanaAlert, grafanaBody } from '../../factories/payloads.ts';
import { connectVendor } from '../../factories/integrations.ts';
import { VENDOR_BODY_LIMIT } from '../../../src/modules/ingest/ingest.routes.ts';

for (const dialect of DIALECTS) {
  describe(`${dialect}: vendor parsers route each item on its own (spec 2.4, 2.5)`, () => {
    let t: TestApp;
    let tenant: Tenant;
    let fallback: Awaited<ReturnType<typeof createService>>;
    let search: Awaited<ReturnType<typeof createService>>;
    let payments: Awaited<ReturnType<typeof createService>>;

    beforeAll(async () => {
      t = await buildTestApp({ dialect });
      tenant = await bootstrapTenant(t);
      fallback = await createService(t, tenant, 'catch-all');
      search = await createService(t, tenant, 'search');
      payments = await createService(t, tenant, 'payments');
    });
    afterAll(async () => t?.close());

    const connect = (type: string, attribute: string) =>
      connectVendor(t, tenant, {
        type,
        routingRules: [
          { attribute, value: 'blue', service_id: search.id },
          { attribute, value: 'search', service_id: search.id },
          { attribute, value: 'payments', service_id: payments.id },
          { attribute: 'env', value: 'prod', service_id: payments.id },
        ],
        fallbackServiceId: fallback.id,
      });
    const post = (path: string, payload: unknown) => t.app.inject({ method: 'POST', url: path, payload: payload as object });
    const alert = async (id: string) => (await t.app.inject({ method: 'GET', url: `/api/alerts/${id}`, headers: tenant.headers })).json();

    it('grafana: one alert per alerts[] item, routed independently; unmatched and unlabeled items go to the fallback', async () => {
      const path = await connect('grafana', 'team');
      const res = await post(path, grafanaBody([
        grafanaAlert({ fingerprint: 'c6eadffa33fcdf37' }),
        grafanaAlert({ fingerprint: 'c6eadffa33fcdf38', labels: { alertname: 'Disk', team: 'payments', severity: 'warning' }, summary: 'disk 95%' }),
        grafanaAlert({ fingerprint: 'c6eadffa33fcdf39', labels: { alertname: 'Memory', team: 'green' } }),
        grafanaAlert({ fingerprint: 'c6eadffa33fcdf3a', labels: { alertname: 'Net', team: '' } }),
        grafanaAlert({ fingerprint: 'c6eadffa33fcdf3b', labels: { alertname: 'Swap', team: 'Blue' } }),
      ]));
      expect(res.statusCode, res.body).toBe(202);
      const body = res.json();
      expect(body.receipt_id).toMatch(/^rcp_/);
      expect(body.items.map((i: { service_id: string }) => i.service_id)).toEqual([search.id, payments.id, fallback.id, fallback.id, fallback.id]);
      expect(body.items.map((i: { event_key: string }) => i.event_key)).toEqual(['c6eadffa33fcdf37', 'c6eadffa33fcdf38', 'c6eadffa33fcdf39', 'c6eadffa33fcdf3a', 'c6eadffa33fcdf3b']);
      expect(body.items.every((i: { deduped: boolean; alert_id: string }) => !i.deduped && i.alert_id.startsWith('alr_'))).toBe(true);
      expect(await alert(body.items[0].alert_id)).toMatchObject({ title: 'High CPU: CPU above 90%', service_id: search.id, source: 'grafana', status: 'open' });
      expect(await alert(body.items[1].alert_id)).toMatchObject({ title: 'Disk: disk 95%', priority: 'medium', service_id: payments.id });

      // A repeat dedupes on the fingerprint; a resolved item resolves that alert only.
      const again = (await post(path, grafanaBody([grafanaAlert({ fingerprint: 'c6eadffa33fcdf37' }), grafanaAlert({ status: 'resolved', fingerprint: 'c6eadffa33fcdf38', labels: { alertname: 'Disk', team: 'payments' } })]))).json();
      expect(again.items[0]).toMatchObject({ alert_id: body.items[0].alert_id, deduped: true });
      expect(again.items[1]).toMatchObject({ alert_id: body.items[1].alert_id, resolved: true, action: 'resolve' });
      expect((await alert(body.items[1].alert_id)).status).toBe('resolved');
      expect((await alert(body.items[0].alert_id)).duplicate_count).toBe(1);
    });

    it('grafana: a contact point set to send with PUT is taken as POST (a 404 would drop its alerts unretried)', async () => {
      const path = await connect('grafana', 'team');
      const res = await t.app.inject({ method: 'PUT', url: path, payload: grafanaBody([grafanaAlert({ fingerprint: 'd6eadffa33fcdf37' })]) });
      expect(res.statusCode, res.body).toBe(202);
      expect(res.json().items[0]).toMatchObject({ service_id: search.id, deduped: false });
      expect(res.headers['x-service-receipt-id']).toBe(res.json().receipt_id);
      const again = await t.app.inject({ method: 'POST', url: path, payload: grafanaBody([grafanaAlert({ fingerprint: 'd6eadffa33fcdf37' })]) });
      expect(again.json().items[0]).toMatchObject({ alert_id: res.json().items[0].alert_id, deduped: true });
      const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
      expect(Object.keys(doc.paths['/v1/ingest/{token}'])).toEqual(expect.arrayContaining(['post', 'put']));
      expect(doc.paths['/v1/ingest/{token}'].put.responses['202']).toBeDefined();
    });

    it('grafana: a legacy or malformed body is 400 with a message to act on', async () => {
      const path = await connect('grafana', 'team');
      const legacy = await post(path, { ruleName: 'x', state: 'alerting', evalMatches: [] });
      expect(legacy.statusCode).toBe(400);
      expect(legacy.json().error.message).toMatch(/unified alerting/);
      const bad = await post(path, grafanaBody([{ status: 'pending', labels: {}, fingerprint: 'x' }]));
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.details).toMatchObject([{ field: 'alerts[0].status' }]);
      const empty = await post(path, grafanaBody([]));
      expect(empty.statusCode, empty.body).toBe(202);
      expect(empty.json().items).toEqual([]);
    });

    it('datadog: transition → action, P1..P5 → priority, tags route, alert cycle key is the event key', async () => {
      const path = await connect('datadog', 'team');
      const res = await post(path, datadog({}));
      expect(res.statusCode, res.body).toBe(202);
      const item = res.json().items[0];
      expect(item).toMatchObject({ service_id: search.id, event_key: '7129871239871231', action: 'trigger', deduped: false });
      expect(await alert(item.alert_id)).toMatchObject({ title: '[Triggered on {host:ip-012345}] Host is Down', priority: 'high', urgency: 'high', source: 'datadog' });
      const re = (await post(path, datadog({ alert_transition: 'Re-Triggered', priority: 'P1' }))).json().items[0];
      expect(re).toMatchObject({ alert_id: item.alert_id, deduped: true });
      expect((await alert(item.alert_id)).priority).toBe('critical');
      const rec = (await post(path, datadog({ alert_transition: 'Recovered', alert_type: 'success', priority: 'P1' }))).json().items[0];
      expect(rec).toMatchObject({ alert_id: item.alert_id, resolved: true, action: 'resolve' });
      expect((await alert(item.alert_id)).status).toBe('resolved');

      for (const tr of ['Warn', 'Re-Warn', 'No Data', 'Re-No Data', 'Renotify']) {
        const r = (await post(path, datadog({ alert_cycle_key: `tr-${tr}`, alert_transition: tr }))).json().items[0];
        expect(r, tr).toMatchObject({ action: 'trigger', deduped: false });
      }
      const noPriority = (await post(path, datadog({ alert_cycle_key: 'no-prio', priority: '' }))).json().items[0];
      expect((await alert(noPriority.alert_id)).priority).toBe('high');

      for (const [p, want] of [['P1', 'critical'], ['P2', 'high'], ['P3', 'medium'], ['P4', 'low'], ['P5', 'info']] as const) {
        const r = (await post(path, datadog({ alert_cycle_key: `prio-${p}`, priority: p }))).json().items[0];
        const a = await alert(r.alert_id);
        expect(a.priority).toBe(want);
        expect(a.urgency).toBe(want === 'info' ? 'low' : 'high');
      }
    });

    it('datadog: untagged or unmatched monitors go to the fallback; a batch routes per item; a payload service id is ignored', async () => {
      const path = await connect('datadog', 'team');
      const res = await post(path, [
        datadog({ alert_cycle_key: 'b-1', tags: '' }),
        datadog({ alert_cycle_key: 'b-2', tags: 'team:payments, env:dev' }),
        datadog({ alert_cycle_key: 'b-3', tags: 'monitor, team:unknown' }),
        datadog({ alert_cycle_key: 'b-4', tags: 'team:search', alert_scope: 'env:prod' }),
        datadog({ alert_cycle_key: 'b-5', tags: 'team:TEAM' }),
        { ...datadog({ alert_cycle_key: 'b-6', tags: 'monitor', alert_scope: '' }), service_id: payments.id, routing: { service_id: payments.id } },
      ]);
      expect(res.statusCode, res.body).toBe(202);
      expect(res.json().items.map((i: { service_id: string }) => i.service_id)).toEqual([fallback.id, payments.id, fallback.id, search.id, fallback.id, fallback.id]);
    });

    it('datadog: the default payload (no transition field) still maps "[Recovered]" to resolve', async () => {
      const path = await connect('datadog', 'team');
      const base = { id: '1', last_updated: '1759343824000', event_type: 'query_alert_monitor', date: '1759343824000', org: { id: '352347', name: 'vng' }, body: '%%%\nWe get high ...' };
      const open = (await post(path, { ...base, title: '[Triggered] High tracking' })).json().items[0];
      expect(open).toMatchObject({ action: 'trigger', event_key: 'High tracking', service_id: fallback.id });
      const rec = (await post(path, { ...base, id: '2', title: '[Recovered] High tracking' })).json().items[0];
      expect(rec).toMatchObject({ action: 'resolve', alert_id: open.alert_id, resolved: true });
    });

    it('datadog: without an alert cycle key, monitor id and scope are the key, so each host is its own alert', async () => {
      const path = await connect('datadog', 'team');
      const at = (host: string, transition = 'Triggered') =>
        datadog({ alert_cycle_key: undefined as unknown as string, alert_transition: transition, alert_scope: `host:${host}`, alert_id: '555' });
      const a = (await post(path, at('a'))).json().items[0];
      const b = (await post(path, at('b'))).json().items[0];
      expect(a).toMatchObject({ event_key: '555:host:a', deduped: false });
      expect(b).toMatchObject({ event_key: '555:host:b', deduped: false });
      expect(b.alert_id).not.toBe(a.alert_id);
      const recovered = (await post(path, at('a', 'Recovered'))).json().items[0];
      expect(recovered).toMatchObject({ action: 'resolve', alert_id: a.alert_id, resolved: true });
      expect((await alert(a.alert_id)).status).toBe('resolved');
      expect((await alert(b.alert_id)).status).toBe('open');
    });

    it('alertmanager and grafana: a payload without alerts says which payload was expected, with the right article', async () => {
      const am = (await post(await connect('alertmanager', 'team'), { version: '4' })).json().error.message;
      expect(am).toMatch(/^Expected an Alertmanager webhook \(version 4\) payload with an "alerts" array\./);
      const gf = (await post(await connect('grafana', 'team'), { title: 'x' })).json().error.message;
      expect(gf).toMatch(/^Expected a Grafana unified alerting payload/);
    });

    it('datadog: a form-encoded body ("Encode as form") is 415, with what to change', async () => {
      const path = await connect('datadog', 'team');
      const res = await t.app.inject({ method: 'POST', url: path, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'title=Host+down&alert_id=1' });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toMatchObject({ ok: false, error: { code: 'unsupported_media_type' } });
      expect(res.json().error.message).toMatch(/application\/json/);
    });

    // Alertmanager, Grafana and Datadog cannot shorten what they send and do not retry a 4xx: text
    // over Klaxon's limits is cut to fit, not refused with the whole batch (docs/adr/0200).
    it('alertmanager: an item with text over the limits is cut to fit; the rest of its batch still pages', async () => {
      const path = await connect('alertmanager', 'team');
      const long = { ...amAlert('firing', { team: 'search' }, '00000000000000a1'), annotations: { summary: '𝄞'.repeat(1100), description: 'd'.repeat(70_000) } };
      const res = await post(path, amBody([amAlert('firing', { team: 'search' }, '00000000000000a0'), long]));
      expect(res.statusCode, res.body).toBe(202);
      const items = res.json().items;
      expect(items.map((i: { deduped: boolean }) => i.deduped)).toEqual([false, false]);
      const cut = await alert(items[1].alert_id);
      expect([...cut.title]).toHaveLength(1024); // code points: each 𝄞 is two UTF-16 units
      expect(cut.title.startsWith('HighLatency: 𝄞𝄞')).toBe(true);
      expect(cut.body.length).toBe(64 * 1024);
      await t.container.runner.drain();
      const pages = await t.container.db.selectFrom('alert_log').select('alert_id').where('alert_id', 'in', [items[0].alert_id, items[1].alert_id]).where('kind', '=', 'page_requested').execute();
      expect(pages).toHaveLength(2);
    });

    it('datadog: a key longer than an event key may be becomes its stable digest; the recovery finds that alert', async () => {
      const path = await connect('datadog', 'team');
      const key = `cycle-${'k'.repeat(300)}`;
      const open = (await post(path, datadog({ alert_cycle_key: key }))).json().items[0];
      expect([...open.event_key].length).toBeLessThanOrEqual(255);
      expect(open.event_key).toMatch(/^cycle-k+…#[0-9a-f]{32}$/);
      const again = (await post(path, datadog({ alert_cycle_key: key }))).json().items[0];
      expect(again).toMatchObject({ alert_id: open.alert_id, deduped: true });
      const recovered = (await post(path, datadog({ alert_cycle_key: key, alert_transition: 'Recovered' }))).json().items[0];
      expect(recovered).toMatchObject({ alert_id: open.alert_id, resolved: true });
    });

    it('alertmanager: a batch opens alerts on several services; fingerprints dedupe; resolved items resolve', async () => {
      const path = await connect('alertmanager', 'team');
      const res = await post(path, amBody([
        amAlert('firing', { team: 'search', severity: 'critical' }, '0000000000000001'),
        amAlert('firing', { team: 'payments', severity: 'warning' }, '0000000000000002'),
        amAlert('firing', { severity: 'info' }, '0000000000000003'),
      ]));
      expect(res.statusCode, res.body).toBe(202);
      const items = res.json().items;
      expect(items.map((i: { service_id: string }) => i.service_id)).toEqual([search.id, payments.id, fallback.id]);
      const first = await alert(items[0].alert_id);
      expect(first).toMatchObject({ title: 'HighLatency: p99 > 2s', priority: 'critical', event_key: '0000000000000001', source: 'alertmanager' });
      expect(first.details).toMatchObject({ receiver: 'team.pager', labels: { team: 'search' } });
      expect((await alert(items[2].alert_id)).urgency).toBe('low');

      const next = (await post(path, amBody([
        amAlert('resolved', { team: 'search', severity: 'critical' }, '0000000000000001'),
        amAlert('firing', { team: 'payments', severity: 'warning' }, '0000000000000002'),
        amAlert('resolved', { team: 'search' }, '00000000000000ff'),
      ]))).json().items;
      expect(next[0]).toMatchObject({ alert_id: items[0].alert_id, resolved: true });
      expect(next[1]).toMatchObject({ alert_id: items[1].alert_id, deduped: true });
      expect(next[2]).toMatchObject({ resolved: false, deduped: false });
      expect(next[2].alert_id).toBeUndefined();
      expect((await alert(items[0].alert_id)).status).toBe('resolved');
    });

    it('alertmanager: a whole outage group over 512 KB is taken (up to 10 MB); a native body keeps its 512 KB limit; an unknown URL is 401 before its body is read', async () => {
      const path = await connect('alertmanager', 'team');
      // 1,500 instances of one alert in one group: Alertmanager sends them in one body and does not retry a 413.
      const alerts = Array.from({ length: 1500 }, (_, i) => ({
        ...amAlert('firing', { instance: `host-${i}.example:9100`, job: 'node', team: 'search' }, `fp-outage-${i}`),
        annotations: { summary: `host-${i} is down`, description: 'x'.repeat(600) },
      }));
      const body = JSON.stringify(amBody(alerts));
      expect(body.length).toBeGreaterThan(1024 * 1024);
      const res = await t.app.inject({ method: 'POST', url: path, payload: body, headers: { 'content-type': 'application/json' } });
      expect(res.statusCode, res.body.slice(0, 300)).toBe(202);
      expect(res.json().items).toHaveLength(1500);
      const open = await t.container.db.selectFrom('alerts').select((eb) => eb.fn.countAll<number>().as('n')).where('service_id', '=', search.id).where('event_key', 'like', 'fp-outage-%').executeTakeFirstOrThrow();
      expect(Number(open.n)).toBe(1500);

      // Past 10 MB even a vendor body is refused, with what to change.
      const huge = await t.app.inject({ method: 'POST', url: path, payload: 'x'.repeat(10 * 1024 * 1024 + 1), headers: { 'content-type': 'application/json' } });
      expect(huge.statusCode).toBe(413);
      expect(huge.json().error).toMatchObject({ code: 'payload_too_large', message: expect.stringMatching(/10 MB/) });

      // A native source's URL still refuses a body over 512 KB, with or without Content-Length.
      const native = (await createService(t, tenant, 'native-limit')).ingestPath;
      const big = JSON.stringify({ title: 'big', body: 'y'.repeat(600 * 1024) });
      const declared = await t.app.inject({ method: 'POST', url: native, payload: big, headers: { 'content-type': 'application/json' } });
      expect(declared.statusCode).toBe(413);
      expect(declared.json().error.message).toMatch(/512 KB/);
      const streamed = await t.app.inject({ method: 'POST', url: native, payload: Readable.from([big.slice(0, 300_000), big.slice(300_000)]), headers: { 'content-type': 'application/json' } });
      expect(streamed.statusCode, streamed.body).toBe(413);
      expect(streamed.json().error.code).toBe('payload_too_large');

      // An unknown URL is refused on its credential before its body is read: past the vendor limit it is still a 401, not a 413.
      const beyond = 'x'.repeat(VENDOR_BODY_LIMIT + 1);
      const unknown = await t.app.inject({ method: 'POST', url: '/v1/ingest/' + 'z'.repeat(32), payload: beyond, headers: { 'content-type': 'application/json' } });
      expect(unknown.statusCode).toBe(401);
      expect(unknown.json().error.code).toBe('unauthorized');
      // A token too long to be one is never looked up, and gets no more than the native 512 KB either.
      const overlong = await t.app.inject({ method: 'POST', url: '/v1/ingest/' + 'z'.repeat(300), payload: body, headers: { 'content-type': 'application/json' } });
      expect(overlong.statusCode).toBe(413);
    });
  });
}
