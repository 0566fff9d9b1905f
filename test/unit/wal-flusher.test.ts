import { fstatSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createWalFlusher } from '../../src/db/wal-flusher.ts';
import { startSqliteThread } from '../../src/db/sqlite-thread.ts';

// A commit is acknowledged only once a WAL flush that began after it has finished (docs/adr/0122,
// 0126). A flush here is completed by hand, so the test sees which commits each covers.
describe('WAL flusher', () => {
  const dir = mkdtempSync(join(tmpdir(), 'klaxon-wal-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** A flush the test completes by hand; `fds` are the descriptors flushes were given. */
  const manualSync = () => {
    const running: ((err: NodeJS.ErrnoException | null) => void)[] = [];
    const fds: number[] = [];
    return {
      running,
      fds,
      sync: (fd: number, done: (err: NodeJS.ErrnoException | null) => void) => {
        fds.push(fd);
        running.push(done);
      },
    };
  };
  /** A flusher on a WAL file of its own whose flushes the test completes by hand. */
  const manualFlusher = (name: string) => {
    const wal = join(dir, name);
    writeFileSync(wal, 'frames');
    const { running, fds, sync } = manualSync();
    return { running, fds, flusher: createWalFlusher(wal, sync) };
  };
  const isOpen = (fd: number) => {
    try {
      fstatSync(fd);
      return true;
    } catch {
      return false;
    }
  };
  const settled = async (p: Promise<unknown>[]) => {
    const done = p.map(() => false);
    p.forEach((x, i) => x.then(() => (done[i] = true), () => (done[i] = true)));
    await new Promise((r) => setImmediate(r));
    return done;
  };

  it('a commit made while a flush runs waits for the next flush, which covers every commit before it', async () => {
    const { running, flusher } = manualFlusher('a.db-wal');
    const first = flusher.flushed();
    expect(running).toHaveLength(1); // a flush starts at once
    const second = flusher.flushed();
    const third = flusher.flushed();
    expect(running).toHaveLength(1); // no second flush while one runs

    running[0]!(null);
    expect(await settled([first, second, third])).toEqual([true, false, false]); // began before 2 and 3
    expect(running).toHaveLength(2); // the next flush started for them

    running[1]!(null);
    expect(await settled([second, third])).toEqual([true, true]); // one flush for both
    expect(running).toHaveLength(2); // nothing left to flush
    flusher.close();
  });

  it('fails the waiting commits with SQLITE_IOERR when the flush fails (the store counts as unavailable)', async () => {
    const { running, flusher } = manualFlusher('b.db-wal');
    const waiting = flusher.flushed();
    running[0]!(Object.assign(new Error('EIO'), { code: 'EIO' }));
    await expect(waiting).rejects.toMatchObject({ code: 'SQLITE_IOERR' });
    flusher.close();
  });

  it('flushes a real file with fdatasync, and reports a WAL that cannot be opened', async () => {
    const wal = join(dir, 'c.db-wal');
    writeFileSync(wal, 'frames');
    const flusher = createWalFlusher(wal);
    await Promise.all([flusher.flushed(), flusher.flushed()]);
    flusher.close();
    const missing = createWalFlusher(join(dir, 'missing', 'd.db-wal'));
    await expect(missing.flushed()).rejects.toMatchObject({ code: 'SQLITE_IOERR' });
    missing.close();
  });

  it('closes its descriptor only after the flush in progress has answered', async () => {
    const { running, fds, flusher } = manualFlusher('e.db-wal');
    const waiting = flusher.flushed();
    flusher.close();
    expect(isOpen(fds[0]!)).toBe(true); // the fdatasync still runs on it
    running[0]!(null);
    await expect(waiting).resolves.toBeUndefined();
    expect(isOpen(fds[0]!)).toBe(false);
  });

  it("the SQLite thread's answer to a write waits for the flush; a read's does not", async () => {
    const { running, sync } = manualSync();
    const thread = startSqliteThread(join(dir, 'thread.db'), sync);
    try {
      const create = thread.query('create table t (x integer)', []);
      await vi.waitFor(() => expect(running).toHaveLength(1)); // the commit arrived; its flush began
      expect(await settled([create])).toEqual([false]);
      running[0]!(null);
      await create;

      await expect(thread.query('select count(*) as n from t', [])).resolves.toMatchObject({ rows: [{ n: 0 }] });
      expect(running).toHaveLength(1); // a read needs no flush

      const insert = thread.query('insert into t (x) values (1)', []);
      await vi.waitFor(() => expect(running).toHaveLength(2));
      running[1]!(Object.assign(new Error('EIO'), { code: 'EIO' }));
      await expect(insert).rejects.toMatchObject({ code: 'SQLITE_IOERR' }); // ingest spools what it cannot confirm
    } finally {
      const closing = thread.close();
      for (const done of running.slice(2)) done(null);
      await closing;
    }
  });
});
