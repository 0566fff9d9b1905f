import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { Dialect } from '../../db/connect.ts';
import type { Actor } from '../../lib/actor.ts';
import { type AlertPlan, type AlertRow, type SettledEventTypes, planAckExpired, planAutoResolve, planContext, writePlanEffects } from '../alert/index.ts';
import { stopPagesOnOperation } from './notification.service.ts';
import { ackExpired, autoResolveDue } from './timers.ts';
import type { PagingJob } from './engine.ts';

const SYSTEM: Actor = { type: 'system', id: null };

/** `col` plus the service's `minutes` column is at or before `nowIso`, on either store (both hold ISO text). */
function dueBy(dialect: Dialect, col: string, minutes: string, nowIso: string): RawBuilder<boolean> {
  return dialect === 'postgres'
    ? sql<boolean>`(${sql.ref(col)}::timestamptz + ${sql.ref(minutes)} * interval '1 minute') <= ${nowIso}::timestamptz`
    : sql<boolean>`strftime('%Y-%m-%dT%H:%M:%fZ', ${sql.ref(col)}, '+' || ${sql.ref(minutes)} || ' minutes') <= ${nowIso}`;
}

/**
 * A service's alert timers (PRODUCT.md 11; docs/adr/0822-alert-timers.md), one of the engine's
 * jobs: an acknowledgement older than the service's `ack_timeout_minutes` expires (the alert is
 * open again and `alert.woken` has the intake page its current level again, as a snooze's end
 * does), and an alert without a signal for `auto_resolve_minutes` resolves itself (the resolve
 * plan, its event and the one stop rule, as a resolve by hand). Each change is a compare-and-set
 * on the alert in its own transaction: whichever process flips the row writes the change, once.
 */
export function createAlertTimersJob(deps: {
  db: Kysely<Database>;
  dialect: Dialect;
  settledEvents?: SettledEventTypes | undefined;
  /** After alerts changed: the outbox runner's nudge (the intake pages them again). */
  onChanged?: () => void;
  batch?: number;
}): PagingJob {
  const { db, dialect } = deps;
  const batch = deps.batch ?? 100;

  /** Writes `plan` if the alert is still as read (`same`), in one transaction with the stop rule's part. */
  async function apply(row: AlertRow, plan: AlertPlan, op: 'wake' | 'resolve', same: 'acknowledged_at' | 'last_signal_at', now: string): Promise<boolean> {
    if (!plan.update) return false;
    const { update, ...effects } = plan;
    return db.transaction().execute(async (trx) => {
      const r = await trx.updateTable('alerts').set(update.set).where('id', '=', row.id).where('status', '=', row.status).where(same, '=', row[same]).executeTakeFirst();
      if (Number(r.numUpdatedRows) !== 1) return false;
      await writePlanEffects(trx, effects, row.org_id, now, deps.settledEvents);
      await stopPagesOnOperation(trx, { op, alertId: row.id, previousStatus: row.status, actor: SYSTEM, by: 'Klaxon', changed: true, now });
      return true;
    });
  }

  return {
    name: 'alert-timers',
    async run(now) {
      const nowIso = now.toISOString();
      const nowMs = now.getTime();
      const ctx = (row: AlertRow) => planContext({ orgId: row.org_id, serviceId: row.service_id, integrationId: null, receiptId: null, actor: SYSTEM, now: nowIso });
      let n = 0;
      const acked = await db
        .selectFrom('alerts as a')
        .innerJoin('services as s', 's.id', 'a.service_id')
        .selectAll('a')
        .select('s.ack_timeout_minutes as minutes')
        .where('a.status', '=', 'acknowledged')
        .where('s.ack_timeout_minutes', 'is not', null)
        .where(dueBy(dialect, 'a.acknowledged_at', 's.ack_timeout_minutes', nowIso))
        .limit(batch)
        .execute();
      for (const { minutes, ...row } of acked) {
        if (!ackExpired(row, minutes, nowMs)) continue;
        if (await apply(row as AlertRow, planAckExpired(row as AlertRow, ctx(row as AlertRow), minutes!), 'wake', 'acknowledged_at', nowIso)) n++;
      }
      const quiet = await db
        .selectFrom('alerts as a')
        .innerJoin('services as s', 's.id', 'a.service_id')
        .selectAll('a')
        .select('s.auto_resolve_minutes as minutes')
        .where('a.status', '<>', 'resolved')
        .where('s.auto_resolve_minutes', 'is not', null)
        .where(dueBy(dialect, 'a.last_signal_at', 's.auto_resolve_minutes', nowIso))
        .limit(batch)
        .execute();
      for (const { minutes, ...row } of quiet) {
        if (!autoResolveDue(row, minutes, nowMs)) continue;
        if (await apply(row as AlertRow, planAutoResolve(row as AlertRow, ctx(row as AlertRow), minutes!), 'resolve', 'last_signal_at', nowIso)) n++;
      }
      if (n) deps.onChanged?.();
      return n;
    },
  };
}
