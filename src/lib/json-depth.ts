import { AppError } from './errors.ts';

/**
 * How deeply a JSON document may nest its arrays and objects (docs/adr/0500-json-nesting-depth.md).
 * Real vendor payloads nest under 15 levels; Node's own recursive steps (structured clone to the
 * SQLite thread, JSON.stringify, the PostgreSQL driver) overflow the stack somewhere past a
 * thousand, which answered 500 or set a spooled signal aside after its 202.
 */
export const JSON_DEPTH_MAX = 128;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;

/**
 * Whether JSON text nests deeper than `max`, read from the text before it is parsed (so no
 * recursive step ever sees it). Brackets inside strings do not count. Text that is not JSON may
 * give either answer; JSON.parse refuses it afterwards. A text shorter than `max` characters
 * cannot nest that deep, so most signals are not scanned character by character.
 */
export function nestsDeeperThan(text: string, max = JSON_DEPTH_MAX): boolean {
  if (text.length <= max) return false;
  // Nor can a text with at most `max` opening brackets; indexOf counts them far faster than the
  // scan below reads characters, and a single signal has a handful.
  let opening = 0;
  for (let i = text.indexOf('{'); i >= 0 && opening <= max; i = text.indexOf('{', i + 1)) opening++;
  for (let i = text.indexOf('['); i >= 0 && opening <= max; i = text.indexOf('[', i + 1)) opening++;
  if (opening <= max) return false;
  let depth = 0;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      // Skip the string: its end is the next quote not escaped by an odd run of backslashes.
      for (;;) {
        const end = text.indexOf('"', i + 1);
        if (end < 0) return false;
        let slashes = 0;
        for (let j = end - 1; text.charCodeAt(j) === BACKSLASH; j--) slashes++;
        i = end;
        if (slashes % 2 === 0) break;
      }
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (++depth > max) return true;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      depth--;
    }
  }
  return false;
}

/** The 400 for such a body: what is wrong and what to change. */
export const tooDeepError = (field = 'body'): AppError =>
  new AppError('invalid_request', `The JSON body nests arrays and objects more than ${JSON_DEPTH_MAX} levels deep; send a flatter document.`, {
    details: [{ field, message: `must nest arrays and objects at most ${JSON_DEPTH_MAX} levels deep` }],
  });
