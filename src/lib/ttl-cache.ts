/**
 * A bounded read-through cache with a time to live, on an injected clock. Ingest uses it so a
 * signal needs no query for its credential, organization or service (docs/adr/0004).
 *
 * With `stale`, an entry past its refresh time keeps serving for `stale.maxMs` while loading fails
 * with an error `stale.applies` to (the store is unreachable), so ingest can still spool
 * (docs/adr/0100-ingest-spool.md); without a usable entry, `stale.fail()` is thrown instead.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; until: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly opts: {
      maxEntries?: number;
      stale?: { maxMs: number; applies: (err: unknown) => boolean; fail: () => Error };
    } = {},
  ) {}

  async get(key: string, nowMs: number, load: () => Promise<V>): Promise<V> {
    const entry = this.entries.get(key);
    if (entry && entry.until > nowMs) return entry.value;
    let value: V;
    try {
      value = await load();
    } catch (err) {
      const stale = this.opts.stale;
      if (!stale || !stale.applies(err)) throw err;
      if (entry && nowMs - entry.until < stale.maxMs) return entry.value;
      throw stale.fail();
    }
    if (!entry && this.entries.size >= (this.opts.maxEntries ?? 10_000)) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { value, until: nowMs + this.ttlMs });
    return value;
  }

  clear(): void {
    this.entries.clear();
  }
}
