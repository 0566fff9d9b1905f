import { Worker } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import { buildSync } from 'esbuild';
import { AppError } from '../lib/errors.ts';
import { type IDLE_MESSAGE, WORK_FLAG } from './sqlite-thread-work.ts';
import { createWalFlusher } from './wal-flusher.ts';

/**
 * SQLite off the event loop (docs/adr/0121-sqlite-thread.md): better-sqlite3 is synchronous, so
 * every statement — and every commit's fsync — used to stop the HTTP server. The one SQLite
 * connection now lives on a worker thread; the main thread sends it statements (Kysely) and whole
 * operations (an ingest batch) and awaits the answers.
 */

/** What a statement returned: its rows (a reader), or what it changed. */
export interface StatementOutcome {
  rows: unknown[];
  changes?: number;
  lastInsertRowid?: number | bigint;
}

export interface SqliteThread {
  /** Runs one statement on the thread's connection. */
  query(sql: string, params: readonly unknown[]): Promise<StatementOutcome>;
  /** Runs an operation the worker registered (src/workers/sqlite-writer.ts) with a cloneable argument. */
  call<T>(op: string, arg: unknown): Promise<T>;
  /** Closes the connection and ends the thread. */
  close(): Promise<void>;
  /**
   * True when the thread has nothing to run: everything sent has been run (an answer may still
   * wait for the WAL flush). Read from memory both threads share, so it is current even while
   * the event loop is busy (docs/adr/0124-ingest-batches-pulled-by-the-sqlite-thread.md).
   */
  idle(): boolean;
  /** Calls `listener` each time the thread runs out of work after having some. */
  onIdle(listener: () => void): void;
}

/** The worker's code, bundled once per process (tsx's loader would start in seconds on each thread). */
let bundle: string | undefined;
const ENTRY = fileURLToPath(new URL('../workers/sqlite-writer.ts', import.meta.url));

function workerCode(): string {
  if (bundle) return bundle;
  const out = buildSync({
    entryPoints: [ENTRY],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    // Packages load from node_modules as usual (better-sqlite3 is native).
    packages: 'external',
    // No keepNames: it wraps every closure made per call in a naming helper (visible in profiles).
    write: false,
    logLevel: 'silent',
  });
  // An eval'd worker resolves require() from the working directory: resolve from the entry instead.
  bundle = `require = require('node:module').createRequire(${JSON.stringify(ENTRY)});\n${out.outputFiles[0]!.text}`;
  return bundle;
}

interface Pending {
  resolve: (v: any) => void;
  reject: (e: unknown) => void;
}

/** An error as the worker sent it, rebuilt so callers can test its class and code as before. */
export interface SentError {
  name: string;
  message: string;
  code?: string;
  app?: { details?: unknown; retryAfterSeconds?: number };
}

function rebuildError(e: SentError): Error {
  if (e.app) return new AppError(e.code as never, e.message, e.app as never);
  const err = new Error(e.message) as Error & { code?: string };
  err.name = e.name;
  if (e.code !== undefined) err.code = e.code;
  return err;
}

/** What the thread answers a message with; `wrote` when it committed a write that must reach the disk first. */
export type ThreadReply = { id: number; ok: true; value?: unknown; wrote?: boolean } | { id: number; ok: false; error: SentError };

export function startSqliteThread(
  path: string,
  /** The WAL's fdatasync; tests pass one they complete by hand (see createWalFlusher). */
  sync?: Parameters<typeof createWalFlusher>[1],
): SqliteThread {
  const pending = new Map<number, Pending>();
  let seq = 0;
  let closed: Promise<void> | undefined;

  // No loader flags (the bundle needs none); profiling flags pass on, so `--cpu-prof` covers this thread.
  const execArgv = process.execArgv.filter((a) => a.startsWith('--cpu-prof'));
  const work = new Int32Array(new SharedArrayBuffer(4));
  const idleListeners: (() => void)[] = [];
  const notifyIdle = () => {
    for (const listener of idleListeners) listener();
  };
  const worker = new Worker(workerCode(), { eval: true, execArgv, workerData: { path, work: work.buffer } });
  // The thread must not keep a finished process alive; open requests hold it through their promises.
  worker.unref();
  let exited = false;
  let startError: unknown;
  // Nothing is acknowledged before it is on disk: an answer to a message that committed waits for
  // an fdatasync of the WAL begun after the answer arrived (the commit came before it). The flush
  // is waited for here, not on the thread, whose event loop sees its completion only between
  // messages, up to a whole batch late (docs/adr/0126).
  const wal = path === ':memory:' ? undefined : createWalFlusher(`${path}-wal`, sync);
  worker.on('message', (m: ThreadReply | typeof IDLE_MESSAGE) => {
    if ('idle' in m) return notifyIdle();
    const p = pending.get(m.id);
    if (!p) return;
    pending.delete(m.id);
    if (!m.ok) p.reject(rebuildError(m.error));
    else if (m.wrote && wal) wal.flushed().then(() => p.resolve(m.value), p.reject);
    else p.resolve(m.value);
  });
  worker.on('error', (err) => {
    startError = err;
  });
  worker.on('exit', () => {
    exited = true;
    // The connection is gone: callers see the store as unavailable (ingest spools).
    const err = Object.assign(new Error(`The SQLite thread stopped${startError ? `: ${(startError as Error).message}` : ''}.`), { code: 'SQLITE_IOERR' });
    for (const p of pending.values()) p.reject(err);
    pending.clear();
    // Nothing will run any more: whoever waits for the thread to be free sends now and fails fast.
    Atomics.store(work, 0, WORK_FLAG.idle);
    notifyIdle();
    // Commits already answered still get their flush: the descriptor closes after it.
    wal?.close();
  });

  function send<T>(msg: Record<string, unknown>): Promise<T> {
    if (exited) return Promise.reject(Object.assign(new Error('The SQLite thread has stopped.'), { code: 'SQLITE_IOERR' }));
    const id = ++seq;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve, reject });
      if (pending.size === 1) worker.ref();
      const before = Atomics.exchange(work, 0, WORK_FLAG.busy);
      try {
        worker.postMessage({ id, ...msg });
      } catch (err) {
        // Never sent (a value the structured clone refuses): no answer will come, and the flag
        // must read as it did, or every later batch waits for a thread that has nothing to do.
        pending.delete(id);
        Atomics.store(work, 0, before);
        if (before === WORK_FLAG.idle) notifyIdle();
        reject(err);
      }
    }).finally(() => {
      if (pending.size === 0 && !closed) worker.unref();
    });
  }

  return {
    query: (sql, params) => send<StatementOutcome>({ op: 'query', sql, params }),
    call: <T>(op: string, arg: unknown) => send<T>({ op, arg }),
    idle: () => Atomics.load(work, 0) === WORK_FLAG.idle,
    onIdle: (listener) => void idleListeners.push(listener),
    close() {
      // Held until the thread has exited, so a process awaiting close() does not end first.
      if (!closed) worker.ref();
      closed ??= exited
        ? Promise.resolve()
        : send<void>({ op: 'close' }).then(
            () => new Promise<void>((r) => (exited ? r() : worker.once('exit', () => r()))),
            () => undefined,
          );
      return closed;
    },
  };
}
