import { afterEach, describe, expect, it } from 'vitest';
import { startSqliteThread, type SqliteThread } from '../../../src/db/sqlite-thread.ts';
import { createCommitter, type BatchExecutor, type IngestUnit, type UnitOutcome } from '../../../src/modules/ingest/index.ts';

// Batches pulled by a store that says when it is free (docs/adr/0124): none is sent while it is
// busy, what waits goes together once it is free, and a free store gets a batch as soon as enough
// units wait, without waiting for the end of the event loop's turn.

const unit = (i: number) => ({ receiptId: `rcp_${i}` }) as IngestUnit;
const turn = () => new Promise((r) => setImmediate(r));

/** An executor free or busy by hand; each batch it takes makes it busy until `free()`. */
function manualExecutor() {
  let isReady = true;
  const listeners: (() => void)[] = [];
  const batches: string[][] = [];
  const executor: BatchExecutor = {
    async executeBatch(units) {
      isReady = false;
      batches.push(units.map((u) => u.receiptId));
      return units.map((u): UnitOutcome => ({ status: 202, body: { receipt_id: u.receiptId }, replayed: false }));
    },
    ready: () => isReady,
    onReady: (listener) => void listeners.push(listener),
  };
  const free = () => {
    isReady = true;
    for (const l of listeners) l();
  };
  return { executor, batches, free, busy: () => (isReady = false) };
}

describe('committer: batches pulled by a store that says when it is free', () => {
  it('a free store gets a batch at once when eagerAt units wait, in the middle of the turn', () => {
    const m = manualExecutor();
    const committer = createCommitter({ executor: m.executor, concurrency: 8, eagerAt: 3 });
    for (let i = 0; i < 3; i++) void committer.submit(unit(i));
    expect(m.batches).toEqual([['rcp_0', 'rcp_1', 'rcp_2']]);
  });

  it('below eagerAt, a free store gets what waits at the end of the turn', async () => {
    const m = manualExecutor();
    const committer = createCommitter({ executor: m.executor, concurrency: 8, eagerAt: 3 });
    const answers = [committer.submit(unit(0)), committer.submit(unit(1))];
    expect(m.batches).toEqual([]);
    await turn();
    expect(m.batches).toEqual([['rcp_0', 'rcp_1']]);
    expect((await Promise.all(answers)).map((o) => (o.body as { receipt_id: string }).receipt_id)).toEqual(['rcp_0', 'rcp_1']);
  });

  it('while the store is busy nothing is sent, however many wait; they go as one batch when it is free', async () => {
    const m = manualExecutor();
    const committer = createCommitter({ executor: m.executor, concurrency: 8, eagerAt: 3 });
    for (let i = 0; i < 3; i++) void committer.submit(unit(i)); // the first batch makes it busy
    for (let i = 3; i < 10; i++) void committer.submit(unit(i));
    await turn();
    await turn();
    expect(m.batches).toHaveLength(1);
    expect(committer.depth).toBe(7); // the first batch is answered; the store has not said it is free

    m.free();
    expect(m.batches).toHaveLength(2);
    expect(m.batches[1]).toEqual(['rcp_3', 'rcp_4', 'rcp_5', 'rcp_6', 'rcp_7', 'rcp_8', 'rcp_9']);
    await committer.idle();
  });

  it('an executor that does not say when it is free gets a batch every turn, as before', async () => {
    const batches: number[] = [];
    const committer = createCommitter({
      executor: { executeBatch: async (units) => (batches.push(units.length), units.map(() => ({ status: 202, body: {}, replayed: false }))) },
      concurrency: 2,
      eagerAt: 1,
    });
    for (let i = 0; i < 5; i++) void committer.submit(unit(i));
    expect(batches).toEqual([]);
    await turn();
    expect(batches).toEqual([5]);
  });
});

describe('SQLite thread: the work flag', () => {
  let thread: SqliteThread | undefined;
  afterEach(async () => thread?.close());

  it('is busy from the moment a message is sent until the thread has run everything, and the thread says when it is free', async () => {
    const t = startSqliteThread(':memory:');
    thread = t;
    let idleCalls = 0;
    t.onIdle(() => idleCalls++);
    expect(t.idle()).toBe(true);

    const answers = [t.query('create table t (x integer)', []), t.query('insert into t values (1)', []), t.query('select x from t', [])];
    expect(t.idle()).toBe(false);
    const [, , read] = await Promise.all(answers);
    expect(read?.rows).toEqual([{ x: 1 }]);
    await new Promise<void>((r) => (idleCalls ? r() : t.onIdle(() => r())));
    expect(t.idle()).toBe(true);
    expect(idleCalls).toBeGreaterThanOrEqual(1);
  });

  it('a message the structured clone refuses fails alone: the thread reads free and takes the next one', async () => {
    const t = startSqliteThread(':memory:');
    thread = t;
    let idleCalls = 0;
    t.onIdle(() => idleCalls++);
    // Nested past what postMessage can clone (it recurses): once answered 500, then every later
    // batch waited forever for a thread that had been sent nothing.
    let deep: unknown = 1;
    for (let i = 0; i < 50_000; i++) deep = [deep];
    await expect(t.call('ingestBatch', deep)).rejects.toThrow(/call stack/);
    expect(t.idle()).toBe(true);
    expect(idleCalls).toBe(1);
    expect((await t.query('select 1 as x', [])).rows).toEqual([{ x: 1 }]);
  });

  it('is free once the thread has stopped, so nothing waits for it: a send fails at once', async () => {
    const t = startSqliteThread(':memory:');
    let idleCalls = 0;
    t.onIdle(() => idleCalls++);
    await t.close();
    expect(t.idle()).toBe(true);
    expect(idleCalls).toBeGreaterThanOrEqual(1);
    await expect(t.query('select 1', [])).rejects.toMatchObject({ code: 'SQLITE_IOERR' });
  });
});
