import { readdir } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { MESSAGES } from '@portal/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildActors } from '../../../test/factories';
import { getTestApp, type TestApp } from '../../../test/test-app';
import { uploads } from '../../db/schema';
import type { LocalStorage } from './storage/local';
import { PDF_BYTES, startStorage, uploadClient } from './test-helpers';

/**
 * The local driver's PUT over a real socket, for what inject cannot send: a body without Content-Length (chunked)
 * that runs past its declared size, and a client that goes away halfway. Neither may leave bytes behind.
 */
describe('the local pre-signed PUT over HTTP', () => {
  let app: TestApp;
  let close: () => Promise<void>;
  let stop: () => Promise<void>;
  let base: string;
  let token: string;
  let client: ReturnType<typeof uploadClient>;

  beforeAll(async () => {
    const storage = await startStorage('local', { MAX_UPLOAD_BYTES: String(4 * 1024 * 1024) });
    stop = storage.stop;
    ({ app, close } = await getTestApp({ env: storage.env }));
    token = (await buildActors(app.ctx.db)).admin.token;
    client = uploadClient(app);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => {
    await close();
    await stop();
  });

  const row = async (uuid: string) => (await app.ctx.db.select().from(uploads).where(eq(uploads.uuid, uuid)))[0];
  /** Files left in the uploads folder, partial ones included. */
  async function filesOnDisk(): Promise<string[]> {
    const storage = app.ctx.storage as LocalStorage;
    const root = path.dirname(storage.filePath('x'));
    const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
    return entries.filter((e) => e.isFile()).map((e) => e.name);
  }

  function send(url: string, parts: Buffer[], options: { abortAfter?: number } = {}) {
    return new Promise<{ status: number; body: string } | 'aborted'>((resolve, reject) => {
      const request = http.request(`${base}${url}`, { method: 'PUT' }, (response) => {
        let body = '';
        response.on('data', (chunk) => {
          body += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      });
      request.on('error', (error) => (options.abortAfter === undefined ? reject(error) : resolve('aborted')));
      parts.forEach((part, index) => {
        if (options.abortAfter !== undefined && index === options.abortAfter) {
          request.destroy();
          resolve('aborted');
          return;
        }
        request.write(part);
      });
      if (options.abortAfter === undefined) {
        request.end();
      }
    });
  }

  it('refuses a chunked body that runs past its declared size, and keeps none of it', async () => {
    const target = (await client.presign(token, { name: 'brief.pdf', size: PDF_BYTES.length })).json();
    const before = await filesOnDisk();
    const answer = await send(target.url, [PDF_BYTES, Buffer.alloc(64 * 1024, 1), Buffer.alloc(64 * 1024, 2)]);
    expect(answer).toMatchObject({ status: 422 });
    expect(JSON.parse((answer as { body: string }).body).message).toBe(MESSAGES.uploadSizeMismatch);
    expect((await row(target.uuid))?.stated).toBe(false);
    expect(await filesOnDisk()).toEqual(before);
  });

  it('keeps nothing of an upload whose client goes away halfway, and the link still works afterwards', async () => {
    const size = 512 * 1024;
    const target = (await client.presign(token, { name: 'cut.pdf', size })).json();
    const before = await filesOnDisk();
    const whole = Buffer.concat([PDF_BYTES, Buffer.alloc(size - PDF_BYTES.length, 3)]);
    const halves = [whole.subarray(0, size / 2), whole.subarray(size / 2)];
    expect(await send(target.url, halves, { abortAfter: 1 })).toBe('aborted');
    await expect.poll(filesOnDisk, { timeout: 5000 }).toEqual(before);
    expect((await row(target.uuid))?.stated).toBe(false);

    // Sent again whole, the same pending upload is received and verified.
    const again = await send(target.url, halves);
    expect(again).toMatchObject({ status: 200 });
    expect((await row(target.uuid))?.stated).toBe(true);
  });
});
