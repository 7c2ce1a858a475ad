import { MESSAGES } from '@portal/domain';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { AppError } from '../../http/errors';
import type { CounterStore, WindowCount } from './counter-store';
import { MemoryCounters } from './memory-counters';

export type RateRule = { limit: number; windowSeconds: number };

const SWEEP_EVERY_MS = 60_000;

/**
 * Counters in rate_limit_counters, so the limits hold across every instance that shares the database. Each hit is
 * one statement: an upsert that restarts a passed window and answers the new counts.
 */
class PostgresCounters implements CounterStore {
  private lastSweep = 0;

  constructor(private readonly db: Database) {}

  async hit(keys: string[], windows: number[]): Promise<WindowCount[]> {
    await this.sweep();
    const result = await this.db.execute<{ key: string; count: number; retry_after: number }>(sql`
      insert into rate_limit_counters as c (key, count, reset_at)
      select k, 1, now() + make_interval(secs => w)
      from unnest(${sql.param(keys)}::text[], ${sql.param(windows)}::int[]) as t(k, w)
      on conflict (key) do update set
        count = case when c.reset_at <= now() then 1 else c.count + 1 end,
        reset_at = case when c.reset_at <= now() then excluded.reset_at else c.reset_at end
      returning key, count, ceil(extract(epoch from reset_at - now()))::int as retry_after`);
    return result.rows.map((row) => ({ key: row.key, count: row.count, retryAfter: row.retry_after }));
  }

  async refund(keys: string[]): Promise<void> {
    await this.db.execute(
      sql`update rate_limit_counters set count = greatest(count - 1, 0) where key = any(${sql.param(keys)}::text[])`,
    );
  }

  async clear(keys: string[]): Promise<void> {
    await this.db.execute(sql`delete from rate_limit_counters where key = any(${sql.param(keys)}::text[])`);
  }

  async mark(key: string, windowSeconds: number): Promise<void> {
    await this.db.execute(sql`
      insert into rate_limit_counters (key, count, reset_at) values (${key}, 1, now() + make_interval(secs => ${windowSeconds}))
      on conflict (key) do update set count = 1, reset_at = excluded.reset_at`);
  }

  async isMarked(key: string): Promise<boolean> {
    const result = await this.db.execute(
      sql`select 1 from rate_limit_counters where key = ${key} and reset_at > now() and count > 0`,
    );
    return result.rows.length > 0;
  }

  private async sweep(): Promise<void> {
    const now = Date.now();
    if (now - this.lastSweep < SWEEP_EVERY_MS) {
      return;
    }
    this.lastSweep = now;
    await this.db.execute(sql`delete from rate_limit_counters where reset_at < now() - interval '1 hour'`);
  }
}

/**
 * The one rate limiter: fixed windows per key. Given the database, the counts are shared by every instance (the
 * default, for limits guarding a secret); `RateLimiter.inMemory()` counts in this instance only (memory-counters.ts:
 * with N instances an address gets up to N times the limit), for hot public reads where a write per call would cost
 * more than the read it guards.
 */
export class RateLimiter {
  private readonly store: CounterStore;

  constructor(db: Database | CounterStore) {
    this.store = 'hit' in db ? db : new PostgresCounters(db);
  }

  static inMemory(clock?: () => number): RateLimiter {
    return new RateLimiter(new MemoryCounters(clock));
  }

  /**
   * Counts one hit for every key and answers each key's count in its window; throws 429 with Retry-After when
   * any of them is over its rule, except entries marked `refuse: false`, whose caller acts on the count itself.
   */
  async hit(entries: { key: string; rule: RateRule; refuse?: false }[]): Promise<Map<string, number>> {
    const rows = await this.store.hit(
      entries.map((e) => e.key),
      entries.map((e) => e.rule.windowSeconds),
    );
    const counts = new Map<string, number>();
    let retryAfter = 0;
    for (const row of rows) {
      counts.set(row.key, row.count);
      const entry = entries.find((e) => e.key === row.key);
      if (entry && entry.refuse !== false && row.count > entry.rule.limit) {
        retryAfter = Math.max(retryAfter, row.retryAfter, 1);
      }
    }
    if (retryAfter > 0) {
      throw new AppError(429, MESSAGES.tooManyAttempts, {
        code: 'too_many_requests',
        headers: { 'retry-after': String(retryAfter) },
      });
    }
    return counts;
  }

  /** Takes back one hit per key (a sign-in that succeeded should not use up the budget meant for guesses). */
  refund(keys: string[]): Promise<void> {
    return this.store.refund(keys);
  }

  /** Forgets keys (a pair's failures after that pair signed in). */
  clear(keys: string[]): Promise<void> {
    return this.store.clear(keys);
  }

  /** Remembers a fact for a while (a device that signed in to an account), as a counter of 1. */
  mark(key: string, windowSeconds: number): Promise<void> {
    return this.store.mark(key, windowSeconds);
  }

  isMarked(key: string): Promise<boolean> {
    return this.store.isMarked(key);
  }
}

export type AuthRateLimits = {
  /** Guesses from one address (an IPv6 address counts as its /64: client-address.ts), whatever the accounts. */
  loginPerIp: RateRule;
  /** Guesses at one account from one address: the brute-force limit. */
  loginPerAccountIp: RateRule;
  /**
   * Guesses at one account from everywhere: a ceiling far above what one address may try, so many addresses are
   * needed to reach it. Past it, a sign-in from a device that has not signed in to the account before is not
   * refused but needs a proof: the right password answers with a one-time sign-in link e-mailed to the owner
   * (sign-in-link.ts), so reaching the ceiling does not lock the owner out.
   */
  loginPerAccount: RateRule;
  /** How long a device that signed in stays known to the account (seconds). */
  knownDeviceSeconds: number;
  /** The pause before answering a pair's n-th guess in its window (1-based): grows with repeated failures. */
  loginDelayMs: (attempt: number) => number;
  forgotPerIp: RateRule;
  forgotPerAccount: RateRule;
  /** Self-registrations from one address, and attempts at one e-mail. */
  registerPerIp: RateRule;
  registerPerAccount: RateRule;
  /** Calls of one personal API token (modules/api-tokens), whatever the address. */
  apiTokenCalls: RateRule;
};

/** No pause for the first three guesses, then 0.5 s, 1 s, 2 s … up to 4 s. */
export const growingDelay = (attempt: number) => (attempt <= 3 ? 0 : Math.min(500 * 2 ** (attempt - 4), 4_000));

export const DEFAULT_AUTH_RATE_LIMITS: AuthRateLimits = {
  loginPerIp: { limit: 30, windowSeconds: 300 },
  loginPerAccountIp: { limit: 10, windowSeconds: 900 },
  loginPerAccount: { limit: 100, windowSeconds: 900 },
  knownDeviceSeconds: 30 * 24 * 60 * 60,
  loginDelayMs: growingDelay,
  forgotPerIp: { limit: 10, windowSeconds: 900 },
  forgotPerAccount: { limit: 3, windowSeconds: 900 },
  registerPerIp: { limit: 10, windowSeconds: 3600 },
  registerPerAccount: { limit: 3, windowSeconds: 3600 },
  apiTokenCalls: { limit: 600, windowSeconds: 60 },
};
