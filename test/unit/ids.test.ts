import { describe, expect, it } from 'vitest';
import { isoCached } from '../../src/lib/clock.ts';
import { newId, ulid } from '../../src/lib/ids.ts';

describe('ulid', () => {
  it('gives distinct, sortable ids across refills of the random pool', () => {
    const ids = Array.from({ length: 3000 }, () => ulid());
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
    for (const id of ids) expect(id).toMatch(/^[0-9a-hjkmnp-tv-z]{26}$/);
    expect(newId('req')).toMatch(/^req_[0-9a-hjkmnp-tv-z]{26}$/);
  });

  it('takes fresh random bits for each new millisecond', () => {
    const t = Date.now() + 60_000;
    const a = ulid(t);
    const b = ulid(t + 1);
    expect(a.slice(0, 10)).not.toBe(b.slice(0, 10));
    expect(a.slice(10)).not.toBe(b.slice(10));
  });
});

describe('isoCached', () => {
  it('formats like toISOString, for repeated, new and invalid instants', () => {
    for (const t of ['2026-03-01T10:00:00.000Z', '2026-03-01T10:00:00.000Z', '2026-03-01T10:00:00.001Z', '1999-12-31T23:59:59.999Z']) {
      expect(isoCached(new Date(t))).toBe(t);
    }
    expect(() => isoCached(new Date(Number.NaN))).toThrow(RangeError);
    expect(isoCached(new Date(0))).toBe('1970-01-01T00:00:00.000Z');
  });
});
