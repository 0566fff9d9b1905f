import { type Kysely, sql } from 'kysely';

// SQLite ingest cost (issue 25, docs/adr/0553-sqlite-ingest-cost.md). The title search tables
// (alerts_fts, alerts_unresolved_words) were written by triggers in the statement that writes the
// alert. FTS5 keeps a transaction's new entries in memory until a savepoint, and SQLite opens a
// savepoint on every written virtual table at the start of each later statement that may need to
// undo itself: so in an ingest batch every alert's words were written to disk as a segment of
// their own, and merged again later (alerts_fts alone: ~14–16 µs an alert, ~2–3 µs when one
// statement writes a batch's alerts; the SQLite thread's ingest of the mixed pattern: 83 -> 58 µs
// a request).
// Now the SQLite thread's ingest batch marks the alerts it inserts (a row of alert_words_batch,
// written at the batch's start: the alerts above after_rowid are the batch's) and writes their
// words with one statement a table at its end, from the alerts as they are then, deleting the
// mark; the triggers leave the marked alerts alone. Outside a batch the table is empty, so the
// triggers keep every other writer (API actions, cascaded deletes, retention, tools) in step as
// before; a rolled-back batch rolls its mark back with it. PostgreSQL has the table too (schema
// parity) and never writes it: its indexes follow the rows by themselves.
// Frozen.

const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter.constructor.name === 'PostgresAdapter';

// An alert is left to the batch when a mark is below it; without a mark, the triggers write.
const byTrigger = (row: 'new' | 'old') => `not exists (select 1 from alert_words_batch where after_rowid < ${row}.rowid)`;

const TRIGGERS = ['alerts_fts_insert', 'alerts_fts_delete', 'alerts_fts_update', 'alerts_unresolved_words_insert', 'alerts_unresolved_words_delete', 'alerts_unresolved_words_update'];

/** The six triggers of 2026-11-26T050000 and 2026-11-28T020000, with `when` added to them (or not). */
async function createTriggers(db: Kysely<any>, batch: boolean): Promise<void> {
  const and = (row: 'new' | 'old') => (batch ? ` and ${byTrigger(row)}` : '');
  const when = (row: 'new' | 'old') => (batch ? ` when ${byTrigger(row)}` : '');
  await sql.raw(`create trigger alerts_fts_insert after insert on alerts${when('new')} begin
      insert into alerts_fts(rowid, title_words) values (new.rowid, new.title_words);
    end`).execute(db);
  await sql.raw(`create trigger alerts_fts_delete after delete on alerts${when('old')} begin
      insert into alerts_fts(alerts_fts, rowid, title_words) values ('delete', old.rowid, old.title_words);
    end`).execute(db);
  await sql.raw(`create trigger alerts_fts_update after update of title_words on alerts${when('old')} begin
      insert into alerts_fts(alerts_fts, rowid, title_words) values ('delete', old.rowid, old.title_words);
      insert into alerts_fts(rowid, title_words) values (new.rowid, new.title_words);
    end`).execute(db);
  await sql.raw(`create trigger alerts_unresolved_words_insert after insert on alerts when new.status <> 'resolved'${and('new')} begin
        insert into alerts_unresolved_words(rowid, title_words) values (new.rowid, new.title_words);
      end`).execute(db);
  await sql.raw(`create trigger alerts_unresolved_words_delete after delete on alerts when old.status <> 'resolved'${and('old')} begin
        delete from alerts_unresolved_words where rowid = old.rowid;
      end`).execute(db);
  await sql.raw(`create trigger alerts_unresolved_words_update after update of status, title_words on alerts
        when ((old.status = 'resolved') <> (new.status = 'resolved') or old.title_words <> new.title_words)${and('old')} begin
        delete from alerts_unresolved_words where rowid = old.rowid;
        insert into alerts_unresolved_words(rowid, title_words) select new.rowid, new.title_words where new.status <> 'resolved';
      end`).execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('alert_words_batch')
    .addColumn('id', 'integer', (c) => c.primaryKey().notNull())
    .addColumn('after_rowid', 'bigint', (c) => c.notNull())
    .execute();
  if (isPostgres(db)) return;
  for (const t of TRIGGERS) await sql`drop trigger ${sql.raw(t)}`.execute(db);
  await createTriggers(db, true);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) {
    for (const t of TRIGGERS) await sql`drop trigger if exists ${sql.raw(t)}`.execute(db);
    await createTriggers(db, false);
  }
  await db.schema.dropTable('alert_words_batch').execute();
}
