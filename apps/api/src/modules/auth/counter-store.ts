/** A key's count in its current window and the seconds until that window ends. */
export type WindowCount = { key: string; count: number; retryAfter: number };

/**
 * Where the RateLimiter's fixed-window counts live (rate-limiter.ts): PostgreSQL, shared by every instance, or this
 * instance's memory (memory-counters.ts).
 */
export interface CounterStore {
  hit(keys: string[], windowSeconds: number[]): Promise<WindowCount[]>;
  refund(keys: string[]): Promise<void>;
  clear(keys: string[]): Promise<void>;
  mark(key: string, windowSeconds: number): Promise<void>;
  isMarked(key: string): Promise<boolean>;
}
