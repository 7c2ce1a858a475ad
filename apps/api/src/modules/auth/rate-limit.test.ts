import { MESSAGES } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, TEST_PASSWORD } from '../../../test/factories';
import { getTestApp, type TestApp } from '../../../test/test-app';
import { type AuthRateLimits, DEFAULT_AUTH_RATE_LIMITS, growingDelay, RateLimiter } from './rate-limiter';

/**
 * The defaults scaled down (each guess costs a deliberately slow password hash) and without the pauses (their
 * schedule is tested on its own): the same shape — the account-wide ceiling several times the per-pair limit.
 */
const limits: AuthRateLimits = {
  ...DEFAULT_AUTH_RATE_LIMITS,
  loginPerIp: { limit: 8, windowSeconds: 300 },
  loginPerAccountIp: { limit: 3, windowSeconds: 900 },
  loginPerAccount: { limit: 12, windowSeconds: 900 },
  loginDelayMs: () => 0,
};

let app: TestApp;
let close: () => Promise<void>;
let db: Awaited<ReturnType<typeof getTestApp>>['db'];

beforeAll(async () => {
  ({ app, close, db } = await getTestApp({ rateLimits: limits }));
});
afterAll(() => close());

const login = (email: string, password: string, ip: string) =>
  app.inject({ method: 'POST', url: '/api/login', payload: { email, password }, remoteAddress: ip });

describe('sign-in guesses are limited per (account, address), not per account', () => {
  it('defaults: 10 guesses per (account, address), an account-wide ceiling of 100, 30 per address', () => {
    expect(DEFAULT_AUTH_RATE_LIMITS.loginPerAccountIp.limit).toBe(10);
    expect(DEFAULT_AUTH_RATE_LIMITS.loginPerAccount.limit).toBe(100);
    expect(DEFAULT_AUTH_RATE_LIMITS.loginPerIp.limit).toBe(30);
  });

  it('blocks an address after its guesses at one account, with Retry-After', async () => {
    const user = await buildUser(db);
    const { limit } = limits.loginPerAccountIp;
    for (let i = 0; i < limit; i++) {
      expect((await login(user.email, 'wrong-password', '10.1.0.1')).statusCode).toBe(422);
    }
    const blocked = await login(user.email, TEST_PASSWORD, '10.1.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(MESSAGES.tooManyAttempts);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('does not lock the owner out: wrong passwords from elsewhere leave their own sign-in working', async () => {
    const user = await buildUser(db);
    for (let i = 0; i < limits.loginPerAccountIp.limit + 2; i++) {
      await login(user.email, 'wrong-password', '10.5.0.66');
    }
    expect((await login(user.email, TEST_PASSWORD, '10.5.0.1')).statusCode).toBe(200);
  });

  it('past the account-wide ceiling gives a new device no session, right password or not; known devices sign in', async () => {
    const user = await buildUser(db);
    expect((await login(user.email, TEST_PASSWORD, '10.6.0.1')).statusCode).toBe(200); // the owner's laptop
    const { limit } = limits.loginPerAccount;
    const statuses: number[] = [];
    for (let i = 0; i <= limit; i++) {
      // Each address stays far below its own limit.
      statuses.push((await login(user.email, 'wrong-password', `10.7.${Math.floor(i / 2)}.${i % 2}`)).statusCode);
    }
    expect(statuses.slice(0, limit).every((s) => s === 422)).toBe(true);
    // The proof step (sign-in-link.test.ts): the same answer for a guess and for the right password.
    expect(statuses[limit]).toBe(202);
    const fromNewDevice = await login(user.email, TEST_PASSWORD, '10.7.200.1');
    expect(fromNewDevice.statusCode).toBe(202);
    expect(fromNewDevice.json()).toEqual({ message: MESSAGES.signInLinkSent, sign_in_link_sent: true });
    // The owner's known device is not held to the ceiling.
    expect((await login(user.email, TEST_PASSWORD, '10.6.0.1')).statusCode).toBe(200);
  });

  it('does not count successful sign-ins: many devices and one office IP are not locked out', async () => {
    const user = await buildUser(db);
    for (let i = 0; i <= limits.loginPerIp.limit + 2; i++) {
      expect((await login(user.email, TEST_PASSWORD, '10.3.0.1')).statusCode, `sign-in ${i + 1}`).toBe(200);
    }
    // Guesses still count after them.
    const statuses: number[] = [];
    for (let i = 0; i <= limits.loginPerAccountIp.limit; i++) {
      statuses.push((await login(user.email, 'wrong-password', '10.3.1.1')).statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
  });

  it('limits login attempts per IP address across accounts', async () => {
    const { limit } = limits.loginPerIp;
    const statuses: number[] = [];
    for (let i = 0; i <= limit; i++) {
      statuses.push((await login(`someone-${i}@agency.test`, 'wrong-password', '10.2.0.1')).statusCode);
    }
    expect(statuses.slice(0, limit).every((s) => s === 422)).toBe(true);
    expect(statuses[limit]).toBe(429);
  });

  it('limits forgot-password per account and per IP, answering an unknown e-mail the same way', async () => {
    const { limit } = limits.forgotPerAccount;
    const statuses: number[] = [];
    for (let i = 0; i <= limit; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/forgot-password',
        payload: { email: 'ghost@agency.test' },
        remoteAddress: `10.3.0.${i + 1}`,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([...Array(limit).fill(200), 429]);

    let last = 0;
    for (let i = 0; i <= limits.forgotPerIp.limit; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/forgot-password',
        payload: { email: `x${i}@agency.test` },
        remoteAddress: '10.4.0.1',
      });
      last = res.statusCode;
    }
    expect(last).toBe(429);
  });
});

describe('addresses count by network: an IPv6 /64 is one address', () => {
  it('counts guesses from many addresses of one IPv6 /64 together, and other /64s apart', async () => {
    const user = await buildUser(db);
    const { limit } = limits.loginPerAccountIp;
    for (let i = 1; i <= limit; i++) {
      expect((await login(user.email, 'wrong-password', `2001:db8:aa:1::${i.toString(16)}`)).statusCode).toBe(422);
    }
    expect((await login(user.email, TEST_PASSWORD, '2001:db8:aa:1:ffff:1:2:3')).statusCode).toBe(429);
    expect((await login(user.email, TEST_PASSWORD, '2001:db8:aa:2::1')).statusCode).toBe(200);
  });

  it('counts an IPv4-mapped IPv6 address as its IPv4 address', async () => {
    const user = await buildUser(db);
    for (let i = 0; i < limits.loginPerAccountIp.limit; i++) {
      await login(user.email, 'wrong-password', i % 2 ? '10.9.0.1' : '::ffff:10.9.0.1');
    }
    expect((await login(user.email, TEST_PASSWORD, '10.9.0.1')).statusCode).toBe(429);
  });

  it('limits forgot-password and registration per /64 too', async () => {
    const forgot = (i: number) =>
      app.inject({
        method: 'POST',
        url: '/api/forgot-password',
        payload: { email: `v6-${i}@agency.test` },
        remoteAddress: `2001:db8:bb:1::${(i + 1).toString(16)}`,
      });
    const forgotStatuses: number[] = [];
    for (let i = 0; i <= limits.forgotPerIp.limit; i++) {
      forgotStatuses.push((await forgot(i)).statusCode);
    }
    expect(forgotStatuses.at(-1)).toBe(429);

    const register = (i: number) =>
      app.inject({
        method: 'POST',
        url: '/api/register',
        payload: {
          name: 'V6 Person',
          email: `v6-register-${i}@example.test`,
          password: 'a-long-enough-password',
          password_confirmation: 'a-long-enough-password',
        },
        remoteAddress: `2001:db8:cc:1:${(i + 1).toString(16)}::1`,
      });
    const registerStatuses: number[] = [];
    for (let i = 0; i <= limits.registerPerIp.limit; i++) {
      registerStatuses.push((await register(i)).statusCode);
    }
    expect(registerStatuses.at(-1)).toBe(429);
  });
});

describe('growing delays', () => {
  it('answers the first guesses at once, then waits longer and longer, up to 4 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9].map(growingDelay)).toEqual([0, 0, 0, 500, 1000, 2000, 4000, 4000, 4000]);
  });

  it('makes a repeated guesser wait before the answer', async () => {
    const slow = await getTestApp({ rateLimits: { ...limits, loginDelayMs: (n) => (n >= 3 ? 300 : 0) } });
    try {
      const user = await buildUser(slow.db);
      const guess = () =>
        slow.app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { email: user.email, password: 'wrong-password' },
          remoteAddress: '10.8.0.1',
        });
      await guess();
      await guess();
      const started = performance.now();
      expect((await guess()).statusCode).toBe(422);
      expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    } finally {
      await slow.close();
    }
  });
});

describe('counters shared by every instance', () => {
  it('counts hits from two limiters (two instances) on one database together', async () => {
    const a = new RateLimiter(db);
    const b = new RateLimiter(db);
    const rule = { limit: 3, windowSeconds: 60 };
    await a.hit([{ key: 'shared:test', rule }]);
    await b.hit([{ key: 'shared:test', rule }]);
    await a.hit([{ key: 'shared:test', rule }]);
    await expect(b.hit([{ key: 'shared:test', rule }])).rejects.toMatchObject({ statusCode: 429 });
  });
});
