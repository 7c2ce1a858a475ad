import { MESSAGES } from '@portal/domain';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { uploads } from '../../db/schema';
import { inTransaction } from '../../events/domain-events';
import { forbidden } from '../../http/errors';
import { canDeleteUpload, type UploadHolder, type UploadViewer } from './holder-access';
import { thumbnailKey } from './storage';
import { findVisibleUpload } from './upload-access';
import { uploadEventAudience } from './upload-events';

/**
 * DELETE uploads/{uuid}: the uploader, or the creator of the comment holding it (doc 2 §7). The row goes in the
 * transaction; the bytes after it commits (a failed removal leaves an unreachable file, never a row without bytes).
 */
export async function deleteUpload(ctx: AppContext, uuid: string, viewer: UploadViewer): Promise<void> {
  const row = await inTransaction(ctx.db, ctx.events, async (tx, emit) => {
    const found = await findVisibleUpload(tx, uuid, viewer);
    if (!(await canDeleteUpload(tx, viewer, found))) {
      throw forbidden(MESSAGES.uploadDeleteDenied);
    }
    const holder =
      found.holderType && found.holderId !== null
        ? ({ type: found.holderType, id: found.holderId } as UploadHolder)
        : null;
    // Told to whoever reads the holder (upload-events.ts), found before the row goes.
    const audience = await uploadEventAudience(tx, holder, viewer.userId);
    await tx.delete(uploads).where(eq(uploads.id, found.id));
    emit({ model: 'upload', action: 'deleted', id: found.uuid, actorId: viewer.userId, ...audience });
    return found;
  });
  await removeStoredBytes(ctx, row);
}

export async function removeStoredBytes(
  ctx: Pick<AppContext, 'storage'>,
  row: { uuid: string; url: string; thumbnailKey: string | null },
) {
  await ctx.storage.remove(row.url).catch(() => undefined);
  await ctx.storage.remove(row.thumbnailKey ?? thumbnailKey(row.uuid)).catch(() => undefined);
}
