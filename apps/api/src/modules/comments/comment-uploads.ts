import type { Comment } from '@portal/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { comments, uploads } from '../../db/schema';
import type { Emit } from '../../events/domain-events';
import { attachUploads, loadUploadsOf } from '../uploads/attach-uploads';
import { registerUploadHolder } from '../uploads/holder-access';
import type { FileStorage } from '../uploads/storage';
import { type UploadEventAudience, uploadEventAudience } from '../uploads/upload-events';
import { type CommentViewer, findVisibleComment } from './comment-access';

/** The files of each comment, by comment id. */
export function loadCommentUploads(
  db: DbExecutor,
  commentIds: readonly number[],
): Promise<Map<number, Comment['uploads']>> {
  return loadUploadsOf(db, 'comment', commentIds);
}

/**
 * Attaches the caller's uploads to a comment, in the comment's transaction (uploads module: only stated files of
 * the caller that nothing else holds). An edit sends the whole list, so files left out are released.
 */
export async function attachCommentUploads(
  tx: DbExecutor,
  context: { storage: FileStorage; viewer: CommentViewer; emit: Emit },
  comment: { id: number },
  uploadUuids: readonly string[],
  mode: 'add' | 'replace',
): Promise<void> {
  if (uploadUuids.length === 0 && mode === 'add') {
    return;
  }
  await attachUploads(tx, {
    storage: context.storage,
    uploadUuids,
    holder: { type: 'comment', id: comment.id },
    actor: { userId: context.viewer.userId },
    mode,
    emit: context.emit,
  });
}

/** A deleted comment's files are released; the uploads' cleanup job removes released files after 24 h. */
export async function clearCommentUploads(
  tx: DbExecutor,
  commentIds: readonly number[],
  emit: Emit,
  actorId: number,
): Promise<void> {
  if (commentIds.length === 0) {
    return;
  }
  // Who may learn of each release: the readers of the comment that held the file (upload-events.ts).
  const audiences = new Map<number, UploadEventAudience>();
  for (const id of new Set(commentIds)) {
    audiences.set(id, await uploadEventAudience(tx, { type: 'comment', id }, actorId));
  }
  const held = await tx
    .select({ id: uploads.id, uuid: uploads.uuid, holderId: uploads.holderId })
    .from(uploads)
    .where(and(eq(uploads.holderType, 'comment'), inArray(uploads.holderId, [...commentIds])))
    .for('update');
  if (held.length === 0) {
    return;
  }
  await tx
    .update(uploads)
    .set({ holderType: null, holderId: null, attachedAt: null })
    .where(
      inArray(
        uploads.id,
        held.map((row) => row.id),
      ),
    );
  for (const row of held) {
    const audience = audiences.get(row.holderId ?? -1) ?? { userIds: [actorId], payload: { holder_type: 'comment' } };
    emit({ model: 'upload', action: 'detached', id: row.uuid, actorId, ...audience });
  }
}

/**
 * Who sees a comment's files: whoever reads the comment (its commentable's rule, scheduled and plan-only types
 * included); who deletes them besides the uploader: the comment's creator only (doc 2 §4).
 */
export function registerCommentUploadPolicy(): void {
  registerUploadHolder('comment', {
    async canView(db, viewer, commentId) {
      const [row] = await db.select({ uuid: comments.uuid }).from(comments).where(eq(comments.id, commentId));
      if (!row) {
        return false;
      }
      const permitted = await db.execute<{ name: string }>(sql`select p.name from user_roles ur
        join role_permissions rp on rp.role_id = ur.role_id join permissions p on p.id = rp.permission_id
        where ur.user_id = ${viewer.userId} and p.name in ('COMMENTS_PRIVATE', 'POSTS_READ')`);
      const held = new Set(permitted.rows.map((r) => r.name));
      const commentViewer: CommentViewer = {
        ...viewer,
        canPrivate: held.has('COMMENTS_PRIVATE'),
        canCreate: false,
        canReadContent: held.has('POSTS_READ'),
      };
      try {
        const found = await findVisibleComment(db, row.uuid, commentViewer);
        return found.comment.deletedAt === null;
      } catch {
        return false;
      }
    },
    async deleterIds(db, commentId) {
      const [row] = await db.select({ creatorId: comments.creatorId }).from(comments).where(eq(comments.id, commentId));
      return row?.creatorId ? [row.creatorId] : [];
    },
  });
}
