import { randomUUID } from 'node:crypto';
import { type CreatePresignedUrlInput, isImageExtension, MESSAGES, type PresignedUrlResponse } from '@portal/domain';
import type { AppContext } from '../../context';
import { uploads } from '../../db/schema';
import { inTransaction } from '../../events/domain-events';
import { validationError } from '../../http/errors';
import { originalKey } from './storage';
import { sanitizeFileName, servingOf } from './upload-rules';

/** A pre-signed URL lives long enough for a large file on a slow line, and no longer. */
export const PUT_URL_SECONDS = 60 * 60;

/**
 * POST create-pre-signed-url (doc 2 §7): records a pending upload and answers where to PUT its bytes. The storage
 * key comes from the new uuid alone; the user's file name is only ever data. A null actor is a visitor without an
 * account (a form's share link), whose caller records which link the file belongs to and may cap its size lower.
 */
export async function createUpload(
  ctx: AppContext,
  input: Required<CreatePresignedUrlInput>,
  actorId: number | null,
  maxBytes = ctx.config.storage.maxUploadBytes,
): Promise<PresignedUrlResponse & { id: number }> {
  const max = Math.min(maxBytes, ctx.config.storage.maxUploadBytes);
  if (input.size > max) {
    throw validationError({ size: [MESSAGES.uploadTooLarge(Math.floor(max / (1024 * 1024)))] });
  }
  if (input.type === 'in-message' && !isImageExtension(input.extension)) {
    throw validationError({ extension: [MESSAGES.imagesOnly] });
  }
  const uuid = randomUUID();
  const key = originalKey(uuid);
  const { contentType } = servingOf(input.extension);
  const id = await inTransaction(ctx.db, ctx.events, async (tx, emit) => {
    const [row] = await tx
      .insert(uploads)
      .values({
        uuid,
        name: sanitizeFileName(input.name, input.extension),
        extension: input.extension,
        size: input.size,
        url: key,
        kind: input.type,
        contentType,
        createdById: actorId,
      })
      .returning({ id: uploads.id });
    emit({ model: 'upload', action: 'created', id: uuid, actorId, userIds: actorId === null ? [] : [actorId] });
    return row?.id ?? 0;
  });
  const put = await ctx.storage.presignPut(key, { uploadUuid: uuid, contentType, expiresInSeconds: PUT_URL_SECONDS });
  return { id, uuid, url: put.url, method: put.method, headers: put.headers };
}
