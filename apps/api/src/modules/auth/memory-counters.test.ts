import { describe, expect, it } from 'vitest';
import { RateLimiter } from './rate-limiter';

const rule = { limit: 2, windowSeconds: 60 };

describe('the rate limiter in memory mode', () => {
  it('counts per key in a fixed window and refuses past the limit with 429 and the seconds left', async () => {
    let now = 1_000_000;
    const limiter = RateLimiter.inMemory(() => now);
    expect((await limiter.hit([{ key: 'a', rule }])).get('a')).toBe(1);
    now += 20_000;
    expect((await limiter.hit([{ key: 'a', rule }])).get('a')).toBe(2);
    await expect(limiter.hit([{ key: 'a', rule }])).rejects.toMatchObject({
      statusCode: 429,
      options: { headers: { 'retry-after': '40' } },
    });
    expect((await limiter.hit([{ key: 'b', rule }])).get('b')).toBe(1);
    now += 40_000;
    expect((await limiter.hit([{ key: 'a', rule }])).get('a')).toBe(1);
  });

  it('answers the count without refusing for entries marked refuse: false', async () => {
    const limiter = RateLimiter.inMemory();
    for (let i = 0; i < 3; i += 1) {
      await limiter.hit([{ key: 'soft', rule, refuse: false }]);
    }
    expect((await limiter.hit([{ key: 'soft', rule, refuse: false }])).get('soft')).toBe(4);
  });

  it('refunds, clears and remembers marks until their window ends', async () => {
    let now = 5_000_000;
    const limiter = RateLimiter.inMemory(() => now);
    await limiter.hit([{ key: 'k', rule }]);
    await limiter.hit([{ key: 'k', rule }]);
    await limiter.refund(['k']);
    expect((await limiter.hit([{ key: 'k', rule }])).get('k')).toBe(2);
    await limiter.clear(['k']);
    expect((await limiter.hit([{ key: 'k', rule }])).get('k')).toBe(1);
    await limiter.mark('device', 10);
    expect(await limiter.isMarked('device')).toBe(true);
    now += 10_000;
    expect(await limiter.isMarked('device')).toBe(false);
  });

  it("keeps each limiter's counts to itself (one instance's counts are not another's)", async () => {
    const a = RateLimiter.inMemory();
    const b = RateLimiter.inMemory();
    await a.hit([{ key: 'x', rule }]);
    await a.hit([{ key: 'x', rule }]);
    expect((await b.hit([{ key: 'x', rule }])).get('x')).toBe(1);
  });
});
