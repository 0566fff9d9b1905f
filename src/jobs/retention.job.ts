import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { orgRepository } from '../modules/org/index.ts';
import { DEVICE_GRANT, pruneDeviceGrants } from '../modules/session/index.ts';

const DAY = 86_400_000;
const BATCH = 1000;

/**
 * Deletes resolved alerts (and their timelines) older than each organization's `retention_days`
 * (org settings, docs/adr/0320). Open, acknowledged and snoozed alerts are never deleted. Idempotent
 * and safe in several processes: each run deletes what is past the cut-off, in batches. Also
 * deletes RFC 8628 device grants an hour past their expiry (issue 33 item 8, docs/adr/0712).
 * Shaped as a periodic job of the outbox runner ({name, everyMs, run}).
 */
export const retentionJob = {
  name: 'retention',
  everyMs: 60 * 60_000,
  async run({ db, now }: { db: Kysely<Database>; now: Date }): Promise<number> {
    let total = 0;
    for (const org of await orgRepository.listRetention(db)) {
      const before = new Date(now.getTime() - org.retention_days * DAY).toISOString();
      for (;;) {
        const n = await orgRepository.pruneResolvedAlerts(db, org.id, before, BATCH);
        total += n;
        if (n < BATCH) break;
      }
    }
    total += await pruneDeviceGrants(db, new Date(now.getTime() - DEVICE_GRANT.keepAfterExpiryMs).toISOString());
    return total;
  },
};
