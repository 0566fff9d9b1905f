/**
 * A bounded read-through cache with a time to live, on an injected clock. Ingest uses it so a
 * signal needs no query for its credential, organization or service (docs/adr/0004).
 *
 * With `stale`, an entry past its refresh time keeps serving for `stale.maxMs` while loading fails
 * with an error `stale.applies` to (the store is unreachable), so ingest can still spool
 * (docs/adr/0100-ingest-spool.md); without a usable entry, `stale.fallback` may still know the key
 * (docs/adr/0103), else `stale.fail()` is thrown.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; until: number }>();
  // One load per key at a time: when an entry expires under load, every request that finds it
  // expired waits for the same query instead of sending its own (about 50 at once in the bench).
  private readonly loading = new Map<string, Promise<V>>();
  // Bumped by clear(): a load begun before it does not put back what clear() dropped.
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly opts: {
      maxEntries?: number;
      stale?: {
        maxMs: number;
        applies: (err: unknown) => boolean;
        fail: () => Error;
        /** Last resort before `fail()`: the value a periodic snapshot holds for the key, if any (docs/adr/0103). */
        fallback?: (key: string) => { value: V } | undefined;
      };
    } = {},
  ) {}

  get(key: string, nowMs: number, load: () => Promise<V>): Promise<V> {
    const entry = this.entries.get(key);
    if (entry && entry.until > nowMs) return Promise.resolve(entry.value);
    let pending = this.loading.get(key);
    if (!pending) {
      const started = this.refresh(key, entry, nowMs, load);
      pending = started;
      this.loading.set(key, started);
      const done = () => {
        if (this.loading.get(key) === started) this.loading.delete(key);
      };
      started.then(done, done);
    }
    return pending;
  }

  private async refresh(key: string, entry: { value: V; until: number } | undefined, nowMs: number, load: () => Promise<V>): Promise<V> {
    const generation = this.generation;
    let value: V;
    try {
      value = await load();
    } catch (err) {
      const stale = this.opts.stale;
      if (!stale || !stale.applies(err)) throw err;
      if (entry && nowMs - entry.until < stale.maxMs) return entry.value;
      // Not cached: not stored either, so the first lookup once the store answers asks it again.
      const known = stale.fallback?.(key);
      if (known) return known.value;
      throw stale.fail();
    }
    if (generation !== this.generation) return value;
    if (!this.entries.has(key) && this.entries.size >= (this.opts.maxEntries ?? 10_000)) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { value, until: nowMs + this.ttlMs });
    return value;
  }

  clear(): void {
    this.entries.clear();
    this.loading.clear();
    this.generation++;
  }
}
