import { Readable } from 'node:stream';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESS_SYNC_MAX_BYTES, registerCompression } from './compression';

/** JSON-like text of about `bytes` bytes that compresses as a list does. */
function listText(bytes: number): string {
  const row = (i: number) => `{"uuid":"${i.toString(16).padStart(32, '0')}","title":"Task ${i}","status":"todo"},`;
  let text = '[';
  for (let i = 0; text.length < bytes; i++) {
    text += row(i);
  }
  return `${text.slice(0, -1)}]`;
}

describe('compression paths', () => {
  const app = Fastify();
  const list = listText(200 * 1024);
  const hugeText = listText(COMPRESS_SYNC_MAX_BYTES + 64 * 1024);
  beforeAll(async () => {
    await registerCompression(app);
    app.get('/list', (_request, reply) => reply.type('application/json').send(list));
    app.get('/huge', (_request, reply) => reply.type('application/json').send(hugeText));
    app.get('/stream', (_request, reply) => reply.type('text/csv').send(Readable.from([list, list])));
    await app.ready();
  });
  afterAll(() => app.close());

  it('compresses a list-sized answer in one call, so its compressed length is known', async () => {
    const br = await app.inject({ url: '/list', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    // Only the one-shot path can state the compressed length; the stream path sends chunked.
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(list);

    const gz = await app.inject({ url: '/list', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(Number(gz.headers['content-length'])).toBe(gz.rawPayload.length);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(list);
  });

  it('streams answers above the one-call ceiling, and streamed bodies, still compressed', async () => {
    const huge = await app.inject({ url: '/huge', headers: { 'accept-encoding': 'br' } });
    expect(huge.headers['content-encoding']).toBe('br');
    expect(huge.headers['content-length']).toBeUndefined();
    expect(brotliDecompressSync(huge.rawPayload).toString()).toBe(hugeText);

    const stream = await app.inject({ url: '/stream', headers: { 'accept-encoding': 'gzip' } });
    expect(stream.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(stream.rawPayload).toString()).toBe(list + list);
  });
});
