import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JSON_DEPTH_MAX, nestsDeeperThan } from '../../src/lib/json-depth.ts';

/** The depth of a parsed value, the obvious (recursive) way. */
const depthOf = (v: unknown): number =>
  typeof v === 'object' && v !== null ? 1 + Math.max(0, ...(Array.isArray(v) ? v : Object.values(v)).map(depthOf)) : 0;

describe('nestsDeeperThan reads the depth from JSON text', () => {
  it('agrees with the parsed value on any JSON, strings full of brackets, quotes and backslashes included', () => {
    const text = fc.string({ unit: fc.constantFrom('[', ']', '{', '}', '"', '\\', 'a', ' ', '\u00e9') });
    const json = fc.letrec((tie) => ({
      value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, text, fc.integer(), fc.constant(null), tie('array'), tie('object')),
      array: fc.array(tie('value'), { maxLength: 3 }),
      object: fc.dictionary(text, tie('value'), { maxKeys: 3 }),
    })).value;
    fc.assert(
      fc.property(json, fc.integer({ min: 0, max: 6 }), fc.boolean(), (v, max, pretty) => {
        const s = JSON.stringify(v, null, pretty ? 2 : undefined);
        // Short texts are never scanned (they cannot nest deeper than their length): pad them.
        const padded = s + ' '.repeat(max + 1);
        expect(nestsDeeperThan(padded, max)).toBe(depthOf(v) > max);
      }),
      { seed: 20261125, numRuns: 3000 },
    );
  });

  it('passes the limit and refuses one more level', () => {
    const at = (n: number) => '{"a":'.repeat(n) + '1' + '}'.repeat(n);
    expect(nestsDeeperThan(at(JSON_DEPTH_MAX))).toBe(false);
    expect(nestsDeeperThan(at(JSON_DEPTH_MAX + 1))).toBe(true);
    expect(nestsDeeperThan('['.repeat(1_000_000))).toBe(true);
    expect(nestsDeeperThan(`["${'['.repeat(1_000)}"]`)).toBe(false);
    // An unterminated string: not JSON; JSON.parse refuses it afterwards.
    expect(nestsDeeperThan(`["${'['.repeat(1_000)}`)).toBe(false);
  });
});
