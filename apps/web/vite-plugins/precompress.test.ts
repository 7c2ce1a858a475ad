import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressDirectory } from './precompress';

describe('precompressDirectory', () => {
  let dir = '';
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('writes .br and .gz beside text assets that decompress to the original, skipping small and binary files', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'precompress-'));
    await mkdir(path.join(dir, 'assets'));
    const script = 'export const rows = ['.concat('{"title":"A task"},'.repeat(500), '];');
    await writeFile(path.join(dir, 'assets/index-abc123.js'), script);
    await writeFile(path.join(dir, 'index.html'), `<!doctype html>${'<div></div>'.repeat(200)}`);
    await writeFile(path.join(dir, 'tiny.js'), 'export {};');
    await writeFile(path.join(dir, 'assets/font-abc.woff2'), Buffer.alloc(4096, 7));

    const done = await precompressDirectory(dir);

    expect(done).toEqual(['assets/index-abc123.js', 'index.html']);
    const br = await readFile(path.join(dir, 'assets/index-abc123.js.br'));
    const gz = await readFile(path.join(dir, 'assets/index-abc123.js.gz'));
    expect(brotliDecompressSync(br).toString()).toBe(script);
    expect(gunzipSync(gz).toString()).toBe(script);
    expect(br.length).toBeLessThan(script.length / 10);
    expect(existsSync(path.join(dir, 'tiny.js.br'))).toBe(false);
    expect(existsSync(path.join(dir, 'assets/font-abc.woff2.br'))).toBe(false);
  });
});
