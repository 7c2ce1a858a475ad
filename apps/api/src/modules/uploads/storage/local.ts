import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { chmod, copyFile, mkdir, open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { noteStreamedBytes } from '../stream-memory';
import { DurableFileWriter } from './durable-file';
import type { FileStorage, GetOptions, PresignedPut } from './types';

/** fsync of a file or a folder (a folder's entries: a rename is durable only once its folder is synced). */
async function syncPath(target: string): Promise<void> {
  const handle = await open(target, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** What a local signed URL authorises; the signature covers every field, so none can be changed. */
export type LocalGrant =
  | { action: 'put'; uuid: string; expires: number }
  | {
      action: 'get';
      uuid: string;
      expires: number;
      variant: 'original' | 'thumbnail';
      disposition: 'inline' | 'attachment';
    };

function grantText(grant: LocalGrant): string {
  return grant.action === 'put'
    ? `put:${grant.uuid}:${grant.expires}`
    : `get:${grant.uuid}:${grant.variant}:${grant.disposition}:${grant.expires}`;
}

/**
 * The local disk driver: files under `DATA_DIR/uploads`. Pre-signed URLs point at this server
 * (`/api/uploads/{uuid}/content`) and carry an HMAC-SHA256 of what they allow and when they expire, keyed by a
 * secret generated once into the uploads folder (mode 600). Writes go to a temporary file and are renamed into
 * place, so a reader never sees half a file.
 */
export class LocalStorage implements FileStorage {
  readonly driver = 'local' as const;
  private secret: Promise<Buffer> | null = null;

  constructor(
    readonly root: string,
    readonly maxUploadBytes: number,
  ) {}

  private pathOf(key: string): string {
    const resolved = path.resolve(this.root, key);
    if (!resolved.startsWith(`${path.resolve(this.root)}${path.sep}`)) {
      throw new Error(`storage key escapes the uploads folder: ${key}`);
    }
    return resolved;
  }

  private signingKey(): Promise<Buffer> {
    this.secret ??= (async () => {
      const file = path.join(this.root, '.signing-key');
      try {
        return Buffer.from((await readFile(file, 'utf8')).trim(), 'hex');
      } catch {
        await mkdir(this.root, { recursive: true });
        const key = randomBytes(32);
        // 'wx': two instances starting together keep the first key.
        await writeFile(file, key.toString('hex'), { flag: 'wx', mode: 0o600 }).catch(() => undefined);
        await chmod(file, 0o600).catch(() => undefined);
        return Buffer.from((await readFile(file, 'utf8')).trim(), 'hex');
      }
    })();
    return this.secret;
  }

  /** Where a key's bytes lie on disk (sharp reads an image from its file instead of a copy in memory). */
  filePath(key: string): string {
    return this.pathOf(key);
  }

  async sign(grant: LocalGrant): Promise<string> {
    return createHmac('sha256', await this.signingKey())
      .update(grantText(grant))
      .digest('base64url');
  }

  /** True when the signature is ours for exactly this grant and it has not expired. */
  async verify(grant: LocalGrant, signature: string, now = Date.now()): Promise<boolean> {
    if (grant.expires * 1000 < now) {
      return false;
    }
    const expected = Buffer.from(await this.sign(grant));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  async presignPut(
    _key: string,
    options: { uploadUuid: string; contentType: string; expiresInSeconds: number },
  ): Promise<PresignedPut> {
    const expires = Math.floor(Date.now() / 1000) + options.expiresInSeconds;
    const signature = await this.sign({ action: 'put', uuid: options.uploadUuid, expires });
    const query = new URLSearchParams({ expires: String(expires), signature });
    return {
      url: `/api/uploads/${options.uploadUuid}/content?${query}`,
      method: 'PUT',
      headers: { 'Content-Type': options.contentType },
    };
  }

  async browserOrigin(): Promise<string | null> {
    return null;
  }

  async presignGet(_key: string, options: GetOptions): Promise<string> {
    const expires = Math.floor(Date.now() / 1000) + options.expiresInSeconds;
    const disposition = options.inline ? 'inline' : 'attachment';
    const grant: LocalGrant = {
      action: 'get',
      uuid: options.uploadUuid,
      expires,
      variant: options.variant,
      disposition,
    };
    const signature = await this.sign(grant);
    const query = new URLSearchParams({ variant: options.variant, disposition, expires: String(expires), signature });
    return `/api/uploads/${options.uploadUuid}/content?${query}`;
  }

  async write(key: string, body: Readable | Buffer, _options: { contentType: string }): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${randomBytes(6).toString('hex')}.part`;
    try {
      // On disk before it is named, and named on disk before we answer: an upload marked stated must survive a
      // crash (the benchmark compares this with `cp` followed by an fsync of the copy).
      await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, new DurableFileWriter(temporary));
      await rename(temporary, target);
      await syncPath(path.dirname(target));
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async read(key: string, range?: { start: number; end: number }): Promise<Readable> {
    const file = this.pathOf(key);
    await stat(file);
    // 256 KiB reads: a quarter of the thread-pool round trips of the default, still a small, fixed buffer.
    const stream = createReadStream(file, { highWaterMark: 256 * 1024, ...range });
    // Each read is a new buffer; counting them lets spent ones be reclaimed while the file streams.
    const push = stream.push.bind(stream);
    stream.push = (chunk: Buffer | null, encoding?: BufferEncoding) => {
      if (chunk) {
        noteStreamedBytes(chunk.length);
      }
      return push(chunk, encoding);
    };
    return stream;
  }

  async withLocalFile<T>(key: string, use: (file: string) => Promise<T>): Promise<T> {
    return use(this.pathOf(key));
  }

  async stat(key: string): Promise<{ size: number } | null> {
    try {
      const info = await stat(this.pathOf(key));
      return { size: info.size };
    } catch {
      return null;
    }
  }

  async copy(from: string, to: string): Promise<void> {
    const target = this.pathOf(to);
    await mkdir(path.dirname(target), { recursive: true });
    await copyFile(this.pathOf(from), target);
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}
