import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, bootstrapTenant, buildTestApp, createService, type Tenant, type TestApp } from '../../helpers/app.ts';
import { eventually } from '../../helpers/binaries.ts';
import { ALERTMANAGER, ALERTMANAGER_MISSING, type RunningAlertmanager, startAlertmanager } from '../../helpers/alertmanager.ts';
import { createDirectIntegration } from '../../factories/integrations.ts';

/**
 * A real Alertmanager (Debian's prometheus-alertmanager 0.25) with a pagerduty_configs receiver in
 * Events v2 mode, its url pointed at Klaxon's /v2/enqueue (contracts.md 1.5 and 8).
 */
const title = `Alertmanager pagerduty_configs → /v2/enqueue${ALERTMANAGER ? '' : ` (${ALERTMANAGER_MISSING})`}`;

for (const dialect of DIALECTS) {
  describe.skipIf(!ALERTMANAGER)(`${dialect}: ${title}`, () => {
    let t: TestApp;
    let tenant: Tenant;
    let svc: Awaited<ReturnType<typeof createService>>;
    let am: RunningAlertmanager | undefined;

    beforeAll(async () => {
      t = await buildTestApp({ dialect });
      tenant = await bootstrapTenant(t);
      svc = await createService(t, tenant, 'api');
      const { routing_key } = await createDirectIntegration(t, tenant, { type: 'events_v2', serviceId: svc.id });
      const klaxon = await t.app.listen({ port: 0, host: '127.0.0.1' });
      am = await startAlertmanager(
        [
          'route:',
          '  receiver: klaxon-pd',
          "  group_by: ['alertname']",
          '  group_wait: 1s',
          '  group_interval: 2s',
          '  repeat_interval: 1h',
          'receivers:',
          '  - name: klaxon-pd',
          '    pagerduty_configs:',
          `      - url: ${klaxon}/v2/enqueue`,
          `        routing_key: ${routing_key}`,
          `        severity: '{{ or .CommonLabels.severity "error" }}'`,
        ],
      );
    }, 60_000);

    afterAll(async () => {
      await am?.stop();
      await t?.close();
    });

    const postAlerts = (alerts: unknown[]) => am!.post(alerts);
    const alertsOfService = () => t.container.db.selectFrom('alerts').selectAll().where('service_id', '=', svc.id).orderBy('created_at').orderBy('id').execute();

    it('opens an alert, dedupes the group\'s repeat notifications into it, and resolves it', async () => {
      const startsAt = new Date().toISOString();
      const alert = (instance: string, extra: Record<string, string> = {}) => ({
        labels: { alertname: 'HighLatency', severity: 'critical', instance },
        annotations: { summary: `latency high on ${instance}` },
        startsAt,
        ...extra,
      });

      await postAlerts([alert('api-1')]);
      const opened = await eventually('the trigger to open an alert', async () => {
        const rows = await alertsOfService();
        return rows.length ? rows : undefined;
      });
      expect(opened).toHaveLength(1);
      const row = opened[0]!;
      expect(row.event_key).toMatch(/^[0-9a-f]{64}$/); // sha256 of the group key
      expect(row.title).toMatch(/^\[FIRING:1\] HighLatency/);
      expect(row).toMatchObject({ status: 'open', priority: 1, urgency: 'high', source: 'Alertmanager', duplicate_count: 0 });
      expect(row.body).toContain('alertname = HighLatency');

      // A second alert joins the group: the next flush re-sends a trigger with the same dedup_key.
      await postAlerts([alert('api-1'), alert('api-2')]);
      const deduped = await eventually('the repeat trigger to join the alert', async () => {
        const rows = await alertsOfService();
        return rows.length === 1 && rows[0]!.duplicate_count >= 1 ? rows[0] : undefined;
      });
      expect(deduped.id).toBe(row.id);
      expect(deduped.event_key).toBe(row.event_key);

      // Every alert of the group ends: Alertmanager sends event_action resolve with the same key.
      const endsAt = new Date(Date.now() - 1000).toISOString();
      await postAlerts([alert('api-1', { endsAt }), alert('api-2', { endsAt })]);
      const resolved = await eventually('the resolve to close the alert', async () => {
        const rows = await alertsOfService();
        return rows[0]?.status === 'resolved' ? rows : undefined;
      });
      expect(resolved).toHaveLength(1);
      expect(resolved[0]!.id).toBe(row.id);
    }, 90_000);

    it('an event PagerDuty would refuse gets our 400 body, which Alertmanager reads into its log and does not retry', async () => {
      // severity is an unvalidated template in Alertmanager (contracts.md 1.5): "none" reaches us
      await postAlerts([{ labels: { alertname: 'BadSeverity', severity: 'none' }, annotations: {}, startsAt: new Date().toISOString() }]);
      const line = await eventually('Alertmanager to log the refused notification', async () =>
        am!.log().split('\n').find((l) => l.includes('unexpected status code 400')),
      );
      expect(line).toContain("Event object is invalid: 'payload.severity' is invalid (must be one of the following: 'critical', 'warning', 'error' or 'info')");
      expect(line).toMatch(/unrecoverable error after 1 attempts/);
      const bad = await t.container.db.selectFrom('alerts').select('id').where('title', 'like', '%BadSeverity%').execute();
      expect(bad).toHaveLength(0);
    }, 60_000);
  });
}
