import { type Kysely, sql } from 'kysely';

// Storage per alert and title search at a million alerts (issue 25, docs/adr/0551).
// - The list indexes were (…, status, priority, id desc): a new alert's entry went in at the start
//   of its (status, priority) range, and a resolve moved it to the start of the resolved range, so
//   pages split in the middle and stayed about half full on both stores (SQLite: 150–160 bytes an
//   alert per index, 48–52 % full). Now (…, status, priority desc, id): the newest entry goes at the
//   end of its range, where pages fill (SQLite 87 %; PostgreSQL splits after a localized ascending
//   insert). The list reads each range backwards: the same order as before, priority ascending,
//   newest first.
// - Title search with many matches (docs/adr/0551): the open, acknowledged and snoozed alerts'
//   words in an index of their own, alerts_unresolved_words (SQLite: a contentless FTS5 table kept
//   by triggers; PostgreSQL: a partial GIN index over the expression of alerts_fts), so a search of
//   them costs what their matches are, not what the store holds. The resolved alerts are walked in
//   list order, each tested by its words: SQLite's alerts_org_list holds the words, so that walk
//   reads the index alone (~0.3 µs an entry); PostgreSQL's cannot (a b-tree entry is limited to
//   ~2.7 kB, and a title's words can be longer).
// Frozen.

const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter.constructor.name === 'PostgresAdapter';

export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  await db.schema.dropIndex('alerts_org_list').execute();
  await db.schema.dropIndex('alerts_service_list').execute();
  // SQLite: the organization's list index also holds the title's words, so a search walks it
  // testing each alert from the index alone.
  await db.schema.createIndex('alerts_org_list').on('alerts').columns(['org_id', 'status', 'priority desc', 'id', ...(pg ? [] : ['title_words'])]).execute();
  await db.schema.createIndex('alerts_service_list').on('alerts').columns(['service_id', 'status', 'priority desc', 'id']).execute();
  if (!pg) {
    // The unresolved alerts' words, in an FTS5 table of their own (contentless, deletable by
    // rowid), kept by triggers in the transaction of every write of alerts: an alert enters when it
    // opens and leaves when it resolves or is deleted.
    await sql`create virtual table alerts_unresolved_words using fts5(title_words, content='', contentless_delete=1, tokenize='ascii', detail='none')`.execute(db);
    await sql`insert into alerts_unresolved_words(rowid, title_words) select rowid, title_words from alerts where status <> 'resolved'`.execute(db);
    await sql`create trigger alerts_unresolved_words_insert after insert on alerts when new.status <> 'resolved' begin
        insert into alerts_unresolved_words(rowid, title_words) values (new.rowid, new.title_words);
      end`.execute(db);
    await sql`create trigger alerts_unresolved_words_delete after delete on alerts when old.status <> 'resolved' begin
        delete from alerts_unresolved_words where rowid = old.rowid;
      end`.execute(db);
    await sql`create trigger alerts_unresolved_words_update after update of status, title_words on alerts
        when (old.status = 'resolved') <> (new.status = 'resolved') or old.title_words <> new.title_words begin
        delete from alerts_unresolved_words where rowid = old.rowid;
        insert into alerts_unresolved_words(rowid, title_words) select new.rowid, new.title_words where new.status <> 'resolved';
      end`.execute(db);
  }
  if (pg) {
    await sql`create index alerts_unresolved_words on alerts using gin (array_to_tsvector(string_to_array(title_words, ' '))) where status <> 'resolved'`.execute(db);
    // A resolve leaves the old row version's entry in the partial index until vacuum removes it:
    // vacuum alerts after 2 % of its rows changed, not the default 20 % (at a million alerts and a
    // thousand a day, months of resolved alerts' entries).
    await sql`alter table alerts set (autovacuum_vacuum_scale_factor = 0.02, autovacuum_analyze_scale_factor = 0.02)`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) {
    for (const t of ['alerts_unresolved_words_update', 'alerts_unresolved_words_delete', 'alerts_unresolved_words_insert']) await sql`drop trigger if exists ${sql.raw(t)}`.execute(db);
    await sql`drop table if exists alerts_unresolved_words`.execute(db);
  }
  if (isPostgres(db)) {
    await db.schema.dropIndex('alerts_unresolved_words').execute();
    await sql`alter table alerts reset (autovacuum_vacuum_scale_factor, autovacuum_analyze_scale_factor)`.execute(db);
  }
  await db.schema.dropIndex('alerts_org_list').execute();
  await db.schema.dropIndex('alerts_service_list').execute();
  await db.schema.createIndex('alerts_org_list').on('alerts').columns(['org_id', 'status', 'priority', 'id desc']).execute();
  await db.schema.createIndex('alerts_service_list').on('alerts').columns(['service_id', 'status', 'priority', 'id desc']).execute();
}
