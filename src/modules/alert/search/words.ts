// Title search: the words of a title as both stores index them, and the query built from the
// words of `q` (docs/adr/0542-title-search.md). The words are made here, once, by the same code
// for the title and for the query, so SQLite (FTS5, `ascii` tokenizer over these words) and
// PostgreSQL (a GIN index over `array_to_tsvector` of these words) match by the same rules
// whatever their own Unicode tables, locale or collation say.
//
// Rules:
// - a word is a run of letters, digits and spacing marks (\p{L}, \p{N}, \p{Mc}); everything else
//   (spaces, punctuation, symbols) separates words;
// - case and accents do not count: text is decomposed (NFKD), non-spacing and enclosing marks are
//   dropped (é → e, ﬁ → fi), and letters are folded (lower, upper, then lower case: ẞ → ß → ss; final
//   sigma as σ, so that a prefix ending in σ finds the longer word);
// - an alert matches when every word of the query begins some word of its title (prefixes:
//   `cert` finds "Certificate"); the order of the words does not matter;
// - a word counts its first WORD_MAX code points; a query counts its first QUERY_WORDS_MAX words;
// - a query with no words (only punctuation or spaces) filters nothing.

/** Code points of a word that count (PostgreSQL indexes a lexeme of at most 2,046 bytes). */
export const WORD_MAX = 100;
/** Words of a query that count. */
export const QUERY_WORDS_MAX = 16;

const DROPPED_MARKS = /[\p{Mn}\p{Me}]+/gu;
const SEPARATORS = /[^\p{L}\p{N}\p{Mc}]+/u;

/** Folds text as both stores compare it: decomposed, without accents, case-folded. */
export function foldText(text: string): string {
  return text.normalize('NFKD').replace(DROPPED_MARKS, '').toLowerCase().toUpperCase().toLowerCase().replaceAll('ς', 'σ');
}

function cut(word: string): string {
  if (word.length <= WORD_MAX) return word;
  let out = '';
  let n = 0;
  for (const ch of word) {
    if (n++ >= WORD_MAX) break;
    out += ch;
  }
  return out;
}

// ASCII text folds to its lower case (NFKD and the case round trip change no ASCII character),
// and its words are runs of a-z and 0-9: the same words, without Unicode tables (~3-5 µs a
// title for the general path, paid by every opened alert; docs/adr/0556).
const ASCII = /^[\x00-\x7f]*$/;
const ASCII_SEPARATORS = /[^a-z0-9]+/;

/** The distinct words of a text, folded, in their first order. */
export function searchWords(text: string): string[] {
  const seen = new Set<string>();
  const words = ASCII.test(text) ? text.toLowerCase().split(ASCII_SEPARATORS) : foldText(text).split(SEPARATORS);
  for (const w of words) {
    if (w) seen.add(cut(w));
  }
  return [...seen];
}

/** What `alerts.title_words` holds: the title's words, separated by one space ('' for none). */
export const titleWords = (title: string): string => searchWords(title).join(' ');

/** The words of a query that count (empty: the query filters nothing). */
export const queryWords = (q: string): string[] => searchWords(q).slice(0, QUERY_WORDS_MAX);

/**
 * The FTS5 query: each word a quoted prefix term, all of them required. Words hold no quote
 * (only letters, digits and marks), so quoting cannot be escaped.
 */
export const ftsQuery = (words: readonly string[]): string => words.map((w) => `"${w}"*`).join(' ');

/** The tsquery text: each word a quoted prefix lexeme, all of them required (read verbatim by `::tsquery`). */
export const tsQuery = (words: readonly string[]): string => words.map((w) => `'${w}':*`).join(' & ');

/** The matching rule itself, over titles: what both stores' answers are tested against. */
export function titleMatches(title: string, q: string): boolean {
  const words = queryWords(q);
  if (!words.length) return true;
  const have = searchWords(title);
  return words.every((w) => have.some((h) => h.startsWith(w)));
}
