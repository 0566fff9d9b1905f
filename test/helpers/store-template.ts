import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { connectDb } from '../../src/db/connect.ts';
import { migrateToLatest } from '../../src/db/migrator.ts';

/**
 * Migrated stores to copy (docs/adr/0775-test-store-templates.md). Vitest's global set-up (this
 * file, vitest.config.ts) migrates one SQLite file and, with KLAXON_TEST_PG_URL, one PostgreSQL
 * database once per run; `createTestStore` (app.ts) copies them: a file copy on SQLite,
 * `CREATE DATABASE … TEMPLATE` on PostgreSQL. A test that migrates on purpose passes
 * `migrate: false` and runs the migrations itself.
 */
export interface StoreTemplates {
  /** A migrated SQLite file (closed, its WAL folded in), or null. */
  sqlite: string | null;
  /** A migrated PostgreSQL database on KLAXON_TEST_PG_URL's server that takes no connections, or null. */
  postgres: string | null;
}

declare module 'vitest' {
  export interface ProvidedContext {
    klaxonStoreTemplates: StoreTemplates;
  }
}

const adminQuery = async (text: string) => {
  const admin = new pg.Client({ connectionString: process.env.KLAXON_TEST_PG_URL });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
};

/** Runs once per `vitest run`, before any test file; its return value runs after the last one. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = mkdtempSync(join(tmpdir(), 'klaxon-template-'));
  const sqlitePath = join(dir, 'klaxon.db');
  const sqlite = connectDb({ dialect: 'sqlite', sqlitePath });
  try {
    await migrateToLatest(sqlite.db);
  } finally {
    await sqlite.close();
  }
  // Closing the last connection checkpoints the WAL into the file and removes it: the file alone is the store.
  if (existsSync(`${sqlitePath}-wal`)) throw new Error(`the SQLite template kept its WAL (${sqlitePath}-wal)`);

  let postgres: string | null = null;
  if (process.env.KLAXON_TEST_PG_URL) {
    postgres = `klaxon_tpl_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
    await adminQuery(`create database ${postgres}`);
    const u = new URL(process.env.KLAXON_TEST_PG_URL);
    u.pathname = `/${postgres}`;
    const store = connectDb({ dialect: 'postgres', databaseUrl: u.toString(), poolSize: 1 });
    try {
      await migrateToLatest(store.db);
    } finally {
      await store.close();
    }
    // A template must have no session while it is copied: refusing them keeps a stray one from breaking every copy.
    await adminQuery(`alter database ${postgres} allow_connections false`);
  }
  project.provide('klaxonStoreTemplates', { sqlite: sqlitePath, postgres });

  return async () => {
    rmSync(dir, { recursive: true, force: true });
    if (postgres) await adminQuery(`drop database if exists ${postgres} with (force)`).catch(() => undefined);
  };
}

/**
 * The run's templates, or nulls outside a vitest run with this set-up (a single file run from
 * another config, a script): then createTestStore migrates as it always did.
 */
export async function storeTemplates(): Promise<StoreTemplates> {
  try {
    const { inject } = await import('vitest');
    return inject('klaxonStoreTemplates') ?? { sqlite: null, postgres: null };
  } catch {
    return { sqlite: null, postgres: null };
  }
}

/** Puts a copy of the SQLite template at `path` (which must not exist yet); false without a template. */
export function copySqliteTemplate(templates: StoreTemplates, path: string): boolean {
  if (!templates.sqlite) return false;
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  copyFileSync(templates.sqlite, path);
  return true;
}
