import { fdatasync, fstatSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createWalFlusher } from '../../../src/db/wal-flusher.ts';
import { Kysely } from 'kysely';
import { startSqliteThread } from '../../../src/db/sqlite-thread.ts';
import { SqliteThreadDialect } from '../../../src/db/sqlite-thread-dialect.ts';
import { migrateToLatest } from '../../../src/db/migrator.ts';
import { normalizeSignal } from '../../../src/modules/alert/index.ts';
import { SQLITE_INGEST_OP, type IngestUnit, type UnitOutcome } from '../../../src/modules/ingest/index.ts';
import { copySqliteTemplate, storeTemplates } from '../../helpers/store-template.ts';

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
      // Conditions, not timing: the thread may take seconds to start on a loaded machine.
      await vi.waitFor(() => expect(running).toHaveLength(1), { timeout: 15_000 }); // the commit arrived; its flush began
      expect(await settled([create])).toEqual([false]);
      running[0]!(null);
      await create;

      await expect(thread.query('select count(*) as n from t', [])).resolves.toMatchObject({ rows: [{ n: 0 }] });
      expect(running).toHaveLength(1); // a read needs no flush

      const insert = thread.query('insert into t (x) values (1)', []);
      await vi.waitFor(() => expect(running).toHaveLength(2), { timeout: 15_000 });
      running[1]!(Object.assign(new Error('EIO'), { code: 'EIO' }));
      await expect(insert).rejects.toMatchObject({ code: 'SQLITE_IOERR' }); // ingest spools what it cannot confirm
    } finally {
      const closing = thread.close();
      for (const done of running.slice(2)) done(null);
      await closing;
    }
  });

  it('an ingest batch on the SQLite thread is answered only after a flush that began after its commit', async () => {
    // Real fdatasyncs while the schema is made (without a template), then flushes held until the test completes them.
    let hold = false;
    const held: ((err: NodeJS.ErrnoException | null) => void)[] = [];
    const sync = (fd: number, done: (err: NodeJS.ErrnoException | null) => void) => (hold ? void held.push(done) : fdatasync(fd, done));
    // The run's migrated template when there is one (test/helpers/store-template.ts).
    const copied = copySqliteTemplate(await storeTemplates(), join(dir, 'ingest.db'));
    const thread = startSqliteThread(join(dir, 'ingest.db'), sync);
    const db = new Kysely({ dialect: new SqliteThreadDialect(thread) });
    try {
      if (!copied) await migrateToLatest(db);
      hold = true;
      // A resolve for a key that never opened: the batch writes only its receipt.
      const unit: IngestUnit = {
        receiptId: 'rcp_walflush',
        orgId: 'org_walflush',
        credentialId: 'crd_walflush',
        idempotencyKey: null,
        actor: { type: 'integration', id: 'int_walflush', orgId: 'org_walflush' },
        integrationId: 'int_walflush',
        signals: [{ serviceId: 'svc_walflush', signal: normalizeSignal({ action: 'resolve', eventKey: 'never-opened' }) }],
        response: 'native',
        receivedAt: '2026-03-01T10:00:00.000Z',
      };
      const batch = thread.call<UnitOutcome[]>(SQLITE_INGEST_OP, { units: [unit], settled: [] });
      await vi.waitFor(() => expect(held).toHaveLength(1), { timeout: 10_000, interval: 5 }); // the batch committed; its flush began
      // Committed (a reader sees the receipt) but not acknowledged: the 202 waits for the disk.
      await expect(thread.query('select id from receipts', [])).resolves.toMatchObject({ rows: [{ id: 'rcp_walflush' }] });
      expect(await settled([batch])).toEqual([false]);
      held[0]!(null);
      await expect(batch).resolves.toMatchObject([{ status: 202, replayed: false }]);
    } finally {
      hold = false;
      for (const done of held.splice(0)) done(null);
      await db.destroy();
    }
  });
});
