import type pg from 'pg';
import { type PreparedSql, columnList as list, executeSql, jsonLiteral } from '../../../db/pg-prepared.ts';
import { type AlertWriter, NO_SETTLED_TYPES, type SettledEventTypes, planEventRows } from './writer.ts';
import type { AlertRow, AlertUpdate, NewAlertLogRow } from '../alert.table.ts';
import type { NewOutboxEventRow } from '../../outbox/index.ts';
import type { AlertPlan } from '../alert.plan.ts';
import { ALERT_COLUMNS, ALERT_STATE_COLUMNS } from './columns.ts';

/**
 * The PostgreSQL ingest path's alert reads and writes on the batch's own pooled client, in
 * statements of fixed text prepared once per connection: a batch of any size is a handful of
 * JSON arguments (docs/adr/0120-ingest-throughput.md).
 */

export { ALERT_COLUMNS, ALERT_STATE_COLUMNS, ALERT_LOG_COLUMNS, LOG_TEMPLATE_COLUMNS, OUTBOX_EVENT_COLUMNS } from './columns.ts';

/**
 * Writes back whole alert rows (a JSON array) found by id (a text[], so a plan made for the
 * batch's own ids probes the primary key; a cached generic plan may not, which is why the batch
 * forces a custom plan when it writes back: writeAndCommitSql in ingest.pg.ts). The rows are
 * locked and the writer keeps their current state, so writing every column is writing what
 * changed.
 */
export const updateAlertsSql = (rowsJson: string, ids: string) =>
  `update alerts a set (${list(ALERT_STATE_COLUMNS)}) = (${list(ALERT_STATE_COLUMNS, 'u.')})
     from json_populate_recordset(null::alerts, ${rowsJson}) u where a.id = any(${ids}) and a.id = u.id`;

/**
 * The open alerts of the keys of a JSON array of {s: service id, k: event key}, locked. Each key
 * is one index probe of alerts_open_dedupe (a join would let the planner scan the table). Columns
 * are named, not `*`: a prepared statement whose result type changes (a migration adds a column
 * while the process runs) fails until its connection closes.
 */
export const LOCK_OPEN_ALERTS: PreparedSql = {
  name: 'klaxon_lock_open_alerts',
  params: ['json'],
  text: `select a.* from json_to_recordset($1) k(s text, k text) cross join lateral (
           select ${list(ALERT_COLUMNS)} from alerts where service_id = k.s and event_key = k.k and status <> 'resolved' limit 1 for no key update) a`,
};
const FIND_OPEN = {
  name: 'klaxon_alert_open_for_key',
  text: `select ${list(ALERT_COLUMNS)} from alerts where service_id = $1 and event_key = $2 and status <> 'resolved' for no key update`,
};
/**
 * One alert written back at once (a status change), found by `id = $2` alone: no join that a
 * cached generic plan could turn into a scan of the table (see writeAndCommitSql in ingest.pg.ts).
 */
const WRITE_BACK = {
  name: 'klaxon_alert_write_back_one',
  text: `update alerts a set (${list(ALERT_STATE_COLUMNS)}) = (
           select ${list(ALERT_STATE_COLUMNS, 'u.')} from json_populate_record(null::alerts, $1::json) u) where a.id = $2`,
};

/** What the batch still has to write, in the shapes of its write statement (see ingest.pg.ts). */
export interface PendingAlertWrites {
  inserts: AlertRow[];
  /** Locked rows the batch changed (repeats, status changes), one per alert, in their final state. */
  updates: AlertRow[];
  logs: NewAlertLogRow[];
  events: NewOutboxEventRow[];
}

/**
 * The batch writer of the PostgreSQL ingest path: the rules of the planner, the round trips of a
 * batch. begin() starts the transaction and reads and locks the open alerts of every key of the
 * batch, in one round trip; findOpen then answers from that cache. New alerts, and changes of
 * existing alerts (repeats, raised priority, acknowledgements, resolves; merged per alert) wait for
 * the batch's write statement (take()); only a resolve whose key opens a new alert later in the
 * batch is written at once, so the partial unique index alerts_open_dedupe no longer holds it when
 * the new alert is inserted (docs/adr/0552). LOCK_OPEN_ALERTS must be prepared on the client.
 */
export function pgBatchAlertWriter(
  client: pg.ClientBase,
  settled: SettledEventTypes = NO_SETTLED_TYPES,
  /** What else a change writes in the batch's transaction, given its events (docs/adr/0421). */
  afterEffects?: (events: AlertPlan['events'], now: string) => Promise<void>,
): AlertWriter & {
  begin(keys: readonly (readonly [serviceId: string, eventKey: string])[]): Promise<void>;
  take(): PendingAlertWrites;
} {
  const keyOf = (serviceId: string, eventKey: string) => `${serviceId}\u0000${eventKey}`;
  /** Known state per key: the open row, or null when there is none. */
  const open = new Map<string, AlertRow | null>();
  /** Every row the batch has read or opened, by id, in the state it will write back. */
  const byId = new Map<string, AlertRow>();
  const inserts = new Map<string, AlertRow>();
  const updated = new Set<string>();
  /** Keys whose open alert this batch resolved and has not written yet: key → alert id. */
  const resolvedHere = new Map<string, string>();
  let logs: NewAlertLogRow[] = [];
  let events: NewOutboxEventRow[] = [];

  const remember = (row: AlertRow) => {
    open.set(keyOf(row.service_id, row.event_key), row);
    byId.set(row.id, row);
  };

  async function applyUpdate(id: string, set: AlertUpdate) {
    const row = byId.get(id);
    if (!row) throw new Error(`alert ${id} was not read by this batch`); // plans update only rows findOpen returned
    const statusChanged = set.status !== undefined && set.status !== row.status;
    Object.assign(row, set);
    if (row.status === 'resolved') open.set(keyOf(row.service_id, row.event_key), null);
    // A new alert is inserted once, in its final state; a change of an existing one is merged
    // and written by the batch's write statement (docs/adr/0552).
    if (inserts.has(id)) return;
    updated.add(id);
    if (statusChanged && row.status === 'resolved') resolvedHere.set(keyOf(row.service_id, row.event_key), id);
  }

  /**
   * A key resolved earlier in this batch opens a new alert: the resolve is written now, so the
   * partial unique index alerts_open_dedupe no longer holds the old alert when the batch's write
   * inserts the new one (the statement's parts do not see each other's rows in a set order).
   */
  async function writeResolveBefore(key: string) {
    const id = resolvedHere.get(key);
    if (!id) return;
    resolvedHere.delete(key);
    if (!updated.delete(id)) return;
    await client.query({ ...WRITE_BACK, values: [JSON.stringify(byId.get(id)), id] });
  }

  return {
    async begin(keys) {
      const wanted: { s: string; k: string }[] = [];
      for (const [s, k] of keys) {
        const key = keyOf(s, k);
        if (open.has(key)) continue;
        open.set(key, null);
        wanted.push({ s, k });
      }
      // Locked in sorted order, the same in every batch, so two batches cannot deadlock on keys.
      wanted.sort((a, b) => (a.s < b.s ? -1 : a.s > b.s ? 1 : a.k < b.k ? -1 : a.k > b.k ? 1 : 0));
      // One simple-protocol query, so BEGIN costs no round trip of its own.
      // Planned for each batch: a cached generic plan is made while the table is small and kept
      // until it is next analyzed, and with two indexes led by service_id it could probe
      // alerts_service_list, reading every alert of the service for each key as the table grows
      // (docs/adr/0010-alert-list-queries.md). The session's own mode is back for the statements
      // after it (the write keeps its cached plan, ingest.pg.ts).
      const [, , locked] = (await client.query(
        `begin; set local plan_cache_mode = force_custom_plan; ${executeSql(LOCK_OPEN_ALERTS, [jsonLiteral(wanted)])}; set local plan_cache_mode = default`,
      )) as unknown as [unknown, pg.QueryResult, pg.QueryResult<AlertRow>, pg.QueryResult];
      for (const row of locked.rows) remember(row);
    },
    async findOpen(serviceId, eventKey) {
      const key = keyOf(serviceId, eventKey);
      if (open.has(key)) return open.get(key) ?? undefined;
      const row = (await client.query<AlertRow>({ ...FIND_OPEN, values: [serviceId, eventKey] })).rows[0];
      if (row) remember(row);
      else open.set(key, null);
      return row;
    },
    async insertIfNoOpen(row) {
      // Written with the batch's other new alerts. A concurrent first trigger of the same key
      // makes that INSERT fail on alerts_open_dedupe (23505), so the batch rolls back and the
      // committer retries it unit by unit: each unit then reads and joins the winner.
      await writeResolveBefore(keyOf(row.service_id, row.event_key));
      const pending = { ...row } as AlertRow;
      inserts.set(pending.id, pending);
      remember(pending);
      return true;
    },
    async writeEffects(plan, orgId, now) {
      if (plan.update) await applyUpdate(plan.update.id, plan.update.set);
      for (const l of plan.logs) logs.push(l);
      for (const e of planEventRows(plan, orgId, now, settled)) events.push(e);
      if (afterEffects && plan.events.length) await afterEffects(plan.events, now);
    },
    take() {
      const out: PendingAlertWrites = { inserts: [...inserts.values()], updates: [...updated].map((id) => byId.get(id)!), logs, events };
      inserts.clear();
      updated.clear();
      resolvedHere.clear();
      logs = [];
      events = [];
      return out;
    },
  };
}
