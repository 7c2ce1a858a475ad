import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { DEFAULT_AUTH_RATE_LIMITS } from '../../src/modules/auth/rate-limiter';
import { getTestApp } from '../test-app';

const rateLimits = { ...DEFAULT_AUTH_RATE_LIMITS, forgotPerIp: { limit: 3, windowSeconds: 900 } };

/** Asks for a reset link for 4 different e-mails, each claiming another client address; answers the statuses. */
async function forgotFromForgedAddresses(app: Awaited<ReturnType<typeof getTestApp>>['app'], peer: string) {
  const statuses: number[] = [];
  for (let i = 0; i < 4; i++) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/forgot-password',
      payload: { email: `nobody-${i}-${peer}@agency.test` },
      remoteAddress: peer,
      headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
    });
    statuses.push(res.statusCode);
  }
  return statuses;
}

describe('forwarded client addresses (TRUST_PROXY)', () => {
  describe('by default (no proxy named)', () => {
    let ctx: Awaited<ReturnType<typeof getTestApp>>;
    beforeAll(async () => {
      ctx = await getTestApp({ rateLimits });
    });
    afterAll(() => ctx.close());

    it('ignores a forged X-Forwarded-For: the per-IP limit counts the real peer', async () => {
      expect(await forgotFromForgedAddresses(ctx.app, '198.51.100.7')).toEqual([200, 200, 200, 429]);
    });
  });

  describe('with TRUST_PROXY naming the proxy', () => {
    let ctx: Awaited<ReturnType<typeof getTestApp>>;
    beforeAll(async () => {
      ctx = await getTestApp({ rateLimits, env: { TRUST_PROXY: '10.9.0.0/16, 127.0.0.1' } });
    });
    afterAll(() => ctx.close());

    it('believes X-Forwarded-For from the named proxy: each client has its own budget', async () => {
      expect(await forgotFromForgedAddresses(ctx.app, '10.9.1.1')).toEqual([200, 200, 200, 200]);
    });

    it('still ignores X-Forwarded-For from a peer that is not a named proxy', async () => {
      expect(await forgotFromForgedAddresses(ctx.app, '198.51.100.8')).toEqual([200, 200, 200, 429]);
    });
  });

  it('refuses a TRUST_PROXY entry that is not an address or CIDR', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.internal' })).toThrow(/TRUST_PROXY/);
    expect(loadConfig({ TRUST_PROXY: '' }).trustProxy).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: '::1,192.168.0.0/24' }).trustProxy).toEqual(['::1', '192.168.0.0/24']);
  });
});
