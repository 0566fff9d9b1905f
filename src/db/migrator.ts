import { isStoreUnavailable } from './unavailable.ts';
import { Migrator, type Migration, type MigrationProvider, type Kysely } from 'kysely';

/**
 * Migrations are TypeScript modules in ./migrations named by UTC timestamp; the Migrator refuses
 * out-of-order ones. Loaded with import.meta.glob-free dynamic imports so tsx and vitest agree.
 */
class FolderMigrationProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    const { readdir } = await import('node:fs/promises');
    const dir = new URL('./migrations/', import.meta.url);
    const files = (await readdir(dir)).filter((f) => /^\d{4}-.*\.ts$/.test(f)).sort();
    const out: Record<string, Migration> = {};
    for (const f of files) {
      out[f.replace(/\.ts$/, '')] = (await import(new URL(f, dir).href)) as Migration;
    }
    return out;
  }
}

/** A Migrator over ./migrations, for tools and tests that move between versions (migrateTo, migrateDown). */
export function createMigrator(db: Kysely<any>): Migrator {
  return new Migrator({ db, provider: new FolderMigrationProvider() });
}

/** How long a process waits for another one's migrations of the same SQLite file. */
const SQLITE_MIGRATION_WAIT_MS = 120_000;
const isSqliteBusy = (err: unknown) => /^SQLITE_BUSY/.test((err as { code?: string })?.code ?? '');

/**
 * Applies every pending migration. `waitMs` bounds how long a SQLite file another process holds
 * is waited for (its SQLITE_BUSY is then thrown: serve starts without the store, docs/adr/0511).
 */
export async function migrateToLatest(db: Kysely<any>, opts: { waitMs?: number } = {}): Promise<string[]> {
  const deadline = Date.now() + (opts.waitMs ?? SQLITE_MIGRATION_WAIT_MS);
  let attempt = await createMigrator(db).migrateToLatest();
  // Another process holds the SQLite file's write lock, migrating it (docs/adr/0105): each try
  // waits out the busy timeout; once that process is done, ours finds nothing left to apply.
  while (attempt.error && isSqliteBusy(attempt.error) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    attempt = await createMigrator(db).migrateToLatest();
  }
  const { error, results } = attempt;
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    // A database that does not answer is not a failed migration: its own error says why.
    if (!failed || isStoreUnavailable(error)) throw error;
    throw new Error(`migration ${failed.migrationName} failed: ${(error as Error).message ?? String(error)}`, { cause: error });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Migrations of this version the database has not applied yet, oldest first. */
export async function pendingMigrations(db: Kysely<any>): Promise<string[]> {
  const all = await createMigrator(db).getMigrations();
  return all.filter((m) => m.executedAt === undefined).map((m) => m.name);
}
