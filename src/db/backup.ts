import { closeSync, existsSync, fsyncSync, openSync, renameSync, rmSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import Sqlite from 'better-sqlite3';
import { ConfigError } from '../config.ts';

/**
 * `klaxon admin backup` and `klaxon admin restore` on SQLite (PRODUCT.md 15, docs/adr/0862).
 * A backup is SQLite's online backup of the live file: a consistent snapshot taken beside a running
 * server (WAL mode: the copy's reads never block its writes). A restore replaces the file only when
 * no process has the database open: every Klaxon process keeps its connection for its lifetime, so
 * an exclusive lock that cannot be had names a running server (or a command) holding the store.
 */

/** Pages copied per step after the first: all of them, so a copy another process's writes restart finishes in one step. */
const ALL_PAGES = 2 ** 31 - 1;

const tmpBeside = (path: string) => `${path}.tmp-${process.pid}-${Date.now()}`;

function syncFile(path: string) {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

function syncDir(path: string) {
  try {
    syncFile(dirname(path));
  } catch {
    // Some file systems do not sync a folder; the file itself was synced.
  }
}

/** Copies the live database at `from` into `to` (written beside it, then moved into place). */
export async function backupSqlite(from: string, to: string): Promise<{ pages: number; path: string }> {
  if (!existsSync(from)) throw new ConfigError(`no SQLite database at ${from} (check DATABASE_URL)`);
  const target = resolve(to);
  if (target === resolve(from)) throw new ConfigError('--to must name another file than the database itself');
  const db = new Sqlite(from, { fileMustExist: true, timeout: 5_000 });
  const tmp = tmpBeside(target);
  try {
    let pages = 0;
    await db.backup(tmp, {
      progress: ({ totalPages }) => {
        pages = totalPages;
        return ALL_PAGES;
      },
    });
    const copy = new Sqlite(tmp, { fileMustExist: true });
    try {
      const check = copy.pragma('quick_check', { simple: true });
      if (check !== 'ok') throw new Error(`the copy failed its integrity check: ${String(check)}`);
      pages = (copy.pragma('page_count', { simple: true }) as number) || pages;
      // A standalone file: no WAL beside it to lose.
      copy.pragma('journal_mode = DELETE');
    } finally {
      copy.close();
    }
    syncFile(tmp);
    renameSync(tmp, target);
    syncDir(target);
    return { pages, path: target };
  } finally {
    db.close();
    rmSync(tmp, { force: true });
  }
}

/** Throws when a process has the database open; else checkpoints its WAL into the file. */
function assertNotInUse(path: string) {
  const db = new Sqlite(path, { fileMustExist: true, timeout: 0 });
  try {
    db.pragma('locking_mode = EXCLUSIVE');
    db.exec('BEGIN EXCLUSIVE');
    db.prepare('select count(*) from sqlite_master').get();
    db.exec('COMMIT');
    db.pragma('wal_checkpoint(TRUNCATE)');
  } catch (err) {
    if (/^SQLITE_BUSY|^SQLITE_LOCKED/.test((err as { code?: string }).code ?? '')) {
      throw new ConfigError(`the database ${path} is in use by a running Klaxon process (klaxon serve, or another command); stop every process using it, then restore`);
    }
    throw err;
  } finally {
    db.close();
  }
}

/**
 * Replaces the database at `to` with the backup `from`. The file it replaces is kept beside it
 * (`<file>.replaced-<time>`); the restored store is migrated by the next `klaxon serve` or `klaxon migrate`.
 */
export async function restoreSqlite(from: string, to: string, now: Date): Promise<{ replaced?: string }> {
  const source = resolve(from);
  if (!existsSync(source)) throw new ConfigError(`no backup file at ${source}`);
  const probe = new Sqlite(source, { readonly: true, fileMustExist: true });
  try {
    const check = probe.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new ConfigError(`${source} failed SQLite's integrity check (${String(check)}): not restored`);
    const migrations = probe.prepare("select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'").get();
    if (!migrations) throw new ConfigError(`${source} is not a Klaxon database (it has no migrations table): not restored`);
  } catch (err) {
    if (err instanceof ConfigError) throw err;
    throw new ConfigError(`${source} is not a SQLite database: ${(err as Error).message}`);
  } finally {
    probe.close();
  }
  const target = resolve(to);
  if (existsSync(target)) assertNotInUse(target);
  const tmp = tmpBeside(target);
  try {
    const src = new Sqlite(source, { readonly: true, fileMustExist: true });
    try {
      await src.backup(tmp, { progress: () => ALL_PAGES });
    } finally {
      src.close();
    }
    const copy = new Sqlite(tmp, { fileMustExist: true });
    copy.pragma('journal_mode = WAL');
    copy.close();
    syncFile(tmp);
    let replaced: string | undefined;
    if (existsSync(target)) {
      // Checked again just before the move: a server started since would hold it now.
      assertNotInUse(target);
      replaced = `${target}.replaced-${now.toISOString().replace(/[:.]/g, '-')}`;
      renameSync(target, replaced);
    }
    for (const side of ['-wal', '-shm']) rmSync(`${target}${side}`, { force: true });
    renameSync(tmp, target);
    syncDir(target);
    return { replaced };
  } finally {
    rmSync(tmp, { force: true });
    rmSync(`${tmp}-wal`, { force: true });
    rmSync(`${tmp}-shm`, { force: true });
  }
}
