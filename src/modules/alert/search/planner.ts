import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../../db/database.ts';
import type { Dialect } from '../../../db/connect.ts';
import type { AlertRow } from '../alert.table.ts';
import { ALERT_STATUSES } from '../alert.ts';
import { ftsQuery, queryWords, tsQuery } from './words.ts';

// The alert list's planner: which index ranges a page of GET /api/alerts reads, with and without
// a title search (docs/adr/0010, 0542, 0546, 0551, 0554, 0555).

export interface AlertListFilter {
  orgId: string;
  status?: string[] | undefined;
  serviceId?: string | undefined;
  priority?: number[] | undefined;
  urgency?: string | undefined;
  q?: string | undefined;
  after?: { priority: number; id: string } | undefined;
  limit: number;
  /**
   * With `q`: read the matching alerts from the search index and sort them (true), instead of
   * walking the list's index ranges in order and testing each alert (false). Chosen by
   * `listAlerts` from how many alerts match (SEARCH_DRIVES_AT_MOST). On PostgreSQL `true` leaves the
   * choice to the planner (the GIN index or a list index).
   */
  searchDrives?: boolean | undefined;
  /** With `q` and many matches: alerts a walk of a range reads before the search index answers instead (tests set 0). */
  searchWalkAtMost?: number | undefined;
  /** With `q` and many matches: whether the unresolved alerts' own index drives (true) or their ranges are walked (false); chosen by counting when undefined. */
  searchUnresolvedDrives?: boolean | undefined;
  /**
   * With `q` and many unresolved matches: whether their walk reads alert_list_words (undefined or
   * true: when it can answer, else the ranges are walked) or walks the ranges (false; tests).
   */
  searchListWords?: boolean | undefined;
  /** With `q` and alert_list_words walked with a test per alert: entries a word's walk reads before the ranges' walks answer instead (tests set it low). */
  searchListWordsWalkAtMost?: number | undefined;
}

/**
 * At most this many alerts (of every organization) matching `q`, the list reads them from the
 * search index and sorts them; more, and it walks the list's index ranges in order, where matches
 * are dense enough to fill a page soon (docs/adr/0546-title-search-plans.md, 0551). PostgreSQL
 * counts them reading each match from the table (~3 µs), SQLite from FTS5 alone.
 */
export const SEARCH_DRIVES_AT_MOST = { sqlite: 2000, postgres: 500 };

/**
 * PostgreSQL: an estimate of more than this many times SEARCH_DRIVES_AT_MOST matches settles that
 * there are more, without counting (docs/adr/0554-pg-title-search-walk.md). Under it, a count costs
 * well under a millisecond. A word absent from the statistics is estimated at a small share of the
 * alerts (200 of the bench's million), so a rare word is still counted, and read from the index.
 */
export const SEARCH_ESTIMATE_SETTLES_OVER = 20;

/**
 * PostgreSQL, the unresolved alerts' count (their own index's statistics, docs/adr/0555): an
 * estimate of more than this many times SEARCH_DRIVES_AT_MOST settles that there are more. Lower
 * than the store's: their count costs ~1.5 µs a match (a prefix lexeme's matches gathered into a
 * bitmap), and a word in at least ~2 % of them is among the lexemes the statistics keep.
 */
export const SEARCH_UNRESOLVED_ESTIMATE_SETTLES_OVER = 4;

/**
 * A walk for a common word reads at most this many alerts of a status for a page; when they hold
 * too few matches (the word is common in the store but not in this range), the search index
 * answers that range instead (docs/adr/0551-title-search-at-a-million.md). SQLite's walk of the
 * organization reads its list index alone (it holds the words: ~0.3 µs an alert), through a
 * service it reads each alert (~2 µs); PostgreSQL reads each alert from the table (~3 µs) and has a
 * cheap exact answer per priority (that priority's matches, from alerts_resolved_words for the
 * resolved alerts, docs/adr/0554-pg-title-search-walk.md).
 */
export const SEARCH_WALK_AT_MOST = { sqliteIndex: 100_000, sqliteRows: 5000, postgres: 1000 };

/**
 * PostgreSQL: a walk that read its bound and found some matches, too few for the page, walks on in
 * the same range for `safety` times the alerts its density says the rest of the page takes; when
 * that is over `atMostTimes` walks, or it too falls short, the range's matches answer (`exact`,
 * ~10 µs a match: 16,667 for "heartbeat" in the resolved high priority at a million alerts, 158
 * ms, where walking on read ~300 alerts, docs/adr/0555). No match at all in a resolved range: the
 * word is rare here, its matches few, and they answer at once. No match in an unresolved range:
 * its exact answer reads every unresolved match of the word (their index has no priority), and
 * they are many, or the search would not walk (33,000 for "heartbeat" at a million alerts, 33 ms,
 * to find none among 1,801 open critical alerts); an unresolved range is small, so it is walked on
 * to its end, up to `atMostTimes` walks, before that.
 */
export const SEARCH_WALK_ON = { safety: 2, atMostTimes: 10 };

/**
 * Alerts to walk on after a walk of `walked` alerts (of an unresolved status's range or not) found
 * `found` matches and the page needs `need` more; 0: do not.
 */
export function searchWalkOnAtMost(walked: number, found: number, need: number, unresolved = false): number {
  if (need < 1 || walked < 1) return 0;
  if (found < 1) return unresolved ? walked * SEARCH_WALK_ON.atMostTimes : 0;
  const n = Math.ceil((need / found) * walked * SEARCH_WALK_ON.safety);
  return n <= walked * SEARCH_WALK_ON.atMostTimes ? n : 0;
}

const UNRESOLVED = new Set<string>(['open', 'acknowledged', 'snoozed']);

/**
 * Most important first, then newest (ids are time-ordered); keyset pagination on (priority, id).
 * One index range per status (and, after a cursor, one for the rest of the cursor's priority and
 * one for the priorities after it), each walked in order and cut at the limit, then merged: a page
 * reads about `limit` rows per range however many alerts the organization keeps
 * (docs/adr/0010-alert-list-queries.md). A single query with `status in (…)` or an `or` on the
 * cursor would read and sort every matching alert.
 *
 * With `q` (docs/adr/0542, 0546, 0551, 0554): few matches in the store, and the search index drives;
 * many, and each status is walked in list order, each alert tested by its own words
 * (`title_words`): the unresolved statuses through an index that holds their words
 * (`alerts_unresolved_words` on SQLite, the partial GIN index `alerts_unresolved_words` on
 * PostgreSQL), so a word common among resolved alerts costs nothing where no open alert has it; the
 * resolved one for at most SEARCH_WALK_AT_MOST alerts, then through the search index.
 */
export async function listAlerts(db: Kysely<Database>, dialect: Dialect, f: AlertListFilter): Promise<AlertRow[]> {
  const words = f.q ? queryWords(f.q) : [];
  if (!words.length) return listAlertsQuery(db, dialect, f).execute() as Promise<AlertRow[]>;
  const statuses = f.status?.length ? [...new Set(f.status)] : [...ALERT_STATUSES];
  // Without the resolved status the unresolved alerts' own count decides below: counting every
  // match of the store would cost the history's matches (5 ms at a million alerts on PostgreSQL,
  // whose GIN index hands over all of them before the first), and the few-matches plans of both
  // (the search index driving, or the unresolved alerts' index driving) read the same few alerts.
  if (f.searchDrives === undefined) f = { ...f, searchDrives: statuses.includes('resolved') && !(await moreMatchesThan(db, dialect, words, SEARCH_DRIVES_AT_MOST[dialect])) };
  if (f.searchDrives) return listAlertsQuery(db, dialect, f).execute() as Promise<AlertRow[]>;
  const unresolved = statuses.filter((s) => UNRESOLVED.has(s));
  const found: AlertRow[] = [];
  if (unresolved.length) {
    // Few matches among the unresolved alerts: read them from their own index; many: walk each
    // status as the resolved one is walked, where they are dense enough to fill a page soon.
    if (f.searchUnresolvedDrives ?? !(await moreMatchesThan(db, dialect, words, SEARCH_DRIVES_AT_MOST[dialect], true))) found.push(...(await unresolvedMatchesQuery(dialect, f, words, unresolved).execute(db)).rows);
    else {
      // Many: a word's own list (alert_list_words) in list order when it answers (docs/adr/0781),
      // else each status's range walked in list order, each alert tested.
      const listed = f.searchListWords === false ? undefined : await listWordsMatches(db, dialect, f, words, unresolved);
      if (listed) found.push(...listed);
      else {
        const held = await unresolvedRangesHeld(db, dialect, f, words, unresolved);
        for (const status of unresolved) found.push(...(await walkedMatches(db, dialect, f, words, status, held?.get(status))));
      }
    }
  }
  if (statuses.includes('resolved')) found.push(...(await walkedMatches(db, dialect, f, words, 'resolved')));
  return found.sort(listOrder).slice(0, f.limit);
}

/**
 * alert_list_words (docs/adr/0781): the distinct words of the organization's unresolved alerts that
 * a query word begins, at most this many; more (a prefix such as "1" in a storm of numbered hosts),
 * and the ranges are walked instead. Each is one index probe.
 */
export const LIST_WORDS_AT_MOST = 16;
/** Index ranges (words × statuses × priorities) one answer from alert_list_words reads at most. */
export const LIST_WORDS_RANGES_AT_MOST = 80;
/**
 * With a test per alert (another query word, a service, an urgency): entries a range of
 * alert_list_words gives, each alert read and tested, before the ranges' walks answer instead
 * (SQLite ~1 µs an alert, PostgreSQL ~3 µs).
 */
export const LIST_WORDS_WALK_AT_MOST = { sqlite: 5000, postgres: 2000 };

/** Above every code point a title's word holds (letters, digits, marks): w's words are [w, w + WORD_END). */
const WORD_END = '\u{10FFFF}';

/**
 * The distinct words of alert_list_words of the organization that begin `prefix`, at most
 * `atMost` + 1: a skip scan, one index probe a word. Exported for the plan test.
 */
export function listWordsOf(orgId: string, prefix: string, atMost: number): RawBuilder<{ word: string }> {
  const end = prefix + WORD_END;
  return sql<{ word: string }>`with recursive w(word, n) as (
      select (select min(word) from alert_list_words where org_id = ${orgId} and word >= ${prefix} and word < ${end}), 1
      union all
      select (select min(word) from alert_list_words where org_id = ${orgId} and word > w.word and word < ${end}), n + 1 from w where w.word is not null and n <= ${atMost}
    ) select word from w where word is not null`;
}

/**
 * The priorities of alert_list_words a page reads within one (word, status), in list order: the
 * filter's, or all, from the cursor's (below its id there) on. Each range is read newest first
 * (its primary key's range backwards).
 */
function listWordsPriorities(f: AlertListFilter): Array<{ priority: number; before?: string }> {
  const after = f.after;
  const priorities = f.priority?.length ? [...new Set(f.priority)].sort((x, y) => x - y) : [1, 2, 3, 4, 5];
  return priorities.filter((p) => !after || p >= after.priority).map((p) => (after && p === after.priority ? { priority: p, before: after.id } : { priority: p }));
}

/**
 * The unresolved matches in list order from alert_list_words: for each index word the driving
 * query word begins (listWordsOf), each status and each range, its entries in list order, each
 * alert read by id (and tested: the other query words, the service, the urgency), cut at the
 * page's limit; `walkAtMost` entries a range at most. An alert with two such words is in two
 * ranges (the caller keeps it once). `probes` say, for each range, whether it holds `walkAtMost`
 * entries: a range that read its bound and did not fill the page answers nothing certain.
 * Exported for the plan test.
 */
export function listWordsQuery(dialect: Dialect, f: AlertListFilter, listWords: string[], others: string[], statuses: string[], walkAtMost: number) {
  const tests = [
    ...(others.length ? [titleHasWords(dialect, others, sql.ref('a.title_words'))] : []),
    ...(f.serviceId ? [sql`a.service_id = ${f.serviceId}`] : []),
    ...(f.urgency ? [sql`a.urgency = ${f.urgency}`] : []),
  ];
  const where = (t: ListWordsRange) => sql`org_id = ${f.orgId} and word = ${t.word} and status = ${t.status} and priority = ${t.priority}${t.before ? sql` and alert_id < ${t.before}` : sql``}`;
  const ranges: ListWordsRange[] = listWords.flatMap((word) => statuses.flatMap((status) => listWordsPriorities(f).map((p) => ({ word, status, ...p }))));
  const tested = tests.length ? sql` where ${sql.join(tests, sql` and `)}` : sql``;
  let matches: RawBuilder<AlertRow & { list_range: number }>;
  if (dialect === 'sqlite') {
    // A statement of one part a range (SQLite prepares it in well under a millisecond); CROSS JOIN
    // keeps the walk outside, alerts read by id as it goes.
    const parts = ranges.map(
      (t, i) =>
        sql`select * from (select ${sql.lit(i)} as list_range, a.* from (select alert_id from alert_list_words where ${where(t)} order by alert_id desc limit ${walkAtMost}) m
          cross join alerts a on a.id = m.alert_id${tested} order by m.alert_id desc limit ${f.limit}) ${sql.ref(`r${i}`)}`,
    );
    matches = sql`${sql.join(parts, sql` union all `)}`;
  } else {
    // PostgreSQL plans a statement of 15 such parts in ~2 ms, three times what it runs: the ranges
    // are rows instead (unnest), each walked by one lateral subquery planned once. The cursor's
    // range (alert_id below the cursor's) is a part of its own, so both stay index conditions.
    const part = (rs: ListWordsRange[], offset: number, before: string | undefined) =>
      sql`select r.n - 1 + ${sql.lit(offset)} as list_range, x.*
        from unnest(${rs.map((t) => t.word)}::text[], ${rs.map((t) => t.status)}::text[], ${rs.map((t) => t.priority)}::int[]) with ordinality r(word, status, priority, n)
        cross join lateral (select a.* from (select alert_id from alert_list_words l where l.org_id = ${f.orgId} and l.word = r.word and l.status = r.status and l.priority = r.priority${before ? sql` and l.alert_id < ${before}` : sql``}
            order by l.alert_id desc limit ${walkAtMost}) m
          join alerts a on a.id = m.alert_id${tested} order by m.alert_id desc limit ${f.limit}) x`;
    const cursor = ranges.filter((t) => t.before);
    const rest = ranges.filter((t) => !t.before);
    // Ranges are numbered as `ranges` lists them: the cursor's priority is every word's and status's first.
    const order = [...cursor, ...rest];
    ranges.splice(0, ranges.length, ...order);
    matches = sql`${sql.join([...(cursor.length ? [part(cursor, 0, f.after!.id)] : []), ...(rest.length ? [part(rest, cursor.length, undefined)] : [])], sql` union all `)}`;
  }
  return {
    tested: tests.length > 0,
    matches,
    probes: ranges.map((t) => sql<boolean>`exists (select 1 from alert_list_words where ${where(t)} order by alert_id desc limit 1 offset ${walkAtMost - 1})`),
  };
}

/** One range of alert_list_words: a word, a status, a priority, and below the cursor's id in its priority. */
interface ListWordsRange {
  word: string;
  status: string;
  priority: number;
  before?: string | undefined;
}

/**
 * The unresolved statuses' matches from alert_list_words (listWordsQuery), or undefined when it
 * cannot answer: no query word begins at most LIST_WORDS_AT_MOST index words, the ranges are too
 * many, or a range read its bound without filling the page. The driving word is the longest (the
 * likeliest rarest) whose words are few enough.
 */
async function listWordsMatches(db: Kysely<Database>, dialect: Dialect, f: AlertListFilter, words: string[], statuses: string[]): Promise<AlertRow[] | undefined> {
  const byLength = [...words].sort((a, b) => b.length - a.length);
  for (const driver of byLength) {
    const listWords = (await listWordsOf(f.orgId, driver, LIST_WORDS_AT_MOST).execute(db)).rows.map((r) => r.word);
    if (listWords.length > LIST_WORDS_AT_MOST) continue;
    if (!listWords.length) return [];
    if (listWords.length * statuses.length * listWordsPriorities(f).length > LIST_WORDS_RANGES_AT_MOST) return undefined;
    const others = words.filter((w) => w !== driver);
    const tested = others.length > 0 || f.serviceId !== undefined || f.urgency !== undefined;
    // Untested, a range's first `limit` entries are its page; tested, up to the bound.
    const walkAtMost = tested ? (f.searchListWordsWalkAtMost ?? LIST_WORDS_WALK_AT_MOST[dialect]) : f.limit;
    if (walkAtMost < 1) return undefined;
    const q = listWordsQuery(dialect, f, listWords, others, statuses, walkAtMost);
    const rows = (await q.matches.execute(db)).rows;
    if (q.tested) {
      // A range that gave fewer than the page is whole only if it holds fewer entries than it read.
      const given = new Map<number, number>();
      for (const r of rows) given.set(Number(r.list_range), (given.get(Number(r.list_range)) ?? 0) + 1);
      const short = q.probes.map((p, i) => ({ p, i })).filter(({ i }) => (given.get(i) ?? 0) < f.limit);
      if (short.length) {
        const held = (await sql<Record<string, unknown>>`select ${sql.join(short.map(({ p, i }) => sql`${p} as ${sql.ref(`p${i}`)}`))}`.execute(db)).rows[0]!;
        if (Object.values(held).some((v) => v === true || Number(v) === 1)) return undefined;
      }
    }
    const seen = new Set<string>();
    return rows.filter((r) => !seen.has(r.id) && (seen.add(r.id), true)).map(({ list_range: _r, ...row }) => row);
  }
  return undefined;
}

/** A walked alert; on PostgreSQL with whether it matches and is the walk's last (walkQueries). */
type WalkedRow = AlertRow & { walk_n?: number; walk_match?: boolean; walk_end?: boolean };

/** PostgreSQL: a walk resumed after an alert (walkQueries). */
type WalkOn = (lastId: string, atMost: number, need: number) => RawBuilder<WalkedRow>;

/** The list's order: priority rank ascending, then id descending. */
const listOrder = (a: AlertRow, b: AlertRow) => a.priority - b.priority || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/**
 * Whether more than `bound` alerts of the store match, counting at most bound + 1 from the index
 * alone. SQLite: the words as whole words first (FTS5 streams one term's list and stops at the
 * bound, where a prefix query merges every match before the first, ~1 µs a match); whole words
 * match a subset, so more than the bound of them settles it.
 */
async function moreMatchesThan(db: Kysely<Database>, dialect: Dialect, words: string[], bound: number, unresolvedOnly = false): Promise<boolean> {
  const over = async (match: RawBuilder<unknown>) => Number((await sql<{ n: number }>`select count(*) as n from (${match} limit ${bound + 1}) m`.execute(db)).rows[0]!.n) > bound;
  if (dialect === 'postgres') {
    const unresolved = unresolvedOnly ? sql`status <> 'resolved' and ` : sql``;
    // A GIN index hands over every match before the first (~70 ns a match): counting the store's
    // even to the bound costs what the word's matches are, 190 ms for "on" at a million alerts.
    // The planner's estimate (statistics of the index's expression, kept by ANALYZE) costs its
    // planning alone; far over the bound, it settles the question. An estimate is no answer (a
    // stale one only picks the slower plan: every plan answers the same); near the bound or under,
    // count. The unresolved alerts' count is settled by their own index's statistics instead: the
    // planner takes the word and the status as independent (its estimate follows the history's
    // matches), and their count costs every unresolved match (33,436 for "heartbeat" at a million
    // alerts: 50–65 ms, docs/adr/0555).
    if (!unresolvedOnly) {
      const explained = await sql<{ 'QUERY PLAN': Array<{ Plan: { 'Plan Rows': number } }> }>`explain (format json) select 1 from alerts where ${pgTitleMatch(words)}`.execute(db);
      if (explained.rows[0]!['QUERY PLAN'][0]!.Plan['Plan Rows'] > bound * SEARCH_ESTIMATE_SETTLES_OVER) return true;
    } else if ((await unresolvedMatchesEstimate(db, words)) > bound * SEARCH_UNRESOLVED_ESTIMATE_SETTLES_OVER) return true;
    // The GIN index's matches, each read from the table until the bound: the planner would rather
    // scan the table testing the expression on each row (~2 µs a row) for a common word's limit.
    return db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      return Number((await sql<{ n: number }>`select count(*) as n from (select 1 from alerts where ${unresolved}${pgTitleMatch(words)} limit ${bound + 1}) m`.execute(trx)).rows[0]!.n) > bound;
    });
  }
  const index = sql.raw(unresolvedOnly ? 'alerts_unresolved_words' : 'alerts_fts');
  return (
    (await over(sql`select 1 from ${index} where ${index} match ${words.map((w) => `"${w}"`).join(' ')}`)) ||
    (await over(sql`select 1 from ${index} where ${index} match ${ftsQuery(words)}`))
  );
}

/**
 * PostgreSQL: how many unresolved alerts (of every organization) match every word, as the
 * statistics of their own index say. ANALYZE keeps, for a partial index's expression, the most
 * common lexemes among the rows of the index alone (alerts_unresolved_words: the unresolved
 * alerts), with the share of those rows holding each; the planner ignores a partial index's
 * statistics, so they are read here. A word's share is that of the lexemes it begins (summed, at
 * most all); the query's, its rarest word's. 0 when there are no statistics yet, or when no common
 * lexeme begins a word: then the caller counts. An estimate only picks a plan (every plan answers
 * the same); a stale one costs the count it would have saved, or walks that fall short.
 */
async function unresolvedMatchesEstimate(db: Kysely<Database>, words: string[]): Promise<number> {
  const r = await sql<{ n: number | null }>`select min(least(1, m.share)) * max(greatest(c.reltuples, 0)) as n
    from pg_stats s
    join pg_class c on c.oid = to_regclass('alerts_unresolved_words')
    cross join lateral (
      select (select coalesce(sum(e.f), 0) from unnest(s.most_common_elems::text::text[], s.most_common_elem_freqs) e(w, f) where starts_with(e.w, q.w)) as share
      from unnest(${words}::text[]) q(w)
    ) m
    where s.schemaname = current_schema() and s.tablename = 'alerts_unresolved_words'`.execute(db);
  return Number(r.rows[0]?.n ?? 0);
}

/** The GIN index alerts_fts's expression (and alerts_unresolved_words's) matching every word as a prefix. */
const pgTitleMatch = (words: string[]) => sql<boolean>`array_to_tsvector(string_to_array(title_words, ' ')) @@ ${tsQuery(words)}::tsquery`;

/**
 * The GIN index alerts_resolved_words's expression (resolved alerts' words, each after the digit of
 * the alert's priority) matching every word as a prefix within priority `p`: the matches of one
 * priority, whatever the others hold (migration 2026-11-29T030000, docs/adr/0554). Exported for
 * the plan test: the index serves only this exact expression.
 */
export const pgResolvedMatch = (p: number, words: string[]) =>
  sql<boolean>`array_to_tsvector(string_to_array(priority || replace(title_words, ' ', ' ' || priority), ' ')) @@ ${tsQuery(words.map((w) => `${p}${w}`))}::tsquery`;

/** Every word begins a word of `column` (an alert's `title_words`): the rule of words.ts, tested per row. */
const titleHasWords = (dialect: Dialect, words: string[], column: RawBuilder<unknown> = sql.ref('title_words')) =>
  sql<boolean>`${sql.join(
    words.map((w) => (dialect === 'postgres' ? sql`strpos(' ' || ${column}, ${` ${w}`}) > 0` : sql`instr(' ' || ${column}, ${` ${w}`}) > 0`)),
    sql` and `,
  )}`;

/**
 * The organization's condition. With a service on PostgreSQL it cannot lead an index: the planner
 * takes organization and service as independent and the rows as spread evenly in time, so a
 * service with a fifth of the alerts seemed to fill a page within the organization's newest five
 * pages, and alerts_org_list was walked backwards past every newer alert of the other services
 * (142 ms for a quiet service at a million alerts, docs/adr/0555). `(…) is true` is the same test
 * (org_id is never null) that no b-tree serves, with the equality's estimate, so the service's own
 * index (alerts_service_list) leads whatever the statistics say; each alert is still tested, as
 * nothing in the database ties an alert's organization to its service's. SQLite's plans name their
 * index where it matters.
 */
const orgTerm = (dialect: Dialect, f: AlertListFilter) => (dialect === 'postgres' && f.serviceId ? sql<boolean>`(org_id = ${f.orgId}) is true` : sql<boolean>`org_id = ${f.orgId}`);

/** The list filters other than status and q (urgency also apart: no list index holds it), and the cursor's ranges, as SQL terms. */
function listTerms(dialect: Dialect, f: AlertListFilter): { terms: RawBuilder<unknown>[] & { urgency?: RawBuilder<unknown>; priority?: RawBuilder<unknown> }; ranges: RawBuilder<unknown>[] } {
  const terms: RawBuilder<unknown>[] & { urgency?: RawBuilder<unknown>; priority?: RawBuilder<unknown> } = [orgTerm(dialect, f)];
  if (f.serviceId) terms.push(sql`service_id = ${f.serviceId}`);
  if (f.priority?.length) terms.push((terms.priority = sql`priority in (${sql.join(f.priority)})`));
  if (f.urgency) terms.push((terms.urgency = sql`urgency = ${f.urgency}`));
  const ranges = f.after ? [sql`priority = ${f.after.priority} and id < ${f.after.id}`, sql`priority > ${f.after.priority}`] : [sql`1 = 1`];
  return { terms, ranges };
}

/**
 * The unresolved statuses' matches, in list order, at most `limit`: read from
 * `alerts_unresolved_words`, an index of the words of alerts not resolved (SQLite: a contentless
 * FTS5 table kept by triggers; PostgreSQL: a partial GIN index), each match read and the rest
 * sorted. It costs what the unresolved alerts' matches are, never the history. Exported for the
 * plan test.
 */
export function unresolvedMatchesQuery(dialect: Dialect, f: AlertListFilter, words: string[], statuses: string[]): RawBuilder<AlertRow> {
  const { terms } = listTerms(dialect, f);
  const where = sql.join(
    [...terms, sql`status in (${sql.join(statuses)})`, ...(f.after ? [sql`(priority > ${f.after.priority} or (priority = ${f.after.priority} and id < ${f.after.id}))`] : [])],
    sql` and `,
  );
  if (dialect === 'sqlite') {
    // The matches first, then each alert by its rowid: CROSS JOIN keeps SQLite from reordering.
    return sql<AlertRow>`select a.* from (select rowid as r from alerts_unresolved_words where alerts_unresolved_words match ${ftsQuery(words)}) m
      cross join alerts a on a.rowid = m.r where ${where} order by priority asc, id desc limit ${f.limit}`;
  }
  // The partial index's matches across organizations: with the organization in the inner query the
  // planner may walk alerts_org_list instead, reading every alert of the organization.
  return sql<AlertRow>`with m as materialized (select * from alerts where status <> 'resolved' and ${pgTitleMatch(words)})
    select * from m where ${where} order by priority asc, id desc limit ${f.limit}`;
}

/**
 * A status's matches, in list order, at most `limit`: the status's range walked in list order and
 * each alert tested by its words, reading at most `searchWalkAtMost` alerts a range (SQLite without
 * a service: its organization list index, which holds the words). A range whose walk read that
 * many alerts and filled no page is answered by the search index instead: on SQLite the whole
 * status by ADR 0546's walk (the list of matches built once, each list entry tested against it),
 * on PostgreSQL that priority by its matches alone (alerts_resolved_words, or for an unresolved
 * status alerts_unresolved_words), unless the walk's matches were dense enough to walk on for the
 * rest of the page (SEARCH_WALK_ON). `held`: which ranges hold any alert (unresolvedRangesHeld).
 */
async function walkedMatches(db: Kysely<Database>, dialect: Dialect, f: AlertListFilter, words: string[], status: string, held?: boolean[]): Promise<AlertRow[]> {
  const walkAtMost = f.searchWalkAtMost ?? (dialect === 'postgres' ? SEARCH_WALK_AT_MOST.postgres : f.serviceId ? SEARCH_WALK_AT_MOST.sqliteRows : SEARCH_WALK_AT_MOST.sqliteIndex);
  const found: AlertRow[] = [];
  const walks = walkQueries(dialect, f, words, status, walkAtMost);
  held ??= walks.map(() => true);
  const matchesOf = (walked: WalkedRow[]): AlertRow[] => walked.filter((r) => r.walk_match).map(({ walk_n: _n, walk_match: _m, walk_end: _e, ...row }) => row);
  for (const [i, walk] of walks.entries()) {
    if (found.length >= f.limit) break;
    if (!held[i]) continue;
    const walked = (await walk.matches.execute(db)).rows;
    // PostgreSQL's walk says itself whether it read its bound (walk_end); SQLite's is asked.
    let rows: AlertRow[] = walk.walked ? walked : matchesOf(walked).slice(0, f.limit);
    // PostgreSQL's ranges are priorities in list order: this one need only add what the earlier
    // ones left of the page (SQLite's ranges are answered as before).
    const want = walk.walkOn ? f.limit - found.length : f.limit;
    let end = walked.find((r) => r.walk_end);
    // Matches dense enough to find the rest of the page by walking on (from the walk's last alert,
    // in the same range: the cursor's too) rather than reading every match of the range.
    const onAtMost = walk.walkOn && end ? searchWalkOnAtMost(walkAtMost, rows.length, want - rows.length, UNRESOLVED.has(status)) : 0;
    if (rows.length < want && onAtMost > 0) {
      const more = (await walk.walkOn!(end!.id, onAtMost, want - rows.length).execute(db)).rows;
      rows = [...rows, ...matchesOf(more)].slice(0, f.limit);
      end = more.find((r) => r.walk_end);
    }
    const readBound = async () => (walk.walked ? Number((await walk.walked.execute(db)).rows[0]!.n) > 0 : end !== undefined);
    if (rows.length < want && (walkAtMost <= 0 || (await readBound()))) {
      const exact = walk.exact;
      if (!exact) return listAlertsQuery(db, dialect, { ...f, status: [status], searchDrives: false }).execute() as Promise<AlertRow[]>;
      // Bitmap scans only: the planner reads this priority's matches from the GIN index (or
      // intersects them with the list index's range), instead of walking the range row by row.
      rows = await db.transaction().execute(async (trx) => {
        await sql`set local enable_indexscan = off`.execute(trx);
        return (await exact.execute(trx)).rows;
      });
    }
    found.push(...rows);
  }
  return found;
}

/**
 * PostgreSQL: which of the unresolved statuses' ranges (walkQueries, in its order) hold any alert,
 * by status; undefined: walk them all (SQLite, or a single range). Their walks go priority by
 * priority, a statement each, and an unresolved status often has no alert of some priorities
 * (acknowledged and snoozed often none at all): one statement of index probes, for every status
 * at once, says which ranges to walk.
 */
async function unresolvedRangesHeld(db: Kysely<Database>, dialect: Dialect, f: AlertListFilter, words: string[], statuses: string[]): Promise<Map<string, boolean[]> | undefined> {
  if (dialect !== 'postgres') return undefined;
  const probes = statuses.flatMap((status) => walkQueries(dialect, f, words, status, 1).map((w, i) => ({ status, i, any: w.any! })));
  if (probes.length <= 1) return undefined;
  const row = (await sql<Record<string, boolean>>`select ${sql.join(probes.map((p, k) => sql`${p.any} as ${sql.ref(`r${k}`)}`))}`.execute(db)).rows[0]!;
  const held = new Map(statuses.map((s) => [s, [] as boolean[]]));
  for (const [k, p] of probes.entries()) held.get(p.status)![p.i] = row[`r${k}`] === true;
  return held;
}

/**
 * The walk of one status, range by range in list order: the walk's matches (a subquery read in
 * list order and stopped at the page's limit: SQLite runs it as a co-routine, PostgreSQL as a Limit
 * over an index scan, so it reads only as far as the page needs) and whether the range holds
 * `walkAtMost` alerts or more (SQLite: `walked`, n = 1: its walkAtMost-th entry exists; an OFFSET
 * steps through the index without reading rows, ~0.09 µs an entry; PostgreSQL: the walk's
 * walkAtMost-th alert comes back marked `walk_end`, saving a statement). SQLite: a range per cursor range,
 * answered by the search index as a whole when a walk falls short. PostgreSQL, which reads each
 * walked alert from the table (~3 µs): a range per priority, each answered on its own by that
 * status's and priority's matches (`exact`) when its walk falls short. Exported for the plan test.
 */
export function walkQueries(dialect: Dialect, f: AlertListFilter, words: string[], status: string, walkAtMost: number) {
  const { terms, ranges } = listTerms(dialect, f);
  if (dialect === 'postgres') {
    const priorities = f.priority?.length ? [...new Set(f.priority)].sort((x, y) => x - y) : [1, 2, 3, 4, 5];
    // The walk names its priority as a range of one (`between p and p`), and orders by priority
    // too: an equality would make the priority a constant of the order, and then the primary key,
    // walked backwards and each alert tested, reads alerts in the same order; the planner takes
    // status, priority and organization as independent of age and picks it, and it read every
    // newer alert of other statuses first (100,000 resolved ones for a storm's word, 50 ms, issue
    // 42). No other index than the list's gives (priority, id desc) within the range.
    const perPriority = [
      ...(f.after && priorities.includes(f.after.priority)
        ? [{ p: f.after.priority, range: sql`priority = ${f.after.priority} and id < ${f.after.id}`, walkRange: sql`priority between ${f.after.priority} and ${f.after.priority} and id < ${f.after.id}` }]
        : []),
      ...priorities.filter((p) => !f.after || p > f.after.priority).map((p) => ({ p, range: sql`priority = ${p}`, walkRange: sql`priority between ${p} and ${p}` })),
    ];
    const where = sql.join([...terms.filter((t) => t !== terms.priority), sql`status = ${status}`], sql` and `);
    // The exact answer reads the matches of this status and priority only: resolved alerts from
    // alerts_resolved_words (their words under their priority), the others from the partial index
    // of unresolved alerts (the literal predicate lets the planner use it). Never every match of
    // the store (alerts_fts), nor the whole range read through a BitmapAnd, when the word is rare here.
    const exactMatch = (p: number) => (status === 'resolved' ? sql`status = 'resolved' and ${pgResolvedMatch(p, words)}` : sql`status <> 'resolved' and ${pgTitleMatch(words)}`);
    // The walk's last alert (walk_n = walkAtMost) comes back whether it matches or not: it says the
    // walk read its bound, in the same statement.
    // Whether the range holds any alert (of the filters a list index holds): an index probe.
    const probeWhere = sql.join([...terms.filter((t) => t !== terms.priority && t !== terms.urgency), sql`status = ${status}`], sql` and `);
    const walk = (range: RawBuilder<unknown>, atMost: number, upTo: number) =>
      sql<WalkedRow>`select *, ${titleHasWords(dialect, words)} as walk_match, walk_n = ${atMost} as walk_end
        from (select *, row_number() over () as walk_n from (select * from alerts where ${where} and ${range} order by priority asc, id desc limit ${atMost}) w0) w
        where walk_n = ${atMost} or ${titleHasWords(dialect, words)} limit ${upTo}`;
    return perPriority.map(({ p, range, walkRange }) => ({
      any: sql<boolean>`exists (select 1 from alerts where ${probeWhere} and ${range})` as RawBuilder<boolean> | undefined,
      matches: walk(walkRange, walkAtMost, f.limit + 1),
      // The same walk resumed after the alert `lastId` (the previous walk's last, walk_end), for
      // at most `atMost` alerts, stopped at `need` matches.
      walkOn: ((lastId: string, atMost: number, need: number) => walk(sql`${walkRange} and id < ${lastId}`, atMost, need + 1)) as WalkOn | undefined,
      walked: undefined as RawBuilder<{ n: number }> | undefined,
      exact: sql<AlertRow>`select * from alerts where ${where} and ${range} and ${exactMatch(p)} order by id desc limit ${f.limit}` as RawBuilder<AlertRow> | undefined,
    }));
  }
  // SQLite: the walk reads the index named (the bound was chosen for it), and only its columns, so
  // an alert is read by rowid only when its words match; urgency, which no list index holds, is
  // tested then too.
  const from = f.serviceId ? sql`alerts indexed by alerts_service_list` : sql`alerts indexed by alerts_org_list`;
  const where = sql.join([...terms.filter((t) => t !== terms.urgency), sql`status = ${status}`], sql` and `);
  return ranges.map((range) => ({
    matches: sql<WalkedRow>`select a.* from (select rowid as r, title_words as tw from ${from} where ${where} and ${range} order by priority asc, id desc limit ${walkAtMost}) w
      cross join alerts a on a.rowid = w.r where ${titleHasWords(dialect, words, sql.ref('w.tw'))}${terms.urgency ? sql` and a.${terms.urgency}` : sql``} limit ${f.limit}`,
    any: undefined as RawBuilder<boolean> | undefined,
    walkOn: undefined as WalkOn | undefined,
    walked: sql<{ n: number }>`select count(*) as n from (select 1 from ${from} where ${where} and ${range} order by priority asc, id desc limit 1 offset ${walkAtMost - 1}) w` as RawBuilder<{ n: number }> | undefined,
    exact: undefined as RawBuilder<AlertRow> | undefined,
  }));
}

/** The query behind `listAlerts`, unexecuted (its plan is tested: test/integration/api/alert-list-plan.test.ts). */
export function listAlertsQuery(db: Kysely<Database>, dialect: Dialect, f: AlertListFilter) {
  // One range per distinct status: `status=open,open` must not list each alert twice.
  const statuses = f.status?.length ? [...new Set(f.status)] : ALERT_STATUSES;
  const ranges: Array<(q: AlertQuery) => AlertQuery> = f.after
    ? [
        (q) => q.where('priority', '=', f.after!.priority).where('id', '<', f.after!.id),
        (q) => q.where('priority', '>', f.after!.priority),
      ]
    : [(q) => q];
  const parts = statuses.flatMap((status) =>
    ranges.map((range) =>
      db
        .selectFrom(() => range(filtered(db, dialect, f).where('status', '=', status as AlertRow['status'])).orderBy('priority', 'asc').orderBy('id', 'desc').limit(f.limit).as('r'))
        .selectAll(),
    ),
  );
  const [first, ...rest] = parts;
  return rest
    .reduce((all, part) => all.unionAll(part), first!)
    .orderBy('priority', 'asc')
    .orderBy('id', 'desc')
    .limit(f.limit);
}

type AlertQuery = ReturnType<typeof filtered>;

const unfiltered = (db: Kysely<Database>) => db.selectFrom('alerts').selectAll();

/** The list filters other than status and the cursor. */
function filtered(db: Kysely<Database>, dialect: Dialect, f: AlertListFilter) {
  const words = f.q ? queryWords(f.q) : [];
  let q =
    dialect === 'sqlite' && f.searchDrives && words.length
      ? // The matches first, then each alert by its rowid: CROSS JOIN keeps SQLite from reordering.
        (db
          .selectFrom(sql<{ fts_rowid: number }>`(select rowid as fts_rowid from alerts_fts where alerts_fts match ${ftsQuery(words)})`.as('m'))
          .crossJoin('alerts')
          .whereRef(sql.ref('alerts.rowid'), '=', sql.ref('m.fts_rowid'))
          .selectAll('alerts')
          .where('org_id', '=', f.orgId) as unknown as ReturnType<typeof unfiltered>)
      : unfiltered(db).where(orgTerm(dialect, f));
  if (f.serviceId) q = q.where('service_id', '=', f.serviceId);
  if (f.priority?.length) q = q.where('priority', 'in', f.priority);
  if (f.urgency) q = q.where('urgency', '=', f.urgency as AlertRow['urgency']);
  if (words.length && !(dialect === 'sqlite' && f.searchDrives)) {
    // Every word of q begins a word of the title, by the same rules on both stores: the words are
    // folded by the application (words.ts, docs/adr/0542-title-search.md). SQLite: the
    // FTS5 index alerts_fts (rowids of alerts); PostgreSQL: the GIN index alerts_fts, whose
    // expression this repeats exactly.
    q =
      dialect === 'postgres'
        ? q.where(sql<boolean>`array_to_tsvector(string_to_array(title_words, ' ')) @@ ${tsQuery(words)}::tsquery`)
        : // Walking the list index, each entry tested against the list of matches (rowids) that FTS5
          // builds first; the index entry holds the rowid, so no alert is read to test it
          // (docs/adr/0546-title-search-plans.md).
          q.where(sql<boolean>`alerts.rowid in (select rowid from alerts_fts where alerts_fts match ${ftsQuery(words)})`);
  }
  return q;
}
