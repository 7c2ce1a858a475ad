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
 * key comes from the new uuid alone; the user's file name is only ever data.
 */
export async function createUpload(
  ctx: AppContext,
  input: Required<CreatePresignedUrlInput>,
  actorId: number,
): Promise<PresignedUrlResponse> {
  const max = ctx.config.storage.maxUploadBytes;
  if (input.size > max) {
    throw validationError({ size: [MESSAGES.uploadTooLarge(Math.floor(max / (1024 * 1024)))] });
  }
  if (input.type === 'in-message' && !isImageExtension(input.extension)) {
    throw validationError({ extension: [MESSAGES.imagesOnly] });
  }
  const uuid = randomUUID();
  const key = originalKey(uuid);
  const { contentType } = servingOf(input.extension);
  await inTransaction(ctx.db, ctx.events, async (tx, emit) => {
    await tx.insert(uploads).values({
      uuid,
      name: sanitizeFileName(input.name, input.extension),
      extension: input.extension,
      size: input.size,
      url: key,
      kind: input.type,
      contentType,
      createdById: actorId,
    });
    emit({ model: 'upload', action: 'created', id: uuid, actorId, userIds: [actorId] });
  });
  const put = await ctx.storage.presignPut(key, { uploadUuid: uuid, contentType, expiresInSeconds: PUT_URL_SECONDS });
  return { uuid, url: put.url, method: put.method, headers: put.headers };
}
