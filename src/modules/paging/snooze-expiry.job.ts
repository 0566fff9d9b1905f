import type { Kysely } from 'kysely';
import { pagingLog } from './log.ts';
import type { Database } from '../../db/database.ts';
import { alertSnapshot, insertLogRows } from '../alert/index.ts';
import type { PagingJob } from './engine.ts';

/**
 * Snooze expiry (PRODUCT.md 7.3): at `snoozed_until` a snoozed alert is open again. The alert's
 * escalation is due then (the intake set next_at to the end of the snooze), so the job reads only
 * due escalations. It opens the alert and writes `alert.woken` in one transaction; the intake then
 * pages the current level again in a new epoch, as a wake by hand does. The escalation rests
 * (next_at null) until then, so the escalation job cannot page the old epoch in between.
 */
export function createSnoozeExpiryJob(deps: { db: Kysely<Database>; batch?: number }): PagingJob {
  const { db } = deps;
  return {
    name: 'snooze-expiry',
    async run(now) {
      const nowIso = now.toISOString();
      const rows = await db
        .selectFrom('alert_escalations as e')
        .innerJoin('alerts as a', 'a.id', 'e.alert_id')
        .select(['a.id', 'a.org_id', 'a.service_id', 'a.title', 'a.event_key', 'a.priority', 'a.urgency', 'a.duplicate_count', 'a.snoozed_until'])
        .where('e.next_at', '<=', nowIso)
        .where('a.status', '=', 'snoozed')
        .where('a.snoozed_until', '<=', nowIso)
        .limit(deps.batch ?? 100)
        .execute();
      let n = 0;
      for (const a of rows) {
        const woke = await db.transaction().execute(async (trx) => {
          const r = await trx
            .updateTable('alerts')
            .set({ status: 'open', snoozed_until: null, updated_at: nowIso })
            .where('id', '=', a.id)
            .where('status', '=', 'snoozed')
            .where('snoozed_until', '=', a.snoozed_until)
            .executeTakeFirst();
          if (Number(r.numUpdatedRows) !== 1) return false;
          await trx.updateTable('alert_escalations').set({ next_at: null, updated_at: nowIso }).where('alert_id', '=', a.id).execute();
          await insertLogRows(trx, [pagingLog(a.id, 'woken', 'Snooze ended: the alert is open again', { snoozed_until: a.snoozed_until }, nowIso)]);
          await trx.insertInto('outbox_events').values({
            org_id: a.org_id, type: 'alert.woken', alert_id: a.id, created_at: nowIso, available_at: nowIso, lease_owner: null, lease_until: null, processed_at: null, last_error: null,
            payload: JSON.stringify({ alert: alertSnapshot({ ...a, status: 'open' }), actor: { type: 'system', id: null }, reason: 'snooze_ended' }),
          }).execute();
          return true;
        });
        if (woke) n++;
      }
      return n;
    },
  };
}
