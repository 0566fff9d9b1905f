import { createHash } from 'node:crypto';
import { closeSync, fsyncSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { privateDir, tightenFile } from '../db/private-files.ts';
import type { SecretBox } from '../lib/secrets.ts';

/**
 * The outage credential snapshot kept in the data folder (docs/adr/0511), so a process restarted
 * while the store is down can still tell live credentials from junk and spool their signals. It
 * holds what the in-memory snapshot holds (secret hashes, never a secret, and the routing they
 * lead to), sealed whole with KLAXON_SECRET_KEY (AES-256-GCM): unreadable and unforgeable without
 * the key. Written 0600 through a temporary file and a rename, so a crash leaves the old or the
 * new file, never half of one.
 */
export interface SavedSnapshot<T> {
  takenAt: string;
  data: T;
}

export function createSnapshotFile<T>(opts: { path: string; box: SecretBox }) {
  let lastWritten: string | undefined;
  // At start-up, not at the first refresh: the file an older version left 0644 is private from the
  // moment this process runs, and a snapshot that has not changed is never rewritten.
  tightenFile(opts.path);
  return {
    path: opts.path,
    /** Writes the snapshot unless it is what the file already holds. */
    save(data: T, takenAt: string): void {
      const plain = JSON.stringify(data);
      const digest = createHash('sha256').update(plain).digest('hex');
      if (digest === lastWritten) return;
      privateDir(dirname(opts.path));
      const sealed = opts.box.seal(JSON.stringify({ version: 1, taken_at: takenAt, data: plain }));
      const tmp = `${opts.path}.tmp`;
      const fd = openSync(tmp, 'w', 0o600);
      try {
        writeSync(fd, sealed);
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
      renameSync(tmp, opts.path);
      const dir = openSync(dirname(opts.path), 'r');
      try {
        fsyncSync(dir);
      } finally {
        closeSync(dir);
      }
      lastWritten = digest;
    },
    /** The saved snapshot; undefined when there is none, or it cannot be opened with this key. */
    load(): SavedSnapshot<T> | undefined {
      let sealed: string;
      try {
        sealed = readFileSync(opts.path, 'utf8');
      } catch {
        return undefined;
      }
      try {
        const outer = JSON.parse(opts.box.open(sealed)) as { version: number; taken_at: string; data: string };
        if (outer.version !== 1) return undefined;
        lastWritten = createHash('sha256').update(outer.data).digest('hex');
        return { takenAt: outer.taken_at, data: JSON.parse(outer.data) as T };
      } catch {
        return undefined;
      }
    },
    remove(): void {
      rmSync(opts.path, { force: true });
    },
  };
}
export type SnapshotFile<T> = ReturnType<typeof createSnapshotFile<T>>;
