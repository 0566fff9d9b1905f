import { existsSync, mkdtempSync, readdirSync, readlinkSync, rmSync, statSync, watch } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app.ts';
import { createContainer } from '../../../src/container.ts';
import { connectDb } from '../../../src/db/connect.ts';
import { createLogger } from '../../../src/http/logging.ts';
import { ManualClock } from '../../../src/lib/clock.ts';
import { DIALECTS, createTestStore } from '../../helpers/app.ts';

/**
 * After close() resolves nothing writes into the data folder: no descriptor of this process is
 * open into it and no thread is left to open one (a SQLite thread still starting used to create the
 * file after its store's close had resolved: a removal right after close met ENOTEMPTY).
 */

/** Every descriptor this process holds into `dir` (Linux: /proc/self/fd); [] where it cannot tell. */
function descriptorsInto(dir: string): string[] {
  if (!existsSync('/proc/self/fd')) return [];
  return readdirSync('/proc/self/fd')
    .map((fd) => {
      try {
        return readlinkSync(`/proc/self/fd/${fd}`);
      } catch {
        return '';
      }
    })
    .filter((target) => target.startsWith(`${dir}/`));
}

/** Names, sizes and mtimes of the folder's files. */
const listing = (dir: string) =>
  readdirSync(dir)
    .sort()
    .map((name) => {
      const s = statSync(join(dir, name));
      return `${name} ${s.size} ${s.mtimeMs}`;
    });

/** What fs.watch reports in the folder over a fixed number of event-loop turns (no sleep). */
async function changesOver(dir: string, turns = 50): Promise<string[]> {
  const seen: string[] = [];
  const watcher = watch(dir, (event, name) => seen.push(`${event} ${name}`));
  try {
    for (let i = 0; i < turns; i++) await new Promise((r) => setImmediate(r));
  } finally {
    watcher.close();
  }
  return seen;
}

const silent = () => createLogger('silent', new Writable({ write: (_c, _e, cb) => cb() }));

for (const dialect of DIALECTS) {
  describe(`${dialect}: nothing writes into the data folder after close resolves`, () => {
    const cleanups: (() => Promise<unknown> | unknown)[] = [];
    afterEach(async () => {
      for (const c of cleanups.splice(0).reverse()) await c();
    });

    it('a store closed before Kysely ran anything closes its connection too (its SQLite thread, its pool)', async () => {
      if (dialect === 'sqlite') {
        const dir = mkdtempSync(join(tmpdir(), 'klaxon-close-'));
        cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
        const store = connectDb({ dialect, sqlitePath: join(dir, 'klaxon.db') });
        await store.close();
        // The thread has exited: it cannot open or write the file any more.
        await expect(store.sqliteThread!.query('select 1', [])).rejects.toMatchObject({ code: 'SQLITE_IOERR' });
        expect(descriptorsInto(dir)).toEqual([]);
        const before = listing(dir);
        expect(await changesOver(dir)).toEqual([]);
        expect(listing(dir)).toEqual(before);
      } else {
        const store = connectDb({ dialect, databaseUrl: process.env.KLAXON_TEST_PG_URL });
        // As the ingest executor does: a client from the pool, not through Kysely.
        await store.pool!.query('select 1');
        await store.close();
        expect(store.pool!.ended).toBe(true);
        expect(store.pool!.totalCount).toBe(0);
      }
    });

    it('an app closed with ingest in flight: no descriptor into its folder, no change to it afterwards', async () => {
      const ts = await createTestStore(dialect);
      cleanups.push(() => ts.drop());
      const dir = ts.config.dataDir;
      const logger = silent();
      // The container opens its own store; the test store's connection is left unused, closed below.
      const container = createContainer({ config: ts.config, clock: new ManualClock('2026-03-01T10:00:00.000Z'), eventLoopDelay: () => 0, log: logger });
      const app = await buildApp(container, { logger });
      const org = await container.services.orgs.bootstrap({ orgName: 'Acme', email: 'owner@example.com' });
      const headers = { authorization: `Bearer ${org.api_key}`, 'x-service-org': org.org_id };
      const svc = await app.inject({ method: 'POST', url: '/api/services', headers, payload: { name: 'db' } });
      const ingestPath = new URL((svc.json() as { default_integration: { ingest_url: string } }).default_integration.ingest_url).pathname;
      container.drainer.start();
      container.runner.start();
      const inFlight = Array.from({ length: 20 }, (_, i) => app.inject({ method: 'POST', url: ingestPath, payload: { title: `in flight ${i}` } }));
      await inFlight[0];
      await app.close();
      await container.close();
      await ts.store.close();
      await Promise.allSettled(inFlight);

      expect(descriptorsInto(dir)).toEqual([]);
      const before = listing(dir);
      expect(await changesOver(dir)).toEqual([]);
      expect(listing(dir)).toEqual(before);
    });
  });
}
