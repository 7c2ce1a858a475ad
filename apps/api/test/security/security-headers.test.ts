import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../../src/http/security-headers';
import { getTestApp } from '../test-app';

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp.split(';').map((part) => {
      const [name = '', ...values] = part.trim().split(/\s+/);
      return [name, values];
    }),
  );
}

describe('security headers over http', () => {
  let t: Awaited<ReturnType<typeof getTestApp>>;
  beforeAll(async () => {
    t = await getTestApp();
  });
  afterAll(() => t.close());

  it('sends a strict policy with the web app: no inline or eval script, no framing', async () => {
    const res = await t.app.inject({ url: '/tasks' });
    expect(res.statusCode).toBe(200);
    const csp = directives(String(res.headers['content-security-policy']));
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('script-src-attr')).toEqual(["'none'"]);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    expect(csp.get('connect-src')).toEqual(["'self'", 'ws://portal.test']);
    expect(csp.get('img-src')).toEqual(expect.arrayContaining(["'self'", 'data:', 'blob:']));
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('same-origin');
    // Every feature named is one Chromium knows (checked in headless Chromium 156: no console message); an unknown
    // one such as bluetooth logs an error on every page.
    expect(res.headers['permissions-policy']).toBe(
      'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), hid=(), midi=(), display-capture=()',
    );
  });

  it('sends the same headers on API answers, errors and unknown paths', async () => {
    for (const url of ['/api/health', '/api/user', '/api/nope', '/api/docs/json']) {
      const res = await t.app.inject({ url });
      expect(res.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
    }
    const refused = await t.app.inject({ url: '/api/config', headers: { 'x-app-version': '0.0.1' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('sends no HSTS while the public URL is plain http', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
  });
});

describe('security headers behind https', () => {
  let t: Awaited<ReturnType<typeof getTestApp>>;
  beforeAll(async () => {
    t = await getTestApp({ env: { APP_URL: 'https://portal.example.com' } });
  });
  afterAll(() => t.close());

  it('adds HSTS and upgrades requests, and lets the sockets reach wss on our host', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const csp = directives(String(res.headers['content-security-policy']));
    expect(csp.get('connect-src')).toEqual(["'self'", 'wss://portal.example.com']);
    expect(csp.has('upgrade-insecure-requests')).toBe(true);
  });
});

describe('contentSecurityPolicy', () => {
  it('keeps the port of the public URL in the websocket origin', () => {
    expect(contentSecurityPolicy('http://127.0.0.1:3000')).toContain("connect-src 'self' ws://127.0.0.1:3000");
  });

  it('admits the S3 bucket the browser uploads to and previews from, and nothing else, when files live there', () => {
    const local = contentSecurityPolicy('http://127.0.0.1:3000');
    expect(local).toContain("media-src 'self' blob:;");
    expect(local).toContain("frame-src 'self';");
    const s3 = directives(contentSecurityPolicy('https://portal.example', 'https://files.s3.eu-west-1.amazonaws.com'));
    for (const name of ['connect-src', 'img-src', 'media-src', 'frame-src']) {
      expect(s3.get(name), name).toContain('https://files.s3.eu-west-1.amazonaws.com');
    }
    expect(s3.get('script-src')).toEqual(["'self'"]);
  });
});
