/** Length in Unicode code points (what PRODUCT.md 4 limits count), not UTF-16 units. */
export const codePointLength = (s: string): number => {
  let n = 0;
  for (const _ of s) n++;
  return n;
};

/** Cut to at most `max` code points without splitting a surrogate pair. */
export const truncateCodePoints = (s: string, max: number): string => {
  if (s.length <= max) return s;
  let out = '';
  let n = 0;
  for (const ch of s) {
    if (n++ >= max) break;
    out += ch;
  }
  return out;
};

/**
 * Removes NUL characters (U+0000): PostgreSQL cannot store one in text, so a signal's text
 * fields lose them on both stores alike rather than the signal being refused (docs/adr/0003).
 */
export const stripNul = (s: string): string => (s.includes('\u0000') ? s.replaceAll('\u0000', '') : s);

/**
 * A signal's text as both stores keep it alike: no NUL characters (stripNul), and each lone UTF-16
 * surrogate as U+FFFD. UTF-8 cannot hold a lone surrogate (PostgreSQL got U+FFFD, SQLite bytes
 * that read back as three U+FFFD): a key that kept one never compared equal to the key stored from
 * it, and on PostgreSQL its repeat was a 500 (docs/adr/0003). String.prototype.toWellFormed is in
 * Node 20.
 */
export const storableText = (s: string): string => {
  const t = stripNul(s);
  return t.isWellFormed() ? t : t.toWellFormed();
};

/** Strip control characters (keeping tab/newline) that have no place in a title or key. */
export const sanitizeLine = (s: string): string => s.replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '').trim();
