import { AppError } from '../../lib/errors.ts';
import { isStoreUnavailable } from '../../db/unavailable.ts';
import { type AlertResult, type AlertWriter, alertOutcome, applySignal } from '../alert/index.ts';
import type { ReceiptRow } from './receipt.table.ts';
import { IDEMPOTENCY_WINDOW_MS, type IngestUnit, type UnitOutcome, renderResponse } from './ingest.ts';

/** Applies a batch of units in one transaction, or throws and changes nothing. */
export interface BatchExecutor {
  executeBatch(units: IngestUnit[]): Promise<UnitOutcome[]>;
  /**
   * Optional: whether the store can start on a batch now. An executor that says so is sent a
   * batch only when it is free, and tells when it becomes free (`onReady`); what arrives
   * meanwhile waits and goes together (docs/adr/0124-ingest-batches-pulled-by-the-sqlite-thread.md).
   */
  ready?(): boolean;
  onReady?(listener: () => void): void;
}

export { isStoreUnavailable };

const isRetryableConflict = (err: unknown) => ['40P01', '40001', '23505'].includes((err as { code?: string })?.code ?? '');

type MaybePromise<T> = T | Promise<T>;

/** Receipt reads and writes of an executor (raw PostgreSQL or SQLite; see AlertWriter). */
export interface ReceiptWriter {
  find(id: string): MaybePromise<ReceiptRow | undefined>;
  findByIdempotencyKey(credentialId: string, key: string): MaybePromise<ReceiptRow | undefined>;
  releaseIdempotencyKey(id: string): MaybePromise<void>;
  insert(row: ReceiptRow): MaybePromise<unknown>;
}

/** Applies one unit: idempotency and spool-replay checks, each signal, then its receipt. */
export async function applyUnit(w: { alerts: AlertWriter; receipts: ReceiptWriter }, u: IngestUnit): Promise<UnitOutcome> {
  if (u.fromSpool) {
    const done = await w.receipts.find(u.receiptId);
    if (done) return { status: done.status_code, body: JSON.parse(done.response), replayed: true };
  }
  if (u.idempotencyKey) {
    const prior = await w.receipts.findByIdempotencyKey(u.credentialId, u.idempotencyKey);
    if (prior) {
      if (Date.parse(prior.created_at) > Date.parse(u.receivedAt) - IDEMPOTENCY_WINDOW_MS) {
        if (u.fromSpool) {
          // The sender already holds this unit's receipt id (buffered 202): record it as the
          // same outcome, so the receipt exists and a second replay is a no-op.
          await w.receipts.insert({ ...prior, id: u.receiptId, idempotency_key: null, created_at: u.receivedAt });
        }
        return { status: prior.status_code, body: JSON.parse(prior.response), replayed: true };
      }
      await w.receipts.releaseIdempotencyKey(prior.id);
    }
  }
  const results: AlertResult[] = [];
  for (const s of u.signals) {
    results.push(
      await applySignal(w.alerts, {
        orgId: u.orgId,
        serviceId: s.serviceId,
        integrationId: u.integrationId,
        receiptId: u.receiptId,
        actor: u.actor,
        signal: s.signal,
        now: u.receivedAt,
      }),
    );
  }
  const body = renderResponse(u, results);
  await w.receipts.insert({
    id: u.receiptId,
    org_id: u.orgId,
    credential_id: u.credentialId,
    idempotency_key: u.idempotencyKey,
    status_code: 202,
    response: JSON.stringify(body),
    created_at: u.receivedAt,
  });
  if (u.response === 'vendor_batch') return { status: 202, body, replayed: false };
  const r = results[0];
  return { status: 202, body, replayed: false, outcome: r ? alertOutcome(r) : 'ignored' };
}

interface Pending {
  unit: IngestUnit;
  resolve: (o: UnitOutcome) => void;
  reject: (e: unknown) => void;
}

/**
 * Group commit: units that arrive together are applied in one transaction, and each caller is
 * answered only after that transaction commits. There is no timer: the first unit schedules a
 * flush on the next turn of the event loop (so every request parsed in this turn joins), and
 * units arriving while a batch commits form the next batch. A batch that fails is retried unit
 * by unit, so one bad unit cannot fail its neighbours.
 *
 * With an executor that says when it is free (`ready`), batches are pulled instead: one leaves as
 * soon as the executor is free and `eagerAt` units wait (even in the middle of a turn), or at
 * the end of the turn with what waits, or when the executor reports free; while it is busy,
 * units wait and go together. The store then works while the event loop still parses the rest
 * of a burst, instead of both taking turns (docs/adr/0124).
 */
export function createCommitter(opts: {
  executor: BatchExecutor;
  maxBatch?: number;
  /** Batches committing at once: 1 for SQLite's single writer, more for PostgreSQL's pool. */
  concurrency?: number;
  /** With a `ready` executor: units waiting that make a batch leave before the end of the turn. */
  eagerAt?: number;
  onCommitted?: (outcomes: UnitOutcome[]) => void;
}) {
  const maxBatch = opts.maxBatch ?? 256;
  const concurrency = opts.concurrency ?? 1;
  const eagerAt = opts.eagerAt ?? 16;
  const ready = opts.executor.ready?.bind(opts.executor);
  const canSend = () => inFlight < concurrency && (!ready || ready());
  const queue: Pending[] = [];
  let inFlight = 0;
  let scheduled = false;
  let idleWaiters: (() => void)[] = [];

  const schedule = () => {
    if (scheduled || !queue.length || inFlight >= concurrency) return;
    scheduled = true;
    setImmediate(flush);
  };

  function flush() {
    scheduled = false;
    while (queue.length && canSend()) {
      const batch = queue.splice(0, maxBatch);
      inFlight++;
      void run(batch).finally(() => {
        inFlight--;
        if (!queue.length && inFlight === 0) {
          const w = idleWaiters;
          idleWaiters = [];
          for (const f of w) f();
        }
        schedule();
      });
    }
  }

  opts.executor.onReady?.(() => {
    if (queue.length) flush();
  });

  async function run(batch: Pending[]) {
    try {
      const outcomes = await opts.executor.executeBatch(batch.map((p) => p.unit));
      batch.forEach((p, i) => p.resolve(outcomes[i]!));
      opts.onCommitted?.(outcomes);
      return;
    } catch (err) {
      if (isStoreUnavailable(err)) {
        for (const p of batch) p.reject(err);
        return;
      }
      if (batch.length === 1 && !isRetryableConflict(err)) {
        batch[0]!.reject(err);
        return;
      }
    }
    for (const p of batch) {
      for (let attempt = 0; ; attempt++) {
        try {
          const [o] = await opts.executor.executeBatch([p.unit]);
          p.resolve(o!);
          opts.onCommitted?.([o!]);
          break;
        } catch (err) {
          if (attempt < 3 && isRetryableConflict(err)) continue;
          p.reject(err);
          break;
        }
      }
    }
  }

  return {
    submit(unit: IngestUnit): Promise<UnitOutcome> {
      return new Promise((resolve, reject) => {
        queue.push({ unit, resolve, reject });
        if (ready && queue.length >= eagerAt && canSend()) flush();
        else schedule();
      });
    },
    /** Resolves when nothing is queued or committing. */
    idle(): Promise<void> {
      if (!queue.length && inFlight === 0) return Promise.resolve();
      return new Promise((r) => idleWaiters.push(r));
    },
    get depth() {
      return queue.length + inFlight;
    },
  };
}
export type Committer = ReturnType<typeof createCommitter>;

export { storeUnavailableError } from '../../db/unavailable.ts';
