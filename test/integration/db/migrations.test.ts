import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { afterEach, describe, expect, test } from 'vitest';
import { type Kysely, type MigrationResultSet, NO_MIGRATIONS, sql } from 'kysely';
import { createTestStore, DIALECTS, type TestStore } from '../../helpers/app.ts';
import { readSeededRows, SEEDED_TABLES, seedRows, type SeededRow } from '../../helpers/migration-seed.ts';
import { MIGRATOR_TABLES, type SchemaSnapshot, schemaSnapshot } from '../../helpers/schema.ts';
import type { Dialect } from '../../../src/db/connect.ts';
import { createMigrator } from '../../../src/db/migrator.ts';

// Upgrades must never lose data, and every released migration must run the same way on every
// install (GoAlert's migrations_test.go, Grafana OnCall's CI): so each migration is run up and
// down on both stores with rows present, released files are pinned by hash, and an `up` that
// drops or renames a table or column has to say why.

const MIGRATIONS_DIR = new URL('../../../src/db/migrations/', import.meta.url);
const MANIFEST = new URL('./migrations.sha256', import.meta.url);
/** The provider's own filter (src/db/migrator.ts). */
const MIGRATION_FILES = readdirSync(MIGRATIONS_DIR).filter((f) => /^\d{4}-.*\.ts$/.test(f)).sort();
const MIGRATIONS = MIGRATION_FILES.map((f) => f.replace(/\.ts$/, ''));

function expectMigrated(r: MigrationResultSet): void {
  if (r.error) {
    const failed = r.results?.find((m) => m.status === 'Error');
    throw new Error(`${failed?.direction ?? ''} of migration ${failed?.migrationName ?? '?'} failed: ${String((r.error as Error).message ?? r.error)}`);
  }
}

/** Every table in the database, Kysely's bookkeeping included. */
async function allTables(db: Kysely<any>, dialect: Dialect): Promise<string[]> {
  const r =
    dialect === 'sqlite'
      ? await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`.execute(db)
      : await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema() order by 1`.execute(db);
  return r.rows.map((t) => t.name);
}

/** The schema after each migration, from an empty database: [i] is after MIGRATIONS[i]. */
async function migrateUpStepByStep(db: Kysely<any>, dialect: Dialect): Promise<SchemaSnapshot[]> {
  const migrator = createMigrator(db);
  const steps: SchemaSnapshot[] = [];
  for (const name of MIGRATIONS) {
    const r = await migrator.migrateUp();
    expectMigrated(r);
    expect(r.results?.map((m) => m.migrationName)).toEqual([name]);
    steps.push(await schemaSnapshot(db, dialect));
  }
  return steps;
}

/** The seeded rows as they were written, or null for those whose table a down dropped. */
function expectedRows(seeded: SeededRow[], dropped: Set<string>) {
  return seeded.map((s) => ({ table: s.table, key: s.key, row: dropped.has(s.table) ? null : s.row }));
}

describe.each(DIALECTS)('migrations (%s)', (dialect) => {
  let stores: TestStore[] = [];
  async function emptyStore(): Promise<Kysely<any>> {
    const ts = await createTestStore(dialect, {}, { migrate: false });
    stores.push(ts);
    return ts.store.db;
  }
  afterEach(async () => {
    for (const ts of stores) await ts.drop();
    stores = [];
  });

  test('each down restores the schema before its up; all the way down leaves no Klaxon table, and up again makes the same schema', async () => {
    const db = await emptyStore();
    const migrator = createMigrator(db);
    const steps = await migrateUpStepByStep(db, dialect);
    const latest = steps.at(-1)!;
    expect(Object.keys(latest.tables).length).toBeGreaterThan(0);

    for (let i = MIGRATIONS.length - 1; i >= 0; i--) {
      const r = await migrator.migrateDown();
      expectMigrated(r);
      expect(r.results?.map((m) => [m.migrationName, m.direction])).toEqual([[MIGRATIONS[i], 'Down']]);
      const before: SchemaSnapshot = i > 0 ? steps[i - 1]! : { tables: {}, indexes: [] };
      expect(await schemaSnapshot(db, dialect), `schema after undoing ${MIGRATIONS[i]}`).toEqual(before);
    }
    expect((await allTables(db, dialect)).filter((t) => !MIGRATOR_TABLES.includes(t))).toEqual([]);

    expectMigrated(await migrator.migrateToLatest());
    expect(await schemaSnapshot(db, dialect)).toEqual(latest);
  });

  test('the seed rows cover every table and column of the latest schema', async () => {
    const db = await emptyStore();
    expectMigrated(await createMigrator(db).migrateToLatest());
    const latest = await schemaSnapshot(db, dialect);
    expect(SEEDED_TABLES.toSorted()).toEqual(Object.keys(latest.tables).toSorted());
    const seeded = await seedRows(db, latest);
    for (const [table, columns] of Object.entries(latest.tables)) {
      const written = new Set(seeded.filter((s) => s.table === table).flatMap((s) => Object.keys(s.row)));
      expect(columns.map((c) => c.name).filter((c) => !written.has(c)), `${table}: columns no seed row writes`).toEqual([]);
    }
  });

  // The first migration starts from nothing, so there is nothing to seed before it.
  test.each(MIGRATIONS.slice(1).map((name, i) => [name, MIGRATIONS[i]!] as const))(
    'rows written before %s are all there, unchanged, at the latest version',
    async (_name, previous) => {
      const db = await emptyStore();
      const migrator = createMigrator(db);
      expectMigrated(await migrator.migrateTo(previous));
      const seeded = await seedRows(db, await schemaSnapshot(db, dialect));
      expect(seeded.map((s) => s.table)).toEqual(expect.arrayContaining(['organizations', 'users', 'memberships', 'services', 'integrations', 'alerts', 'alert_log', 'outbox_events', 'receipts']));
      expectMigrated(await migrator.migrateToLatest());
      expect(await readSeededRows(db, seeded)).toEqual(expectedRows(seeded, new Set()));
    },
  );

  test('the latest migrations whose down keeps every column go down and up again with data, losing only the tables they made', async () => {
    const db = await emptyStore();
    const migrator = createMigrator(db);
    const steps = await migrateUpStepByStep(db, dialect);
    const seeded = await seedRows(db, steps.at(-1)!);

    // A down keeps data when every table that was there before its up keeps all its columns;
    // the trailing run of such migrations is undone deeper and deeper, one more each round.
    const keepsColumns = (i: number) =>
      i > 0 && Object.entries(steps[i - 1]!.tables).every(([t, cols]) => JSON.stringify(steps[i]!.tables[t]?.map((c) => c.name)) === JSON.stringify(cols.map((c) => c.name)));
    const dropped = new Set<string>();
    for (let i = MIGRATIONS.length - 1; keepsColumns(i); i--) {
      const target = MIGRATIONS[i - 1]!;
      expectMigrated(await migrator.migrateTo(target));
      expect(await schemaSnapshot(db, dialect), `schema after going down to ${target}`).toEqual(steps[i - 1]);
      for (const t of Object.keys(steps[i]!.tables)) if (!steps[i - 1]!.tables[t]) dropped.add(t);
      expect(await readSeededRows(db, seeded.filter((s) => !dropped.has(s.table))), `rows after undoing ${MIGRATIONS[i]}`).toEqual(
        expectedRows(seeded.filter((s) => !dropped.has(s.table)), dropped),
      );
      expectMigrated(await migrator.migrateToLatest());
      expect(await schemaSnapshot(db, dialect)).toEqual(steps.at(-1));
      expect(await readSeededRows(db, seeded), `rows after undoing ${MIGRATIONS[i]} and migrating up again`).toEqual(expectedRows(seeded, dropped));
    }
  });
});
