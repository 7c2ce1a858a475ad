import { MESSAGES } from '@portal/domain';
import { AppError } from '../../http/errors';

export type RateRule = { limit: number; windowSeconds: number };

/**
 * Fixed-window counters kept in memory. One process serves the app; a multi-instance deployment would move these
 * counters to a shared store (docs/ARCHITECTURE.md).
 */
export class RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private lastSweep = Date.now();

  constructor(private readonly now: () => number = Date.now) {}

  /** Counts one hit for every key; throws 429 with Retry-After when any of them is over its rule. */
  hit(entries: { key: string; rule: RateRule }[]): void {
    this.sweep();
    let retryAfter = 0;
    for (const { key, rule } of entries) {
      const now = this.now();
      let window = this.windows.get(key);
      if (!window || window.resetAt <= now) {
        window = { count: 0, resetAt: now + rule.windowSeconds * 1000 };
        this.windows.set(key, window);
      }
      window.count++;
      if (window.count > rule.limit) {
        retryAfter = Math.max(retryAfter, Math.ceil((window.resetAt - now) / 1000));
      }
    }
    if (retryAfter > 0) {
      throw new AppError(429, MESSAGES.tooManyAttempts, {
        code: 'too_many_requests',
        headers: { 'retry-after': String(retryAfter) },
      });
    }
  }

  /** Takes back one hit per key (a sign-in that succeeded should not use up the budget meant for guesses). */
  refund(keys: string[]): void {
    for (const key of keys) {
      const window = this.windows.get(key);
      if (window && window.count > 0) {
        window.count--;
      }
    }
  }

  private sweep(): void {
    const now = this.now();
    if (now - this.lastSweep < 60_000) {
      return;
    }
    this.lastSweep = now;
    for (const [key, window] of this.windows) {
      if (window.resetAt <= now) {
        this.windows.delete(key);
      }
    }
  }
}

export type AuthRateLimits = {
  loginPerIp: RateRule;
  loginPerAccount: RateRule;
  forgotPerIp: RateRule;
  forgotPerAccount: RateRule;
};

export const DEFAULT_AUTH_RATE_LIMITS: AuthRateLimits = {
  loginPerIp: { limit: 30, windowSeconds: 300 },
  loginPerAccount: { limit: 10, windowSeconds: 900 },
  forgotPerIp: { limit: 10, windowSeconds: 900 },
  forgotPerAccount: { limit: 3, windowSeconds: 900 },
};
