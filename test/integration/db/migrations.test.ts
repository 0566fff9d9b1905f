import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { afterEach, describe, expect, test } from 'vitest';
import { type Kysely, type MigrationResultSet, NO_MIGRATIONS, sql } from 'kysely';
import { createTestStore, DIALECTS, type TestStore } from '../../helpers/app.ts';
import { readSeededRows, SEEDED_TABLES, seedRows, SOFT_REFERENCES, type SeededRow } from '../../helpers/migration-seed.ts';
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

/**
 * The seeded rows as they were written, or null for those whose table a down dropped. A soft
 * reference (SOFT_REFERENCES) to a table in `unreferenced` is expected cleared: an up ran while
 * that table had no seeded row (it did not exist when the rows were written, or a down dropped it).
 */
function expectedRows(seeded: SeededRow[], dropped: Set<string>, unreferenced: Set<string>) {
  const cleared = (s: SeededRow) => {
    const refs = SOFT_REFERENCES.filter((r) => r.table === s.table && r.column in s.row && unreferenced.has(r.references));
    return refs.length ? { ...s.row, ...Object.fromEntries(refs.map((r) => [r.column, null])) } : s.row;
  };
  return seeded.map((s) => ({ table: s.table, key: s.key, row: dropped.has(s.table) ? null : cleared(s) }));
}

/**
 * Tables an up fills from other tables' rows: usage_hours counts the alerts (2026-11-26T050100), so
 * after a down and an up its seeded row (the count of the seeded alerts) is there again.
 */
const DERIVED_TABLES = new Set(['usage_hours']);

/**
 * Columns an up added to an older table whose down drops them without losing anything: the down
 * writes what they stand for back into the columns that were there. alert_log.template_id
 * (2026-11-28T010000): the down writes each entry's template back inline, and the rows read after
 * it are compared as entries (migration-seed.ts), so what the column held is still checked.
 */
const RESTATED_COLUMNS = new Set(['alert_log.template_id']);

/** The tables soft references name that had no seeded row. */
const unseeded = (seeded: SeededRow[]) => new Set(SOFT_REFERENCES.map((r) => r.references).filter((t) => !seeded.some((s) => s.table === t)));

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
      expect(await readSeededRows(db, seeded)).toEqual(expectedRows(seeded, new Set(), unseeded(seeded)));
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
      i > 0 &&
      Object.entries(steps[i - 1]!.tables).every(
        ([t, cols]) =>
          JSON.stringify(steps[i]!.tables[t]?.map((c) => c.name).filter((c) => !RESTATED_COLUMNS.has(`${t}.${c}`))) ===
          JSON.stringify(cols.map((c) => c.name).filter((c) => !RESTATED_COLUMNS.has(`${t}.${c}`))),
      );
    const dropped = new Set<string>();
    // Never vacuous: the latest migration's down must keep data, or this test checks nothing.
    expect(keepsColumns(MIGRATIONS.length - 1), `${MIGRATIONS.at(-1)}: its down drops a column of an older table`).toBe(true);
    for (let i = MIGRATIONS.length - 1; keepsColumns(i); i--) {
      const target = MIGRATIONS[i - 1]!;
      expectMigrated(await migrator.migrateTo(target));
      expect(await schemaSnapshot(db, dialect), `schema after going down to ${target}`).toEqual(steps[i - 1]);
      // References to tables dropped in an earlier round were cleared by that round's up.
      const clearedBefore = new Set([...unseeded(seeded), ...dropped]);
      for (const t of Object.keys(steps[i]!.tables)) if (!steps[i - 1]!.tables[t]) dropped.add(t);
      // A restated column the down dropped is not read back (the columns it was written into are).
      const without = (r: ReturnType<typeof expectedRows>[number]) =>
        r.row === null ? r : { ...r, row: Object.fromEntries(Object.entries(r.row).filter(([c]) => !RESTATED_COLUMNS.has(`${r.table}.${c}`) || steps[i - 1]!.tables[r.table]?.some((x) => x.name === c))) };
      expect(await readSeededRows(db, seeded.filter((s) => !dropped.has(s.table))), `rows after undoing ${MIGRATIONS[i]}`).toEqual(
        expectedRows(seeded.filter((s) => !dropped.has(s.table)), dropped, clearedBefore).map(without),
      );
      expectMigrated(await migrator.migrateToLatest());
      expect(await schemaSnapshot(db, dialect)).toEqual(steps.at(-1));
      // A table whose up counts other tables' rows (DERIVED_TABLES) has its seeded row again.
      const gone = new Set([...dropped].filter((t) => !DERIVED_TABLES.has(t)));
      expect(await readSeededRows(db, seeded), `rows after undoing ${MIGRATIONS[i]} and migrating up again`).toEqual(expectedRows(seeded, gone, new Set([...unseeded(seeded), ...dropped])));
    }
  });
});

describe('released migrations', () => {
  test('are frozen: every migration file is in the manifest, with the SHA-256 of its contents', () => {
    const listed = new Map<string, string>();
    for (const line of readFileSync(MANIFEST, 'utf8').split('\n').filter((l) => l.trim() !== '')) {
      const m = /^([0-9a-f]{64}) {2}(\S+)$/.exec(line);
      if (!m) throw new Error(`migrations.sha256: not "<sha256>  <file>": ${line}`);
      listed.set(m[2]!, m[1]!);
    }
    const problems: string[] = [];
    for (const [file, hash] of listed) {
      if (!MIGRATION_FILES.includes(file)) problems.push(`${file}: listed but removed`);
      else if (createHash('sha256').update(readFileSync(new URL(file, MIGRATIONS_DIR))).digest('hex') !== hash) problems.push(`${file}: changed`);
    }
    for (const file of MIGRATION_FILES) if (!listed.has(file)) problems.push(`${file}: not in the manifest`);
    expect(
      problems,
      'Released migrations are frozen: never edit or remove one, change the schema in a new migration. ' +
        'Add each new migration file to test/integration/db/migrations.sha256 (`sha256sum <file>` in src/db/migrations) in the commit that adds it.',
    ).toEqual([]);
  });

  test('drop or rename no table or column in an up, unless the file says why', () => {
    const problems = MIGRATION_FILES.flatMap((file) =>
      destructiveUpStatements(readFileSync(new URL(file, MIGRATIONS_DIR), 'utf8')).map((s) => `${file}: ${s}`),
    );
    expect(
      problems,
      'An up that drops or renames a table or column loses data on upgrade. If that is intended, say why in the file: // destructive-up: <reason>',
    ).toEqual([]);
  });

  test('the destructive-up check finds drops and renames in an up only, and honours a stated reason', () => {
    const migration = (up: string, down = '', extra = '') =>
      `${extra}\nexport async function up(db: Kysely<any>): Promise<void> {\n${up}\n}\n\nexport async function down(db: Kysely<any>): Promise<void> {\n${down}\n}\n`;
    expect(destructiveUpStatements(migration("await db.schema.alterTable('users').dropColumn('name').execute();"))).toEqual(['dropColumn(']);
    expect(destructiveUpStatements(migration("await db.schema.dropTable('users').execute();"))).toEqual(['dropTable(']);
    expect(destructiveUpStatements(migration("await db.schema.alterTable('users').renameColumn('a', 'b').execute();"))).toEqual(['renameColumn(']);
    expect(destructiveUpStatements(migration("await db.schema.alterTable('users').renameTo('people').execute();"))).toEqual(['renameTo(']);
    expect(destructiveUpStatements(migration('await sql`ALTER TABLE users DROP COLUMN name`.execute(db);'))).toEqual(['drop column']);
    expect(destructiveUpStatements(migration("await db.schema.dropIndex('x').execute();", "await db.schema.dropTable('users').execute();"))).toEqual([]);
    expect(destructiveUpStatements(migration("// the old table is dropped later\nawait db.schema.createTable('t').execute();"))).toEqual([]);
    expect(destructiveUpStatements(migration("await db.schema.dropTable('users').execute();", '', '// destructive-up: users moved to people in 2026-12-01T000000'))).toEqual([]);
    expect(destructiveUpStatements(migration("await db.schema.dropTable('users').execute();", '', '// destructive-up:'))).toEqual(['dropTable(']);
  });
});

/**
 * The table- and column-losing statements in a migration's `up` (comments aside), none when the
 * file carries a `// destructive-up: <reason>` allowance. Index drops are fine: no data is in them.
 */
function destructiveUpStatements(source: string): string[] {
  if (/\/\/[ \t]*destructive-up:[ \t]*\S/.test(source)) return [];
  const start = /export\s+(async\s+function\s+up\b|const\s+up\b)/.exec(source);
  if (!start) return ['no exported up'];
  const rest = source.slice(start.index + start[0].length);
  const end = /^export\s/m.exec(rest);
  const up = (end ? rest.slice(0, end.index) : rest).replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
  const found: string[] = [];
  for (const call of ['dropTable(', 'dropColumn(', 'renameColumn(', 'renameTo(']) if (up.includes(`.${call}`)) found.push(call);
  for (const m of up.matchAll(/\b(drop\s+table|drop\s+column|rename\s+to|rename\s+column)\b/gi)) found.push(m[1]!.toLowerCase().replace(/\s+/, ' '));
  return found;
}

// Columns that legitimately differ between the stores, each for a reason. Everything else in
// the latest schema must match: tables, columns (type, NOT NULL, default, primary key) and indexes.
const PARITY_EXCEPTIONS = {
  // SQLite's AUTOINCREMENT id must be spelled INTEGER PRIMARY KEY (the rowid, never NULL); PostgreSQL's is a bigint identity.
  column: new Set(['outbox_events.id']),
  // The title search index: FTS5 over alerts.title_words on SQLite, GIN over an expression of it on
  // PostgreSQL (docs/adr/0542-title-search.md); and the organization's list index, which holds the
  // title's words on SQLite (docs/adr/0551); compared by name and table only.
  index: new Set(['alerts_fts', 'alerts_org_list']),
  // The unresolved alerts' words: a contentless FTS5 table on SQLite (its own table), a partial GIN
  // index of alerts on PostgreSQL (docs/adr/0551); compared by name only.
  indexByName: new Set(['alerts_unresolved_words']),
  // The resolved alerts' words under their priority, a partial GIN index of PostgreSQL's title
  // search (docs/adr/0554); SQLite's walk reads its list index, which holds the words.
  postgresOnlyIndex: new Set(['alerts_resolved_words']),
  // SQLite lets a non-INTEGER primary key hold NULL unless it is declared NOT NULL (a quirk it keeps
  // for old files), and these were not: PostgreSQL refuses NULL there. The app always sets ids.
  // New tables must declare `.primaryKey().notNull()`, so this list only shrinks.
  sqliteNullablePrimaryKey: new Set([
    'agreement_consents.id', 'alerts.id', 'api_keys.id', 'audit_log.id', 'device_grants.id', 'devices.id',
    'email_changes.id', 'integration_credentials.id', 'integrations.id', 'invitations.id', 'org_billing.org_id', 'organizations.id',
    'phone_numbers.id', 'receipts.id', 'recovery_codes.id', 'services.id', 'sessions.id', 'sign_in_failures.id', 'users.id', 'verification_sends.id',
  ]),
};

/** The latest schema in terms both stores can be compared in: casts, quoting and case of printed SQL aside. */
function paritySchema(s: SchemaSnapshot, dialect: Dialect) {
  const normalSql = (v: string | null) =>
    v === null ? null : v.replace(/::[a-z ]+/g, '').replaceAll('"', '').replace(/\s+/g, ' ').replace(/^\((.*)\)$/, '$1').trim().toLowerCase();
  const columns = Object.entries(s.tables).flatMap(([table, cols]) =>
    cols.map((c) => {
      const id = `${table}.${c.name}`;
      if (PARITY_EXCEPTIONS.column.has(id)) return { id };
      const notNull = dialect === 'sqlite' && PARITY_EXCEPTIONS.sqliteNullablePrimaryKey.has(id) && !c.notNull ? 'not null by exception' : c.notNull;
      return { id, type: c.type, notNull, default: normalSql(c.default), primaryKey: c.primaryKey };
    }),
  );
  // Primary keys are compared as columns above: their indexes are named by the store
  // (sqlite_autoindex_<table>_N on SQLite, <name>_pkey on PostgreSQL).
  const indexes = s.indexes
    .filter((ix) => !ix.primaryKey && !(dialect === 'postgres' && PARITY_EXCEPTIONS.postgresOnlyIndex.has(ix.name)))
    .map((ix) => (PARITY_EXCEPTIONS.indexByName.has(ix.name) ? { name: ix.name } : PARITY_EXCEPTIONS.index.has(ix.name) ? { name: ix.name, table: ix.table } : { name: ix.name, table: ix.table, unique: ix.unique, columns: ix.columns, predicate: normalSql(ix.predicate) }));
  return { tables: Object.keys(s.tables), columns, indexes };
}

// Parity needs both stores: a postgres suite, skipped without KLAXON_TEST_PG_URL.
describe('postgres: schema parity with SQLite', () => {
  test('SQLite and PostgreSQL end with the same tables, columns and indexes (listed exceptions aside)', async () => {
    const schemas: Partial<Record<Dialect, ReturnType<typeof paritySchema>>> = {};
    for (const dialect of ['sqlite', 'postgres'] as const) {
      const ts = await createTestStore(dialect);
      try {
        const snapshot = await schemaSnapshot(ts.store.db, dialect);
        // Every PostgreSQL-only index still exists there, and only there.
        for (const name of PARITY_EXCEPTIONS.postgresOnlyIndex) expect(snapshot.indexes.some((ix) => ix.name === name), `${dialect}: index ${name}`).toBe(dialect === 'postgres');
        schemas[dialect] = paritySchema(snapshot, dialect);
      } finally {
        await ts.drop();
      }
    }
    const pgSchema = schemas.postgres!;
    // Every exception still names a column of the latest schema.
    for (const id of [...PARITY_EXCEPTIONS.column, ...PARITY_EXCEPTIONS.sqliteNullablePrimaryKey]) {
      expect(pgSchema.columns.map((c) => c.id), `parity exception ${id}`).toContain(id);
    }
    expect(schemas.sqlite!.tables).toEqual(pgSchema.tables);
    expect(schemas.sqlite!.columns).toEqual(
      pgSchema.columns.map((c) => (PARITY_EXCEPTIONS.sqliteNullablePrimaryKey.has(c.id) ? { ...c, notNull: 'not null by exception' } : c)),
    );
    expect(schemas.sqlite!.indexes).toEqual(pgSchema.indexes);
  });
});
