import { type FileHandle, open } from 'node:fs/promises';
import { Writable } from 'node:stream';

const MiB = 1024 * 1024;

/**
 * How much may be written before a flush of it to the disk starts in the background. The flush runs while the next
 * bytes arrive, so the fsync at the end waits for the last few MiB only, not for the whole file (a 200 MB upload
 * spent a fifth of its time in that final fsync). One flush at a time, so an upload holds at most one more thread of
 * the pool.
 */
const FLUSH_EVERY_BYTES = 16 * MiB;

/**
 * A file written for durability: chunks that gather while a write is on the thread pool go as one writev (1 MiB
 * buffer: a constant, small amount of memory), the data is flushed to the disk as it goes, and `end()` completes
 * only once everything written is on the disk (fsync). The caller names the file afterwards (rename) and syncs its
 * folder; a destroyed writer closes its file and leaves the removal of the partial file to the caller.
 */
export class DurableFileWriter extends Writable {
  private handle: FileHandle | null = null;
  private unflushed = 0;
  private flushing: Promise<void> | null = null;
  private flushError: unknown = null;

  constructor(private readonly file: string) {
    super({ highWaterMark: MiB });
  }

  override _construct(callback: (error?: Error | null) => void): void {
    open(this.file, 'w', 0o644).then(
      (handle) => {
        this.handle = handle;
        callback();
      },
      (error: Error) => callback(error),
    );
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.writeAll([chunk]).then(() => callback(), callback);
  }

  override _writev(chunks: { chunk: Buffer }[], callback: (error?: Error | null) => void): void {
    this.writeAll(chunks.map((entry) => entry.chunk)).then(() => callback(), callback);
  }

  override _final(callback: (error?: Error | null) => void): void {
    (async () => {
      await this.flushing;
      if (this.flushError) {
        throw this.flushError;
      }
      await this.handle?.sync();
      await this.handle?.close();
      this.handle = null;
    })().then(() => callback(), callback);
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    // FileHandle.close waits for the write or flush in progress, so nothing touches the file after this.
    const handle = this.handle;
    this.handle = null;
    (handle ? handle.close() : Promise.resolve()).then(
      () => callback(error),
      () => callback(error),
    );
  }

  private async writeAll(buffers: Buffer[]): Promise<void> {
    const handle = this.handle;
    if (!handle) {
      throw new Error('file is closed');
    }
    let left = buffers;
    let total = buffers.reduce((sum, buffer) => sum + buffer.length, 0);
    this.unflushed += total;
    while (total > 0) {
      // A regular file takes the whole writev unless the disk fills (an error); a short write is resumed anyway.
      const { bytesWritten } = await handle.writev(left);
      total -= bytesWritten;
      left = skipBytes(left, bytesWritten);
    }
    this.startFlush(handle);
  }

  private startFlush(handle: FileHandle): void {
    if (this.flushing || this.unflushed < FLUSH_EVERY_BYTES) {
      return;
    }
    this.unflushed = 0;
    this.flushing = handle
      .datasync()
      .catch((error: unknown) => {
        this.flushError ??= error;
      })
      .finally(() => {
        this.flushing = null;
      });
  }
}

function skipBytes(buffers: Buffer[], count: number): Buffer[] {
  let skip = count;
  const rest: Buffer[] = [];
  for (const buffer of buffers) {
    if (skip >= buffer.length) {
      skip -= buffer.length;
    } else {
      rest.push(skip > 0 ? buffer.subarray(skip) : buffer);
      skip = 0;
    }
  }
  return rest;
}
