import { outboxRepository } from '../modules/outbox/index.ts';
import { receiptRepository } from '../modules/ingest/index.ts';
import type { PeriodicJob } from './runner.ts';

const DAY = 86_400_000;
/** Handled events and receipts are kept a week: well past the 24 h idempotency window. */
export const KEEP_MS = 7 * DAY;

export const cleanupJob: PeriodicJob = {
  name: 'cleanup',
  everyMs: 10 * 60_000,
  async run({ db, now }) {
    const before = new Date(now.getTime() - KEEP_MS).toISOString();
    await outboxRepository.pruneProcessed(db, before);
    await receiptRepository.pruneReceipts(db, before);
  },
};
