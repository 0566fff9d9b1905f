import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDb, type Db } from '../../../src/db/connect.ts';
import { DIALECTS } from '../../helpers/app.ts';
import { ALERTMANAGER, ALERTMANAGER_MISSING, type RunningAlertmanager, startAlertmanager } from '../../helpers/alertmanager.ts';
import { type KlaxonProc, apiJson, cleanup, bootstrapOrg, createServiceHttp, freshDatabase, klaxonEnv, startKlaxon, tempDir, waitFor } from '../../helpers/procs.ts';

/**
 * The README's Watchdog recipe (issue 36, PRODUCT.md 11) with the real peers: Debian's
 * prometheus-alertmanager routes the always-firing `Watchdog` alert to a Klaxon heartbeat URL with
 * a `repeat_interval` well under the heartbeat's interval; a real `klaxon serve` process. The test
 * posts the Watchdog alert to Alertmanager's /api/v2/alerts every second, as Prometheus would.
 * Stopping Alertmanager opens the heartbeat's alert within interval + grace + 5 s; starting it
 * again resolves it. Real time (the peer runs on its own clock), with generous bounds.
 *
 * The contract's shortest interval is 60 s; to keep the run short the heartbeat's row is given a
 * 10 s interval and 2 s grace in the store after it is created (the check reads the row).
 */
const INTERVAL = 10;
const GRACE = 2;
const title = `Alertmanager Watchdog → heartbeat URL${ALERTMANAGER ? '' : ` (${ALERTMANAGER_MISSING})`}`;

/** The README's recipe, with the test's short times: only the Watchdog goes to the heartbeat URL. */
function watchdogConfig(pingUrl: string): string[] {
  return [
    'route:',
    '  receiver: blackhole',
    '  routes:',
    "    - matchers: ['alertname = \"Watchdog\"']",
    '      receiver: klaxon-heartbeat',
    '      group_wait: 0s',
    '      group_interval: 1s',
    '      repeat_interval: 2s',
    'receivers:',
    '  - name: blackhole',
    '  - name: klaxon-heartbeat',
    '    webhook_configs:',
    `      - url: ${pingUrl}`,
    '        send_resolved: false',
  ];
}

for (const dialect of DIALECTS) {
  describe.skipIf(!ALERTMANAGER)(`${dialect}: ${title}`, () => {
    const dir = tempDir();
    let database: Awaited<ReturnType<typeof freshDatabase>>;
    let proc: KlaxonProc | undefined;
    let store: Db | undefined;
    let am: RunningAlertmanager | undefined;
    let posting = false;
    let poster: Promise<void> | undefined;

    beforeAll(async () => {
      database = await freshDatabase(dialect, dir);
    });
    afterAll(async () => {
      posting = false;
      await poster;
      await am?.stop();
      await proc?.kill('SIGTERM');
      await store?.close();
      await database?.drop();
      cleanup(dir);
    });

    /** Prometheus's part: the always-firing Watchdog, sent again every second to whichever Alertmanager runs. */
    function postWatchdog() {
      posting = true;
      poster = (async () => {
        while (posting) {
          const now = Date.now();
          const alert = { labels: { alertname: 'Watchdog', severity: 'none' }, annotations: { summary: 'The alerting pipeline is alive' }, startsAt: new Date(now - 60_000).toISOString(), endsAt: new Date(now + 60_000).toISOString() };
          await am?.post([alert]).catch(() => undefined); // stopped: nobody listens, as for Prometheus
          await new Promise((r) => setTimeout(r, 1000));
        }
      })();
    }

    it('Alertmanager stopped: the heartbeat alert opens within interval + grace + 5 s; started again: it resolves', { timeout: 240_000 }, async () => {
      const env = klaxonEnv(database.url, dir);
      const tenant = await bootstrapOrg(env);
      proc = await startKlaxon(env);
      store = connectDb({ dialect, sqlitePath: database.url.slice('sqlite:'.length), databaseUrl: database.url });
      const svc = await createServiceHttp(proc.url, tenant, 'monitoring');
      const hb = await apiJson(proc.url, tenant, 'POST', `/api/services/${svc.id}/heartbeats`, { name: 'Alertmanager watchdog', interval_seconds: 60, grace_seconds: 0 });
      await store.db.updateTable('heartbeats').set({ interval_seconds: INTERVAL, grace_seconds: GRACE }).where('id', '=', hb.id).execute();
      const pingUrl = `${proc.url}${new URL(hb.ping_url).pathname}`;
      const row = () => store!.db.selectFrom('heartbeats').selectAll().where('id', '=', hb.id).executeTakeFirstOrThrow();
      const alerts = () => store!.db.selectFrom('alerts').selectAll().where('event_key', '=', `heartbeat:${hb.id}`).execute();

      am = await startAlertmanager(watchdogConfig(pingUrl));
      postWatchdog();
      // Alertmanager pings: the heartbeat is up, and stays up over more than one interval.
      await waitFor('the first ping through Alertmanager', async () => (await row()).state === 'up', 60_000, 200);
      const firstPing = (await row()).last_ping_at!;
      await waitFor('pings to keep coming past one interval', async () => Date.parse((await row()).last_ping_at!) > Date.parse(firstPing) + INTERVAL * 1000, 60_000, 500);
      expect(await alerts()).toHaveLength(0);
      expect((await apiJson(proc.url, tenant, 'GET', `/api/heartbeats/${hb.id}`)).status).toBe('up');

      // Alertmanager goes away: the pings stop, and the missed deadline opens the alert.
      await am.stop();
      am = undefined;
      const stoppedAt = Date.now();
      await waitFor('the heartbeat alert to open', async () => (await alerts()).length === 1, 120_000, 200);
      const openedAfterMs = Date.now() - stoppedAt;
      const [opened] = await alerts();
      const lastPing = Date.parse((await row()).last_ping_at!);
      expect(opened).toMatchObject({ status: 'open', title: 'Heartbeat "Alertmanager watchdog" missed', source: 'heartbeat' });
      // On the server's clock: within interval + grace + 5 s of the last ping Alertmanager sent.
      expect(Date.parse(opened!.created_at) - lastPing).toBeLessThanOrEqual((INTERVAL + GRACE + 5) * 1000);
      expect(Date.parse(opened!.created_at) - lastPing).toBeGreaterThanOrEqual((INTERVAL + GRACE) * 1000);
      expect(openedAfterMs, 'seen by the test within interval + grace + 5 s of the stop (plus polling)').toBeLessThanOrEqual((INTERVAL + GRACE + 5) * 1000 + 2000);
      expect((await apiJson(proc.url, tenant, 'GET', `/api/heartbeats/${hb.id}`)).status).toBe('down');

      // Alertmanager back (Prometheus never stopped sending the Watchdog): the next ping resolves it.
      am = await startAlertmanager(watchdogConfig(pingUrl));
      await waitFor('the heartbeat alert to resolve', async () => (await alerts())[0]?.status === 'resolved', 60_000, 200);
      expect(await alerts()).toHaveLength(1);
      expect((await apiJson(proc.url, tenant, 'GET', `/api/heartbeats/${hb.id}`)).status).toBe('up');
    });
  });
}
