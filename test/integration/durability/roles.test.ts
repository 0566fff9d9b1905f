import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDb, type Db } from '../../../src/db/connect.ts';
import { DIALECTS } from '../../helpers/app.ts';
import {
  type KlaxonProc,
  cleanup,
  bootstrapOrg,
  createServiceHttp,
  freshDatabase,
  klaxonEnv,
  sendSignal,
  startKlaxon,
  tempDir,
  waitFor,
} from '../../helpers/procs.ts';

/**
 * `klaxon serve --role api` and `--role worker` split one deployment (PRODUCT.md 1). The worker
 * process used to exit at once after "klaxon started" (exit code 13: nothing held its event loop),
 * so a split deployment requested no page at all. It now stays up, answers the operations routes
 * on PORT and nothing else, handles what the api process writes, and stops cleanly on SIGTERM
 * (docs/adr/0104-worker-role.md).
 */
for (const dialect of DIALECTS) {
  describe(`${dialect}: an api process and a worker process on one database`, () => {
    const dirs = [tempDir(), tempDir()];
    let database: Awaited<ReturnType<typeof freshDatabase>>;
    let api: KlaxonProc | undefined;
    let worker: KlaxonProc | undefined;
    let store: Db;
    let tenant: Awaited<ReturnType<typeof bootstrapOrg>>;

    beforeAll(async () => {
      database = await freshDatabase(dialect, dirs[0]!);
      tenant = await bootstrapOrg(klaxonEnv(database.url, dirs[0]!));
      api = await startKlaxon(klaxonEnv(database.url, dirs[0]!), { args: ['--role', 'api'] });
      store = connectDb({ dialect, sqlitePath: database.url.replace(/^sqlite:/, ''), databaseUrl: database.url });
    }, 120_000);
    afterAll(async () => {
      await Promise.all([api?.kill('SIGKILL'), worker?.kill('SIGKILL')]);
      await store?.close();
      await database?.drop();
      for (const d of dirs) cleanup(d);
    });

    const pending = async () =>
      Number((await store.db.selectFrom('outbox_events').select((eb) => eb.fn.countAll<number>().as('n')).where('processed_at', 'is', null).executeTakeFirst())?.n);

    it('the api alone keeps the events; the worker, once started, stays up, serves only the operations routes and pages each alert once', { timeout: 120_000 }, async () => {
      const svc = await createServiceHttp(api!.url, tenant, 'split');
      const keys = Array.from({ length: 10 }, (_, i) => `split-${i}`);
      for (const key of keys) {
        for (let repeat = 0; repeat < 3; repeat++) {
          expect((await sendSignal(api!.url, svc.ingestPath, { title: `Split ${key}`, event_key: key, priority: 'critical' })).status).toBe(202);
        }
      }
      // No process runs the outbox worker yet: the triggers' events wait (repeats page nothing).
      expect(await pending()).toBe(keys.length);

      worker = await startKlaxon(klaxonEnv(database.url, dirs[1]!), { args: ['--role', 'worker'] });
      expect((await fetch(`${worker.url}/readyz`)).status).toBe(200);
      const metrics = await (await fetch(`${worker.url}/metrics`)).text();
      expect(metrics).toContain('klaxon_outbox_backlog');
      // Ingest and the management API are the api role's.
      expect((await fetch(`${worker.url}/api/services`, { headers: { authorization: `Bearer ${tenant.api_key}`, 'x-service-org': tenant.org_id } })).status).toBe(404);
      expect((await sendSignal(worker.url, svc.ingestPath, { title: 'Not here', event_key: 'not-here' })).status).toBe(404);

      await waitFor('the worker process to handle every event', async () => (await pending()) === 0, 60_000, 100);
      const alerts = await store.db.selectFrom('alerts').select(['id', 'duplicate_count']).where('service_id', '=', svc.id).execute();
      expect(alerts).toHaveLength(keys.length);
      for (const a of alerts) {
        expect(a.duplicate_count).toBe(2);
        const pages = await store.db.selectFrom('alert_log').select('id').where('alert_id', '=', a.id).where('kind', '=', 'page_requested').execute();
        expect(pages, `pages of ${a.id}`).toHaveLength(1);
      }
      // Still up after its work (it used to be gone by now), and it stops cleanly when told to.
      expect((await fetch(`${worker.url}/healthz`)).status).toBe(200);
      expect(await worker.kill('SIGTERM')).toEqual({ code: 0, signal: null });
    });
  });
}
