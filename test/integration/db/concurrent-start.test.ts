import { afterAll, describe, expect, it } from 'vitest';
import { connectDb } from '../../../src/db/connect.ts';
import { createMigrator, pendingMigrations } from '../../../src/db/migrator.ts';
import { DIALECTS } from '../../helpers/app.ts';
import { type KlaxonProc, cleanup, freshDatabase, klaxonEnv, startKlaxon, tempDir } from '../../helpers/procs.ts';

/**
 * Processes started together on a database nobody has migrated yet (an api and a worker process
 * from one process manager, or several after an upgrade) each apply the migrations at start. On
 * SQLite they used to run the same migrations at once and all but one died with "table already
 * exists" or "duplicate column name" (docs/adr/0105-sqlite-migration-lock.md).
 */
for (const dialect of DIALECTS) {
  describe(`${dialect}: three processes start at once on an empty database`, () => {
    const dirs = [tempDir(), tempDir(), tempDir()];
    let database: Awaited<ReturnType<typeof freshDatabase>> | undefined;
    let procs: KlaxonProc[] = [];
    afterAll(async () => {
      await Promise.all(procs.map((p) => p.kill('SIGKILL')));
      await database?.drop();
      for (const d of dirs) cleanup(d);
    });

    it('all three come up, and every migration is applied', { timeout: 120_000 }, async () => {
      database = await freshDatabase(dialect, dirs[0]!, undefined, { migrated: false }); // the processes race to migrate it
      const started = await Promise.allSettled(dirs.map((d) => startKlaxon(klaxonEnv(database!.url, d))));
      procs = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
      expect(started.map((s) => (s.status === 'fulfilled' ? 'up' : String(s.reason).slice(0, 300)))).toEqual(['up', 'up', 'up']);

      // Every migration of this version is applied (the name is the bookkeeping table's key, so
      // "once" holds by construction; what a lost race leaves is a migration missing).
      const store = connectDb({ dialect, sqlitePath: database.url.replace(/^sqlite:/, ''), databaseUrl: database.url });
      try {
        const all = await createMigrator(store.db).getMigrations();
        expect(all.length).toBeGreaterThan(0);
        expect(await pendingMigrations(store.db)).toEqual([]);
      } finally {
        await store.close();
      }
    });
  });
}
