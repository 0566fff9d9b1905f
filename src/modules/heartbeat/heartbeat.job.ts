import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { Dialect } from '../../db/connect.ts';
import type { SettledEventTypes } from '../alert/index.ts';
import { isDue } from './heartbeat.ts';
import { fireMissed } from './heartbeat.service.ts';
import type { HeartbeatRow } from './heartbeat.table.ts';

/**
 * The heartbeat check (PRODUCT.md 11; docs/adr/0820-heartbeats.md), one of the engine's background
 * modules `{ name, run(now) }`: opens the alerts of the heartbeats whose deadline has passed, each
 * once, a batch in one transaction (fireMissed: the rows locked and read again; another process or
 * a ping in between wins). It runs every engine cycle, so a missed deadline fires within one cycle
 * of it. A deadline that passed before this
 * process started waits one grace period after `startedAt` (heartbeat.ts fireAt).
 */
export function createHeartbeatJob(deps: {
  db: Kysely<Database>;
  dialect: Dialect;
  startedAt: Date;
  settledEvents?: SettledEventTypes | undefined;
  /** The services of these heartbeats in a maintenance window now: theirs do not fire (PRODUCT.md 11). */
  inMaintenance?: (orgServiceIds: { orgId: string; serviceId: string }[], now: Date) => Promise<Set<string>>;
  /** After alerts were opened: the outbox runner's nudge (the intake pages them). */
  onFired?: () => void;
  batch?: number;
  /** Heartbeats opened in one transaction, at most. */
  txBatch?: number;
}) {
  const { db } = deps;
  const batch = deps.batch ?? 500;
  const txBatch = deps.txBatch ?? 100;
  const startedIso = deps.startedAt.toISOString();
  const startedMs = deps.startedAt.getTime();
  return {
    name: 'heartbeats',
    async run(now: Date): Promise<number> {
      const nowIso = now.toISOString();
      const base = () => db.selectFrom('heartbeats').selectAll().where('enabled', '=', 1).where('state', '=', 'up').where('deadline_at', '<=', nowIso);
      // Deadlines since start-up fire at once; those that passed while Klaxon was down wait one
      // grace period from start-up, soonest first, so those still waiting never hold others back.
      const rows: HeartbeatRow[] = await base().where('deadline_at', '>=', startedIso).orderBy('deadline_at').limit(batch).execute();
      if (rows.length < batch) {
        const overdue = await base().where('deadline_at', '<', startedIso).orderBy('grace_seconds').limit(batch - rows.length).execute();
        rows.push(...overdue);
      }
      let due = rows.filter((r) => isDue(r, now.getTime(), startedMs));
      if (!due.length) return 0;
      if (deps.inMaintenance) {
        const held = await deps.inMaintenance(due.map((r) => ({ orgId: r.org_id, serviceId: r.service_id })), now);
        due = due.filter((r) => !held.has(r.service_id));
      }
      let n = 0;
      // One transaction a chunk (docs/adr/0836): a chunk bounds how long it holds SQLite's writer.
      for (let i = 0; i < due.length; i += txBatch) n += await fireMissed(deps, due.slice(i, i + txBatch), nowIso);
      if (n) deps.onFired?.();
      return n;
    },
  };
}
