import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readlinkSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DurableFileWriter } from './durable-file';

const MiB = 1024 * 1024;

/** Files of this process still open under `folder` (a writer must close its file whatever happens). */
const openFilesUnder = (folder: string) =>
  readdirSync('/proc/self/fd').filter((fd) => {
    try {
      return readlinkSync(`/proc/self/fd/${fd}`).startsWith(folder);
    } catch {
      return false;
    }
  });

describe('DurableFileWriter', () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'portal-durable-file-'));
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  it('writes every byte in order across background flushes, and closes the file', async () => {
    // Chunks of uneven sizes, 40 MiB in all: more than two flush intervals.
    const chunks: Buffer[] = [];
    for (let total = 0; total < 40 * MiB; ) {
      const chunk = randomBytes(1 + Math.floor(Math.random() * 200_000));
      chunks.push(chunk);
      total += chunk.length;
    }
    const file = path.join(folder, 'whole.bin');
    await pipeline(Readable.from(chunks), new DurableFileWriter(file));
    const expected = createHash('sha256').update(Buffer.concat(chunks)).digest('hex');
    expect(
      createHash('sha256')
        .update(await readFile(file))
        .digest('hex'),
    ).toBe(expected);
    expect(openFilesUnder(folder)).toEqual([]);
  });

  it('fails with the source’s error and closes its file when the body breaks off', async () => {
    const file = path.join(folder, 'broken.bin');
    const source = new Readable({ read() {} });
    const written = pipeline(source, new DurableFileWriter(file));
    source.push(randomBytes(3 * MiB));
    setTimeout(() => source.destroy(new Error('upload aborted')), 20);
    await expect(written).rejects.toThrow('upload aborted');
    expect(openFilesUnder(folder)).toEqual([]);
  });
});
