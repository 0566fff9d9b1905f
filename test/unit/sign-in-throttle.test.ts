import { describe, expect, it } from 'vitest';
import { SIGN_IN_THROTTLE } from '../../src/modules/session/sign-in-throttle.ts';
import { delayAfter, waitFor } from '../../src/modules/throttle/index.ts';

const { pair, address } = SIGN_IN_THROTTLE;

describe('sign-in throttle delays (docs/adr/0534)', () => {
  it('five failures at one account from one address are free; then 1 s, doubling, at most 15 minutes', () => {
    expect([0, 1, 2, 3, 4].map((n) => delayAfter(n, pair))).toEqual([0, 0, 0, 0, 0]);
    expect([5, 6, 7, 8].map((n) => delayAfter(n, pair))).toEqual([1000, 2000, 4000, 8000]);
    expect(delayAfter(14, pair)).toBe(512_000);
    expect(delayAfter(15, pair)).toBe(900_000);
    expect(delayAfter(10_000, pair)).toBe(900_000);
  });

  it('one address over every account: 100 free, then at most a minute', () => {
    expect(delayAfter(99, address)).toBe(0);
    expect(delayAfter(100, address)).toBe(1000);
    expect(delayAfter(106, address)).toBe(60_000);
    expect(delayAfter(1e9, address)).toBe(60_000);
  });

  it('the wait counts from the latest failure and never goes below zero', () => {
    expect(waitFor(7, null, 1_000, pair)).toBe(0);
    expect(waitFor(7, 10_000, 11_000, pair)).toBe(3_000);
    expect(waitFor(7, 10_000, 14_000, pair)).toBe(0);
    expect(waitFor(4, 10_000, 10_000, pair)).toBe(0);
  });

  it('a guess every allowed moment still yields few guesses a day at one account from one address', () => {
    let t = 0;
    let n = 0;
    // Failures older than the window stop counting; within a day they all count.
    while (t < pair.windowMs) {
      t += Math.max(1, delayAfter(n, pair));
      n++;
    }
    expect(n).toBeLessThan(120); // 5 free, 10 while the delay grows, then one per 15 minutes
  });
});
