import { type Kysely, type Transaction, sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { Dialect } from '../../db/connect.ts';
import type { AlertLogRow, AlertRow, NewAlertRow } from './alert.table.ts';
import { insertLogRows, logEntryQuery } from './alert.log.ts';
import { ALERT_STATUSES } from './alert.ts';
import type { AlertPlan } from './alert.plan.ts';
import type { NewOutboxEventRow } from '../outbox/index.ts';
import { outboxRepository } from '../outbox/index.ts';
import { usageRepository } from '../usage/index.ts';
import { ftsQuery, queryWords, tsQuery } from './alert.search.ts';

export async function findOpenByKey(
  trx: Kysely<Database>,
  dialect: Dialect,
  serviceId: string,
  eventKey: string,
): Promise<AlertRow | undefined> {
  return trx
    .selectFrom('alerts')
    .selectAll()
    .where('service_id', '=', serviceId)
    .where('event_key', '=', eventKey)
    .where('status', '<>', 'resolved')
    .$if(dialect === 'postgres', (q) => q.forUpdate())
    .executeTakeFirst();
}

export async function findById(
  db: Kysely<Database>,
  orgId: string,
  id: string,
  lock?: { dialect: Dialect },
): Promise<AlertRow | undefined> {
  return db
    .selectFrom('alerts')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('id', '=', id)
    .$if(lock?.dialect === 'postgres', (q) => q.forUpdate())
    .executeTakeFirst();
}

/** The organization of an alert, only when the user is a member of it. */
export async function findAlertOrgForMember(db: Kysely<Database>, alertId: string, userId: string) {
  return db
    .selectFrom('alerts')
    .innerJoin('memberships', 'memberships.org_id', 'alerts.org_id')
    .innerJoin('organizations', 'organizations.id', 'alerts.org_id')
    .select(['alerts.id as alert_id', 'organizations.id as org_id', 'organizations.name as org_name'])
    .where('alerts.id', '=', alertId)
    .where('memberships.user_id', '=', userId)
    .executeTakeFirst();
}

/**
 * Inserts unless another transaction holds an open alert for the same (service, key); on
 * PostgreSQL ON CONFLICT waits for that transaction and then reports the conflict, so the caller
 * re-reads and joins the winner.
 */
export async function insertIfNoOpen(trx: Kysely<Database>, row: NewAlertRow): Promise<boolean> {
  const r = await trx
    .insertInto('alerts')
    .values(row)
    .onConflict((oc) => oc.columns(['service_id', 'event_key']).where(sql<boolean>`status <> 'resolved'`).doNothing())
    .returning('id')
    .executeTakeFirst();
  return r !== undefined;
}

/** Writes what a plan says, except the insert (done by insertIfNoOpen). */
export async function writePlanEffects(
  trx: Transaction<Database> | Kysely<Database>,
  plan: AlertPlan,
  orgId: string,
  now: string,
  settled: SettledEventTypes = NO_SETTLED_TYPES,
): Promise<void> {
  if (plan.update) await trx.updateTable('alerts').set(plan.update.set).where('id', '=', plan.update.id).execute();
  await insertLogRows(trx, plan.logs);
  await outboxRepository.insertEvents(trx, planEventRows(plan, orgId, now, settled));
}

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
 * again (paging-intake.job.ts; docs/adr/0550-timeline-storage.md).
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

export const kyselyAlertWriter = (trx: Kysely<Database>, dialect: Dialect, settled: SettledEventTypes = NO_SETTLED_TYPES): AlertWriter => ({
  findOpen: (serviceId, eventKey) => findOpenByKey(trx, dialect, serviceId, eventKey),
  async insertIfNoOpen(row) {
    if (!(await insertIfNoOpen(trx, row))) return false;
    // Counted in the transaction that inserts it (docs/adr/0543-usage-counters.md).
    await usageRepository.addAlertsCreated(trx, dialect, row.org_id, row.created_at);
    return true;
  },
  writeEffects: (plan, orgId, now) => writePlanEffects(trx, plan, orgId, now, settled),
});

export interface AlertListFilter {
  orgId: string;
  status?: string[] | undefined;
  serviceId?: string | undefined;
  priority?: number[] | undefined;
  urgency?: string | undefined;
  q?: string | undefined;
  after?: { priority: number; id: string } | undefined;
  limit: number;
  /**
   * SQLite with `q`: read the matching alerts from the search index, by rowid, and sort them,
   * instead of walking the list's index ranges and testing each alert against the matches. Chosen
   * by `listAlerts` when the index holds few matches (SEARCH_DRIVES_AT_MOST), where walking the
   * ranges would read most of the organization's alerts to find a page of them.
   */
  searchDrives?: boolean | undefined;
}

/**
 * SQLite: at most this many alerts (of every organization) matching `q`, the list reads them by
 * rowid from the search index and sorts them; more, and it walks the list's index ranges in order,
 * where matches are dense enough to fill a page soon (docs/adr/0546-title-search-plans.md).
 */
export const SEARCH_DRIVES_AT_MOST = 2000;

/**
 * Most important first, then newest (ids are time-ordered); keyset pagination on (priority, id).
 * One index range per status (and, after a cursor, one for the rest of the cursor's priority and
 * one for the priorities after it), each walked in order and cut at the limit, then merged: a page
 * reads about `limit` rows per range however many alerts the organization keeps
 * (docs/adr/0010-alert-list-queries.md). A single query with `status in (…)` or an `or` on the
 * cursor would read and sort every matching alert.
 */
export async function listAlerts(db: Kysely<Database>, dialect: Dialect, f: AlertListFilter): Promise<AlertRow[]> {
  const words = f.q ? queryWords(f.q) : [];
  if (dialect === 'sqlite' && words.length && f.searchDrives === undefined) {
    // How many alerts match, from the index alone (it holds rowids only), counting one more than
    // the bound at most. The words as whole words first: FTS5 streams a term's list and stops at
    // the bound, where a prefix query merges every match before the first (~1 µs a match); whole
    // words match a subset, so more than the bound of them settles it.
    const over = async (match: string) =>
      Number(
        (await sql<{ n: number }>`select count(*) as n from (select 1 from alerts_fts where alerts_fts match ${match} limit ${SEARCH_DRIVES_AT_MOST + 1})`.execute(db)).rows[0]!.n,
      ) > SEARCH_DRIVES_AT_MOST;
    const many = (await over(words.map((w) => `"${w}"`).join(' '))) || (await over(ftsQuery(words)));
    f = { ...f, searchDrives: !many };
  }
  return listAlertsQuery(db, dialect, f).execute() as Promise<AlertRow[]>;
}

/** The query behind `listAlerts`, unexecuted (its plan is tested: test/integration/api/alert-list-plan.test.ts). */
export function listAlertsQuery(db: Kysely<Database>, dialect: Dialect, f: AlertListFilter) {
  // One range per distinct status: `status=open,open` must not list each alert twice.
  const statuses = f.status?.length ? [...new Set(f.status)] : ALERT_STATUSES;
  const ranges: Array<(q: AlertQuery) => AlertQuery> = f.after
    ? [
        (q) => q.where('priority', '=', f.after!.priority).where('id', '<', f.after!.id),
        (q) => q.where('priority', '>', f.after!.priority),
      ]
    : [(q) => q];
  const parts = statuses.flatMap((status) =>
    ranges.map((range) =>
      db
        .selectFrom(() => range(filtered(db, dialect, f).where('status', '=', status as AlertRow['status'])).orderBy('priority', 'asc').orderBy('id', 'desc').limit(f.limit).as('r'))
        .selectAll(),
    ),
  );
  const [first, ...rest] = parts;
  return rest
    .reduce((all, part) => all.unionAll(part), first!)
    .orderBy('priority', 'asc')
    .orderBy('id', 'desc')
    .limit(f.limit);
}

type AlertQuery = ReturnType<typeof filtered>;

const unfiltered = (db: Kysely<Database>) => db.selectFrom('alerts').selectAll();

/** The list filters other than status and the cursor. */
function filtered(db: Kysely<Database>, dialect: Dialect, f: AlertListFilter) {
  const words = f.q ? queryWords(f.q) : [];
  let q =
    dialect === 'sqlite' && f.searchDrives && words.length
      ? // The matches first, then each alert by its rowid: CROSS JOIN keeps SQLite from reordering.
        (db
          .selectFrom(sql<{ fts_rowid: number }>`(select rowid as fts_rowid from alerts_fts where alerts_fts match ${ftsQuery(words)})`.as('m'))
          .crossJoin('alerts')
          .whereRef(sql.ref('alerts.rowid'), '=', sql.ref('m.fts_rowid'))
          .selectAll('alerts')
          .where('org_id', '=', f.orgId) as unknown as ReturnType<typeof unfiltered>)
      : unfiltered(db).where('org_id', '=', f.orgId);
  if (f.serviceId) q = q.where('service_id', '=', f.serviceId);
  if (f.priority?.length) q = q.where('priority', 'in', f.priority);
  if (f.urgency) q = q.where('urgency', '=', f.urgency as AlertRow['urgency']);
  if (words.length && !(dialect === 'sqlite' && f.searchDrives)) {
    // Every word of q begins a word of the title, by the same rules on both stores: the words are
    // folded by the application (alert.search.ts, docs/adr/0542-title-search.md). SQLite: the
    // FTS5 index alerts_fts (rowids of alerts); PostgreSQL: the GIN index alerts_fts, whose
    // expression this repeats exactly.
    q =
      dialect === 'postgres'
        ? q.where(sql<boolean>`array_to_tsvector(string_to_array(title_words, ' ')) @@ ${tsQuery(words)}::tsquery`)
        : // Walking the list index, each entry tested against the list of matches (rowids) that FTS5
          // builds first; the index entry holds the rowid, so no alert is read to test it
          // (docs/adr/0546-title-search-plans.md).
          q.where(sql<boolean>`alerts.rowid in (select rowid from alerts_fts where alerts_fts match ${ftsQuery(words)})`);
  }
  return q;
}

export async function listLog(db: Kysely<Database>, alertId: string, afterId: string | undefined, limit: number): Promise<AlertLogRow[]> {
  return logEntryQuery(db)
    .where('l.alert_id', '=', alertId)
    .$if(afterId !== undefined, (q) => q.where('l.id', '>', afterId!))
    .orderBy('l.id', 'asc')
    .limit(limit)
    .execute();
}

export async function insertLogOnce(db: Kysely<Database>, row: AlertLogRow): Promise<void> {
  await insertLogRows(db, [row], { once: true });
}
