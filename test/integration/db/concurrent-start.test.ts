import { afterAll, describe, expect, it } from 'vitest';
import { connectDb } from '../../../src/db/connect.ts';
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

    it('all three come up, and each migration is applied once', { timeout: 120_000 }, async () => {
      database = await freshDatabase(dialect, dirs[0]!);
      const started = await Promise.allSettled(dirs.map((d) => startKlaxon(klaxonEnv(database!.url, d))));
      procs = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
      expect(started.map((s) => (s.status === 'fulfilled' ? 'up' : String(s.reason).slice(0, 300)))).toEqual(['up', 'up', 'up']);

      const store = connectDb({ dialect, sqlitePath: database.url.replace(/^sqlite:/, ''), databaseUrl: database.url });
      try {
        const applied = await store.db.selectFrom('kysely_migration' as never).select('name' as never).execute();
        const names = applied.map((r) => (r as { name: string }).name);
        expect(names.length).toBeGreaterThan(0);
        expect(new Set(names).size).toBe(names.length);
      } finally {
        await store.close();
      }
    });
  });
}
