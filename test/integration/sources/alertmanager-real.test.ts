import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, bootstrapTenant, buildTestApp, createService, type Tenant, type TestApp } from '../../helpers/app.ts';
import { ALERTMANAGER, ALERTMANAGER_MISSING, type RunningAlertmanager, startAlertmanager } from '../../helpers/alertmanager.ts';

/**
 * A real Alertmanager (Debian's prometheus-alertmanager 0.25; `.ci/run` installs it) with two
 * receivers pointing at Klaxon: a webhook receiver (an `alertmanager` vendor connection's ingest
 * URL) and, for alerts labelled path="pd", a pagerduty_configs receiver (Events v2 at /v2/enqueue). Waiting is bounded polling for another
 * process, never a sleep for luck.
 */
if (!ALERTMANAGER) console.warn(`alertmanager-real: ${ALERTMANAGER_MISSING}`);

const DEADLINE_MS = 30_000;
async function until<T>(what: string, probe: () => Promise<T | undefined>, logs: () => string): Promise<T> {
  const end = Date.now() + DEADLINE_MS;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out after ${DEADLINE_MS} ms waiting for ${what}; alertmanager said:\n${logs()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}


for (const dialect of DIALECTS) {
  describe.skipIf(!ALERTMANAGER)(`${dialect}: a real Alertmanager 0.25 with a webhook and a pagerduty_configs receiver opens, dedupes and resolves alerts in Klaxon${ALERTMANAGER ? '' : ` — ${ALERTMANAGER_MISSING}`}`, () => {
    let t: TestApp;
    let tenant: Tenant;
    let am: RunningAlertmanager | undefined;
    let fallback: Awaited<ReturnType<typeof createService>>;
    let search: Awaited<ReturnType<typeof createService>>;
    let paged: Awaited<ReturnType<typeof createService>>;

    beforeAll(async () => {
      t = await buildTestApp({ dialect });
      tenant = await bootstrapTenant(t);
      fallback = await createService(t, tenant, 'catch-all');
      search = await createService(t, tenant, 'search');
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/integrations',
        headers: tenant.headers,
        payload: { type: 'alertmanager', name: 'Alertmanager', routing_rules: [{ attribute: 'team', value: 'search', service_id: search.id }], fallback_service_id: fallback.id },
      });
      expect(created.statusCode, created.body).toBe(200);
      paged = await createService(t, tenant, 'paged-via-events-v2');
      const pd = await t.app.inject({ method: 'POST', url: '/api/integrations', headers: tenant.headers, payload: { type: 'events_v2', name: 'Alertmanager PD', service_id: paged.id } });
      expect(pd.statusCode, pd.body).toBe(200);
      const routingKey = pd.json().routing_key as string;
      const klaxon = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const ingestUrl = `${klaxon}${new URL(created.json().ingest_url).pathname}`;

      am = await startAlertmanager(
        [
          'route:',
          // A dotted name: Alertmanager sends it regex-escaped (klaxon\\.webhook); Klaxon unescapes it.
          '  receiver: klaxon.webhook',
          "  group_by: ['alertname']",
          '  group_wait: 1s',
          '  group_interval: 1s',
          '  repeat_interval: 1h',
          '  routes:',
          '    - receiver: klaxon-pd',
          '      matchers: [\'path="pd"\']',
          'receivers:',
          '  - name: klaxon.webhook',
          '    webhook_configs:',
          `      - url: ${ingestUrl}`,
          '        send_resolved: true',
          '  - name: klaxon-pd',
          '    pagerduty_configs:',
          `      - url: ${klaxon}/v2/enqueue`,
          `        routing_key: ${routingKey}`,
          `        severity: '{{ or .CommonLabels.severity "error" }}'`,
        ],
      );
    }, 60_000);

    afterAll(async () => {
      await am?.stop();
      await t?.close();
    });

    const postAlerts = (alerts: unknown[]) => am!.post(alerts);
    const alertsIn = (serviceId: string) => t.container.db.selectFrom('alerts').selectAll().where('service_id', '=', serviceId).execute();

    it('opens, dedupes and resolves; each alert goes to the service its labels route to', async () => {
      const startsAt = new Date(Date.now() - 60_000).toISOString();
      const a = { labels: { alertname: 'HighLatency', instance: 'api-1:9100', team: 'search', severity: 'critical' }, annotations: { summary: 'p99 > 2s' }, startsAt };
      await postAlerts([a]);
      const [opened] = await until('the first alert in Klaxon', async () => {
        const rows = await alertsIn(search.id);
        return rows.length ? rows : undefined;
      }, () => am!.log());
      expect(opened).toMatchObject({ status: 'open', title: 'HighLatency: p99 > 2s', priority: 1, source: 'alertmanager', duplicate_count: 0 });
      expect(opened!.event_key).toMatch(/^[0-9a-f]{16}$/);
      expect(JSON.parse(opened!.details).receiver).toBe('klaxon.webhook');

      // A second alert in the same group makes Alertmanager re-send the group: the first dedupes,
      // the unlabeled one opens on the fallback service.
      const b = { labels: { alertname: 'HighLatency', instance: 'api-2:9100', severity: 'warning' }, annotations: { summary: 'p99 > 2s' }, startsAt };
      await postAlerts([b]);
      const [second] = await until('the second alert on the fallback', async () => {
        const rows = await alertsIn(fallback.id);
        return rows.length ? rows : undefined;
      }, () => am!.log());
      expect(second).toMatchObject({ status: 'open', priority: 3 });
      const deduped = await until('the first alert to be deduped', async () => {
        const row = (await alertsIn(search.id))[0]!;
        return row.duplicate_count >= 1 ? row : undefined;
      }, () => am!.log());
      expect(deduped.id).toBe(opened!.id);
      expect(deduped.status).toBe('open');

      // Resolution: the same labels with endsAt in the past.
      await postAlerts([{ ...a, endsAt: new Date(Date.now() - 1000).toISOString() }]);
      const resolved = await until('the first alert to resolve', async () => {
        const row = (await alertsIn(search.id))[0]!;
        return row.status === 'resolved' ? row : undefined;
      }, () => am!.log());
      expect(resolved.id).toBe(opened!.id);
      expect((await alertsIn(search.id)).length).toBe(1);
      expect((await alertsIn(fallback.id))[0]!.status).toBe('open');
    }, 60_000);

    it('the pagerduty_configs receiver opens, dedupes and resolves through Events v2', async () => {
      const startsAt = new Date(Date.now() - 60_000).toISOString();
      const alert = (instance: string) => ({ labels: { alertname: 'DiskFull', path: 'pd', severity: 'critical', instance }, annotations: { summary: 'disk > 95%' }, startsAt });
      await postAlerts([alert('db-1')]);
      const [opened] = await until('the Events v2 alert in Klaxon', async () => {
        const rows = await alertsIn(paged.id);
        return rows.length ? rows : undefined;
      }, () => am!.log());
      expect(opened).toMatchObject({ status: 'open', priority: 1, duplicate_count: 0 });
      expect(opened!.event_key).toMatch(/^[0-9a-f]{64}$/); // Alertmanager's dedup_key: sha256 of the group key
      // Another alert in the group: Alertmanager re-sends the group's trigger with the same dedup_key.
      await postAlerts([alert('db-1'), alert('db-2')]);
      const deduped = await until('the repeat to join the alert', async () => {
        const rows = await alertsIn(paged.id);
        return rows.length === 1 && rows[0]!.duplicate_count >= 1 ? rows[0] : undefined;
      }, () => am!.log());
      expect(deduped.id).toBe(opened!.id);
      const endsAt = new Date(Date.now() - 1000).toISOString();
      await postAlerts([{ ...alert('db-1'), endsAt }, { ...alert('db-2'), endsAt }]);
      const resolved = await until('the Events v2 alert to resolve', async () => {
        const row = (await alertsIn(paged.id))[0]!;
        return row.status === 'resolved' ? row : undefined;
      }, () => am!.log());
      expect(resolved.id).toBe(opened!.id);
      // Nothing of the pd path leaked into the webhook path's services, and vice versa.
      expect((await alertsIn(search.id)).every((r) => !r.title.includes('DiskFull'))).toBe(true);
    }, 60_000);
  });
}
