import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { TokenBuckets } from '../../src/lib/token-bucket.ts';

describe('TokenBuckets', () => {
  it('allows a minute of tokens at once, then refills evenly', () => {
    const b = new TokenBuckets();
    for (let i = 0; i < 60; i++) expect(b.take('k', 60, 0)).toBe(0);
    expect(b.take('k', 60, 0)).toBe(1); // one token a second
    expect(b.take('k', 60, 1_000)).toBe(0);
    expect(b.take('other', 60, 1_000)).toBe(0); // per key
  });

  it('a batch larger than the bucket passes when the bucket is full, and the debt is repaid before the next', () => {
    const b = new TokenBuckets();
    // 100 items at 60 a minute: refused for ever before (the bucket never holds 100).
    expect(b.take('k', 60, 0, 100)).toBe(0);
    // 40 tokens of debt: the next signal waits for 41 tokens, 41 s.
    expect(b.take('k', 60, 0)).toBe(41);
    expect(b.take('k', 60, 40_000)).toBe(1);
    expect(b.take('k', 60, 41_000)).toBe(0);
    // The next big batch waits for a full bucket again.
    expect(b.take('k', 60, 41_000, 100)).toBe(60);
    expect(b.take('k', 60, 101_000, 100)).toBe(0);
  });

  it('over any run of requests, what passes stays within the rate, and a Retry-After is exact', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 600 }),
        fc.array(fc.record({ gapMs: fc.integer({ min: 0, max: 5_000 }), n: fc.integer({ min: 1, max: 1_500 }) }), { maxLength: 100 }),
        (perMinute, requests) => {
          const b = new TokenBuckets();
          const seen: { at: number; n: number }[] = [];
          /** A bucket that has seen the same requests so far. */
          const replay = () => {
            const r = new TokenBuckets();
            for (const h of seen) r.take('k', perMinute, h.at, h.n);
            return r;
          };
          let now = 0;
          let passed = 0;
          let biggest = 0;
          for (const r of requests) {
            now += r.gapMs;
            const wait = b.take('k', perMinute, now, r.n);
            expect(wait).toBeGreaterThanOrEqual(0);
            if (wait === 0) {
              passed += r.n;
              biggest = Math.max(biggest, r.n);
            } else {
              // The same request passes after Retry-After, and not a second sooner.
              expect(replay().take('k', perMinute, now + wait * 1_000, r.n)).toBe(0);
              if (wait > 1) expect(replay().take('k', perMinute, now + (wait - 1) * 1_000, r.n)).toBeGreaterThan(0);
            }
            seen.push({ at: now, n: r.n });
          }
          // A full bucket, the refill since, and at most one batch's overshoot of the bucket.
          expect(passed).toBeLessThanOrEqual(perMinute + (now * perMinute) / 60_000 + Math.max(0, biggest - perMinute) + 1e-6);
        },
      ),
      { seed: Number(process.env.FUZZ_SEED ?? 7), numRuns: Number(process.env.FUZZ_RUNS ?? 200) },
    );
  });
});
