import { statfsSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { privateSqliteFile } from '../../db/private-files.ts';
import { isStoreUnavailable } from '../../db/unavailable.ts';
import { AppError } from '../../lib/errors.ts';
import { type Clock, systemClock } from '../../lib/clock.ts';
import { type BackgroundRunner, createBackgroundRunner } from '../../lib/background.ts';
import type { Committer } from './committer.ts';
import { type IngestUnit, type UnitOutcome, renderResponse } from './ingest.ts';

/**
 * The buffered edge (docs/adr/0100-ingest-spool.md): when the store cannot take a unit, it is kept
 * in a separate SQLite file, fsynced (synchronous=FULL) before the sender gets 202 `buffered:
 * true`. A drainer replays units in arrival order through the committer with `fromSpool`, and
 * deletes each only after the store committed it, so a crash mid-drain replays at most what was
 * already applied, which the receipt check turns into a no-op.
 */

const CHUNK = 200;
/** The readiness probe's write: about a typical unit (a signal with a body and some details). */
const PROBE_BYTES = 8 * 1024;
const PROBE_EVERY_MS = 1_000;
/** Less free space than this under the spool counts as a full disk (a batch of units, its WAL). */
const PROBE_MIN_FREE_BYTES = 1024 * 1024;

/** The 202 body of a buffered unit: nothing about the alert is known yet. */
export function bufferedResponse(u: Pick<IngestUnit, 'receiptId' | 'response' | 'signals'>): unknown {
  switch (u.response) {
    // Events API v2 keeps its standard body (spec 2.2); the receipt travels in X-Service-Receipt-Id.
    case 'events_v2':
      return renderResponse(u, []);
    case 'native':
    case 'vendor_batch':
      return { ok: true, receipt_id: u.receiptId, buffered: true };
  }
}

export const spoolFullError = () =>
  new AppError('service_unavailable', 'The alert store is unavailable and the local buffer is full; the signal was not kept. Retry after the indicated delay.', {
    retryAfterSeconds: 10,
  });

export interface SpoolOptions {
  /** The spool file (e.g. <data dir>/spool.db). */
  path: string;
  /** Most units held at once; beyond it a unit is refused with 503 rather than kept unsafely. */
  maxUnits?: number;
  clock?: Clock;
  onError?: (err: unknown, msg: string) => void;
}

interface Waiter {
  unit: IngestUnit;
  resolve: (o: UnitOutcome) => void;
  reject: (e: unknown) => void;
}

export function openSpool(opts: SpoolOptions) {
  privateSqliteFile(opts.path);
  const file = new SQLite(opts.path);
  file.pragma('journal_mode = WAL');
  file.pragma('synchronous = FULL');
  file.pragma('busy_timeout = 1000');
  file.exec(`
    create table if not exists spool_units (
      seq integer primary key autoincrement,
      receipt_id text not null unique,
      credential_id text not null,
      idempotency_key text,
      unit text not null,
      spooled_at text not null
    );
    create index if not exists spool_units_idem on spool_units (credential_id, idempotency_key);
    create table if not exists spool_probe (id integer primary key, filler blob not null);
    create table if not exists spool_rejected (
      receipt_id text primary key,
      unit text not null,
      error text not null,
      rejected_at text not null
    );
  `);
  const maxUnits = opts.maxUnits ?? 1_000_000;
  const clock = opts.clock ?? systemClock;
  const insert = file.prepare('insert into spool_units (receipt_id, credential_id, idempotency_key, unit, spooled_at) values (?, ?, ?, ?, ?)');
  const findIdem = file.prepare('select unit from spool_units where credential_id = ? and idempotency_key = ? order by seq limit 1');
  const head = file.prepare('select seq, unit from spool_units order by seq limit ?');
  const remove = file.prepare('delete from spool_units where seq = ?');
  const reject = file.prepare('insert or replace into spool_rejected (receipt_id, unit, error, rejected_at) values (?, ?, ?, ?)');
  let stored = (file.prepare('select count(*) as n from spool_units').get() as { n: number }).n;
  const probeWrite = file.prepare('insert or replace into spool_probe (id, filler) values (1, ?)');
  const probeClear = file.prepare('delete from spool_probe');
  const probeFiller = Buffer.alloc(PROBE_BYTES, 0x6b);
  let probed: { atMs: number; failure: string | undefined } | undefined;
  let queue: Waiter[] = [];
  let scheduled = false;
  let closed = false;

  /** Group commit for the spool too: every unit of this turn in one fsynced transaction. */
  function flush() {
    scheduled = false;
    const batch = queue;
    queue = [];
    const outcomes: UnitOutcome[] = [];
    try {
      file.transaction(() => {
        for (const { unit } of batch) {
          if (unit.idempotencyKey) {
            const prior = findIdem.get(unit.credentialId, unit.idempotencyKey) as { unit: string } | undefined;
            if (prior) {
              outcomes.push({ status: 202, body: bufferedResponse(JSON.parse(prior.unit) as IngestUnit), replayed: true, buffered: true });
              continue;
            }
          }
          if (stored + outcomes.filter((o) => !o.replayed).length >= maxUnits) throw spoolFullError();
          insert.run(unit.receiptId, unit.credentialId, unit.idempotencyKey, JSON.stringify({ ...unit, fromSpool: undefined }), clock.now().toISOString());
          outcomes.push({ status: 202, body: bufferedResponse(unit), replayed: false, buffered: true });
        }
      }).immediate();
    } catch (err) {
      if (!(err instanceof AppError)) opts.onError?.(err, 'spool write failed');
      // Never accept what cannot be kept: the whole group is refused with 503.
      const refusal = err instanceof AppError ? err : spoolFullError();
      for (const w of batch) w.reject(refusal);
      return;
    }
    stored += outcomes.filter((o) => !o.replayed).length;
    batch.forEach((w, i) => w.resolve(outcomes[i]!));
  }

  return {
    path: opts.path,
    /** Keeps a unit durably and answers its buffered 202; rejects with 503 when it cannot. */
    accept(unit: IngestUnit): Promise<UnitOutcome> {
      if (closed) return Promise.reject(spoolFullError());
      return new Promise((resolve, reject) => {
        queue.push({ unit, resolve, reject });
        if (!scheduled) {
          scheduled = true;
          setImmediate(flush);
        }
      });
    },
    /** True while any unit is spooled or being spooled: new units must queue behind them. */
    holds(): boolean {
      return stored > 0 || queue.length > 0;
    },
    get size(): number {
      return stored + queue.length;
    },
    /** True while the spool could take another unit (it is open and below its bound). */
    accepting(): boolean {
      return !closed && stored + queue.length < maxUnits;
    },
    /**
     * Why the spool file cannot be written now (the disk is full, an I/O error), or undefined when
     * it can: a write the size of a typical unit, fsynced, then undone (issue 19.9). Asked by
     * /readyz, so at most one real write a second.
     */
    writeFailure(): string | undefined {
      const nowMs = performance.now();
      if (probed && nowMs - probed.atMs < PROBE_EVERY_MS) return probed.failure;
      let failure: string | undefined;
      if (closed) failure = 'closed';
      else {
        try {
          // Nearly full counts as full: a write can still land in WAL space SQLite already holds
          // while the next, larger, one fails (the audit's 23,010 of 23,018 signals refused).
          const fs = statfsSync(dirname(opts.path));
          if (fs.bavail * fs.bsize < PROBE_MIN_FREE_BYTES) failure = `ENOSPC: ${Math.floor((fs.bavail * fs.bsize) / 1024)} KiB free`;
          else {
            file.transaction(() => probeWrite.run(probeFiller)).immediate();
            file.transaction(() => probeClear.run()).immediate();
          }
        } catch (err) {
          failure = (err as { code?: string }).code ?? String((err as Error)?.message ?? err);
        }
      }
      probed = { atMs: nowMs, failure };
      return failure;
    },
    /** The oldest units, in arrival order. */
    head(limit = CHUNK): { seq: number; unit: IngestUnit }[] {
      return (head.all(limit) as { seq: number; unit: string }[]).map((r) => ({ seq: r.seq, unit: JSON.parse(r.unit) as IngestUnit }));
    },
    /** Forgets units the store has committed. */
    remove(seqs: number[]) {
      if (!seqs.length) return;
      file.transaction(() => {
        for (const s of seqs) stored -= remove.run(s).changes;
      })();
    },
    /** Sets aside a unit the store refuses for good (e.g. its service was deleted), with the reason. */
    setAside(seq: number, unit: IngestUnit, error: string) {
      file.transaction(() => {
        reject.run(unit.receiptId, JSON.stringify(unit), error.slice(0, 1000), clock.now().toISOString());
        stored -= remove.run(seq).changes;
      })();
    },
    rejectedCount(): number {
      return (file.prepare('select count(*) as n from spool_rejected').get() as { n: number }).n;
    },
    close() {
      if (closed) return;
      closed = true;
      if (queue.length) flush();
      file.close();
    },
  };
}
export type Spool = ReturnType<typeof openSpool>;

/**
 * Replays the spool through the committer once the store is back: oldest first, a chunk at a
 * time, each chunk submitted together so it commits as one batch, in order.
 */
export function createSpoolDrainer(opts: {
  spool: Spool;
  committer: Pick<Committer, 'submit'>;
  idleMs?: number;
  maxBackoffMs?: number;
  onError?: (err: unknown, msg: string) => void;
  /** The process's background runner; a runner of its own when not given (tests). */
  background?: BackgroundRunner;
}) {
  const idleMs = opts.idleMs ?? 500;
  const maxBackoffMs = opts.maxBackoffMs ?? 5_000;
  let backoff = idleMs;

  /** One chunk. Returns how many units left the spool, or -1 when the store is still unavailable. */
  async function drainOnce(): Promise<number> {
    const rows = opts.spool.head();
    if (!rows.length) return 0;
    const settled = await Promise.allSettled(rows.map((r) => opts.committer.submit({ ...r.unit, fromSpool: true })));
    const done: number[] = [];
    let setAside = 0;
    let unavailable = false;
    for (let i = 0; i < rows.length; i++) {
      const s = settled[i]!;
      if (s.status === 'fulfilled') done.push(rows[i]!.seq);
      else if (isStoreUnavailable(s.reason)) unavailable = true;
      else {
        // Only a unit that can never apply gets here (the committer retried it alone).
        opts.onError?.(s.reason, 'spooled unit refused by the store; set aside in spool_rejected');
        opts.spool.setAside(rows[i]!.seq, rows[i]!.unit, String((s.reason as Error)?.message ?? s.reason));
        setAside++;
      }
    }
    opts.spool.remove(done);
    return unavailable && !done.length && !setAside ? -1 : done.length + setAside;
  }

  /** Drains until the spool is empty or the store refuses. */
  async function run(): Promise<'empty' | 'pending' | 'unavailable'> {
    for (;;) {
      const n = await drainOnce();
      if (n < 0) return 'unavailable';
      // Nothing stored right now; units may be on their way into the spool (same turn).
      if (n === 0) return opts.spool.size === 0 ? 'empty' : 'pending';
    }
  }

  /** True when the spool ended empty. */
  const drainAll = async (): Promise<boolean> => (await run()) === 'empty';

  // A background job of the runner (docs/adr/0760): it drains until the spool is empty or the
  // store refuses, then waits idleMs, 10 ms while units are on their way in, or a backoff that
  // doubles while the store stays unavailable.
  let delay = idleMs;
  const loop = (opts.background ?? createBackgroundRunner({ clock: systemClock })).add(
    {
      name: 'spool-drain',
      async run() {
        const state = await run();
        backoff = state === 'unavailable' ? Math.min(maxBackoffMs, backoff * 2) : idleMs;
        delay = state === 'pending' ? 10 : backoff;
        return state === 'unavailable' ? 0 : 1;
      },
    },
    { everyMs: maxBackoffMs, nextWaitMs: () => delay, failed: (err) => opts.onError?.(err, 'spool drain failed') },
  );

  return {
    drainOnce,
    drainAll,
    start: () => loop.start(),
    stop: () => loop.stop(),
  };
}
export type SpoolDrainer = ReturnType<typeof createSpoolDrainer>;
