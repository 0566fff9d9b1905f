import { ALERT_LOG_COLUMNS, insertLogOnce } from '../modules/alert/index.ts';
import { newId } from '../lib/ids.ts';
import type { EventHandler } from './runner.ts';
import type { SqliteEventHandler } from './outbox-round.sqlite.ts';
import type { OutboxEvent } from '../modules/outbox/index.ts';
import { isForeignKeyViolation } from '../lib/errors.ts';

/**
 * Until the paging engine exists, a change that must page records "page requested" in the
 * alert's timeline. Unique on (event id, kind): a redelivered event never pages twice.
 */
type AlertLogRow = Parameters<typeof insertLogOnce>[1];

function pageLogRow(event: OutboxEvent, now: string): AlertLogRow | undefined {
  const urgency = event.payload.page_urgency;
  if (!event.alertId || typeof urgency !== 'string') return undefined;
  return {
    id: newId('log'),
    alert_id: event.alertId,
    kind: 'page_requested',
    message: `page requested: urgency ${urgency}`,
    actor_type: 'system',
    actor_id: null,
    event_id: event.id,
    receipt_id: null,
    meta: JSON.stringify({ urgency, event_type: event.type }),
    created_at: now,
  };
}

const pagesFor = (type: string) => type === 'alert.triggered' || type === 'alert.priority_raised';

export const pageRequestHandler: EventHandler = {
  name: 'page-request',
  local: true,
  handles: pagesFor,
  async handle(event, { db, now }) {
    const row = pageLogRow(event, now);
    if (!row) return;
    try {
      await insertLogOnce(db, row);
    } catch (err) {
      // The alert was deleted with its service before we got here: nothing left to page for.
      if (isForeignKeyViolation(err)) return;
      throw err;
    }
  },
  // A round's entries in one statement. A deleted alert fails it; the round is then redone event
  // by event through handle(), which skips that one.
  async handleMany(events, { db, now }) {
    const rows = events.map((e) => pageLogRow(e, now)).filter((r): r is AlertLogRow => r !== undefined);
    for (let i = 0; i < rows.length; i += 500) {
      await db.insertInto('alert_log').values(rows.slice(i, i + 500)).onConflict((oc) => oc.doNothing()).execute();
    }
  },
};

/**
 * The same handler on the SQLite thread, inside the outbox round's transaction
 * (docs/adr/0125-outbox-round-on-the-sqlite-thread.md). A deleted alert fails the round (foreign
 * key), which the runner then redoes event by event through handle().
 */
export const pageRequestSqlite: SqliteEventHandler = {
  name: pageRequestHandler.name,
  handles: pagesFor,
  prepare(sqlite) {
    const insert = sqlite.prepare(
      `insert into alert_log (${ALERT_LOG_COLUMNS.join(', ')}) values (${ALERT_LOG_COLUMNS.map(() => '?').join(', ')}) on conflict do nothing`,
    );
    return (event, now) => {
      const row = pageLogRow(event, now);
      if (row) insert.run(ALERT_LOG_COLUMNS.map((c) => row[c]));
    };
  },
};
