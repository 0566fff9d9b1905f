import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { connectDb } from '../../../src/db/connect.ts';
import { SNAPSHOT_FILE } from '../../../src/container.ts';
import { DIALECTS } from '../../helpers/app.ts';
import { type OwnPostgres, startOwnPostgres } from '../../helpers/own-postgres.ts';
import { REPO } from '../../helpers/process.ts';
import { type KlaxonProc, cleanup, cliBootstrap, createServiceHttp, klaxonEnv, sendSignal, startKlaxon, tempDir, waitFor } from '../../helpers/procs.ts';

/**
 * Issue 18 item 7: a restart while the database is down could not start, so it could not spool
 * (PostgreSQL: serve exited with ECONNREFUSED; SQLite write-locked by another process: about 35 s
 * with no listener, then an exit). Klaxon now keeps its outage credential snapshot in the data
 * folder (sealed), starts without migrating while the store is unavailable, answers every live
 * credential 202 `buffered: true` from the spool, and migrates and drains once the store answers,
 * applying each signal exactly once (docs/adr/0511-start-while-the-store-is-down.md).
 *
 * The outage: on PostgreSQL the test's own server is stopped; on SQLite another process holds the
 * database file's write lock (BEGIN EXCLUSIVE).
 */
interface Outage {
  url: string;
  begin(): Promise<void>;
  end(): Promise<void>;
  dispose(): Promise<void>;
}

async function postgresOutage(dir: string): Promise<Outage> {
  const server: OwnPostgres = await startOwnPostgres(dir);
  return { url: server.url, begin: () => server.stop(), end: () => server.start(), dispose: () => server.dispose() };
}

/** Another process that holds the SQLite file's write lock until told to let go. */
function sqliteOutage(dir: string): Outage {
  const path = join(dir, 'klaxon.db');
  let locker: ChildProcess | undefined;
  const code = `
    const db = new (require('better-sqlite3'))(${JSON.stringify(path)});
    db.pragma('busy_timeout = 30000');
    db.exec('BEGIN EXCLUSIVE');
    process.stdout.write('locked\\n');
    process.stdin.once('data', () => { db.exec('COMMIT'); db.close(); process.exit(0); });`;
  return {
    url: `sqlite:${path}`,
    async begin() {
      const child = spawn(process.execPath, ['-e', code], { cwd: REPO, stdio: ['pipe', 'pipe', 'inherit'] });
      locker = child;
      await new Promise<void>((resolve, reject) => {
        child.stdout!.once('data', () => resolve());
        child.once('exit', (c) => reject(new Error(`the locker exited with ${c}`)));
      });
    },
    async end() {
      const child = locker!;
      locker = undefined;
      const exited = new Promise((r) => child.once('exit', r));
      child.stdin!.write('go\n');
      await exited;
    },
    async dispose() {
      locker?.kill('SIGKILL');
    },
  };
}

const json = (res: Response) => res.json() as Promise<Record<string, any>>;

for (const dialect of DIALECTS) {
  describe(`${dialect}: Klaxon restarted while the store is unavailable keeps every live credential's signals`, () => {
    const dir = tempDir('klaxon-restart-outage-');
    const data = join(dir, 'data');
    let outage: Outage | undefined;
    let proc: KlaxonProc | undefined;
    afterAll(async () => {
      await proc?.kill('SIGKILL');
      await outage?.dispose();
      cleanup(dir);
    });

    it('listens at once, answers 202 buffered from the spool, and applies everything once after recovery', { timeout: 240_000 }, async () => {
      outage = dialect === 'postgres' ? await postgresOutage(dir) : sqliteOutage(dir);
      const env = klaxonEnv(outage.url, data);
      const tenant = await cliBootstrap(env);
      const admin = { authorization: `Bearer ${tenant.api_key}`, 'x-service-org': tenant.org_id, 'content-type': 'application/json' };
      proc = await startKlaxon(env);
      const url = proc.url;
      // The live credentials: an ingest URL, an Events API v2 routing key, an alert-ingest key.
      const hook = await createServiceHttp(url, tenant, 'hook');
      const events = await createServiceHttp(url, tenant, 'events');
      const v2 = await json(await fetch(`${url}/api/integrations`, { method: 'POST', headers: admin, body: JSON.stringify({ type: 'events_v2', name: 'pd', service_id: events.id }) }));
      const routingKey = v2.routing_key as string;
      expect(routingKey).toMatch(/^[0-9a-f]{32}$/);
      // And a revoked one, which must not be kept.
      const gone = await json(await fetch(`${url}/api/services`, { method: 'POST', headers: admin, body: JSON.stringify({ name: 'gone' }) }));
      const goneIntegration = gone.default_integration.id as string;
      const gonePath = new URL(gone.default_integration.ingest_url).pathname;
      expect((await fetch(`${url}/api/integrations/${goneIntegration}`, { method: 'PATCH', headers: admin, body: JSON.stringify({ enabled: false }) })).status).toBe(200);

      // A restart while the store is up keeps a fresh snapshot in the data folder: sealed, 0600.
      expect(await proc.kill('SIGTERM')).toEqual({ code: 0, signal: null });
      const normalStart = Date.now();
      proc = await startKlaxon(env, { port: proc.port });
      console.log(`${dialect}: listening ${Date.now() - normalStart} ms after a restart with the store up`);
      await waitFor('the restart to be ready', async () => (await fetch(`${url}/readyz`)).status === 200, 30_000);
      const file = join(data, SNAPSHOT_FILE);
      expect((statSync(file).mode & 0o777).toString(8)).toBe('600');
      const sealed = readFileSync(file, 'utf8');
      const token = hook.ingestPath.split('/').pop()!;
      for (const secret of [token, routingKey, tenant.ingest_key]) {
        expect(sealed).not.toContain(secret);
        expect(sealed).not.toContain(createHash('sha256').update(secret).digest('hex'));
      }
      expect(sealed).not.toContain(tenant.org_id);

      // The outage, then a crash and a restart during it.
      await outage.begin();
      await proc.kill('SIGKILL');
      const startedAt = Date.now();
      proc = await startKlaxon(env, { port: proc.port });
      console.log(`${dialect}: listening ${Date.now() - startedAt} ms after the restart during the outage`);
      const during = await fetch(`${url}/readyz`);
      expect(during.status).toBe(200);
      expect(await json(during)).toMatchObject({
        ok: true,
        ingest: 'spool',
        paging: 'waiting',
        cannot: expect.arrayContaining([expect.stringMatching(/database has not answered since this process started/)]),
      });

      // The API waits for the database (it may not be migrated yet); ingest does not.
      const api = await fetch(`${url}/api/services`, { headers: admin });
      expect(api.status).toBe(503);
      expect(api.headers.get('retry-after')).toBe('5');
      expect((await json(api)).error.message).toMatch(/started while its database was unavailable/);

      const receipts: string[] = [];
      const kept = (r: { status: number; receiptId: string | undefined; body: unknown }) => {
        expect(r.status, JSON.stringify(r.body)).toBe(202);
        receipts.push(r.receiptId!);
      };
      for (let i = 0; i < 3; i++) {
        const viaUrl = await sendSignal(url, hook.ingestPath, { title: `Hook ${i}`, event_key: `hook-${i}` });
        kept(viaUrl);
        expect(viaUrl.body).toEqual({ ok: true, receipt_id: viaUrl.receiptId, buffered: true });
        const viaKey = await sendSignal(url, '/v1/alerts', { service_id: hook.id, title: `Key ${i}`, event_key: `key-${i}` }, { authorization: `Bearer ${tenant.ingest_key}` });
        kept(viaKey);
        expect(viaKey.body).toEqual({ ok: true, receipt_id: viaKey.receiptId, buffered: true });
        const viaV2 = await sendSignal(url, '/v2/enqueue', { routing_key: routingKey, event_action: 'trigger', dedup_key: `v2-${i}`, payload: { summary: `V2 ${i}`, source: 'test', severity: 'critical' } });
        kept(viaV2);
        expect(viaV2.body).toMatchObject({ status: 'success', dedup_key: `v2-${i}` });
      }
      // The revoked source is not kept: 401 where the store can still be read, 503 where not.
      const revoked = await sendSignal(url, gonePath, { title: 'Revoked' });
      expect([401, 503]).toContain(revoked.status);
      expect(await json(await fetch(`${url}/readyz`))).toMatchObject({ spool_units: receipts.length });

      await outage.end();
      await waitFor('migrations, the drain and direct ingest after recovery', async () => {
        const r = await fetch(`${url}/readyz`).then(json, () => undefined);
        return r?.ingest === 'store' && r.spool_units === 0 && r.paging === 'running';
      }, 60_000, 100);
      expect((await fetch(`${url}/api/services`, { headers: admin })).status).toBe(200);
      const after = await sendSignal(url, hook.ingestPath, { title: 'After', event_key: 'after' });
      expect(after.status).toBe(202);
      expect(after.body?.buffered).toBeUndefined();

      const store = connectDb({ dialect, sqlitePath: outage.url.replace(/^sqlite:/, ''), databaseUrl: outage.url });
      try {
        const applied = await store.db.selectFrom('alert_log').select(['receipt_id']).where('receipt_id', 'in', receipts).execute();
        expect(applied.map((a) => a.receipt_id).sort()).toEqual([...receipts].sort());
        const titles = (await store.db.selectFrom('alerts').select(['title', 'duplicate_count']).where('service_id', 'in', [hook.id, events.id]).execute())
          .map((a) => `${a.title}/${a.duplicate_count}`)
          .sort();
        expect(titles).toEqual(['After/0', 'Hook 0/0', 'Hook 1/0', 'Hook 2/0', 'Key 0/0', 'Key 1/0', 'Key 2/0', 'V2 0/0', 'V2 1/0', 'V2 2/0']);
      } finally {
        await store.close();
      }
    });
  });
}

// Started without the store, a process finds out only later that it cannot use it: it then stops
// as a start-up with the store would have, with one line and exit 1 (docs/adr/0511).
describe('sqlite: a process started during the outage with another KLAXON_SECRET_KEY stops once the store answers', () => {
  const dir = tempDir('klaxon-restart-key-');
  let outage: Outage | undefined;
  let proc: KlaxonProc | undefined;
  afterAll(async () => {
    await proc?.kill('SIGKILL');
    await outage?.dispose();
    cleanup(dir);
  });

  it('listens during the outage, then exits 1 with one line naming KLAXON_SECRET_KEY', { timeout: 120_000 }, async () => {
    outage = sqliteOutage(dir);
    const env = klaxonEnv(outage.url, join(dir, 'data'));
    await cliBootstrap(env); // records the key the database's secrets are sealed with
    await outage.begin();
    proc = await startKlaxon({ ...env, KLAXON_SECRET_KEY: 'ab'.repeat(32) });
    await outage.end();
    const exit = await proc.exited;
    expect(exit).toEqual({ code: 1, signal: null });
    const stderr = proc.output.join('').split('\n').filter((l) => l.startsWith('klaxon: '));
    expect(stderr).toEqual([expect.stringMatching(/^klaxon: KLAXON_SECRET_KEY is not the key this database's secrets were sealed with/)]);
  });
});
