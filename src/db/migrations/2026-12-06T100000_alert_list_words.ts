import { type Kysely, sql } from 'kysely';

// A storm's word in list order (issue 42 item 3, docs/adr/0781). alert_list_words holds a row per
// word of each unresolved alert's title_words, its primary key (org_id, word, status, priority,
// alert_id): the unresolved matches of one word, status and priority come newest first from one
// index range read backwards (ids are time-ordered; a new alert's entry goes at the range's end),
// however many newer alerts of other words the organization holds.
// Kept by the database for every change of an alert: status, priority or title_words changed,
// alert deleted (retention, an organization's purge, cascades). An insert:
// - PostgreSQL: a statement trigger over the inserted rows (one insert a statement, so an ingest
//   batch writes its alerts' words in one);
// - SQLite: the application, in the inserting transaction, as for alerts_fts (an insert trigger
//   costs a statement journal an alert, docs/adr/0556): the ingest batch at its end, from the
//   alerts as they are then (alert_words_batch marks its alerts, which the triggers leave alone),
//   insertIfNoOpen after its insert.
// Words: title_words is the application's distinct folded words (letters, digits, marks; no
// quote or backslash), one space apart, so SQLite reads them as a JSON array. PostgreSQL compares
// words bytewise (collate "C"): a query word's matches are the range [w, w || U+10FFFF).
// Frozen: never import application code here.

const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter.constructor.name === 'PostgresAdapter';

const byTrigger = (row: 'new' | 'old') => `not exists (select 1 from alert_words_batch where after_rowid < ${row}.rowid)`;
const sqliteWords = (col: string) => `json_each('["' || replace(${col}, ' ', '","') || '"]')`;

export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`create table alert_list_words (
        org_id text not null, word text collate "C" not null, status text not null, priority integer not null, alert_id text not null,
        primary key (org_id, word, status, priority, alert_id))`.execute(db);
    await sql`insert into alert_list_words (org_id, word, status, priority, alert_id)
        select a.org_id, w, a.status, a.priority, a.id from alerts a cross join lateral unnest(string_to_array(a.title_words, ' ')) w
        where a.status <> 'resolved' and w <> '' group by 1, 2, 3, 4, 5`.execute(db);
    await sql`create function alert_list_words_insert() returns trigger language plpgsql as $$
      begin
        insert into alert_list_words (org_id, word, status, priority, alert_id)
          select n.org_id, w, n.status, n.priority, n.id from alert_list_words_new n cross join lateral unnest(string_to_array(n.title_words, ' ')) w
          where n.status <> 'resolved' and w <> '';
        return null;
      end $$`.execute(db);
    await sql`create function alert_list_words_change() returns trigger language plpgsql as $$
      begin
        if tg_op in ('UPDATE', 'DELETE') and old.status <> 'resolved' then
          delete from alert_list_words where org_id = old.org_id and word = any(string_to_array(old.title_words, ' '))
            and status = old.status and priority = old.priority and alert_id = old.id;
        end if;
        if tg_op = 'UPDATE' and new.status <> 'resolved' then
          insert into alert_list_words (org_id, word, status, priority, alert_id)
            select new.org_id, w, new.status, new.priority, new.id from unnest(string_to_array(new.title_words, ' ')) w where w <> '';
        end if;
        return null;
      end $$`.execute(db);
    await sql`create trigger alert_list_words_insert after insert on alerts referencing new table as alert_list_words_new
        for each statement execute function alert_list_words_insert()`.execute(db);
    await sql`create trigger alert_list_words_update after update of status, priority, title_words on alerts for each row
        when (old.status is distinct from new.status or old.priority is distinct from new.priority or old.title_words is distinct from new.title_words)
        execute function alert_list_words_change()`.execute(db);
    await sql`create trigger alert_list_words_delete after delete on alerts for each row when (old.status <> 'resolved')
        execute function alert_list_words_change()`.execute(db);
    return;
  }
  await sql`create table alert_list_words (
      org_id text not null, word text not null, status text not null, priority integer not null, alert_id text not null,
      primary key (org_id, word, status, priority, alert_id)) without rowid`.execute(db);
  await sql.raw(`insert or ignore into alert_list_words (org_id, word, status, priority, alert_id)
      select a.org_id, w.value, a.status, a.priority, a.id from alerts a, ${sqliteWords('a.title_words')} w
      where a.status <> 'resolved' and a.title_words <> ''`).execute(db);
  await sql.raw(`create trigger alert_list_words_delete after delete on alerts when old.status <> 'resolved' and ${byTrigger('old')} begin
      delete from alert_list_words where org_id = old.org_id and status = old.status and priority = old.priority and alert_id = old.id
        and word in (select value from ${sqliteWords('old.title_words')});
    end`).execute(db);
  await sql.raw(`create trigger alert_list_words_update after update of status, priority, title_words on alerts
      when (old.status <> new.status or old.priority <> new.priority or old.title_words <> new.title_words) and ${byTrigger('old')} begin
      delete from alert_list_words where org_id = old.org_id and status = old.status and priority = old.priority and alert_id = old.id
        and word in (select value from ${sqliteWords('old.title_words')});
      insert into alert_list_words (org_id, word, status, priority, alert_id)
        select new.org_id, value, new.status, new.priority, new.id from ${sqliteWords('new.title_words')} where new.status <> 'resolved' and new.title_words <> '';
    end`).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    for (const t of ['alert_list_words_insert', 'alert_list_words_update', 'alert_list_words_delete']) await sql`drop trigger if exists ${sql.raw(t)} on alerts`.execute(db);
    await sql`drop function if exists alert_list_words_insert()`.execute(db);
    await sql`drop function if exists alert_list_words_change()`.execute(db);
  } else {
    for (const t of ['alert_list_words_update', 'alert_list_words_delete']) await sql`drop trigger if exists ${sql.raw(t)}`.execute(db);
  }
  await sql`drop table if exists alert_list_words`.execute(db);
}
