import { isImageExtension, POST_MESSAGES, type Upload } from '@portal/domain';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { uploads } from '../../db/schema';
import { validationError } from '../../http/errors';
import { attachUploads, loadUploadsOf } from '../uploads/attach-uploads';
import { registerUploadHolder } from '../uploads/holder-access';
import type { FileStorage } from '../uploads/storage';

/** A post's cover is an upload held as ('post_cover', post id); the unique index uploads_one_post_cover keeps one. */
const coverOf = (postId: number) => ({ type: 'post_cover', id: postId }) as const;

/**
 * Signed in, a cover is read as the blog is: regular users holding POSTS_READ (drafts included, as on /cms). The
 * public reaches a published post's cover only through public/post-covers/{uuid} (public-post-cover.ts).
 */
export function registerPostCoverUploads(): void {
  registerUploadHolder('post_cover', {
    canView: async (db, viewer) =>
      viewer.type === 'regular_user' &&
      (
        await db.execute(sql`select 1 from user_roles ur join role_permissions rp on rp.role_id = ur.role_id
          join permissions p on p.id = rp.permission_id where ur.user_id = ${viewer.userId} and p.name = 'POSTS_READ'
          limit 1`)
      ).rows.length > 0,
  });
}

/**
 * Sets the post's cover (an image the caller uploaded, or the one it already has) or removes it (null). The old
 * cover is released first, so the one-cover index never sees two; the cleanup job removes it after 24 h.
 */
export async function setCover(
  tx: DbExecutor,
  storage: FileStorage,
  actorId: number,
  postId: number,
  uploadUuid: string | null,
): Promise<void> {
  const holder = coverOf(postId);
  await tx
    .update(uploads)
    .set({ holderType: null, holderId: null, attachedAt: null })
    .where(
      and(
        eq(uploads.holderType, holder.type),
        eq(uploads.holderId, postId),
        uploadUuid ? ne(uploads.uuid, uploadUuid) : undefined,
      ),
    );
  if (!uploadUuid) {
    return;
  }
  const [row] = await attachUploads(tx, {
    storage,
    uploadUuids: [uploadUuid],
    holder,
    actor: { userId: actorId },
    field: 'cover_upload_uuid',
  });
  if (!row || !isImageExtension(row.extension)) {
    // Thrown inside the write's transaction: the attach above rolls back with it.
    throw validationError({ cover_upload_uuid: [POST_MESSAGES.coverNotImage] });
  }
}

/** Releases a deleted post's cover to the cleanup job (no post holds it any more). */
export async function releaseCover(tx: DbExecutor, postId: number): Promise<void> {
  await tx
    .update(uploads)
    .set({ holderType: null, holderId: null, attachedAt: null })
    .where(and(eq(uploads.holderType, 'post_cover'), eq(uploads.holderId, postId)));
}

/** The covers of some posts, presented for signed-in readers; keyed by post id. */
export async function loadCovers(db: DbExecutor, postIds: number[]): Promise<Map<number, Upload>> {
  const byPost = await loadUploadsOf(db, 'post_cover', postIds);
  return new Map([...byPost].flatMap(([id, list]) => (list[0] ? [[id, list[0]] as const] : [])));
}

/** The public address of a cover (public-post-cover.ts), on the portal where the files are served. */
export const publicCoverUrl = (appUrl: string, uploadUuid: string) => `${appUrl}/api/public/post-covers/${uploadUuid}`;
