import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import tar from 'tar-stream';
import { BackupError } from './pg-tools';

export type ArchivedFile = { path: string; size: number; sha256: string };

/** Counts and hashes what passes through, so a file is read once for the archive and its checksum. */
function hashing(onDone: (sha256: string, size: number) => void): Transform {
  const hash = createHash('sha256');
  let size = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      size += chunk.length;
      callback(null, chunk);
    },
    flush(callback) {
      onDone(hash.digest('hex'), size);
      callback();
    },
  });
}

/**
 * Writes a gzipped tar: the given files (each hashed on the way in), then manifest.json built from their checksums.
 * The archive appears under its name only once complete and synced (written as a hidden temporary, then renamed),
 * with mode 0600 from its first byte: it holds the whole database and, usually, the key to its sealed secrets.
 */
export async function writeArchive(
  target: string,
  entries: { name: string; source: string }[],
  manifestFor: (files: ArchivedFile[]) => object,
): Promise<ArchivedFile[]> {
  await mkdir(path.dirname(target), { recursive: true });
  const temporary = path.join(path.dirname(target), `.${path.basename(target)}.${randomBytes(4).toString('hex')}.tmp`);
  const pack = tar.pack();
  const written = pipeline(pack, createGzip({ level: 6 }), createWriteStream(temporary, { mode: 0o600 }));
  const files: ArchivedFile[] = [];
  try {
    for (const entry of entries) {
      const { size, mtime } = await stat(entry.source);
      await new Promise<void>((resolve, reject) => {
        const sink = pack.entry({ name: entry.name, size, mtime, mode: 0o600 }, (error) =>
          error ? reject(error) : resolve(),
        );
        pipeline(
          createReadStream(entry.source),
          hashing((sha256, bytes) => files.push({ path: entry.name, size: bytes, sha256 })),
          sink,
        ).catch(reject);
      });
    }
    pack.entry({ name: 'manifest.json', mode: 0o600 }, `${JSON.stringify(manifestFor(files), null, 2)}\n`);
    pack.finalize();
    await written;
    const handle = await open(temporary, 'r');
    await handle.sync().finally(() => handle.close());
    await rename(temporary, target);
  } catch (error) {
    pack.destroy();
    await written.catch(() => undefined);
    await rm(temporary, { force: true });
    throw error;
  }
  return files;
}

/** A member name that stays inside the extraction folder (no absolute path, no `..`, no odd characters). */
function safeName(name: string): boolean {
  return (
    !path.isAbsolute(name) &&
    !name.split('/').some((part) => part === '..' || part === '' || part === '.') &&
    !/[\0\\]/.test(name)
  );
}

/**
 * Unpacks an archive into `into` (regular files only), hashing each member. A damaged or truncated archive fails
 * here (gzip's checksum and length, tar's structure) with a message that says nothing was restored.
 */
export async function extractArchive(file: string, into: string): Promise<Map<string, ArchivedFile>> {
  const found = new Map<string, ArchivedFile>();
  const extract = tar.extract();
  extract.on('entry', (header, stream, next) => {
    const name = header.name;
    if (header.type !== 'file' || !safeName(name) || found.has(name)) {
      stream.resume();
      next(new BackupError(`unexpected member ${JSON.stringify(name)}`));
      return;
    }
    // A truncated archive fails this member's stream before the pipeline below listens to it; the outer pipeline
    // reports the same failure, so here it is only kept from becoming an uncaught error.
    stream.on('error', () => undefined);
    const destination = path.join(into, name);
    mkdir(path.dirname(destination), { recursive: true })
      .then(() =>
        pipeline(
          stream,
          hashing((sha256, size) => found.set(name, { path: name, size, sha256 })),
          createWriteStream(destination, { mode: 0o600 }),
        ),
      )
      .then(() => next(), next);
  });
  try {
    await pipeline(createReadStream(file), createGunzip(), extract);
  } catch (error) {
    const reason = error instanceof BackupError ? error.message : (error as Error).message;
    throw new BackupError(
      `The backup ${file} is damaged or incomplete (${reason}). Nothing was restored; use another archive.`,
    );
  }
  return found;
}
