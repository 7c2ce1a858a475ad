import { isImageExtension, MESSAGES } from '@portal/domain';
import type { Metadata } from 'sharp';
import { AppError } from '../../http/errors';
import { type FileStorage, thumbnailKey } from './storage';
import { LocalStorage } from './storage/local';
import { contentMatchesExtension, SIGNATURE_BYTES } from './upload-rules';

/** sharp (libvips) is loaded with the first image, not at start. */
async function loadSharp() {
  return (await import('sharp')).default;
}

/**
 * Images up to this size get a thumbnail; larger ones only their dimensions (decoding a huge image for a 320 px
 * picture costs seconds of CPU). Memory does not depend on it: sharp reads the image from a file (the local
 * driver's own, or a temporary copy streamed from the bucket), never from a copy in this process's memory — sharp
 * would buffer a streamed input whole.
 */
const THUMBNAIL_SOURCE_LIMIT = 64 * 1024 * 1024;
const THUMBNAIL_SIZE = 320;
/** Enough of a file for sharp to read an image's header (and a JPEG's EXIF before its frame header) from S3. */
const HEADER_BYTES = 256 * 1024;

export type StoredUpload = { uuid: string; extension: string; size: number; key: string };
export type VerifiedUpload = { width: number | null; height: number | null; thumbnailKey: string | null };

export const tooLarge = (maxBytes: number) =>
  new AppError(413, MESSAGES.uploadTooLarge(Math.floor(maxBytes / (1024 * 1024))), { code: 'upload_too_large' });
const refused = (message: string) =>
  new AppError(422, message, { code: 'upload_refused', errors: { file: [message] } });

async function readHead(storage: FileStorage, key: string, size: number, bytes: number): Promise<Buffer> {
  const stream = await storage.read(key, { start: 0, end: Math.min(size, bytes) - 1 });
  const chunks: Buffer[] = [];
  for await (const chunk of stream) {
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).subarray(0, bytes);
}

/** Width and height as shown: EXIF orientations 5–8 turn the picture a quarter. */
function shownSize(meta: Metadata): { width: number | null; height: number | null } {
  const turned = (meta.orientation ?? 1) >= 5;
  return { width: (turned ? meta.height : meta.width) ?? null, height: (turned ? meta.width : meta.height) ?? null };
}

/**
 * The dimensions of an image too large for a thumbnail, from its header only: the local file (sharp reads just
 * the header), or the first bytes of the object (a Range GET). Unknown when the header cannot be read.
 */
async function headerDimensions(storage: FileStorage, upload: StoredUpload): Promise<VerifiedUpload> {
  const source =
    storage instanceof LocalStorage
      ? storage.filePath(upload.key)
      : await readHead(storage, upload.key, upload.size, HEADER_BYTES);
  const sharp = await loadSharp();
  const meta = await sharp(source)
    .metadata()
    .catch(() => null);
  return { ...(meta ? shownSize(meta) : { width: null, height: null }), thumbnailKey: null };
}

/** Dimensions and a WebP thumbnail of an image; a file sharp cannot decode is not the image it claims to be. */
async function processImage(
  storage: FileStorage,
  upload: StoredUpload,
  thumbnailSourceLimit: number,
): Promise<VerifiedUpload> {
  if (upload.size > thumbnailSourceLimit) {
    return headerDimensions(storage, upload);
  }
  const sharp = await loadSharp();
  const made = await storage.withLocalFile(upload.key, async (file) => {
    try {
      const image = sharp(file, { animated: false, limitInputPixels: 268_402_689 });
      const meta = await image.metadata();
      const thumbnail = await image
        .rotate()
        .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 72 })
        .toBuffer();
      return { size: shownSize(meta), thumbnail };
    } catch {
      throw refused(MESSAGES.uploadContentMismatch);
    }
  });
  const key = thumbnailKey(upload.uuid);
  await storage.write(key, made.thumbnail, { contentType: 'image/webp' });
  return { ...made.size, thumbnailKey: key };
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
  { thumbnailSourceLimit = THUMBNAIL_SOURCE_LIMIT } = {},
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
    const head = await readHead(storage, upload.key, stored.size, SIGNATURE_BYTES);
    if (!contentMatchesExtension(upload.extension, head)) {
      throw refused(MESSAGES.uploadContentMismatch);
    }
    if (isImageExtension(upload.extension)) {
      return await processImage(storage, upload, thumbnailSourceLimit);
    }
    return { width: null, height: null, thumbnailKey: null };
  } catch (error) {
    // A refusal deletes the bytes; a failure of the storage itself (a bucket that did not answer) leaves them for
    // the next attempt, and the upload stays pending (the cleanup job removes it after a day).
    if (error instanceof AppError) {
      await storage.remove(upload.key).catch(() => undefined);
      await storage.remove(thumbnailKey(upload.uuid)).catch(() => undefined);
    }
    throw error;
  }
}
