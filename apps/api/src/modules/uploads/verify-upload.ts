import { isImageExtension, MESSAGES } from '@portal/domain';
import sharp from 'sharp';
import { AppError } from '../../http/errors';
import { type FileStorage, thumbnailKey } from './storage';
import { LocalStorage } from './storage/local';
import { contentMatchesExtension, SIGNATURE_BYTES } from './upload-rules';

/**
 * Images up to this size get a thumbnail; larger ones only their dimensions. On local disk sharp reads the file
 * itself; from S3 it needs the bytes in memory (sharp buffers a streamed input anyway), hence the bound.
 */
const THUMBNAIL_SOURCE_LIMIT = 64 * 1024 * 1024;
const THUMBNAIL_SIZE = 320;

export type StoredUpload = { uuid: string; extension: string; size: number; key: string };
export type VerifiedUpload = { width: number | null; height: number | null; thumbnailKey: string | null };

export const tooLarge = (maxBytes: number) =>
  new AppError(413, MESSAGES.uploadTooLarge(Math.floor(maxBytes / (1024 * 1024))), { code: 'upload_too_large' });
const refused = (message: string) =>
  new AppError(422, message, { code: 'upload_refused', errors: { file: [message] } });

async function readHead(storage: FileStorage, key: string, size: number): Promise<Buffer> {
  const stream = await storage.read(key, { start: 0, end: Math.min(size, SIGNATURE_BYTES) - 1 });
  const chunks: Buffer[] = [];
  for await (const chunk of stream) {
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).subarray(0, SIGNATURE_BYTES);
}

async function readAll(storage: FileStorage, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await storage.read(key)) {
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** Dimensions and a WebP thumbnail of an image; a file sharp cannot decode is not the image it claims to be. */
async function processImage(storage: FileStorage, upload: StoredUpload, head: Buffer): Promise<VerifiedUpload> {
  if (upload.size > THUMBNAIL_SOURCE_LIMIT) {
    const meta = await sharp(head)
      .metadata()
      .catch(() => null);
    return { width: meta?.width ?? null, height: meta?.height ?? null, thumbnailKey: null };
  }
  const source = storage instanceof LocalStorage ? storage.filePath(upload.key) : await readAll(storage, upload.key);
  try {
    const image = sharp(source, { animated: false, limitInputPixels: 268_402_689 });
    const meta = await image.metadata();
    const thumbnail = await image
      .rotate()
      .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 72 })
      .toBuffer();
    const key = thumbnailKey(upload.uuid);
    await storage.write(key, thumbnail, { contentType: 'image/webp' });
    const rotated = (meta.orientation ?? 1) >= 5;
    return {
      width: (rotated ? meta.height : meta.width) ?? null,
      height: (rotated ? meta.width : meta.height) ?? null,
      thumbnailKey: key,
    };
  } catch {
    throw refused(MESSAGES.uploadContentMismatch);
  }
}

/**
 * Verifies the stored bytes of an upload against its declaration before anything may hold it: the size is exactly
 * the declared one and within MAX_UPLOAD_BYTES, the first bytes match the extension, images decode (dimensions and
 * a thumbnail). Any refusal deletes the bytes, so a file that failed verification is never served.
 */
export async function verifyStoredUpload(
  storage: FileStorage,
  upload: StoredUpload,
  maxBytes: number,
): Promise<VerifiedUpload> {
  const stored = await storage.stat(upload.key);
  if (!stored) {
    throw refused(MESSAGES.uploadNotFinished);
  }
  try {
    if (stored.size > maxBytes) {
      throw tooLarge(maxBytes);
    }
    if (stored.size !== upload.size) {
      throw refused(MESSAGES.uploadSizeMismatch);
    }
    const head = await readHead(storage, upload.key, stored.size);
    if (!contentMatchesExtension(upload.extension, head)) {
      throw refused(MESSAGES.uploadContentMismatch);
    }
    if (isImageExtension(upload.extension)) {
      return await processImage(storage, upload, head);
    }
    return { width: null, height: null, thumbnailKey: null };
  } catch (error) {
    await storage.remove(upload.key).catch(() => undefined);
    await storage.remove(thumbnailKey(upload.uuid)).catch(() => undefined);
    throw error;
  }
}
