import { mkdtempSync, rmSync, writeFileSync, appendFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createWalFlusher } from '../../src/db/wal-flusher.ts';

// The SQLite thread acknowledges a commit only once a WAL fdatasync that began after it finished
// (docs/adr/0122). These check the flusher's bookkeeping on a real file.
describe('WAL flusher', () => {
  const dir = mkdtempSync(join(tmpdir(), 'klaxon-wal-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('resolves every waiter, in order of commit, and one fdatasync may cover several commits', async () => {
    const wal = join(dir, 'a.db-wal');
    writeFileSync(wal, 'frame 0\n');
    const flusher = createWalFlusher(wal);
    const done: number[] = [];
    const waits = [1, 2, 3, 4, 5].map((i) => {
      appendFileSync(wal, `frame ${i}\n`);
      return flusher.flushed().then(() => void done.push(i));
    });
    await Promise.all(waits);
    expect(done).toEqual([1, 2, 3, 4, 5]);
    // A commit after those gets its own flush.
    appendFileSync(wal, 'frame 6\n');
    await flusher.flushed();
    flusher.close();
  });

  it('fails the waiting commits with SQLITE_IOERR when the WAL cannot be flushed (the store counts as unavailable)', async () => {
    const flusher = createWalFlusher(join(dir, 'missing', 'b.db-wal'));
    await expect(flusher.flushed()).rejects.toMatchObject({ code: 'SQLITE_IOERR' });
    flusher.close();
  });
});
