import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createWalFlusher } from '../../src/db/wal-flusher.ts';

// The SQLite thread acknowledges a commit only once a WAL flush that began after it has finished
// (docs/adr/0122). A flush here is completed by hand, so the test sees which commits each covers.
describe('WAL flusher', () => {
  const dir = mkdtempSync(join(tmpdir(), 'klaxon-wal-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const manualSync = () => {
    const running: ((err: NodeJS.ErrnoException | null) => void)[] = [];
    return { running, sync: (_fd: number, done: (err: NodeJS.ErrnoException | null) => void) => void running.push(done) };
  };
  const settled = async (p: Promise<unknown>[]) => {
    const done = p.map(() => false);
    p.forEach((x, i) => x.then(() => (done[i] = true), () => (done[i] = true)));
    await new Promise((r) => setImmediate(r));
    return done;
  };

  it('a commit made while a flush runs waits for the next flush, which covers every commit before it', async () => {
    const wal = join(dir, 'a.db-wal');
    writeFileSync(wal, 'frames');
    const { running, sync } = manualSync();
    const flusher = createWalFlusher(wal, sync);
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
    const wal = join(dir, 'b.db-wal');
    writeFileSync(wal, 'frames');
    const { running, sync } = manualSync();
    const flusher = createWalFlusher(wal, sync);
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
});
