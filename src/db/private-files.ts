import { chmodSync, closeSync, fstatSync, fchmodSync, mkdirSync, openSync, statSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Klaxon's local files hold secrets (the database's sealed secrets and hashes, spooled signals, the
 * generated key, the outage credential snapshot): none may be readable by other users. Folders are
 * created 0700 and files 0600, whatever the umask (docs/adr/0510-data-files-private.md).
 */

/** Creates `dir` (and any missing parent) 0700; an existing folder keeps its mode. */
export function privateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
}

/** True when group or others have any access to `path` (undefined when it does not exist). */
export function sharedWithOthers(path: string): boolean | undefined {
  try {
    return (statSync(path).mode & 0o077) !== 0;
  } catch {
    return undefined;
  }
}

/** Takes group and other access away from an existing file an older version (or a copy) left open. */
export function tightenFile(path: string): void {
  if (sharedWithOthers(path)) chmodSync(path, 0o600);
}

const SQLITE_SIDE_FILES = ['-wal', '-shm', '-journal'];

/**
 * Makes a SQLite file private before SQLite opens it: creates it 0600 when absent (SQLite then
 * gives its WAL and shared-memory files the same mode), and takes group and other access away from
 * it and its side files when an older version created them 0644.
 */
export function privateSqliteFile(path: string): void {
  if (path === ':memory:' || path === '') return;
  privateDir(dirname(path));
  const fd = openSync(path, 'a', 0o600);
  try {
    if (fstatSync(fd).mode & 0o077) fchmodSync(fd, 0o600);
  } finally {
    closeSync(fd);
  }
  for (const side of SQLITE_SIDE_FILES) {
    if (sharedWithOthers(path + side)) chmodSync(path + side, 0o600);
  }
}
