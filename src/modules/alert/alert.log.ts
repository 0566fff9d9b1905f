import { createHash } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type SQLite from 'better-sqlite3';
import type { Database } from '../../db/database.ts';
import type { AlertLogTable, AlertLogTemplateTable, NewAlertLogRow } from './alert.table.ts';

/**
 * How timeline entries are stored (docs/adr/0550-timeline-storage.md). Most entries repeat the
 * same (kind, actor, message, meta) across thousands of alerts ("Alert opened by source "Default
 * webhook": priority high, urgency high"): such a tuple is kept once in alert_log_templates, keyed
 * by a hash of it, and the entry keeps its template's id. The key is computed here, so a writer
 * inserts the template (`on conflict do nothing`) and its entry in one transaction, reading
 * nothing back; what it keeps between transactions is only tuple → key (a hash, never whether a
 * template was written, which a rolled-back transaction could make wrong).
 */

/**
 * Kinds whose tuple is made of the actor, priorities and urgencies, small counts and levels only:
 * few distinct tuples. The others keep their text inline: `repeated` (its message counts the
 * duplicates), `snoozed` and `woken` (an instant: the snooze's end), and the paging kinds that
 * name a page, a request or a number (notification ids, request ids, phone numbers).
 */
export const INTERNED_KINDS: ReadonlySet<string> = new Set([
  'triggered', 'acknowledged', 'resolved', 'escalated', 'priority_raised', 'priority_changed',
  'page_requested', 'pages_cancelled', 'paged', 'paging_no_schedule', 'paging_nobody_on_call', 'escalation_exhausted',
]);

/** Columns of alert_log in the order the prepared and JSON batch writers use. */
export const ALERT_LOG_COLUMNS = ['id', 'alert_id', 'kind', 'template_id', 'message', 'actor_type', 'actor_id', 'event_id', 'receipt_id', 'meta', 'created_at'] as const;
export const LOG_TEMPLATE_COLUMNS = ['id', 'kind', 'actor_type', 'actor_id', 'message', 'meta'] as const;

export type StoredLogRow = { [K in (typeof ALERT_LOG_COLUMNS)[number]]: AlertLogTable[K] };
export type LogTemplateRow = AlertLogTemplateTable;

/**
 * The template key of a tuple: the first 53 bits of SHA-256 of its JSON (an exact JavaScript
 * number and a PostgreSQL bigint). The migration 2026-11-28T010000 holds a frozen copy.
 */
export function logTemplateId(kind: string, actorType: string, actorId: string | null, message: string, meta: string): number {
  return keyOf(JSON.stringify([kind, actorType, actorId, message, meta]));
}
const keyOf = (tuple: string) => {
  const h = createHash('sha256').update(tuple).digest();
  return h.readUIntBE(0, 6) * 32 + (h[6]! >> 3);
};

/**
 * Tuple → key, for the tuples seen lately: a pure function's results, so nothing a rolled-back
 * transaction could make wrong. Bounded: cleared when full.
 */
const keys = new Map<string, number>();
const KEYS_MAX = 4096;

/** An entry as stored, and the template it needs (when its kind is interned). */
export function compactLog(row: NewAlertLogRow): { entry: StoredLogRow; template: LogTemplateRow | undefined } {
  if (!INTERNED_KINDS.has(row.kind)) {
    return {
      entry: {
        id: row.id, alert_id: row.alert_id, kind: row.kind, template_id: null, message: row.message, actor_type: row.actor_type, actor_id: row.actor_id,
        event_id: row.event_id, receipt_id: row.receipt_id, meta: row.meta, created_at: row.created_at,
      },
      template: undefined,
    };
  }
  const tuple = JSON.stringify([row.kind, row.actor_type, row.actor_id, row.message, row.meta]);
  let id = keys.get(tuple);
  if (id === undefined) {
    if (keys.size >= KEYS_MAX) keys.clear();
    id = keyOf(tuple);
    keys.set(tuple, id);
  }
  return {
    entry: {
      id: row.id, alert_id: row.alert_id, kind: row.kind, template_id: id, message: null, actor_type: null, actor_id: null,
      event_id: row.event_id, receipt_id: row.receipt_id, meta: null, created_at: row.created_at,
    },
    template: { id, kind: row.kind, actor_type: row.actor_type, actor_id: row.actor_id, message: row.message, meta: row.meta },
  };
}

/** Entries as stored, with the distinct templates they need in key order (so two writers lock them in one order). */
export function compactLogs(rows: readonly NewAlertLogRow[]): { entries: StoredLogRow[]; templates: LogTemplateRow[] } {
  const entries: StoredLogRow[] = [];
  const templates = new Map<number, LogTemplateRow>();
  for (const row of rows) {
    const c = compactLog(row);
    entries.push(c.entry);
    if (c.template) templates.set(c.template.id, c.template);
  }
  return { entries, templates: [...templates.values()].sort((a, b) => a.id - b.id) };
}

/**
 * Writes timeline entries through Kysely (either store), templates first. `once`: an entry whose id
 * is there already is left as it is (an outbox event's entry, whose id is made from the event).
 */
export async function insertLogRows(db: Kysely<Database>, rows: readonly NewAlertLogRow[], opts: { once?: boolean } = {}): Promise<void> {
  if (!rows.length) return;
  const { entries, templates } = compactLogs(rows);
  for (let i = 0; i < templates.length; i += 200) {
    await db.insertInto('alert_log_templates').values(templates.slice(i, i + 200)).onConflict((oc) => oc.column('id').doNothing()).execute();
  }
  for (let i = 0; i < entries.length; i += 200) {
    const q = db.insertInto('alert_log').values(entries.slice(i, i + 200));
    await (opts.once ? q.onConflict((oc) => oc.doNothing()) : q).execute();
  }
}

/**
 * The same on the SQLite thread, as prepared statements: one function writing one entry (and its
 * template, a probe of a small table that stays in the page cache).
 */
export function sqliteLogWriter(sqlite: SQLite.Database, opts: { once?: boolean } = {}): (row: NewAlertLogRow) => void {
  // Prepared at the first write: the writer may be made before the migrations ran.
  let s: { known: SQLite.Statement; template: SQLite.Statement; entry: SQLite.Statement } | undefined;
  const prepare = () => ({
    // Probed by key first: binding one integer costs less than binding the tuple's text to an
    // insert that finds it there (nearly always).
    known: sqlite.prepare('select 1 from alert_log_templates where id = ?').pluck(),
    template: sqlite.prepare(
      `insert into alert_log_templates (${LOG_TEMPLATE_COLUMNS.join(', ')}) values (${LOG_TEMPLATE_COLUMNS.map(() => '?').join(', ')}) on conflict do nothing`,
    ),
    entry: sqlite.prepare(
      `insert into alert_log (${ALERT_LOG_COLUMNS.join(', ')}) values (${ALERT_LOG_COLUMNS.map(() => '?').join(', ')})${opts.once ? ' on conflict do nothing' : ''}`,
    ),
  });
  return (row) => {
    s ??= prepare();
    const c = compactLog(row);
    if (c.template && s.known.get(c.template.id) === undefined) s.template.run(LOG_TEMPLATE_COLUMNS.map((k) => c.template![k]));
    s.entry.run(ALERT_LOG_COLUMNS.map((k) => c.entry[k]));
  };
}

/** Timeline entries as they read: an interned entry's actor, message and meta from its template. */
export function logEntryQuery(db: Kysely<Database>) {
  return db
    .selectFrom('alert_log as l')
    .leftJoin('alert_log_templates as t', 't.id', 'l.template_id')
    .select([
      'l.id', 'l.alert_id', 'l.kind',
      sql<string>`coalesce(l.message, t.message)`.as('message'),
      sql<string>`coalesce(l.actor_type, t.actor_type)`.as('actor_type'),
      sql<string | null>`coalesce(l.actor_id, t.actor_id)`.as('actor_id'),
      'l.event_id', 'l.receipt_id',
      sql<string>`coalesce(l.meta, t.meta)`.as('meta'),
      'l.created_at',
    ]);
}

/** The same as a table to select from (`.where('kind', '=', …)`), for tools and tests. */
export const logEntries = (db: Kysely<Database>) => db.selectFrom(logEntryQuery(db).as('alert_log'));
