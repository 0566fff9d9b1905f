import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import type { SqliteThread } from './sqlite-thread.ts';

/**
 * SQLite runs DDL inside transactions, though Kysely's adapter says it does not. Saying so makes
 * the migrator apply every pending migration in one transaction, which (begun IMMEDIATE, below)
 * holds the database's write lock from its first statement: processes that start together on one
 * file take turns instead of applying the same migrations at once, and a failed upgrade leaves
 * nothing half done (docs/adr/0105-sqlite-migration-lock.md).
 */
class SqliteThreadAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

/** Kysely over the SQLite thread: each compiled statement is sent to the thread's connection. */
export class SqliteThreadDialect implements Dialect {
  constructor(private readonly thread: SqliteThread) {}
  createAdapter = () => new SqliteThreadAdapter();
  createDriver = (): Driver => new SqliteThreadDriver(this.thread);
  createQueryCompiler = (): QueryCompiler => new SqliteQueryCompiler();
  createIntrospector = (db: Kysely<any>) => new SqliteIntrospector(db);
}

class SqliteThreadConnection implements DatabaseConnection {
  constructor(private readonly thread: SqliteThread) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const r = await this.thread.query(query.sql, query.parameters);
    if (r.changes === undefined) return { rows: r.rows as R[] };
    return {
      rows: r.rows as R[],
      numAffectedRows: BigInt(r.changes),
      ...(r.lastInsertRowid !== undefined ? { insertId: BigInt(r.lastInsertRowid) } : {}),
    };
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming is not supported over the SQLite thread; page the query instead.');
  }
}

/**
 * One connection, as SQLite has: a mutex hands it to one Kysely caller (or transaction) at a
 * time. Ingest batches go to the thread as whole operations and never interleave with an open
 * Kysely transaction there (src/workers/sqlite-writer.ts).
 */
class SqliteThreadDriver implements Driver {
  readonly #connection: SqliteThreadConnection;
  #lock: Promise<void> | undefined;
  #unlock: (() => void) | undefined;

  constructor(private readonly thread: SqliteThread) {
    this.#connection = new SqliteThreadConnection(thread);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    while (this.#lock) await this.#lock;
    this.#lock = new Promise((r) => (this.#unlock = r));
    return this.#connection;
  }

  async releaseConnection(): Promise<void> {
    const unlock = this.#unlock;
    this.#lock = undefined;
    this.#unlock = undefined;
    unlock?.();
  }

  // IMMEDIATE: the write lock from the start. A deferred transaction that reads, then writes after
  // another process committed, fails with SQLITE_BUSY_SNAPSHOT instead of waiting its turn.
  async beginTransaction(c: DatabaseConnection): Promise<void> {
    await c.executeQuery(CompiledQuery.raw('begin immediate'));
  }

  async commitTransaction(c: DatabaseConnection): Promise<void> {
    await c.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(c: DatabaseConnection): Promise<void> {
    await c.executeQuery(CompiledQuery.raw('rollback'));
  }

  async destroy(): Promise<void> {
    await this.thread.close();
  }
}
