import type { AlertRow, NewAlertRow } from '../alert.table.ts';
import type { AlertPlan } from '../alert.plan.ts';
import type { NewOutboxEventRow } from '../../outbox/index.ts';

// The contract every alert writer keeps (the Kysely reference, kysely.ts; the SQLite thread's
// statements, sqlite.ts; the PostgreSQL batch statement, pg.ts): the same plans write the same rows.
// test/integration/ingest/writer-contract.test.ts runs one sequence of plans through all three.

/**
 * Event types that no handler of this process consumes (the runner's `unconsumedTypes`). Their
 * events are still written, in the same transaction as the change, but already processed: the
 * outbox worker never selects or marks them (docs/adr/0123-unconsumed-events-written-processed.md).
 */
export type SettledEventTypes = ReadonlySet<string>;
export const NO_SETTLED_TYPES: SettledEventTypes = new Set();

/**
 * An entry of SettledEventTypes that exempts one organization from a settled type: it has a
 * subscriber for it (an outbound webhook), so its events of that type are written pending
 * (docs/adr/0461-webhook-delivery.md).
 */
export const wantedKey = (orgId: string, type: string): string => `${orgId} ${type}`;
export const isSettled = (settled: SettledEventTypes, orgId: string, type: string): boolean => settled.has(type) && !settled.has(wantedKey(orgId, type));

/**
 * Settled types that change while the process runs (an organization starts or stops wanting a
 * type): `version` moves with every change, so a copy sent elsewhere (the SQLite thread) is resent
 * only when it changed.
 */
export class SettledEvents extends Set<string> {
  version = 0;
  override add(value: string): this {
    if (!this.has(value)) {
      super.add(value);
      this.version++;
    }
    return this;
  }
  override delete(value: string): boolean {
    const had = super.delete(value);
    if (had) this.version++;
    return had;
  }
}
export const settledVersion = (s: SettledEventTypes): number => (s instanceof SettledEvents ? s.version : 0);

/**
 * The outbox rows of a plan's events. Each names the change's last timeline entry (`log_id`): a
 * consumer that writes an entry for the event places it right after that one, at an id it can make
 * again (paging/intake.job.ts; docs/adr/0550-timeline-storage.md).
 */
export const planEventRows = (plan: AlertPlan, orgId: string, now: string, settled: SettledEventTypes = NO_SETTLED_TYPES): NewOutboxEventRow[] => {
  const logId = plan.logs.length ? plan.logs[plan.logs.length - 1]!.id : undefined;
  return plan.events.map((e) => ({
    org_id: orgId,
    type: e.type,
    alert_id: e.alertId,
    payload: JSON.stringify(logId === undefined ? e.payload : { ...e.payload, log_id: logId }),
    created_at: now,
    available_at: now,
    lease_owner: null,
    lease_until: null,
    processed_at: isSettled(settled, orgId, e.type) ? now : null,
    last_error: null,
  }));
};

type MaybePromise<T> = T | Promise<T>;

/**
 * The writes that applying a signal needs. Implemented over a Kysely transaction (either
 * dialect) and over raw prepared SQLite statements (the ingest fast path); both run the same
 * plans, so both obey the same rules.
 */
export interface AlertWriter {
  findOpen(serviceId: string, eventKey: string): MaybePromise<AlertRow | undefined>;
  insertIfNoOpen(row: NewAlertRow): MaybePromise<boolean>;
  writeEffects(plan: AlertPlan, orgId: string, now: string): MaybePromise<void>;
}
