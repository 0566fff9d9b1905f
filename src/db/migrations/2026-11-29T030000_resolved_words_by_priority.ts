import { type Kysely, sql } from 'kysely';

// PostgreSQL title search at a million alerts (issue 25, docs/adr/0554-pg-title-search-walk.md).
// A search for a common word walks each priority of the resolved alerts in list order; a priority
// whose walk falls short (the word is rare or absent there) was answered by the GIN index alerts_fts
// intersected with the list index's range: every match of the store and every alert of the
// priority, growing with the store (16 ms at a million alerts for a priority without the word).
// alerts_resolved_words indexes the resolved alerts' words under their priority (lexeme = the
// priority's digit, then the word: "2certificate"), so the matches of one priority are one prefix
// lexeme ('2certificate':*) and cost what they are. A query word is never empty, so the lone digit
// of an alert without words matches nothing. A resolved alert's priority no longer changes; an
// alert enters the index when it resolves (a GIN pending-list insert). SQLite: nothing (its walk
// reads the list index alone, which holds the words). Frozen.

const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter.constructor.name === 'PostgresAdapter';

export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`create index alerts_resolved_words on alerts
    using gin (array_to_tsvector(string_to_array(priority || replace(title_words, ' ', ' ' || priority), ' '))) where status = 'resolved'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await db.schema.dropIndex('alerts_resolved_words').execute();
}
