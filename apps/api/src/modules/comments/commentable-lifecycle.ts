import { textToDelta } from '@portal/domain';
import { and, eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { comments } from '../../db/schema';
import type { Emit } from '../../events/domain-events';
import type { Commentable } from './comment-access';
import { clearCommentUploads } from './comment-uploads';
import { emitCommentEvent } from './comment-writes';

/**
 * What other modules do to a commentable's thread inside their own write (so it commits or rolls back with it):
 * the content module copies a client's "request changes" answer into the item's thread, and clears the thread when
 * the item is deleted.
 */

/**
 * The client's comment from a content approval link, as a comment on the item. The client has no account and the
 * link (mailed to all of the client's contacts) does not say which contact answered, so it has no creator: it is
 * marked `origin = 'approval_link'` and `author_name` keeps the client's name. Nobody is notified from here: the
 * assignee already hears of the answer (with this text) from the approval itself; the event refreshes open threads.
 */
export async function addApprovalLinkComment(
  tx: DbExecutor,
  emit: Emit,
  commentable: Commentable,
  input: { text: string; authorName: string },
) {
  const now = new Date();
  const [row] = await tx
    .insert(comments)
    .values({
      commentableType: commentable.type,
      commentableId: commentable.id,
      projectId: commentable.projectId,
      type: 'comment',
      text: input.text,
      textDelta: textToDelta(input.text),
      creatorId: null,
      origin: 'approval_link',
      authorName: input.authorName,
      deliveredAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!row) {
    throw new Error('approval comment not created');
  }
  emitCommentEvent(emit, 'created', row, commentable, { actorId: null, parentUuid: null });
  return row;
}

/**
 * Deletes a commentable's whole thread with it (replies, likes and mentions go by their foreign keys). The
 * comments' files are released first (while their comments still name who may hear of it), as a deleted
 * comment's are, and the uploads' cleanup removes them.
 */
export async function deleteThreadOf(
  tx: DbExecutor,
  emit: Emit,
  commentable: Pick<Commentable, 'type' | 'id'>,
  actorId: number,
): Promise<number> {
  const thread = and(eq(comments.commentableType, commentable.type), eq(comments.commentableId, commentable.id));
  const ids = (await tx.select({ id: comments.id }).from(comments).where(thread)).map((r) => r.id);
  await clearCommentUploads(tx, ids, emit, actorId);
  await tx.delete(comments).where(thread);
  return ids.length;
}
