import { type Kysely, sql } from 'kysely';

// SQLite ingest cost (issue 25, docs/adr/0556-sqlite-inserts-without-triggers.md). A trigger on
// alerts' INSERT makes every insert a statement that may write several rows, and alerts' foreign
// keys may abort it: SQLite then opens a statement journal for each insert and copies into it
// every page the insert changes (alerts and its five indexes), even when the trigger's `when`
// leaves the alert to the batch (~6-7 µs an alert on the SQLite thread, `perf`). So the two
// insert triggers go: the application writes an inserted alert's words itself, in the inserting
// transaction (the ingest batch at its end, insertIfNoOpen after its insert: the only two writers
// of new alerts). The delete and update triggers stay: retention, cascaded deletes and every
// status or title change are still followed by the database itself.
// Frozen.

const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter.constructor.name === 'PostgresAdapter';

const byTrigger = (row: 'new' | 'old') => `not exists (select 1 from alert_words_batch where after_rowid < ${row}.rowid)`;

export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return;
  await sql`drop trigger alerts_fts_insert`.execute(db);
  await sql`drop trigger alerts_unresolved_words_insert`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return;
  await sql.raw(`create trigger alerts_fts_insert after insert on alerts when ${byTrigger('new')} begin
      insert into alerts_fts(rowid, title_words) values (new.rowid, new.title_words);
    end`).execute(db);
  await sql.raw(`create trigger alerts_unresolved_words_insert after insert on alerts when new.status <> 'resolved' and ${byTrigger('new')} begin
        insert into alerts_unresolved_words(rowid, title_words) values (new.rowid, new.title_words);
      end`).execute(db);
}
