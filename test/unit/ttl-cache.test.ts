import { describe, expect, it } from 'vitest';
import { TtlCache } from '../../src/lib/ttl-cache.ts';

/** A load the test completes by hand, counting calls. */
function handLoad<V>() {
  const calls: { resolve: (v: V) => void; reject: (e: unknown) => void }[] = [];
  const load = () => new Promise<V>((resolve, reject) => void calls.push({ resolve, reject }));
  return { load, calls };
}

describe('TtlCache', () => {
  it('serves a fresh entry without loading, and loads again once it expires', async () => {
    const cache = new TtlCache<string>(1_000);
    let loads = 0;
    const load = async () => `v${++loads}`;
    expect(await cache.get('k', 0, load)).toBe('v1');
    expect(await cache.get('k', 999, load)).toBe('v1');
    expect(await cache.get('k', 1_000, load)).toBe('v2');
  });

  it('requests that find a key missing or expired at once share one load', async () => {
    const cache = new TtlCache<string>(1_000);
    const { load, calls } = handLoad<string>();
    const waiting = Array.from({ length: 50 }, () => cache.get('k', 0, load));
    expect(calls).toHaveLength(1);
    calls[0]!.resolve('v');
    expect(await Promise.all(waiting)).toEqual(Array(50).fill('v'));
    // Expired: again one load for all.
    const again = [cache.get('k', 2_000, load), cache.get('k', 2_000, load)];
    expect(calls).toHaveLength(2);
    calls[1]!.resolve('w');
    expect(await Promise.all(again)).toEqual(['w', 'w']);
  });

  it('a failed load fails every request that waited on it, and the next request loads again', async () => {
    const cache = new TtlCache<string>(1_000);
    const { load, calls } = handLoad<string>();
    const a = cache.get('k', 0, load);
    const b = cache.get('k', 0, load);
    calls[0]!.reject(new Error('down'));
    await expect(a).rejects.toThrow('down');
    await expect(b).rejects.toThrow('down');
    const c = cache.get('k', 0, load);
    expect(calls).toHaveLength(2);
    calls[1]!.resolve('v');
    expect(await c).toBe('v');
  });

  it('serves the expired value while the store is unavailable, to every waiter', async () => {
    const unavailable = new Error('store down');
    const cache = new TtlCache<string>(1_000, { stale: { maxMs: 10_000, applies: (e) => e === unavailable, fail: () => new Error('no stale value') } });
    expect(await cache.get('k', 0, async () => 'old')).toBe('old');
    const { load, calls } = handLoad<string>();
    const waiting = [cache.get('k', 5_000, load), cache.get('k', 5_000, load)];
    calls[0]!.reject(unavailable);
    expect(await Promise.all(waiting)).toEqual(['old', 'old']);
  });

  it('clear() drops entries, and a load begun before it does not put its value back', async () => {
    const cache = new TtlCache<string>(1_000);
    const { load, calls } = handLoad<string>();
    const before = cache.get('k', 0, load);
    cache.clear();
    const after = cache.get('k', 0, load);
    expect(calls).toHaveLength(2); // not joined to the load begun before clear()
    calls[0]!.resolve('before');
    calls[1]!.resolve('after');
    expect(await before).toBe('before');
    expect(await after).toBe('after');
    expect(await cache.get('k', 1, load)).toBe('after');
  });
});
