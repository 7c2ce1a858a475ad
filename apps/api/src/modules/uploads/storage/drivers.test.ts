import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Driver, startStorage, storageOf } from '../test-helpers';
import type { FileStorage } from './types';

const MiB = 1024 * 1024;

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) {
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** The storage contract, the same through both drivers (S3 against s3rver, never a mock of the SDK). */
describe.each<Driver>(['local', 's3'])('the %s storage driver', (driver) => {
  let storage: FileStorage;
  let stop: () => Promise<void>;

  beforeAll(async () => {
    const started = await startStorage(driver);
    stop = started.stop;
    storage = await storageOf(started.env, 64 * MiB);
  });
  afterAll(() => stop());

  it('stores a stream of unknown length byte for byte, as a zip being built is written', async () => {
    const parts = [randomBytes(700_000), randomBytes(3 * MiB), randomBytes(123)];
    const key = `zips/${randomUUID()}.zip`;
    await storage.write(key, Readable.from(parts), { contentType: 'application/zip' });
    const whole = Buffer.concat(parts);
    expect(await storage.stat(key)).toEqual({ size: whole.length });
    expect((await readAll(await storage.read(key))).equals(whole)).toBe(true);
    expect((await readAll(await storage.read(key, { start: 10, end: 4109 }))).equals(whole.subarray(10, 4110))).toBe(
      true,
    );
  });

  it('hands tools a file with the stored bytes, and removes a temporary copy afterwards', async () => {
    const bytes = randomBytes(2 * MiB);
    const key = `files/${randomUUID()}`;
    await storage.write(key, bytes, { contentType: 'application/octet-stream' });
    let seen = '';
    const read = await storage.withLocalFile(key, async (file) => {
      seen = file;
      return readFile(file);
    });
    expect(read.equals(bytes)).toBe(true);
    // The local driver lends its own file; the S3 one a copy that is gone once the tool is done.
    expect(existsSync(seen)).toBe(driver === 'local');
  });
});
