import { randomUUID } from 'node:crypto';
import type { Upload } from '@portal/domain';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { uploads, users } from '../../db/schema';
import { inTransaction } from '../../events/domain-events';
import { notFound } from '../../http/errors';
import type { UploadViewer } from './holder-access';
import { originalKey, thumbnailKey } from './storage';
import { findVisibleUpload } from './upload-access';
import { presentUpload } from './upload-presenter';

/**
 * POST uploads/{uuid}/copy: a copy of a file the caller may see, owned by the caller and held by nothing yet, so it
 * can be attached elsewhere (doc 2 §2: /requests/{uuid}/tasks?uuid=<upload id> opens the task creator with that
 * file). A file has one holder; copying keeps deleting one from touching the other.
 */
export async function copyUpload(ctx: AppContext, uuid: string, viewer: UploadViewer): Promise<Upload> {
  const source = await findVisibleUpload(ctx.db, uuid, viewer);
  if (!source.stated) {
    throw notFound();
  }
  const copyUuid = randomUUID();
  const key = originalKey(copyUuid);
  await ctx.storage.copy(source.url, key);
  const thumb = source.thumbnailKey ? thumbnailKey(copyUuid) : null;
  if (source.thumbnailKey && thumb) {
    await ctx.storage.copy(source.thumbnailKey, thumb);
  }
  const row = await inTransaction(ctx.db, ctx.events, async (tx, emit) => {
    const [inserted] = await tx
      .insert(uploads)
      .values({
        uuid: copyUuid,
        name: source.name,
        extension: source.extension,
        size: source.size,
        url: key,
        stated: true,
        statedAt: new Date(),
        kind: source.kind === 'export' ? 'attachment' : source.kind,
        contentType: source.contentType,
        width: source.width,
        height: source.height,
        thumbnailKey: thumb,
        createdById: viewer.userId,
      })
      .returning();
    emit({ model: 'upload', action: 'created', id: copyUuid, actorId: viewer.userId, userIds: [viewer.userId] });
    return inserted;
  });
  if (!row) {
    throw new Error('upload copy not stored');
  }
  const [me] = await ctx.db.select({ uuid: users.uuid }).from(users).where(eq(users.id, viewer.userId));
  return presentUpload(row, me?.uuid ?? null);
}
