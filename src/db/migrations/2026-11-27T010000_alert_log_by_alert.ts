import { type Kysely, sql } from 'kysely';

// Storage per alert (issue 25, docs/adr/0545-timeline-rows-kept-by-alert.md): the timeline
// (`alert_log`) is read only by alert, in id order (GET /api/alerts/{id}/timeline, the cascade of
// an alert's deletion); nothing reads an entry by its id alone. It was a table keyed by `id` plus
// an index on (alert_id, id): every entry stored its ids three times (row, primary key index,
// alert index), ~365 bytes an alert on SQLite. Now:
// - SQLite: `alert_log` is a WITHOUT ROWID table whose primary key is (alert_id, id): the rows are
//   kept in the order the timeline reads them, and the two indexes are gone. `alert_escalations`
//   (one row an alert, read by alert_id) becomes WITHOUT ROWID too, dropping its primary key index.
// - PostgreSQL: the primary key of `alert_log` is (alert_id, id) and the separate (alert_id, id)
//   index is dropped (a heap table keeps its rows apart from every index anyway).
// Entry ids stay unique (ULIDs made by the application; primary key with the alert). The unique
// (event_id, kind) index that keeps a redelivered event from writing its entry twice stays.
// Frozen.

const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter.constructor.name === 'PostgresAdapter';

const LOG_COLUMNS = 'id, alert_id, kind, message, actor_type, actor_id, event_id, receipt_id, meta, created_at';
const ESCALATION_COLUMNS =
  'alert_id, org_id, schedule_id, schedule_chosen, epoch, cycle, level, level_started_at, paged, force_next, exhausted, next_at, last_event_id, updated_at';

const logTable = (name: string, byAlert: boolean) => sql.raw(`create table "${name}" (
  "id" text ${byAlert ? 'not null' : 'primary key'},
  "alert_id" text not null references "alerts" ("id") on delete cascade,
  "kind" text not null, "message" text not null, "actor_type" text not null, "actor_id" text,
  "event_id" bigint, "receipt_id" text, "meta" text default '{}' not null, "created_at" text not null
  ${byAlert ? ', primary key ("alert_id", "id")) without rowid' : ')'}`);

const escalationTable = (name: string, withoutRowid: boolean) => sql.raw(`create table "${name}" (
  "alert_id" text not null primary key references "alerts" ("id") on delete cascade, "org_id" text not null, "schedule_id" text,
  "schedule_chosen" integer default 0 not null check (schedule_chosen in (0, 1)), "epoch" integer default 0 not null,
  "cycle" integer default 0 not null check (cycle >= 0), "level" integer default 1 not null check (level >= 1), "level_started_at" text,
  "paged" integer default 0 not null check (paged in (0, 1)), "force_next" integer default 0 not null check (force_next in (0, 1)),
  "exhausted" integer default 0 not null check (exhausted in (0, 1)), "next_at" text, "last_event_id" integer default 0 not null,
  "updated_at" text not null)${withoutRowid ? ' without rowid' : ''}`);

/** SQLite: the two tables rebuilt in one transaction (the migration's own when it runs in one). */
async function rebuildSqlite(db: Kysely<any>, byAlert: boolean): Promise<void> {
  const inTransaction = (work: (trx: Kysely<any>) => Promise<void>) => (db.isTransaction ? work(db) : db.transaction().execute(work));
  await inTransaction(async (trx) => {
    await sql`${logTable('alert_log_next', byAlert)}`.execute(trx);
    await sql.raw(`insert into alert_log_next (${LOG_COLUMNS}) select ${LOG_COLUMNS} from alert_log`).execute(trx);
    await sql`drop table alert_log`.execute(trx);
    await sql`alter table alert_log_next rename to alert_log`.execute(trx);
    if (!byAlert) await sql`create index "alert_log_alert" on "alert_log" ("alert_id", "id")`.execute(trx);
    await sql`create unique index "alert_log_event_kind" on "alert_log" ("event_id", "kind") where "event_id" is not null`.execute(trx);

    await sql`${escalationTable('alert_escalations_next', byAlert)}`.execute(trx);
    await sql.raw(`insert into alert_escalations_next (${ESCALATION_COLUMNS}) select ${ESCALATION_COLUMNS} from alert_escalations`).execute(trx);
    await sql`drop table alert_escalations`.execute(trx);
    await sql`alter table alert_escalations_next rename to alert_escalations`.execute(trx);
    await sql`create index "alert_escalations_next_at" on "alert_escalations" ("next_at")`.execute(trx);
  });
}

export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`alter table alert_log drop constraint alert_log_pkey`.execute(db);
    await sql`alter table alert_log add constraint alert_log_pkey primary key (alert_id, id)`.execute(db);
    await sql`drop index alert_log_alert`.execute(db);
    return;
  }
  await rebuildSqlite(db, true);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`create index alert_log_alert on alert_log (alert_id, id)`.execute(db);
    await sql`alter table alert_log drop constraint alert_log_pkey`.execute(db);
    await sql`alter table alert_log add constraint alert_log_pkey primary key (id)`.execute(db);
    return;
  }
  await rebuildSqlite(db, false);
}
