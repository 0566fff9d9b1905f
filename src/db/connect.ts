import pg from 'pg';
import { Kysely, PostgresDialect } from 'kysely';
import type { Database } from './database.ts';
import { type SqliteThread, startSqliteThread } from './sqlite-thread.ts';
import { SqliteThreadDialect } from './sqlite-thread-dialect.ts';

export type Dialect = 'sqlite' | 'postgres';

export interface Db {
  db: Kysely<Database>;
  dialect: Dialect;
  /** The thread that owns the SQLite connection (docs/adr/0121-sqlite-thread.md); undefined on PostgreSQL. */
  sqliteThread?: SqliteThread;
  /** PostgreSQL's pool, shared with Kysely: the ingest executor runs raw statements on its clients. */
  pool?: pg.Pool;
  close(): Promise<void>;
}

// int8 (COUNT, identity ids) as JS numbers; our values stay far below 2^53.
pg.types.setTypeParser(20, (v: string) => Number(v));

export function connectDb(opts: { dialect: Dialect; sqlitePath?: string; databaseUrl?: string; poolSize?: number }): Db {
  if (opts.dialect === 'sqlite') {
    const sqliteThread = startSqliteThread(opts.sqlitePath!);
    const db = new Kysely<Database>({ dialect: new SqliteThreadDialect(sqliteThread) });
    // Kysely's destroy closes only a connection it has used: a store closed before anything went
    // through Kysely (a test store copied from a template, an early failed start) would keep its
    // thread, which opens (and creates) the file in the data folder after close resolved. The
    // thread is closed here too (idempotent), and close waits for it to exit.
    const close = async () => {
      await db.destroy();
      await sqliteThread.close();
    };
    return { db, dialect: 'sqlite', sqliteThread, close };
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
  // The same for the pool: the ingest executor checks clients out of it directly, so it can hold
  // connections Kysely's destroy (a no-op when Kysely never ran a query) would not end.
  const close = async () => {
    await db.destroy();
    if (!pool.ending) await pool.end();
  };
  return { db, dialect: 'postgres', pool, close };
}
