import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import type { Database } from './database.ts';

export type Dialect = 'sqlite' | 'postgres';

export interface Db {
  db: Kysely<Database>;
  dialect: Dialect;
  /** The raw SQLite handle (checkpointing, pragmas); undefined on PostgreSQL. */
  sqlite?: SQLite.Database;
  /** PostgreSQL's pool, shared with Kysely: the ingest executor runs raw statements on its clients. */
  pool?: pg.Pool;
  close(): Promise<void>;
}

// int8 (COUNT, identity ids) as JS numbers; our values stay far below 2^53.
pg.types.setTypeParser(20, (v: string) => Number(v));

export function openSqlite(path: string): SQLite.Database {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const sqlite = new SQLite(path);
  // WAL lets readers run beside the writer; FULL makes each commit durable across power loss,
  // affordable because ingest commits in groups (docs/adr/0005-group-commit.md).
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 2000');
  return sqlite;
}

/**
 * The SQLite handle as Kysely sees it, with prepared statements cached by SQL text: Kysely
 * prepares on every query, which cost the outbox worker a fifth of its time under load
 * (docs/adr/0120-ingest-throughput.md). A statement still iterating (a stream) is never reused.
 */
export function cachingSqliteDatabase(sqlite: SQLite.Database, max = 500) {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string): SQLite.Statement {
      const hit = cache.get(sql);
      if (hit && !hit.busy) {
        cache.delete(sql); // most recently used last
        cache.set(sql, hit);
        return hit;
      }
      const stmt = sqlite.prepare(sql);
      if (!hit) {
        if (cache.size >= max) cache.delete(cache.keys().next().value!);
        cache.set(sql, stmt);
      }
      return stmt;
    },
  };
}

export function connectDb(opts: { dialect: Dialect; sqlitePath?: string; databaseUrl?: string; poolSize?: number }): Db {
  if (opts.dialect === 'sqlite') {
    const sqlite = openSqlite(opts.sqlitePath!);
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: cachingSqliteDatabase(sqlite) }) });
    return { db, dialect: 'sqlite', sqlite, close: () => db.destroy() };
  }
  // Fail fast when the server is down or failing over, so ingest can spool instead of hanging
  // (docs/adr/0100-ingest-spool.md).
  const pool = new pg.Pool({
    // Names the process in pg_stat_activity (operators, and the cluster test, find a process's sessions).
    application_name: `klaxon:${process.pid}`, connectionString: opts.databaseUrl, max: opts.poolSize ?? 10, connectionTimeoutMillis: 5_000 });
  // An idle client losing its server (restart, failover) must not crash the process.
  pool.on('error', () => {});
  // A checked-out client can get the server's "terminating connection" between queries; without
  // a listener that 'error' event would crash the process. The next query fails instead.
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, dialect: 'postgres', pool, close: () => db.destroy() };
}
