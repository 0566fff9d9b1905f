// The SQLite thread (docs/adr/0121-sqlite-thread.md): owns the process's one connection to the
// SQLite file and runs what the main thread sends it, one message at a time, in arrival order.
// Started by src/db/sqlite-thread.ts; bundled with esbuild, so it imports like any module.
import { parentPort, workerData } from 'node:worker_threads';
import { openSqlite, statementCache } from '../db/sqlite.ts';
import type { SentError, StatementOutcome, ThreadReply } from '../db/sqlite-thread.ts';
import { IDLE_MESSAGE, WORK_FLAG } from '../db/sqlite-thread-work.ts';
import { SQLITE_INGEST_OP, sqliteBatchApplier } from '../modules/ingest/index.ts';
import { SQLITE_OUTBOX_ROUND_OP, sqliteOutboxRound } from '../jobs/outbox-round.sqlite.ts';

interface Message {
  id: number;
  op: string;
  sql?: string;
  params?: unknown[];
  arg?: unknown;
}

const port = parentPort!;
const { path, work: workBuffer } = workerData as { path: string; work: SharedArrayBuffer };
const work = new Int32Array(workBuffer);
const sqlite = openSqlite(path);
// Commits write the WAL without waiting for the disk. A reply says when its message committed, and
// the main thread answers its caller only after an fdatasync of the WAL covers it, so an answer
// still means "on disk" (docs/adr/0122, 0126).
if (path !== ':memory:') sqlite.pragma('synchronous = NORMAL');
const prepare = statementCache(sqlite);

/** A statement's outcome, and whether it ended a write (a commit, or a write outside a transaction). */
function query(sql: string, params: unknown[]): [StatementOutcome, boolean] {
  const stmt = prepare(sql);
  const wasInTransaction = sqlite.inTransaction;
  let out: StatementOutcome;
  if (stmt.reader) out = { rows: stmt.all(params) };
  else {
    const r = stmt.run(params);
    out = { rows: [], changes: r.changes, lastInsertRowid: r.lastInsertRowid };
  }
  // COMMIT counts as read-only to SQLite: a statement that closed a transaction ends a write too.
  return [out, !sqlite.inTransaction && (wasInTransaction || !stmt.readonly)];
}

/**
 * Whole operations: each runs its own transaction from start to end within one message. They
 * wait while a transaction begun by Kysely statements is open, so they never land inside it.
 */
const operations: Record<string, (arg: any) => unknown> = {
  [SQLITE_INGEST_OP]: sqliteBatchApplier(sqlite),
  [SQLITE_OUTBOX_ROUND_OP]: sqliteOutboxRound(sqlite),
};

function sendError(id: number, err: unknown) {
  const e = err as { name?: string; message?: string; code?: unknown; details?: unknown; retryAfterSeconds?: number };
  const error: SentError = { name: e?.name ?? 'Error', message: String(e?.message ?? err) };
  if (typeof e?.code === 'string') error.code = e.code;
  if (e?.name === 'AppError') error.app = { details: e.details, retryAfterSeconds: e.retryAfterSeconds };
  port.postMessage({ id, ok: false, error } satisfies ThreadReply);
}

/** Answers at once; `wrote` tells the main thread to wait for the WAL flush before its caller hears. */
function reply(id: number, value: unknown, wrote: boolean) {
  port.postMessage((wrote ? { id, ok: true, value, wrote } : { id, ok: true, value }) satisfies ThreadReply);
}

async function handle(m: Message): Promise<void> {
  try {
    if (m.op === 'query') {
      const [value, wrote] = query(m.sql!, m.params ?? []);
      return reply(m.id, value, wrote);
    }
    if (m.op === 'close') {
      if (sqlite.inTransaction) sqlite.exec('ROLLBACK');
      sqlite.close();
      port.postMessage({ id: m.id, ok: true });
      port.close();
      return;
    }
    const op = operations[m.op];
    if (!op) throw new Error(`The SQLite thread has no operation "${m.op}".`);
    // Operations run whole transactions: each ends with a commit.
    reply(m.id, await op(m.arg), true);
  } catch (err) {
    sendError(m.id, err);
  }
}

const queue: Message[] = [];
let running = false;

async function pump() {
  if (running) return;
  running = true;
  try {
    while (queue.length) {
      // Inside a Kysely transaction only its statements (and close) may run; operations wait.
      const i = sqlite.inTransaction ? queue.findIndex((m) => m.op === 'query' || m.op === 'close') : 0;
      if (i < 0) break;
      const [m] = queue.splice(i, 1);
      await handle(m!);
      if (m!.op === 'close') return;
    }
  } finally {
    running = false;
  }
  // Out of work: say so, through the shared flag (read by the main thread whenever it has a batch
  // to send) and a message (for when it has nothing to send until then). A transaction still
  // open keeps queued operations waiting, so the thread stays busy until it ends.
  if (!queue.length && Atomics.compareExchange(work, 0, WORK_FLAG.busy, WORK_FLAG.idle) === WORK_FLAG.busy) {
    port.postMessage(IDLE_MESSAGE);
  }
}

port.on('message', (m: Message) => {
  queue.push(m);
  void pump();
});
