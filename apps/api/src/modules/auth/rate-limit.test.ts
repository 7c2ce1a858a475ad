import { MESSAGES } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, TEST_PASSWORD } from '../../../test/factories';
import { getTestApp, type TestApp } from '../../../test/test-app';
import { DEFAULT_AUTH_RATE_LIMITS } from './rate-limiter';

let app: TestApp;
let close: () => Promise<void>;
let db: Awaited<ReturnType<typeof getTestApp>>['db'];

beforeAll(async () => {
  ({ app, close, db } = await getTestApp({ rateLimits: DEFAULT_AUTH_RATE_LIMITS }));
});
afterAll(() => close());

describe('rate limits on sign-in and password reset', () => {
  it('limits login attempts per account across IP addresses, with Retry-After', async () => {
    const user = await buildUser(db);
    const { limit } = DEFAULT_AUTH_RATE_LIMITS.loginPerAccount;
    for (let i = 0; i < limit; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: user.email, password: 'wrong-password' },
        remoteAddress: `10.1.0.${i + 1}`,
      });
      expect(res.statusCode).toBe(422);
    }
    const blocked = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: user.email, password: 'wrong-password' },
      remoteAddress: '10.1.1.1',
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(MESSAGES.tooManyAttempts);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('does not count successful sign-ins: many devices and one office IP are not locked out', async () => {
    const user = await buildUser(db);
    const { limit } = DEFAULT_AUTH_RATE_LIMITS.loginPerIp;
    for (let i = 0; i <= limit + 2; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: user.email, password: TEST_PASSWORD, cookie_login: false },
        remoteAddress: '10.3.0.1',
      });
      expect(res.statusCode, `sign-in ${i + 1}`).toBe(200);
    }
    // Guesses still count after them.
    const { limit: perAccount } = DEFAULT_AUTH_RATE_LIMITS.loginPerAccount;
    const statuses: number[] = [];
    for (let i = 0; i <= perAccount; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: user.email, password: 'wrong-password' },
        remoteAddress: `10.3.1.${i + 1}`,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
  });

  it('limits login attempts per IP address across accounts', async () => {
    const { limit } = DEFAULT_AUTH_RATE_LIMITS.loginPerIp;
    const statuses: number[] = [];
    for (let i = 0; i <= limit; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: `someone-${i}@agency.test`, password: 'wrong-password' },
        remoteAddress: '10.2.0.1',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, limit).every((s) => s === 422)).toBe(true);
    expect(statuses[limit]).toBe(429);
  });

  it('limits forgot-password per account and per IP, answering an unknown e-mail the same way', async () => {
    const { limit } = DEFAULT_AUTH_RATE_LIMITS.forgotPerAccount;
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

    const perIp = DEFAULT_AUTH_RATE_LIMITS.forgotPerIp.limit;
    let last = 0;
    for (let i = 0; i <= perIp; i++) {
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
