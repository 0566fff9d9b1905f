import { closeSync, fdatasync, openSync } from 'node:fs';

/**
 * Group commit at the fsync (docs/adr/0122-wal-flush-off-the-thread.md). The SQLite thread's
 * connection commits with synchronous=NORMAL: a commit writes its WAL frames but does not wait for
 * the disk. Before any commit is acknowledged, `flushed()` waits until an fdatasync of the WAL
 * file that began after that commit has finished. One fdatasync covers every commit written
 * before it began, and it runs on libuv's pool. The main thread owns it (docs/adr/0126): the
 * fdatasync's completion is then handled within microseconds, not after the batch the SQLite
 * thread is applying meanwhile. Checkpoints keep NORMAL's own syncs (WAL before copying,
 * database after).
 */
export function createWalFlusher(
  walPath: string,
  /** The flush itself; tests pass one they complete by hand. */
  sync: (fd: number, done: (err: NodeJS.ErrnoException | null) => void) => void = fdatasync,
) {
  let fd: number | undefined;
  let written = 0;
  let flushedUpTo = 0;
  let busy = false;
  let closing = false;
  let waiters: { upTo: number; resolve: () => void; reject: (e: unknown) => void }[] = [];

  function start() {
    if (busy || flushedUpTo >= written) return;
    busy = true;
    const target = written;
    try {
      // The WAL exists once the first commit wrote to it; SQLite keeps the same file while the
      // connection is open (a checkpoint truncates or rewrites it in place).
      fd ??= openSync(walPath, 'r');
    } catch (err) {
      busy = false;
      return fail(err);
    }
    sync(fd, (err) => {
      busy = false;
      if (err) fail(err);
      else {
        flushedUpTo = target;
        const due = waiters.filter((w) => w.upTo <= target);
        waiters = waiters.filter((w) => w.upTo > target);
        for (const w of due) w.resolve();
        start();
      }
      if (closing && !busy) closeFd();
    });
  }

  function closeFd() {
    closing = false;
    if (fd !== undefined) closeSync(fd);
    fd = undefined;
  }

  function fail(err: unknown) {
    const e = Object.assign(new Error(`Could not flush the SQLite WAL to disk: ${(err as Error)?.message ?? err}`), { code: 'SQLITE_IOERR' });
    const all = waiters;
    waiters = [];
    for (const w of all) w.reject(e);
  }

  return {
    /** Resolves once everything committed so far is on disk. */
    flushed(): Promise<void> {
      const upTo = ++written;
      return new Promise((resolve, reject) => {
        waiters.push({ upTo, resolve, reject });
        start();
      });
    },
    /** Closes the descriptor, once the flush in progress (if any) has finished and answered. */
    close() {
      closing = true;
      if (!busy) closeFd();
    },
  };
}
