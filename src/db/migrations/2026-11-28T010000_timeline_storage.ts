import { type Kysely, sql } from 'kysely';

// Storage per alert (issue 25, docs/adr/0550-timeline-storage.md).
// The unique index alert_log_event_kind (event_id, kind) is dropped on both stores: on SQLite
// (alert_log WITHOUT ROWID) each of its entries held the 60-byte primary key, ~98 bytes an alert.
// The guarantee it gave (an outbox event writes its entry of a kind once) now comes from the
// entry's id, made from (event, kind) by the paging intake: a second write conflicts on the
// primary key. Nothing reads alert_log by event_id.
// Frozen once released.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists alert_log_event_kind`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  // Entries written twice while the index was gone would fail it: at most one is kept.
  await sql`delete from alert_log where event_id is not null and exists (
    select 1 from alert_log b where b.event_id = alert_log.event_id and b.kind = alert_log.kind and (b.alert_id < alert_log.alert_id or (b.alert_id = alert_log.alert_id and b.id < alert_log.id)))`.execute(db);
  await sql`create unique index "alert_log_event_kind" on "alert_log" ("event_id", "kind") where "event_id" is not null`.execute(db);
}
