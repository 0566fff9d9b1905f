import { createHash } from 'node:crypto';
import { type Kysely, sql } from 'kysely';

// Storage per alert (issue 25, docs/adr/0550-timeline-storage.md).
// 1. The unique index alert_log_event_kind (event_id, kind) is dropped on both stores: on SQLite
//    (alert_log WITHOUT ROWID) each of its entries held the 60-byte primary key, ~98 bytes an alert.
//    The guarantee it gave (an outbox event writes its entry of a kind once) now comes from the
//    entry's id, made from (event, kind) by the paging intake: a second write conflicts on the
//    primary key. Nothing reads alert_log by event_id.
// 2. Timeline entries of the kinds in INTERNED_KINDS keep their (kind, actor, message, meta) once
//    in alert_log_templates, keyed by a 53-bit hash of the tuple computed by the application; the
//    entry keeps template_id, and its actor, message and meta are null (a check holds it to one
//    or the other). Existing entries are converted; a tuple whose key another tuple took (a hash
//    collision) stays inline, since entries are matched to templates by content.
// destructive-up: SQLite cannot make a column nullable in place, so alert_log is rebuilt: its rows
// are copied into the new table, converted, before the old one is dropped.
// Frozen once released: never import application code here (the hash is copied below).

const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter.constructor.name === 'PostgresAdapter';

/** Frozen copy of INTERNED_KINDS (src/modules/alert/alert.log.ts) as of this migration. */
export const INTERNED_KINDS_AT_MIGRATION = [
  'triggered', 'acknowledged', 'resolved', 'escalated', 'priority_raised', 'priority_changed',
  'page_requested', 'pages_cancelled', 'paged', 'paging_no_schedule', 'paging_nobody_on_call', 'escalation_exhausted',
];

/** Frozen copy of logTemplateId (src/modules/alert/alert.log.ts): the first 53 bits of SHA-256 of the tuple's JSON. */
export function templateIdAtMigration(kind: string, actorType: string, actorId: string | null, message: string, meta: string): number {
  const h = createHash('sha256').update(JSON.stringify([kind, actorType, actorId, message, meta])).digest();
  return h.readUIntBE(0, 6) * 32 + (h[6]! >> 3);
}

const OLD_COLUMNS = 'id, alert_id, kind, message, actor_type, actor_id, event_id, receipt_id, meta, created_at';
const TEMPLATE_CHECK = `check (case when "template_id" is null then "message" is not null and "actor_type" is not null and "meta" is not null
    else "message" is null and "actor_type" is null and "actor_id" is null and "meta" is null end)`;
const KINDS = INTERNED_KINDS_AT_MIGRATION.map((k) => `'${k}'`).join(', ');

const templatesTable = (pg: boolean) => sql.raw(`create table "alert_log_templates" (
  "id" bigint not null primary key, "kind" text not null, "actor_type" text not null, "actor_id" text, "message" text not null, "meta" text not null
  )${pg ? '' : ' without rowid'}`);

/** The tuples of existing entries of interned kinds, as templates (the first tuple of a key wins). */
async function fillTemplates(db: Kysely<any>): Promise<void> {
  const tuples = await sql<{ kind: string; actor_type: string; actor_id: string | null; message: string; meta: string }>`
    select distinct kind, actor_type, actor_id, message, meta from alert_log where kind in (${sql.raw(KINDS)})`.execute(db);
  const rows = tuples.rows.map((t) => ({ id: templateIdAtMigration(t.kind, t.actor_type, t.actor_id, t.message, t.meta), ...t }));
  for (let i = 0; i < rows.length; i += 200) {
    await db.insertInto('alert_log_templates').values(rows.slice(i, i + 200)).onConflict((oc) => oc.column('id').doNothing()).execute();
  }
}

/** An entry's template, matched by content (so a tuple that lost its key to another stays inline). */
const MATCHES_TEMPLATE = `t.kind = l.kind and t.message = l.message and t.actor_type = l.actor_type and t.meta = l.meta`;

const inTransaction = (db: Kysely<any>, work: (trx: Kysely<any>) => Promise<void>) => (db.isTransaction ? work(db) : db.transaction().execute(work));

export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop index if exists alert_log_event_kind`.execute(db);
    await sql`${templatesTable(true)}`.execute(db);
    await fillTemplates(db);
    await sql`alter table alert_log add column template_id bigint references alert_log_templates (id)`.execute(db);
    await sql`alter table alert_log alter column message drop not null, alter column actor_type drop not null, alter column meta drop not null, alter column meta drop default`.execute(db);
    await sql.raw(`update alert_log l set template_id = t.id, message = null, actor_type = null, actor_id = null, meta = null
      from alert_log_templates t where ${MATCHES_TEMPLATE} and l.actor_id is not distinct from t.actor_id`).execute(db);
    await sql.raw(`alter table alert_log add constraint alert_log_template ${TEMPLATE_CHECK}`).execute(db);
    return;
  }
  // SQLite: all of it in one transaction (the migration's own when it runs in one).
  await inTransaction(db, async (trx) => {
    await sql`drop index if exists alert_log_event_kind`.execute(trx);
    await sql`${templatesTable(false)}`.execute(trx);
    await fillTemplates(trx);
    await sql.raw(`create table "alert_log_next" (
      "id" text not null, "alert_id" text not null references "alerts" ("id") on delete cascade,
      "kind" text not null, "message" text, "actor_type" text, "actor_id" text,
      "event_id" bigint, "receipt_id" text, "meta" text, "created_at" text not null,
      "template_id" bigint references "alert_log_templates" ("id"),
      constraint "alert_log_template" ${TEMPLATE_CHECK},
      primary key ("alert_id", "id")) without rowid`).execute(trx);
    // The join probes this index (dropped after): one pass over the entries.
    await sql`create index alert_log_templates_tuple on alert_log_templates (message)`.execute(trx);
    await sql.raw(`insert into alert_log_next (id, alert_id, kind, message, actor_type, actor_id, event_id, receipt_id, meta, created_at, template_id)
      select l.id, l.alert_id, l.kind,
        case when t.id is null then l.message end, case when t.id is null then l.actor_type end, case when t.id is null then l.actor_id end,
        l.event_id, l.receipt_id, case when t.id is null then l.meta end, l.created_at, t.id
      from alert_log l left join alert_log_templates t on l.kind in (${KINDS}) and ${MATCHES_TEMPLATE} and t.actor_id is l.actor_id`).execute(trx);
    await sql`drop index alert_log_templates_tuple`.execute(trx);
    await sql`drop table alert_log`.execute(trx);
    await sql`alter table alert_log_next rename to alert_log`.execute(trx);
  });
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`alter table alert_log drop constraint alert_log_template`.execute(db);
    await sql`update alert_log l set message = t.message, actor_type = t.actor_type, actor_id = t.actor_id, meta = t.meta
      from alert_log_templates t where l.template_id = t.id`.execute(db);
    await sql`alter table alert_log drop column template_id`.execute(db);
    await sql`alter table alert_log alter column message set not null, alter column actor_type set not null, alter column meta set not null, alter column meta set default '{}'`.execute(db);
    await sql`drop table alert_log_templates`.execute(db);
  } else {
    await inTransaction(db, async (trx) => {
      // The shape of 2026-11-27T010000_alert_log_by_alert.
      await sql.raw(`create table "alert_log_next" (
        "id" text not null,
        "alert_id" text not null references "alerts" ("id") on delete cascade,
        "kind" text not null, "message" text not null, "actor_type" text not null, "actor_id" text,
        "event_id" bigint, "receipt_id" text, "meta" text default '{}' not null, "created_at" text not null
        , primary key ("alert_id", "id")) without rowid`).execute(trx);
      await sql.raw(`insert into alert_log_next (${OLD_COLUMNS})
        select l.id, l.alert_id, l.kind, coalesce(l.message, t.message), coalesce(l.actor_type, t.actor_type), coalesce(l.actor_id, t.actor_id),
          l.event_id, l.receipt_id, coalesce(l.meta, t.meta), l.created_at
        from alert_log l left join alert_log_templates t on t.id = l.template_id`).execute(trx);
      await sql`drop table alert_log`.execute(trx);
      await sql`alter table alert_log_next rename to alert_log`.execute(trx);
      await sql`drop table alert_log_templates`.execute(trx);
    });
  }
  // Entries written twice while the index was gone would fail it: one of each is kept.
  await sql`delete from alert_log where event_id is not null and exists (
    select 1 from alert_log b where b.event_id = alert_log.event_id and b.kind = alert_log.kind and (b.alert_id < alert_log.alert_id or (b.alert_id = alert_log.alert_id and b.id < alert_log.id)))`.execute(db);
  await sql`create unique index "alert_log_event_kind" on "alert_log" ("event_id", "kind") where "event_id" is not null`.execute(db);
}
