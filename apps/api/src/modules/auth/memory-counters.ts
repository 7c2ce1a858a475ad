import type { CounterStore, WindowCount } from './counter-store';

/** Above this many remembered keys, passed windows are dropped before a new one is added. */
const SWEEP_ABOVE = 50_000;

/**
 * Fixed-window counters in this instance's memory: no statement per call, for limits that only shed load on a hot
 * public read (the blog's public API) where a committed counter write would cost more than the read. Each instance
 * counts alone, so with N instances behind a balancer an address may make up to N times the limit; limits that guard
 * a secret (sign-in, share links) use the shared PostgreSQL counters instead.
 */
export class MemoryCounters implements CounterStore {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(private readonly clock: () => number = Date.now) {}

  async hit(keys: string[], windowSeconds: number[]): Promise<WindowCount[]> {
    const now = this.clock();
    return keys.map((key, i) => {
      let window = this.windows.get(key);
      if (!window || window.resetAt <= now) {
        this.sweep(now);
        window = { count: 0, resetAt: now + (windowSeconds[i] ?? 60) * 1000 };
        this.windows.set(key, window);
      }
      window.count += 1;
      return { key, count: window.count, retryAfter: Math.ceil((window.resetAt - now) / 1000) };
    });
  }

  async refund(keys: string[]): Promise<void> {
    for (const key of keys) {
      const window = this.windows.get(key);
      if (window) {
        window.count = Math.max(window.count - 1, 0);
      }
    }
  }

  async clear(keys: string[]): Promise<void> {
    for (const key of keys) {
      this.windows.delete(key);
    }
  }

  async mark(key: string, windowSeconds: number): Promise<void> {
    this.windows.set(key, { count: 1, resetAt: this.clock() + windowSeconds * 1000 });
  }

  async isMarked(key: string): Promise<boolean> {
    const window = this.windows.get(key);
    return Boolean(window && window.resetAt > this.clock() && window.count > 0);
  }

  private sweep(now: number) {
    if (this.windows.size < SWEEP_ABOVE) {
      return;
    }
    for (const [key, window] of this.windows) {
      if (window.resetAt <= now) {
        this.windows.delete(key);
      }
    }
  }
}
