import { chmodSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../helpers/app.ts';
import { type KlaxonProc, cleanup, cliBootstrap, createServiceHttp, freshDatabase, klaxonEnv, sendSignal, startKlaxon, tempDir } from '../../helpers/procs.ts';

/**
 * Issue 19 item 12: the SQLite database, its WAL and shared-memory files and spool.db were created
 * 0644 (readable by every user of the machine: hashed credentials, sealed secrets, spooled
 * signals). Everything in the data folder is 0600 and the folder 0700, also for files an older
 * version left 0644 (docs/adr/0510-data-files-private.md).
 */
const modes = (dir: string): Record<string, string> => {
  const out: Record<string, string> = { '.': (statSync(dir).mode & 0o777).toString(8) };
  for (const name of readdirSync(dir)) out[name] = (statSync(join(dir, name)).mode & 0o777).toString(8);
  return out;
};
const allPrivate = (m: Record<string, string>) => Object.fromEntries(Object.keys(m).map((k) => [k, k === '.' ? '700' : '600']));

for (const dialect of DIALECTS) {
  describe(`${dialect}: the data folder is private`, () => {
    const dir = tempDir();
    const data = join(dir, 'data');
    let database: Awaited<ReturnType<typeof freshDatabase>>;
    let proc: KlaxonProc | undefined;
    afterAll(async () => {
      await proc?.kill('SIGKILL');
      await database?.drop();
      cleanup(dir);
    });

    it('a first start creates the folder 0700 and every file in it 0600; a restart tightens files left 0644', { timeout: 120_000 }, async () => {
      database = await freshDatabase(dialect, data, undefined, { migrated: false }); // the first start creates the files
      // No KLAXON_SECRET_KEY: the key is generated into the data folder as well.
      const { KLAXON_SECRET_KEY: _key, ...env } = klaxonEnv(database.url, data);
      const tenant = await cliBootstrap(env);
      proc = await startKlaxon(env);
      const svc = await createServiceHttp(proc.url, tenant, 'modes');
      expect((await sendSignal(proc.url, svc.ingestPath, { title: 'Private files' })).status).toBe(202);
      const first = modes(data);
      expect(Object.keys(first)).toEqual(expect.arrayContaining(['secret.key', 'spool.db', 'spool.db-wal', 'spool.db-shm', ...(dialect === 'sqlite' ? ['klaxon.db', 'klaxon.db-wal', 'klaxon.db-shm'] : [])]));
      expect(first).toEqual(allPrivate(first));

      // As an older version left them.
      await proc.kill('SIGKILL');
      for (const name of Object.keys(first)) if (name !== '.') chmodSync(join(data, name), 0o644);
      proc = await startKlaxon(env);
      expect((await sendSignal(proc.url, svc.ingestPath, { title: 'Private files again' })).status).toBe(202);
      const again = modes(data);
      expect(again).toEqual(allPrivate(again));
    });
  });
}
