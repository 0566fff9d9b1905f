import type { AlertTable } from '../alert.table.ts';
import type { AlertLogTable, AlertLogTemplateTable } from '../alert.table.ts';
import type { OutboxEventTable } from '../../outbox/outbox.table.ts';
import { ALERT_LOG_COLUMNS, LOG_TEMPLATE_COLUMNS } from '../alert.log.ts';

// The columns the writers write, defined once: the SQLite thread's prepared INSERTs and the
// PostgreSQL batch statement (json_populate_recordset, the write-back of locked rows) name these
// lists; the Kysely writer writes the plan's rows as they are, which the table types hold. Each list
// is checked against its table's type below: a column added to a table and not here (or here and
// not there) fails the type check, so no writer can miss it alone.

/** Every column of alerts but id and what never changes (organization, service, key), in one order. */
export const ALERT_STATE_COLUMNS = [
  'title', 'title_words', 'body', 'priority', 'urgency', 'status', 'duplicate_count', 'source', 'details', 'level', 'integration_id',
  'created_at', 'updated_at', 'last_signal_at', 'acknowledged_at', 'acknowledged_by', 'resolved_at', 'resolved_by', 'snoozed_until',
  // Written by the paging engine when a maintenance window holds the alert (issue 36); a signal's write keeps it.
  'maintenance_window_id',
] as const;
/** Every column of alerts. */
export const ALERT_COLUMNS = ['id', 'org_id', 'service_id', 'event_key', ...ALERT_STATE_COLUMNS] as const;
/** The columns of outbox_events a writer gives (id and attempts are the store's). */
export const OUTBOX_EVENT_COLUMNS = ['org_id', 'type', 'alert_id', 'payload', 'created_at', 'available_at', 'lease_owner', 'lease_until', 'processed_at', 'last_error'] as const;
export { ALERT_LOG_COLUMNS, LOG_TEMPLATE_COLUMNS };

/** True when the list names exactly the keys K (no more, no fewer). */
type Exactly<List extends readonly string[], K extends PropertyKey> = [Exclude<K, List[number]>, Exclude<List[number], K>] extends [never, never] ? true : false;
const check = <T extends true>(): T | undefined => undefined;
check<Exactly<typeof ALERT_COLUMNS, keyof AlertTable>>();
check<Exactly<typeof OUTBOX_EVENT_COLUMNS, Exclude<keyof OutboxEventTable, 'id' | 'attempts'>>>();
check<Exactly<typeof ALERT_LOG_COLUMNS, keyof AlertLogTable>>();
check<Exactly<typeof LOG_TEMPLATE_COLUMNS, keyof AlertLogTemplateTable>>();
