import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../../src/db/connect.ts';

/** Kysely's own bookkeeping tables: they stay when every migration is undone. */
export const MIGRATOR_TABLES = ['kysely_migration', 'kysely_migration_lock'];

export interface ColumnShape {
  name: string;
  type: string;
  notNull: boolean;
  default: string | null;
  /** 1-based position in the primary key, 0 when not part of it. */
  primaryKey: number;
}

export interface IndexShape {
  name: string;
  table: string;
  unique: boolean;
  /** Key columns in order, with " desc" on a descending one. */
  columns: string[];
  /** The partial index's WHERE, as the store prints it; null for a full index. */
  predicate: string | null;
  /** Backs a primary key: named by the store on SQLite (sqlite_autoindex_<table>_N), <name>_pkey on PostgreSQL. */
  primaryKey: boolean;
}

/** What the migrations made of a database, in a stable order: Klaxon's tables only. */
export interface SchemaSnapshot {
  tables: Record<string, ColumnShape[]>;
  indexes: IndexShape[];
}

export async function schemaSnapshot(db: Kysely<any>, dialect: Dialect): Promise<SchemaSnapshot> {
  return dialect === 'sqlite' ? sqliteSnapshot(db) : postgresSnapshot(db);
}

async function sqliteSnapshot(db: Kysely<any>): Promise<SchemaSnapshot> {
  const tableNames = (
    await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`.execute(db)
  ).rows
    .map((r) => r.name)
    .filter((n) => !MIGRATOR_TABLES.includes(n));
  const tables: Record<string, ColumnShape[]> = {};
  const indexes: IndexShape[] = [];
  // An FTS5 table over another table's column is that table's search index (PostgreSQL's is a GIN
  // index of the same name, docs/adr/0542-title-search.md): listed as an index, and its shadow
  // tables not at all.
  const kinds = (await sql<{ name: string; type: string }>`select name, type from pragma_table_list where schema = 'main'`.execute(db)).rows;
  const skipped = new Set(kinds.filter((k) => k.type === 'shadow' || k.type === 'virtual').map((k) => k.name));
  for (const vt of kinds.filter((k) => k.type === 'virtual')) {
    const def = (await sql<{ sql: string }>`select sql from sqlite_master where name = ${vt.name}`.execute(db)).rows[0]?.sql ?? '';
    const cols = (await sql<{ name: string }>`select name from pragma_table_info(${vt.name}) order by cid`.execute(db)).rows.map((c) => c.name);
    indexes.push({ name: vt.name, table: /content\s*=\s*'([^']+)'/i.exec(def)?.[1] ?? vt.name, unique: false, columns: cols, predicate: null, primaryKey: false });
  }
  for (const table of tableNames.filter((n) => !skipped.has(n))) {
    const cols = await sql<{ name: string; type: string; notnull: number; dflt_value: string | null; pk: number }>`
      select name, type, "notnull", dflt_value, pk from pragma_table_info(${table}) order by cid`.execute(db);
    tables[table] = cols.rows.map((c) => ({ name: c.name, type: c.type.toLowerCase(), notNull: c.notnull === 1, default: c.dflt_value, primaryKey: c.pk }));
    const list = await sql<{ name: string; unique: number; origin: string; partial: number }>`
      select name, "unique", origin, partial from pragma_index_list(${table})`.execute(db);
    for (const ix of list.rows) {
      const keys = await sql<{ name: string; desc: number }>`
        select name, "desc" from pragma_index_xinfo(${ix.name}) where key = 1 order by seqno`.execute(db);
      const def = (await sql<{ sql: string | null }>`select sql from sqlite_master where type = 'index' and name = ${ix.name}`.execute(db)).rows[0]?.sql;
      indexes.push({
        name: ix.name,
        table,
        unique: ix.unique === 1,
        columns: keys.rows.map((k) => (k.desc ? `${k.name} desc` : k.name)),
        predicate: ix.partial ? (/\bwhere\s+(.*)$/is.exec(def ?? '')?.[1]?.trim() ?? def ?? '') : null,
        primaryKey: ix.origin === 'pk',
      });
    }
  }
  return { tables, indexes: indexes.sort((a, b) => a.name.localeCompare(b.name)) };
}

async function postgresSnapshot(db: Kysely<any>): Promise<SchemaSnapshot> {
  const cols = await sql<{ table_name: string; column_name: string; data_type: string; is_nullable: string; column_default: string | null; is_identity: string }>`
    select c.table_name, c.column_name, c.data_type, c.is_nullable, c.column_default, c.is_identity
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
    where c.table_schema = current_schema()
    order by c.table_name, c.ordinal_position`.execute(db);
  const pk = await sql<{ table_name: string; column_name: string; position: number }>`
    select k.table_name, k.column_name, k.ordinal_position as position
    from information_schema.table_constraints tc
    join information_schema.key_column_usage k on k.constraint_schema = tc.constraint_schema and k.constraint_name = tc.constraint_name
    where tc.table_schema = current_schema() and tc.constraint_type = 'PRIMARY KEY'`.execute(db);
  const pkPosition = new Map(pk.rows.map((r) => [`${r.table_name}.${r.column_name}`, r.position]));
  const tables: Record<string, ColumnShape[]> = {};
  for (const c of cols.rows) {
    if (MIGRATOR_TABLES.includes(c.table_name)) continue;
    (tables[c.table_name] ??= []).push({
      name: c.column_name,
      type: c.data_type,
      notNull: c.is_nullable === 'NO',
      default: c.is_identity === 'YES' ? 'identity' : c.column_default,
      primaryKey: pkPosition.get(`${c.table_name}.${c.column_name}`) ?? 0,
    });
  }
  const ixs = await sql<{ name: string; table: string; unique: boolean; primary: boolean; columns: string[]; predicate: string | null }>`
    select ic.relname as name, tc.relname as "table", i.indisunique as "unique", i.indisprimary as "primary",
      array(select pg_get_indexdef(i.indexrelid, k, true) || case when i.indoption[k - 1] & 1 = 1 then ' desc' else '' end
            from generate_series(1, i.indnkeyatts) as k order by k) as columns,
      pg_get_expr(i.indpred, i.indrelid, true) as predicate
    from pg_index i
    join pg_class ic on ic.oid = i.indexrelid
    join pg_class tc on tc.oid = i.indrelid
    where tc.relnamespace = current_schema()::text::regnamespace and tc.relkind = 'r'`.execute(db);
  const indexes = ixs.rows
    .filter((ix) => !MIGRATOR_TABLES.includes(ix.table))
    .map((ix) => ({ name: ix.name, table: ix.table, unique: ix.unique, columns: ix.columns, predicate: ix.predicate, primaryKey: ix.primary }));
  return { tables: Object.fromEntries(Object.entries(tables).sort(([a], [b]) => a.localeCompare(b))), indexes: indexes.sort((a, b) => a.name.localeCompare(b.name)) };
}
