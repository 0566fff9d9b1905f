import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { WORD_MAX, foldText, searchWords } from '../../src/modules/alert/search/words.ts';

// searchWords takes a shortcut for ASCII text (lower case, runs of a-z and 0-9: docs/adr/0556).
// It must give exactly the words of the general rule (alert/search/words.ts): fold, split on anything
// that is not a letter, digit or spacing mark, cut, keep the first of each.
const generalWords = (text: string): string[] => [
  ...new Set(
    foldText(text)
      .split(/[^\p{L}\p{N}\p{Mc}]+/u)
      .filter(Boolean)
      .map((w) => [...w].slice(0, WORD_MAX).join('')),
  ),
];

describe('search words', () => {
  it('ASCII text has the same words by the shortcut as by the general rule', () => {
    const ascii = fc.string({ unit: fc.integer({ min: 0, max: 0x7f }).map((c) => String.fromCharCode(c)), maxLength: 300 });
    fc.assert(fc.property(ascii, (text) => {
      expect(searchWords(text)).toEqual(generalWords(text));
    }), { numRuns: 2000 });
    // Long words and every ASCII character at least once.
    const all = Array.from({ length: 128 }, (_, c) => String.fromCharCode(c)).join('');
    for (const text of [all, `${'Ab9'.repeat(60)} x`, 'TLS certificate for api-7.example.com expires in 7 days']) expect(searchWords(text)).toEqual(generalWords(text));
  });

  it('text with any non-ASCII character takes the general rule', () => {
    fc.assert(fc.property(fc.string({ unit: 'grapheme', maxLength: 60 }), (text) => {
      expect(searchWords(text)).toEqual(generalWords(text));
    }), { numRuns: 1000 });
    expect(searchWords('Überlast auf Knoten-3: Antwortzeit erhöht')).toEqual(['uberlast', 'auf', 'knoten', '3', 'antwortzeit', 'erhoht']);
  });
});
