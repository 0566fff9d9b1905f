import { type Kysely, sql } from 'kysely';

// Title search through an index on both stores (issue 25, docs/adr/0542-title-search.md).
// `alerts.title_words` holds the title's words as the application folds them (decomposed, accents
// dropped, case-folded, split at anything but letters, digits and spacing marks, each word cut at
// 100 code points, distinct, one space apart). SQLite indexes them in the FTS5 table alerts_fts
// (external content: the words are stored once, in alerts; the `ascii` tokenizer splits only at the
// spaces, so SQLite's own Unicode tables play no part), kept in step by triggers in the
// transaction of every write of alerts, including cascaded deletes. PostgreSQL indexes them with a
// GIN index (named alerts_fts too) over array_to_tsvector(string_to_array(title_words, ' ')):
// lexemes taken verbatim, no text search parser or locale, no extension. Existing titles are folded here by a frozen copy of the
// application's rule (src/modules/alert/alert.search.ts at the time of writing). Frozen.

const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter.constructor.name === 'PostgresAdapter';

const WORD_MAX = 100;
function titleWords(title: string): string {
  const seen = new Set<string>();
  const folded = title.normalize('NFKD').replace(/[\p{Mn}\p{Me}]+/gu, '').toLowerCase().toUpperCase().toLowerCase().replaceAll('ς', 'σ');
  for (const w of folded.split(/[^\p{L}\p{N}\p{Mc}]+/u)) {
    if (!w) continue;
    seen.add(w.length <= WORD_MAX ? w : Array.from(w).slice(0, WORD_MAX).join(''));
  }
  return [...seen].join(' ');
}

export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  await db.schema.alterTable('alerts').addColumn('title_words', 'text', (c) => c.notNull().defaultTo('')).execute();
  // Existing alerts, a thousand at a time in id order.
  for (let after = ''; ; ) {
    const rows = await db.selectFrom('alerts').select(['id', 'title']).where('id', '>', after).orderBy('id').limit(1000).execute();
    if (!rows.length) break;
    const words = JSON.stringify((rows as { id: string; title: string }[]).map((r) => ({ i: r.id, w: titleWords(r.title) })).filter((r) => r.w));
    if (pg) await sql`update alerts a set title_words = u.w from json_to_recordset(${words}::json) as u(i text, w text) where a.id = u.i`.execute(db);
    else await sql`update alerts set title_words = j.value ->> '$.w' from json_each(${words}) j where alerts.id = j.value ->> '$.i'`.execute(db);
    after = (rows.at(-1) as { id: string }).id;
  }
  if (pg) {
    await sql`create index alerts_fts on alerts using gin (array_to_tsvector(string_to_array(title_words, ' ')))`.execute(db);
    return;
  }
  // detail=none and columnsize=0: the index says which alerts hold a word, nothing more (no
  // positions, no ranking), which is all the list filter asks.
  await sql`create virtual table alerts_fts using fts5(title_words, content='alerts', content_rowid='rowid', tokenize='ascii', detail='none', columnsize=0)`.execute(db);
  await sql`insert into alerts_fts(alerts_fts) values ('rebuild')`.execute(db);
  await sql`create trigger alerts_fts_insert after insert on alerts begin
      insert into alerts_fts(rowid, title_words) values (new.rowid, new.title_words);
    end`.execute(db);
  await sql`create trigger alerts_fts_delete after delete on alerts begin
      insert into alerts_fts(alerts_fts, rowid, title_words) values ('delete', old.rowid, old.title_words);
    end`.execute(db);
  await sql`create trigger alerts_fts_update after update of title_words on alerts begin
      insert into alerts_fts(alerts_fts, rowid, title_words) values ('delete', old.rowid, old.title_words);
      insert into alerts_fts(rowid, title_words) values (new.rowid, new.title_words);
    end`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop index if exists alerts_fts`.execute(db);
  } else {
    for (const t of ['alerts_fts_update', 'alerts_fts_delete', 'alerts_fts_insert']) await sql`drop trigger if exists ${sql.raw(t)}`.execute(db);
    await sql`drop table if exists alerts_fts`.execute(db);
  }
  await db.schema.alterTable('alerts').dropColumn('title_words').execute();
}
