import type { commentCreateSchema } from '@portal/domain';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { comments } from '../../db/schema';
import { inTransaction } from '../../events/domain-events';
import { validationError } from '../../http/errors';
import {
  assertMayWrite,
  type Commentable,
  type CommentRow,
  type CommentViewer,
  findVisibleComment,
} from './comment-access';
import { NO_COMMENT_OUTGOING } from './comment-notifications';
import { commentTextFrom } from './comment-text';
import { attachCommentUploads } from './comment-uploads';
import {
  deliverCommentOutgoing,
  emitCommentEvent,
  mentionedUuids,
  onCommentDelivered,
  parseCommentSendAt,
  saveMentions,
} from './comment-writes';

export const CANNOT_REPLY = 'This comment cannot be replied to: it was deleted or is not sent yet.';

type CreateInput = z.output<typeof commentCreateSchema>;

/**
 * POST {tasks|projects|requests}/{uuid}/comments, and replies (parentUuid). A reply belongs to its parent's
 * commentable and is forced private under a private note. A comment with send_at ahead is stored scheduled (its
 * created_at is its send time, so it sorts where it will appear) and delivered by the scheduled-comments job;
 * otherwise it is delivered now: notifications, mention e-mails, request interaction.
 */
export async function createComment(
  ctx: AppContext,
  log: FastifyBaseLogger,
  viewer: CommentViewer,
  target: { commentable: Commentable } | { parentUuid: string },
  input: CreateInput,
): Promise<{ row: CommentRow; commentable: Commentable }> {
  const text = commentTextFrom(input);
  const sendAt = parseCommentSendAt(input.send_at, ctx.config.agencyTimeZone);
  let outgoing = NO_COMMENT_OUTGOING;
  const result = await inTransaction(ctx.db, ctx.events, async (tx, emit) => {
    let commentable: Commentable;
    let parent: CommentRow | null = null;
    if ('parentUuid' in target) {
      const found = await findVisibleComment(tx, target.parentUuid, viewer, { lock: true });
      commentable = found.commentable;
      parent = found.comment;
      if (parent.parentId !== null) {
        // Threads are one level deep: a reply to a reply joins the same thread.
        const [root] = await tx.select().from(comments).where(eq(comments.id, parent.parentId)).for('update');
        parent = root ?? parent;
      }
      if (parent.deletedAt !== null || (parent.sendAt && parent.sendAt.getTime() > Date.now())) {
        throw validationError({ parent: [CANNOT_REPLY] });
      }
    } else {
      commentable = target.commentable;
    }
    const type = parent?.type === 'private' ? 'private' : input.type;
    assertMayWrite(commentable, viewer, type);
    const now = new Date();
    const at = sendAt ?? now;
    const [row] = await tx
      .insert(comments)
      .values({
        commentableType: commentable.type,
        commentableId: commentable.id,
        projectId: commentable.projectId,
        parentId: parent?.id ?? null,
        type,
        text: text.text,
        textDelta: text.delta,
        creatorId: viewer.userId,
        sendAt,
        deliveredAt: sendAt ? null : now,
        refToken: input.ref_token ?? null,
        createdAt: at,
        updatedAt: at,
      })
      .returning();
    if (!row) {
      throw new Error('comment not created');
    }
    await saveMentions(tx, viewer, row, commentable, mentionedUuids(input.related_users, text.mentionIds));
    await attachCommentUploads(tx, { storage: ctx.storage, viewer, emit }, row, input.uploads ?? [], 'add');
    let mentionedUserIds: number[] = [];
    if (!sendAt) {
      const told = await onCommentDelivered(tx, row, commentable);
      outgoing = told.outgoing;
      mentionedUserIds = told.mentionedUserIds;
    }
    emitCommentEvent(emit, 'created', row, commentable, {
      actorId: viewer.userId,
      refToken: input.ref_token,
      parentUuid: parent?.uuid ?? null,
      mentionedUserIds,
    });
    return { row, commentable };
  });
  await deliverCommentOutgoing(ctx, log, outgoing);
  return result;
}
