import type { Kysely } from 'kysely';
import { pagingLog } from './log.ts';
import type { Database } from '../../db/database.ts';
import { fateOfExpiredClaim } from './escalation.ts';
import * as repo from './notification.repository.ts';
import type { PagingJob } from './engine.ts';

/**
 * Recovery of expired claims (PRODUCT.md 7.3): a page claimed by a process that died mid-send has
 * an unknown outcome. SMS and voice are not sent again; push and email are sent again once, with
 * the same Message-ID and collapse id, so a duplicate is harmless (fateOfExpiredClaim).
 */
export function createClaimRecoveryJob(deps: { db: Kysely<Database>; batch?: number }): PagingJob {
  const { db } = deps;
  return {
    name: 'claim-recovery',
    async run(now) {
      const nowIso = now.toISOString();
      const rows = await repo.expiredClaims(db, nowIso, deps.batch ?? 100);
      let n = 0;
      const names = rows.length ? await repo.peopleNames(db, rows.map((r) => r.user_id)) : new Map<string, { name: string }>();
      for (const row of rows) {
        const fate = fateOfExpiredClaim(row.channel, row.attempts);
        const ok = await db.transaction().execute(async (trx) => {
          if (!(await repo.finishClaimed(trx, row.id, row.claim_token!, fate.status === 'pending' ? { status: 'pending', due_at: nowIso, detail: 'sent again: outcome unknown' } : fate, nowIso))) return false;
          if (fate.status === 'failed') {
            await repo.insertLogs(trx, [pagingLog(row.alert_id, 'page_failed', `${row.channel} page failed: ${fate.detail}`, { notification_id: row.id, channel: row.channel, user_id: row.user_id }, nowIso)]);
          } else {
            // Sent again once (the same Message-ID or collapse id): the timeline says why, as it does for SMS.
            const who = names.get(row.user_id)?.name ?? 'a removed person';
            await repo.insertLogs(trx, [pagingLog(row.alert_id, 'page_retry', `${row.channel} page to ${who}: outcome unknown (the process stopped while sending); sent again once`, {
              notification_id: row.id, channel: row.channel, user_id: row.user_id, level: row.level,
            }, nowIso)]);
          }
          return true;
        });
        if (ok) n++;
      }
      return n;
    },
  };
}
