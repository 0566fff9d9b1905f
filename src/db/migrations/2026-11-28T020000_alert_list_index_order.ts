import { type Kysely, sql } from 'kysely';

// Storage per alert and title search at a million alerts (issue 25, docs/adr/0551).
// - The list indexes were (…, status, priority, id desc): a new alert's entry went in at the start
//   of its (status, priority) range, and a resolve moved it to the start of the resolved range, so
//   pages split in the middle and stayed about half full on both stores (SQLite: 150–160 bytes an
//   alert per index, 48–52 % full). Now (…, status, priority desc, id): the newest entry goes at the
//   end of its range, where pages fill (SQLite 87 %; PostgreSQL splits after a localized ascending
//   insert). The list reads each range backwards: the same order as before, priority ascending,
//   newest first.
// - Title search with many matches walks these ranges testing each alert's words
//   (docs/adr/0551). SQLite: alerts_org_list holds the words too, so the walk reads the index alone
//   (~0.3 µs an entry). PostgreSQL: alerts_unresolved_words, a partial GIN index over the expression
//   of alerts_fts for the alerts not resolved, so a search of the open, acknowledged or snoozed
//   alerts costs what those are, not what the store holds (a b-tree entry is limited to ~2.7 kB,
//   and a title's words can be longer, so PostgreSQL's list index cannot hold them).
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
  if (pg) {
    await sql`create index alerts_unresolved_words on alerts using gin (array_to_tsvector(string_to_array(title_words, ' '))) where status <> 'resolved'`.execute(db);
    // A resolve leaves the old row version's entry in the partial index until vacuum removes it:
    // vacuum alerts after 2 % of its rows changed, not the default 20 % (at a million alerts and a
    // thousand a day, months of resolved alerts' entries).
    await sql`alter table alerts set (autovacuum_vacuum_scale_factor = 0.02, autovacuum_analyze_scale_factor = 0.02)`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await db.schema.dropIndex('alerts_unresolved_words').execute();
    await sql`alter table alerts reset (autovacuum_vacuum_scale_factor, autovacuum_analyze_scale_factor)`.execute(db);
  }
  await db.schema.dropIndex('alerts_org_list').execute();
  await db.schema.dropIndex('alerts_service_list').execute();
  await db.schema.createIndex('alerts_org_list').on('alerts').columns(['org_id', 'status', 'priority', 'id desc']).execute();
  await db.schema.createIndex('alerts_service_list').on('alerts').columns(['service_id', 'status', 'priority', 'id desc']).execute();
}
