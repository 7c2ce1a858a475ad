import type { IncomingMessage } from 'node:http';
import { Transform } from 'node:stream';
import { MESSAGES, type Upload } from '@portal/domain';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { uploads } from '../../db/schema';
import { inTransaction } from '../../events/domain-events';
import { AppError, notFound } from '../../http/errors';
import { LocalStorage } from './storage/local';
import { noteStreamedBytes } from './stream-memory';
import { presentUpload } from './upload-presenter';
import { tooLarge, verifyStoredUpload } from './verify-upload';

export const linkInvalid = () => new AppError(403, MESSAGES.uploadLinkInvalid, { code: 'upload_link_invalid' });
const sizeMismatch = () =>
  new AppError(422, MESSAGES.uploadSizeMismatch, {
    code: 'upload_refused',
    errors: { file: [MESSAGES.uploadSizeMismatch] },
  });

/**
 * Counts the bytes going through and stops the stream as soon as there are more than allowed; also hands the count
 * to `noteStreamedBytes`, so the parser's spent chunk buffers are reclaimed as the body flows (constant memory).
 */
function byteLimit(declared: number, maxBytes: number): Transform {
  let seen = 0;
  return new Transform({
    // 1 MiB between the socket and the disk: fewer pauses of the socket, still a small, fixed amount of memory.
    highWaterMark: 1024 * 1024,
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      noteStreamedBytes(chunk.length);
      if (seen > maxBytes) {
        callback(tooLarge(maxBytes));
      } else if (seen > declared) {
        callback(sizeMismatch());
      } else {
        callback(null, chunk);
      }
    },
  });
}

/**
 * The local driver's pre-signed PUT (`PUT /api/uploads/{uuid}/content?expires&signature`): streams the body to disk
 * with constant memory (nothing is buffered beyond the stream's chunks), stops at the declared size or
 * MAX_UPLOAD_BYTES, then verifies the bytes and marks the upload stated. Every refusal leaves no bytes behind.
 */
export async function receiveUpload(
  ctx: AppContext,
  uuid: string,
  signed: { expires: number; signature: string },
  body: IncomingMessage,
): Promise<Upload> {
  const storage = ctx.storage;
  if (!(storage instanceof LocalStorage)) {
    throw notFound();
  }
  if (!(await storage.verify({ action: 'put', uuid, expires: signed.expires }, signed.signature))) {
    throw linkInvalid();
  }
  const [row] = await ctx.db.select().from(uploads).where(eq(uploads.uuid, uuid)).limit(1);
  if (!row) {
    throw notFound();
  }
  if (row.stated) {
    throw new AppError(409, MESSAGES.uploadAlreadyStored, { code: 'upload_already_stored' });
  }
  const maxBytes = ctx.config.storage.maxUploadBytes;
  const announced = Number(body.headers['content-length']);
  if (Number.isFinite(announced) && announced > maxBytes) {
    throw tooLarge(maxBytes);
  }
  if (Number.isFinite(announced) && announced !== row.size) {
    throw sizeMismatch();
  }
  const limited = byteLimit(row.size, maxBytes);
  // The body flows into the limit at once, before the driver has its file open: a refusal that early must be
  // caught here (an 'error' nobody listens to would end the process) and still be the answer.
  let refusal: unknown;
  limited.on('error', (error) => {
    refusal ??= error;
  });
  // A client that goes away mid-upload fails the write (and its temporary file is removed).
  body.once('error', (error) => limited.destroy(error));
  body.once('aborted', () => limited.destroy(new Error('upload aborted')));
  try {
    await storage.write(row.url, body.pipe(limited), { contentType: row.contentType });
  } catch (error) {
    throw refusal instanceof AppError ? refusal : error;
  }
  if ((await storage.stat(row.url))?.size !== row.size) {
    await storage.remove(row.url);
    throw sizeMismatch();
  }
  const verified = await verifyStoredUpload(
    storage,
    { uuid, extension: row.extension, size: row.size, key: row.url },
    maxBytes,
  );
  const stated = await inTransaction(ctx.db, ctx.events, async (tx, emit) => {
    const [updated] = await tx
      .update(uploads)
      .set({ stated: true, statedAt: new Date(), ...verified })
      .where(eq(uploads.id, row.id))
      .returning();
    emit({
      model: 'upload',
      action: 'stated',
      id: uuid,
      actorId: row.createdById,
      userIds: row.createdById ? [row.createdById] : [],
    });
    return updated ?? row;
  });
  return presentUpload(stated);
}
