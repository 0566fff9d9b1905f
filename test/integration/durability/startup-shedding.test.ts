import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app.ts';
import { loadConfig } from '../../../src/config.ts';
import { createContainer } from '../../../src/container.ts';
import { createLogger } from '../../../src/http/logging.ts';
import { DIALECTS } from '../../helpers/app.ts';
import { type KlaxonProc, cleanup, freshDatabase, klaxonEnv, sendSignal, startKlaxon, tempDir } from '../../helpers/procs.ts';

/** The organization and a service, made in this process before the server starts (as bootstrapOrg does). */
async function tenantWithService(env: Record<string, string>) {
  const container = createContainer({ config: loadConfig(env, { readDotEnv: false }) });
  const app = await buildApp(container, { logger: createLogger('silent') });
  try {
    const org = await container.services.orgs.bootstrap({ orgName: 'Acme', email: 'owner@example.com' });
    const res = await app.inject({ method: 'POST', url: '/api/services', headers: { authorization: `Bearer ${org.api_key}`, 'x-service-org': org.org_id }, payload: { name: 'restarted' } });
    if (res.statusCode !== 200) throw new Error(`create service: ${res.statusCode} ${res.body}`);
    return { ingestPath: new URL((res.json() as { default_integration: { ingest_url: string } }).default_integration.ingest_url).pathname };
  } finally {
    await app.close();
    await container.close();
  }
}

/**
 * A restarted process must not refuse a sender's first signals for load it no longer has: load
 * shedding measures the event loop from the moment the server is ready, not through its start-up
 * (module loading, migrations, the dashboard check, building the routes). Start-up is made busy
 * on purpose here (KLAXON_TEST_STARTUP_BUSY_MS: 400 ms stretches of work with a loop turn between
 * them, in which /healthz and ingest are answered), longer than the two windows shedding needs;
 * counted, it answered 503 to the signals sent during and right after it. Nothing is timed: every
 * signal sent before /readyz says ready and the first ones after must be 202.
 */
for (const dialect of DIALECTS) {
  describe(`${dialect}: a freshly started process takes its first signals`, () => {
    const dir = tempDir();
    let database: Awaited<ReturnType<typeof freshDatabase>> | undefined;
    let proc: KlaxonProc | undefined;
    afterAll(async () => {
      await proc?.kill('SIGKILL');
      await database?.drop();
      cleanup(dir);
    });

    it('ingest answers 202 (not the overload 503) to every signal during a busy start-up and right after ready', { timeout: 180_000 }, async () => {
      database = await freshDatabase(dialect, dir);
      // The default shedding bound (klaxonEnv raises it for the durability tests), and a busy start.
      const env = klaxonEnv(database.url, dir, { KLAXON_SHED_EVENT_LOOP_DELAY_MS: '250', KLAXON_TEST_STARTUP_BUSY_MS: '6000' });
      // Made before the start: the first signals go while start-up is still busy.
      const svc = await tenantWithService(env);
      proc = await startKlaxon(env);
      const statuses: number[] = [];
      const send = async () => statuses.push((await sendSignal(proc!.url, svc.ingestPath, { title: `After restart ${statuses.length}`, event_key: `k${statuses.length}` })).status);
      let ready = false;
      let before = 0;
      for (let i = 0; i < 500 && !ready; i++) {
        await send();
        ready = (await fetch(`${proc.url}/readyz`)).status === 200;
        if (!ready) before = statuses.length;
      }
      expect(ready, proc.output.join('')).toBe(true);
      // Ready: the next ones, back to back.
      for (let i = 0; i < 5; i++) await send();
      expect(statuses.length).toBeGreaterThan(before);
      expect(statuses).toEqual(statuses.map(() => 202));
    });
  });
}
