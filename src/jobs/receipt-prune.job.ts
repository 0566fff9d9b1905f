import { receiptRepository } from '../modules/ingest/index.ts';
import { pruneTwilioCallbacks } from '../modules/paging/index.ts';
import { telegramRepository } from '../modules/telegram/index.ts';
import type { PeriodicJob } from './handler.ts';

const DAY = 86_400_000;

/**
 * Receipts are kept 7 days (docs/adr/0544-storage-per-alert.md): an Idempotency-Key binds for 24
 * hours (docs/adr/0009), and a receipt is the only proof that a spooled unit was applied, so a
 * process that stopped between a commit and the spool's delete and starts again days later (a
 * long outage, a host left down over a weekend) replays that unit as a no-op rather than a second
 * signal. Alerts' timelines keep their receipt ids as text; nothing else reads a receipt.
 */
export const RECEIPT_KEEP_MS = 7 * DAY;

export const receiptPruneJob: PeriodicJob = {
  name: 'receipt-prune',
  everyMs: 10 * 60_000,
  async run({ db, now }) {
    // A thousand rows a statement, oldest first (receiptRepository.pruneReceipts).
    const receipts = await receiptRepository.pruneReceipts(db, new Date(now.getTime() - RECEIPT_KEEP_MS).toISOString());
    // The claims of Twilio callbacks (docs/adr/0706), kept as long: a replay within them acts once.
    const before = new Date(now.getTime() - RECEIPT_KEEP_MS).toISOString();
    // And the Telegram updates that acted (docs/adr/0835): Telegram redelivers for at most a day.
    return receipts + (await pruneTwilioCallbacks(db, before)) + (await telegramRepository.pruneUpdates(db, before));
  },
};
