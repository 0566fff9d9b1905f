import SQLite from 'better-sqlite3';
import { privateSqliteFile } from './private-files.ts';

/** Opens a SQLite file with Klaxon's settings (the SQLite thread's one connection; the spool). */
export function openSqlite(path: string): SQLite.Database {
  privateSqliteFile(path);
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
 * Prepared statements cached by SQL text: Kysely sends the same few statements over and over,
 * and preparing one costs more than running it (docs/adr/0120-ingest-throughput.md). A statement
 * still iterating is never handed out twice.
 */
export function statementCache(sqlite: SQLite.Database, max = 500) {
  const cache = new Map<string, SQLite.Statement>();
  return (sql: string): SQLite.Statement => {
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
  };
}
