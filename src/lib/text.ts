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

/** Strip control characters (keeping tab/newline) that have no place in a title or key. */
export const sanitizeLine = (s: string): string => s.replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '').trim();
