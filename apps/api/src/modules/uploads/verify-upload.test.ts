import { randomBytes, randomUUID } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FileStorage, originalKey, thumbnailKey } from './storage';
import { type Driver, startStorage, storageOf } from './test-helpers';
import { verifyStoredUpload } from './verify-upload';

const MiB = 1024 * 1024;
const MAX = 256 * MiB;

/** Records the reads and temporary files of a real driver, passing every call through. */
function recorded(storage: FileStorage) {
  const reads: ({ start: number; end: number } | undefined)[] = [];
  const localFiles: string[] = [];
  const read = storage.read.bind(storage);
  const withLocalFile = storage.withLocalFile.bind(storage);
  storage.read = (key, range) => {
    reads.push(range);
    return read(key, range);
  };
  storage.withLocalFile = (key, use) =>
    withLocalFile(key, (file) => {
      localFiles.push(file);
      return use(file);
    });
  return { reads, localFiles };
}

describe.each<Driver>(['local', 's3'])('image verification through the %s driver', (driver) => {
  let storage: FileStorage;
  let stop: () => Promise<void>;
  let work: string;

  beforeAll(async () => {
    const started = await startStorage(driver);
    stop = started.stop;
    storage = await storageOf(started.env, MAX);
    work = await mkdtemp(path.join(tmpdir(), 'portal-verify-test-'));
  });
  afterAll(async () => {
    await stop();
    await rm(work, { recursive: true, force: true });
  });

  /** Stores a file streamed from disk, so the test itself holds none of its bytes in memory while verifying. */
  async function store(file: string, extension: string) {
    const uuid = randomUUID();
    const key = originalKey(uuid);
    const { size } = await stat(file);
    await storage.write(key, createReadStream(file), { contentType: 'application/octet-stream', size });
    return { uuid, key, size, extension };
  }

  /** A PNG of random pixels (it does not compress), so its file is about width × height × 3 bytes. */
  async function noisePng(name: string, width: number, height: number) {
    const file = path.join(work, name);
    await sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
      .png({ compressionLevel: 1 })
      .toFile(file);
    return file;
  }

  it('makes the thumbnail and reads the dimensions of a 24 MB image without holding it in memory', async () => {
    const upload = await store(await noisePng('big.png', 2900, 2900), 'png');
    expect(upload.size).toBeGreaterThan(24 * MiB);
    const seen = recorded(storage);
    const before = process.memoryUsage().arrayBuffers;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().arrayBuffers);
    }, 2);
    try {
      const verified = await verifyStoredUpload(storage, upload, MAX);
      expect(verified).toEqual({ width: 2900, height: 2900, thumbnailKey: thumbnailKey(upload.uuid) });
    } finally {
      clearInterval(sampler);
    }
    // Buffering the image (as sharp does with a streamed input) holds all 24 MB at once, twice while joining them
    // (measured: +54 MB). Streamed, the growth is the chunks in flight on both sides, for s3rver serves the object
    // from this same process (measured: +11 to +12.5 MB).
    expect(peak - before).toBeLessThan(20 * MiB);
    const thumbnail = await sharp(await readAll(await storage.read(thumbnailKey(upload.uuid)))).metadata();
    expect([thumbnail.width, thumbnail.height, thumbnail.format]).toEqual([320, 320, 'webp']);
    // The S3 driver decodes from a temporary copy, gone once the thumbnail is made; the local one from its own file.
    expect(seen.localFiles).toHaveLength(1);
    expect(existsSync(seen.localFiles[0] ?? '')).toBe(driver === 'local');
  });

  it('reads only the first bytes of an image too large for a thumbnail to know its dimensions', async () => {
    const upload = await store(await noisePng('wide.png', 1200, 800), 'png');
    const seen = recorded(storage);
    const verified = await verifyStoredUpload(storage, upload, MAX, { thumbnailSourceLimit: 1024 });
    expect(verified).toEqual({ width: 1200, height: 800, thumbnailKey: null });
    expect(seen.localFiles).toEqual([]);
    expect(seen.reads.every((range) => range !== undefined && range.end < 256 * 1024)).toBe(true);
  });

  it('refuses an image that does not decode and deletes its bytes', async () => {
    // A real PNG's signature and header, then noise: it passes the magic bytes, not the decoder.
    const real = await sharp(await noisePng('source.png', 300, 200)).toBuffer();
    const file = path.join(work, 'broken.png');
    await writeFile(file, Buffer.concat([real.subarray(0, 100), randomBytes(5000)]));
    const upload = await store(file, 'png');
    await expect(verifyStoredUpload(storage, upload, MAX)).rejects.toMatchObject({ statusCode: 422 });
    expect(await storage.stat(upload.key)).toBeNull();
  });
});

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) {
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}
