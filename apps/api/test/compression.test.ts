import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTestApp } from './test-app';

const fixtureAssets = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/web-dist/assets');

describe('response compression', () => {
  let t: Awaited<ReturnType<typeof getTestApp>>;
  beforeAll(async () => {
    t = await getTestApp();
  });
  afterAll(() => t.close());

  it('compresses JSON over 1 KB with brotli or gzip, whichever the client accepts', async () => {
    const plain = await t.app.inject({ url: '/api/docs/json', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await t.app.inject({ url: '/api/docs/json', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);

    const gz = await t.app.inject({ url: '/api/docs/json', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
  });

  it('sends small answers as they are', async () => {
    const res = await t.app.inject({ url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  it('does not inflate compressed request bodies', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: '{"email":"a@b.test","password":"x"}',
    });
    // Read as the JSON it is (a wrong password), not refused as a broken gzip stream.
    expect(res.statusCode).toBe(422);
  });
});

describe('the web app files', () => {
  let t: Awaited<ReturnType<typeof getTestApp>>;
  beforeAll(async () => {
    t = await getTestApp();
  });
  afterAll(() => t.close());

  it('serves a hashed asset precompressed, cached for a year as immutable', async () => {
    const url = '/assets/app-abc123.js';
    const br = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.rawPayload.equals(readFileSync(path.join(fixtureAssets, 'app-abc123.js.br')))).toBe(true);

    const gz = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(readFileSync(path.join(fixtureAssets, 'app-abc123.js'), 'utf8'));

    const plain = await t.app.inject({ url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(readFileSync(path.join(fixtureAssets, 'app-abc123.js'), 'utf8'));
  });

  it('revalidates index.html on every visit, so a new deploy is picked up', async () => {
    for (const url of ['/', '/tasks']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-type']).toContain('text/html');
    }
  });
});
