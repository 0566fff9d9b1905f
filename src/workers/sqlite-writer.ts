// The SQLite thread (docs/adr/0121-sqlite-thread.md): owns the process's one connection to the
// SQLite file and runs what the main thread sends it, one message at a time, in arrival order.
// Started by src/db/sqlite-thread.ts; bundled with esbuild, so it imports like any module.
import { parentPort, workerData } from 'node:worker_threads';
import { openSqlite, statementCache } from '../db/sqlite.ts';
import type { SentError, StatementOutcome } from '../db/sqlite-thread.ts';
import { SQLITE_INGEST_OP, sqliteBatchApplier } from '../modules/ingest/index.ts';

interface Message {
  id: number;
  op: string;
  sql?: string;
  params?: unknown[];
  arg?: unknown;
}

const port = parentPort!;
const sqlite = openSqlite((workerData as { path: string }).path);
const prepare = statementCache(sqlite);

function query(sql: string, params: unknown[]): StatementOutcome {
  const stmt = prepare(sql);
  if (stmt.reader) return { rows: stmt.all(params) };
  const r = stmt.run(params);
  return { rows: [], changes: r.changes, lastInsertRowid: r.lastInsertRowid };
}

/**
 * Whole operations: each runs its own transaction from start to end within one message. They
 * wait while a transaction begun by Kysely statements is open, so they never land inside it.
 */
const operations: Record<string, (arg: any) => unknown> = {
  [SQLITE_INGEST_OP]: sqliteBatchApplier(sqlite),
};

function sendError(id: number, err: unknown) {
  const e = err as { name?: string; message?: string; code?: unknown; details?: unknown; retryAfterSeconds?: number };
  const error: SentError = { name: e?.name ?? 'Error', message: String(e?.message ?? err) };
  if (typeof e?.code === 'string') error.code = e.code;
  if (e?.name === 'AppError') error.app = { details: e.details, retryAfterSeconds: e.retryAfterSeconds };
  port.postMessage({ id, ok: false, error });
}

async function handle(m: Message): Promise<void> {
  try {
    let value: unknown;
    if (m.op === 'query') value = query(m.sql!, m.params ?? []);
    else if (m.op === 'close') {
      if (sqlite.inTransaction) sqlite.exec('ROLLBACK');
      sqlite.close();
      port.postMessage({ id: m.id, ok: true });
      port.close();
      return;
    } else {
      const op = operations[m.op];
      if (!op) throw new Error(`The SQLite thread has no operation "${m.op}".`);
      value = await op(m.arg);
    }
    port.postMessage({ id: m.id, ok: true, value });
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
}

port.on('message', (m: Message) => {
  queue.push(m);
  void pump();
});
