/**
 * Per-key token buckets: `perMinute` tokens refill evenly over a minute and a bucket holds up to
 * `perMinute` (so a quiet sender may burst a minute's worth). In-process: each process of a
 * cluster limits on its own (docs/adr/0007-rate-limits.md).
 */
export class TokenBuckets {
  private buckets = new Map<string, { tokens: number; at: number }>();
  constructor(private readonly maxKeys = 100_000) {}

  /**
   * Takes `n` tokens; returns 0 when allowed, else the seconds until they would be. A batch larger
   * than a bucket can hold (a vendor batch from a big outage) is allowed once the bucket is full and
   * leaves it in debt, so the rate over time still holds: refused, it could never pass, and its
   * sender does not retry a 4xx (docs/adr/0007-rate-limits.md).
   */
  take(key: string, perMinute: number, nowMs: number, n = 1): number {
    const ratePerMs = perMinute / 60_000;
    let b = this.buckets.get(key);
    if (!b) {
      if (this.buckets.size >= this.maxKeys) this.buckets.delete(this.buckets.keys().next().value!);
      b = { tokens: perMinute, at: nowMs };
      this.buckets.set(key, b);
    } else {
      b.tokens = Math.min(perMinute, b.tokens + (nowMs - b.at) * ratePerMs);
      b.at = nowMs;
    }
    const needed = Math.min(n, perMinute);
    // The margin absorbs the rounding of the refill, so a sender that waits Retry-After passes.
    if (b.tokens + 1e-9 >= needed) {
      b.tokens -= n;
      return 0;
    }
    return Math.max(1, Math.ceil((needed - b.tokens) / ratePerMs / 1000));
  }
}
