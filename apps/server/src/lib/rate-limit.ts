/**
 * Counts failures per key in a fixed window that starts with the first failure. Once `limit`
 * failures are counted the key is blocked until the window ends. In memory: one process
 * (see docs/decisions/006-sessions-and-login-limits.md for the multi-instance note).
 */
export class FailureLimiter {
  private readonly entries = new Map<string, { count: number; resetAt: number }>();
  private lastSweep = 0;

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    private readonly clock: () => number = Date.now,
    private readonly maxKeys = 100_000,
  ) {}

  /** Seconds until the key may try again; 0 when it is not blocked. */
  retryAfter(key: string): number {
    const e = this.entries.get(key);
    const now = this.clock();
    if (!e) return 0;
    if (e.resetAt <= now) {
      this.entries.delete(key);
      return 0;
    }
    return e.count >= this.limit ? Math.max(1, Math.ceil((e.resetAt - now) / 1000)) : 0;
  }

  fail(key: string): void {
    const now = this.clock();
    this.sweep(now);
    const e = this.entries.get(key);
    if (!e || e.resetAt <= now) this.entries.set(key, { count: 1, resetAt: now + this.windowMs });
    else e.count++;
  }

  /** Takes back one counted failure (an attempt counted up front that did not fail). */
  refund(key: string): void {
    const e = this.entries.get(key);
    if (!e) return;
    if (e.count <= 1) this.entries.delete(key);
    else e.count--;
  }

  reset(key: string): void {
    this.entries.delete(key);
  }

  private sweep(now: number): void {
    if (now - this.lastSweep < 60_000 && this.entries.size < this.maxKeys) return;
    this.lastSweep = now;
    for (const [k, e] of this.entries) if (e.resetAt <= now) this.entries.delete(k);
    // Still too many (a flood of distinct keys): drop the oldest windows first.
    if (this.entries.size >= this.maxKeys) {
      const excess = this.entries.size - Math.floor(this.maxKeys * 0.9);
      let i = 0;
      for (const k of this.entries.keys()) {
        if (i++ >= excess) break;
        this.entries.delete(k);
      }
    }
  }
}
