import type { CommentableType, CommentReaction } from '@portal/domain';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { DbExecutor } from '../../db/client';
import { commentReactions, comments, contacts, users } from '../../db/schema';
import { inTransaction } from '../../events/domain-events';
import { notFound, validationError } from '../../http/errors';
import { type CommentViewer, commentableUuid, findCommentable, findVisibleComment } from './comment-access';
import { emitCommentEvent } from './comment-writes';

export const CANNOT_LIKE_DELETED = 'A deleted comment cannot be liked.';

async function presentReaction(db: DbExecutor, id: number): Promise<CommentReaction> {
  const [row] = await db
    .select({ uuid: commentReactions.uuid, userUuid: users.uuid, name: contacts.name })
    .from(commentReactions)
    .innerJoin(users, eq(users.id, commentReactions.userId))
    .innerJoin(contacts, eq(contacts.userId, users.id))
    .where(eq(commentReactions.id, id));
  if (!row) {
    throw notFound();
  }
  return { uuid: row.uuid, reaction: 'thumbs_up', creator: { uuid: row.userUuid, name: row.name } };
}

/** POST comments/{uuid}/reaction: likes the comment; liking it again changes nothing and answers the same like. */
export async function addReaction(ctx: AppContext, viewer: CommentViewer, uuid: string): Promise<CommentReaction> {
  return inTransaction(ctx.db, ctx.events, async (tx, emit) => {
    const { comment, commentable } = await findVisibleComment(tx, uuid, viewer);
    if (comment.deletedAt !== null) {
      throw validationError({ reaction: [CANNOT_LIKE_DELETED] });
    }
    const [inserted] = await tx
      .insert(commentReactions)
      .values({ commentId: comment.id, userId: viewer.userId, reaction: 'thumbs_up' })
      .onConflictDoNothing()
      .returning({ id: commentReactions.id });
    const [existing] = inserted
      ? [inserted]
      : await tx
          .select({ id: commentReactions.id })
          .from(commentReactions)
          .where(
            and(
              eq(commentReactions.commentId, comment.id),
              eq(commentReactions.userId, viewer.userId),
              eq(commentReactions.reaction, 'thumbs_up'),
            ),
          );
    if (!existing) {
      throw new Error('reaction not stored');
    }
    if (inserted) {
      emitCommentEvent(emit, 'updated', comment, commentable, { actorId: viewer.userId, parentUuid: null });
    }
    return presentReaction(tx, existing.id);
  });
}

/** DELETE reaction/{uuid}: takes back one's own like; anyone else's (or an unknown one) answers 404. */
export async function removeReaction(ctx: AppContext, viewer: CommentViewer, uuid: string): Promise<void> {
  await inTransaction(ctx.db, ctx.events, async (tx, emit) => {
    const [reaction] = await tx
      .select({ id: commentReactions.id, comment: comments })
      .from(commentReactions)
      .innerJoin(comments, eq(comments.id, commentReactions.commentId))
      .where(and(eq(commentReactions.uuid, uuid), eq(commentReactions.userId, viewer.userId)));
    if (!reaction) {
      throw notFound();
    }
    await tx.delete(commentReactions).where(eq(commentReactions.id, reaction.id));
    const type = reaction.comment.commentableType as CommentableType;
    const owner = await commentableUuid(tx, type, reaction.comment.commentableId);
    if (owner) {
      const commentable = await findCommentable(tx, type, owner, viewer).catch(() => null);
      if (commentable) {
        emitCommentEvent(emit, 'updated', reaction.comment, commentable, { actorId: viewer.userId, parentUuid: null });
      }
    }
  });
}
