import { webhookRepository } from '../modules/webhook/index.ts';
import type { PeriodicJob } from './handler.ts';

/** Finished webhook deliveries and their attempts are kept 7 days (PRODUCT.md 8); pending ones until they finish. */
export const WEBHOOK_LOG_KEEP_MS = 7 * 86_400_000;

export const webhookCleanupJob: PeriodicJob = {
  name: 'webhook-cleanup',
  everyMs: 10 * 60_000,
  async run({ db, now }) {
    await webhookRepository.pruneDeliveries(db, new Date(now.getTime() - WEBHOOK_LOG_KEEP_MS).toISOString());
  },
};
