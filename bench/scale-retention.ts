// The scale bench's retention pass: the periodic cleanup as it runs once every retention window
// of handled outbox events and receipts has passed (the fill takes minutes, a store holding a
// million alerts took months). Resolved alerts stay: their retention (org settings, 365 days by
// default) is what the store is sized by.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../src/db/database.ts';
import { HANDLED_EVENT_KEEP_MS, outboxPruneJob } from '../src/jobs/outbox-prune.job.ts';
import { RECEIPT_KEEP_MS, receiptPruneJob } from '../src/jobs/receipt-prune.job.ts';
import { escalationPruneJob } from '../src/jobs/escalation-prune.job.ts';

export async function pruneAsOf(db: Kysely<Database>, dialect: 'sqlite' | 'postgres'): Promise<string> {
  const now = new Date(Date.now() + Math.max(HANDLED_EVENT_KEEP_MS, RECEIPT_KEEP_MS) + 86_400_000);
  await outboxPruneJob.run({ db, now });
  await receiptPruneJob.run({ db, now });
  await escalationPruneJob.run({ db, now });
  // PostgreSQL keeps deleted rows' and old row versions' space for reuse by later rows (a store in
  // its steady state reuses it); every table is compacted here so the figure is the rows kept, as
  // SQLite's dbstat figure leaves free pages out.
  if (dialect === 'postgres') await sql`vacuum full`.execute(db);
  return `cleanup as of ${now.toISOString()}${dialect === 'postgres' ? ', then vacuum full' : ''}`;
}
