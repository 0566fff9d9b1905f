import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { AppError } from '../../lib/errors.ts';
import { MAPPING_FIELDS, type Mapping, type MappingFailure, type RawItem } from './mapping.eval.ts';

/**
 * Custom mappings are evaluated in separate processes (docs/adr/0501-custom-mapping-sandbox.md).
 * A JSONata expression can build a string or an array the time bound cannot interrupt, and V8
 * aborts the whole process when a heap (even a worker thread's, with resourceLimits) cannot grow:
 * one expression killed Klaxon. Here it kills a sandbox process with a small heap, which is
 * replaced; the request gets a 400 naming the field. Each request's whole mapping has a time
 * budget (cooperative, inside the process) and a hard deadline (the process is killed). Requests
 * wait in one queue per organization, served in turn, and an organization whose mappings keep
 * hitting the bounds waits longer each time, so no tenant holds the processes for the others.
 */

export interface MappingSandboxOptions {
  /** Sandbox processes at most (started when needed). */
  processes?: number;
  /** Heap of each process (V8 old space), MB. */
  memoryMb?: number;
  /** Wall-clock time one request's mapping may take, all items and fields together. */
  budgetMs?: number;
  /** From the job's start: past it the process is killed. */
  hardLimitMs?: number;
  /** Jobs of one organization that may wait; more are 429. */
  queuePerOrg?: number;
  /** A process killed or dead, and why (the caller logs it). */
  onKill?: (info: { orgId: string; field: string; cause: 'time' | 'memory' }) => void;
}

export const SANDBOX_DEFAULTS = { processes: 2, memoryMb: 128, budgetMs: 250, hardLimitMs: 1000, queuePerOrg: 256 } as const;
const PENALTY_FIRST_MS = 250;
const PENALTY_MAX_MS = 8000;
const START_FAILURES_MAX = 3;

interface Job {
  orgId: string;
  mapping: Mapping;
  payload: unknown;
  trial: boolean;
  seq: number;
  resolve: (items: RawItem[]) => void;
  reject: (err: Error) => void;
}
interface Slot {
  child: ChildProcess;
  dir: string;
  progress: number;
  ready: boolean;
  job?: Job;
  timer?: NodeJS.Timeout;
  killedForTime?: boolean;
}
type Reply = { ready: true } | { seq: number; ok: true; items: RawItem[] } | { seq: number; ok: false; failure: MappingFailure };

/** The process's code, bundled once (no TypeScript loader in the sandbox: it starts in tens of ms). */
let bundle: string | undefined;
function sandboxCode(): string {
  if (bundle) return bundle;
  // Resolved here, not at load: this module is also bundled into the SQLite thread's code, where
  // import.meta.url does not exist.
  const entry = fileURLToPath(new URL('../../workers/mapping-evaluator.ts', import.meta.url));
  // Required here too: esbuild is not loaded into processes and threads that never start a sandbox.
  const { buildSync } = createRequire(import.meta.url)('esbuild') as typeof import('esbuild');
  const out = buildSync({ entryPoints: [entry], bundle: true, platform: 'node', format: 'cjs', target: 'node20', packages: 'external', write: false, logLevel: 'silent' });
  // `node -e` resolves require() from the working directory: resolve from the entry instead.
  bundle = `require = require('node:module').createRequire(${JSON.stringify(entry)});\n${out.outputFiles[0]!.text}\nprocess.send({ ready: true });`;
  return bundle;
}

const fieldName = (field: string | undefined) => (field ? `mapping.${field}` : 'mapping');
const shuttingDown = () => new AppError('service_unavailable', 'Klaxon is shutting down; retry shortly.', { retryAfterSeconds: 1 });

/** The 400 for a mapping that failed or hit a bound, naming its field (and the item, in a batch). */
export function mappingError(f: { field?: string; item: number; reason: string }, trial: boolean, batch: boolean): AppError {
  const field = fieldName(f.field);
  const where = batch && f.field !== 'items' ? ` (item ${f.item})` : '';
  const message = trial
    ? `${field} exceeds what a mapping may use even without a payload: ${f.reason}.`
    : `${field} could not be evaluated on this payload${where}: ${f.reason}.`;
  return new AppError('invalid_request', message, { details: [{ field, message: f.reason }] });
}

export function createMappingSandbox(options: MappingSandboxOptions = {}) {
  const opts = { ...SANDBOX_DEFAULTS, ...options };
  const slots: Slot[] = [];
  /** Waiting jobs per organization, and the organizations with some, in the order they are served. */
  const waiting = new Map<string, Job[]>();
  const turn: string[] = [];
  const penalties = new Map<string, { strikes: number; until: number }>();
  let wake: NodeJS.Timeout | undefined;
  let seq = 0;
  let closed = false;
  let startFailures = 0;
  const counts = { started: 0, killed: 0 };

  function start(): Slot {
    const dir = mkdtempSync(join(tmpdir(), 'klaxon-mapping-'));
    const progressPath = join(dir, 'progress');
    writeFileSync(progressPath, Buffer.alloc(6));
    const child = spawn(process.execPath, [`--max-old-space-size=${opts.memoryMb}`, '--max-semi-space-size=8', '-e', sandboxCode(), progressPath], {
      // No environment: nothing of the application's (secret key, database URL) is in reach.
      env: {},
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
      serialization: 'advanced',
    });
    const slot: Slot = { child, dir, progress: openSync(progressPath, 'r'), ready: false };
    slots.push(slot);
    counts.started++;
    // Held while it starts: a job waits for it (idle once ready and given nothing).
    busy(slot);
    child.on('message', (m: Reply) => onReply(slot, m));
    // A process that could not start emits no exit: it is gone all the same.
    child.once('error', () => (child.pid === undefined ? onExit(slot) : child.kill('SIGKILL')));
    child.once('exit', () => onExit(slot));
    return slot;
  }

  /** An idle process does not keep Klaxon running; a busy one does until its job ends. */
  function idle(slot: Slot) {
    slot.child.unref();
    (slot.child.channel as { unref?: () => void } | undefined)?.unref?.();
  }
  function busy(slot: Slot) {
    slot.child.ref();
    (slot.child.channel as { ref?: () => void } | undefined)?.ref?.();
  }

  function strike(orgId: string) {
    const p = penalties.get(orgId) ?? { strikes: 0, until: 0 };
    p.strikes++;
    p.until = Date.now() + Math.min(PENALTY_MAX_MS, PENALTY_FIRST_MS * 2 ** (p.strikes - 1));
    penalties.set(orgId, p);
  }

  function finish(slot: Slot): Job | undefined {
    const job = slot.job;
    clearTimeout(slot.timer);
    slot.job = undefined;
    slot.timer = undefined;
    idle(slot);
    return job;
  }

  function onReply(slot: Slot, m: Reply) {
    if ('ready' in m) {
      slot.ready = true;
      startFailures = 0;
      dispatch();
      if (!slot.job) idle(slot);
      return;
    }
    if (slot.job?.seq !== m.seq) return;
    const job = finish(slot)!;
    if (m.ok) {
      penalties.delete(job.orgId);
      job.resolve(m.items);
    } else {
      if (m.failure.bound) strike(job.orgId);
      else penalties.delete(job.orgId);
      job.reject(mappingError(m.failure, job.trial, !!job.mapping.items));
    }
    dispatch();
  }

  /** Which field the process was evaluating for this job, from its progress file. */
  function lastField(slot: Slot, job: Job): { field?: string; item: number } {
    const record = Buffer.alloc(6);
    try {
      readSync(slot.progress, record, 0, 6, 0);
    } catch {
      return { item: 0 };
    }
    if (record.readUInt16LE(0) !== (job.seq & 0xffff)) return { item: 0 };
    return { field: MAPPING_FIELDS[record[2]!], item: record.readUInt16LE(4) };
  }

  function onExit(slot: Slot) {
    if (!slots.includes(slot)) return;
    slots.splice(slots.indexOf(slot), 1);
    const job = slot.job;
    const where = job ? lastField(slot, job) : undefined;
    finish(slot);
    closeSync(slot.progress);
    rmSync(slot.dir, { recursive: true, force: true });
    if (!slot.ready && !job && !closed) startFailures++;
    if (job && closed) job.reject(shuttingDown());
    else if (job && where) {
      counts.killed++;
      const cause = slot.killedForTime ? 'time' : 'memory';
      const reason =
        cause === 'time'
          ? `took too long (a request's mapping may run ${opts.budgetMs} ms in all)`
          : `needed more memory than a mapping may use (${opts.memoryMb} MB)`;
      strike(job.orgId);
      opts.onKill?.({ orgId: job.orgId, field: fieldName(where.field), cause });
      job.reject(mappingError({ ...where, reason }, job.trial, !!job.mapping.items));
    }
    if (!closed) dispatch();
  }

  /** The next organization to serve: in turn, skipping those serving a penalty. */
  function nextOrg(): string | undefined {
    const now = Date.now();
    for (let i = 0; i < turn.length; i++) {
      const org = turn[i]!;
      if ((penalties.get(org)?.until ?? 0) > now) continue;
      turn.splice(i, 1);
      return org;
    }
    return undefined;
  }

  function dispatch() {
    if (closed) return;
    if (startFailures >= START_FAILURES_MAX) return failAll(new AppError('service_unavailable', 'Custom mappings cannot be evaluated right now (their sandbox does not start); retry shortly.', { retryAfterSeconds: 5 }));
    for (;;) {
      if (!turn.length) return;
      const slot = slots.find((s) => s.ready && !s.job);
      if (!slot) {
        // Start another process while every one is busy (or starting), up to the limit.
        if (slots.length < opts.processes && slots.every((s) => s.ready && s.job)) start();
        return;
      }
      const org = nextOrg();
      if (!org) return wakeAfterPenalty();
      const queue = waiting.get(org)!;
      const job = queue.shift()!;
      if (queue.length) turn.push(org);
      else waiting.delete(org);
      run(slot, job);
    }
  }

  /** Every waiting organization serves a penalty: look again when the first one ends. */
  function wakeAfterPenalty() {
    if (wake) return;
    const until = Math.min(...turn.map((org) => penalties.get(org)?.until ?? 0));
    wake = setTimeout(() => {
      wake = undefined;
      dispatch();
    }, Math.max(1, until - Date.now()));
    wake.unref();
  }

  function run(slot: Slot, job: Job) {
    slot.job = job;
    slot.killedForTime = false;
    busy(slot);
    slot.timer = setTimeout(() => {
      slot.killedForTime = true;
      slot.child.kill('SIGKILL');
    }, opts.hardLimitMs);
    try {
      slot.child.send({ seq: job.seq, mapping: job.mapping, payload: job.payload, budgetMs: opts.budgetMs, trial: job.trial });
    } catch (err) {
      // A value the channel cannot carry: this job fails, the process is fine.
      finish(slot);
      job.reject(new AppError('invalid_request', `The payload cannot be mapped: ${(err as Error).message}.`, { details: [{ field: 'body', message: 'cannot be mapped' }] }));
      queueMicrotask(dispatch);
    }
  }

  function failAll(err: AppError) {
    for (const queue of waiting.values()) for (const job of queue) job.reject(err);
    waiting.clear();
    turn.length = 0;
  }

  return {
    /**
     * Evaluates a mapping on a payload in a sandbox process; `trial` checks it on an empty payload
     * (save time). Throws AppError: 400 naming the field, 429 when the organization has too many
     * waiting, 503 when no sandbox can start.
     */
    evaluate(orgId: string, mapping: Mapping, payload: unknown, o: { trial?: boolean } = {}): Promise<RawItem[]> {
      if (closed) return Promise.reject(shuttingDown());
      const queue = waiting.get(orgId) ?? [];
      if (queue.length >= opts.queuePerOrg) {
        return Promise.reject(new AppError('rate_limited', 'Too many custom-mapping evaluations of this organization are waiting; retry shortly.', { retryAfterSeconds: 1 }));
      }
      return new Promise<RawItem[]>((resolve, reject) => {
        seq = (seq + 1) & 0xffff;
        queue.push({ orgId, mapping, payload, trial: o.trial === true, seq, resolve, reject });
        if (queue.length === 1) {
          waiting.set(orgId, queue);
          turn.push(orgId);
        }
        if (!slots.length) start();
        dispatch();
      });
    },
    stats: () => ({ processes: slots.length, ...counts, busy: slots.filter((s) => s.job).length, waiting: [...waiting.values()].reduce((n, q) => n + q.length, 0) }),
    /** Kills the processes; what waits is refused. */
    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      clearTimeout(wake);
      failAll(shuttingDown());
      await Promise.all(
        [...slots].map(
          (s) =>
            new Promise<void>((resolve) => {
              if (s.child.exitCode !== null || s.child.signalCode !== null) return resolve();
              s.child.once('exit', () => resolve());
              s.child.kill('SIGKILL');
            }),
        ),
      );
    },
  };
}
export type MappingSandbox = ReturnType<typeof createMappingSandbox>;
