import { describe, expect, it } from 'vitest';
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
