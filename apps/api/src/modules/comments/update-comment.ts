import type { commentUpdateSchema } from '@portal/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { comments } from '../../db/schema';
import { inTransaction } from '../../events/domain-events';
import { forbidden, validationError } from '../../http/errors';
import { type Commentable, type CommentRow, type CommentViewer, findVisibleComment } from './comment-access';
import { type CommentOutgoing, NO_COMMENT_OUTGOING } from './comment-notifications';
import { commentTextFrom } from './comment-text';
import { attachCommentUploads, clearCommentUploads } from './comment-uploads';
import {
  COMMENT_ALREADY_SENT,
  deliverCommentOutgoing,
  emitCommentEvent,
  mentionedUuids,
  onCommentDelivered,
  parseCommentSendAt,
  saveMentions,
} from './comment-writes';

type UpdateInput = z.output<typeof commentUpdateSchema>;

/** Only the author changes or deletes a comment, and never once it is deleted (doc 2 §4). */
function assertAuthor(comment: CommentRow, viewer: CommentViewer) {
  if (comment.creatorId !== viewer.userId || comment.deletedAt !== null) {
    throw forbidden();
  }
}

async function parentUuidOf(tx: Parameters<typeof findVisibleComment>[0], comment: CommentRow) {
  if (comment.parentId === null) {
    return null;
  }
  const [parent] = await tx.select({ uuid: comments.uuid }).from(comments).where(eq(comments.id, comment.parentId));
  return parent?.uuid ?? null;
}

/**
 * PUT comments/{uuid}. Text, mentions and files change the comment ('[Edited]' once sent; a scheduled comment stays
 * unmarked). send_at moves a comment that has not been sent yet, and null sends it now. Mentions added to a sent
 * comment are told at once.
 */
export async function updateComment(
  ctx: AppContext,
  log: FastifyBaseLogger,
  viewer: CommentViewer,
  uuid: string,
  input: UpdateInput,
): Promise<{ row: CommentRow; commentable: Commentable }> {
  let outgoing: CommentOutgoing = NO_COMMENT_OUTGOING;
  const result = await inTransaction(ctx.db, ctx.events, async (tx, emit) => {
    const { comment, commentable } = await findVisibleComment(tx, uuid, viewer, { lock: true });
    assertAuthor(comment, viewer);
    const now = new Date();
    const pending = comment.deliveredAt === null;
    const changes: Partial<typeof comments.$inferInsert> = {};
    if (input.send_at !== undefined) {
      if (!pending) {
        throw validationError({ send_at: [COMMENT_ALREADY_SENT] });
      }
      const sendAt = parseCommentSendAt(input.send_at, ctx.config.agencyTimeZone, now);
      const at = sendAt ?? now;
      Object.assign(changes, { sendAt, createdAt: at, updatedAt: at, deliveredAt: sendAt ? null : now });
    }
    const textChanged = input.text !== undefined || input.text_delta !== undefined;
    const text = textChanged ? commentTextFrom(input) : null;
    if (text) {
      Object.assign(changes, { text: text.text, textDelta: text.delta });
    }
    if (input.ref_token !== undefined) {
      changes.refToken = input.ref_token;
    }
    const contentChanged = textChanged || input.related_users !== undefined || input.uploads !== undefined;
    if (contentChanged && !pending) {
      changes.updatedAt = now;
    }
    const [row] = Object.keys(changes).length
      ? await tx.update(comments).set(changes).where(eq(comments.id, comment.id)).returning()
      : [comment];
    if (!row) {
      throw new Error('comment vanished');
    }
    let addedMentionIds: number[] = [];
    if (input.related_users !== undefined || text) {
      const uuids = mentionedUuids(input.related_users, text?.mentionIds ?? []);
      addedMentionIds = await saveMentions(tx, viewer, row, commentable, uuids);
    }
    if (input.uploads !== undefined) {
      await attachCommentUploads(tx, { storage: ctx.storage, viewer, emit }, row, input.uploads, 'replace');
    }
    let mentionedUserIds: number[] = [];
    if (pending && row.deliveredAt !== null) {
      // "Send now": delivered in full, as if it had just been written.
      const told = await onCommentDelivered(tx, row, commentable);
      ({ outgoing, mentionedUserIds } = told);
    } else if (!pending && addedMentionIds.length) {
      const told = await onCommentDelivered(tx, row, commentable, { onlyMentionIds: addedMentionIds });
      ({ outgoing, mentionedUserIds } = told);
    }
    emitCommentEvent(emit, 'updated', row, commentable, {
      actorId: viewer.userId,
      refToken: input.ref_token,
      parentUuid: await parentUuidOf(tx, row),
      mentionedUserIds,
    });
    return { row, commentable };
  });
  await deliverCommentOutgoing(ctx, log, outgoing);
  return result;
}

/**
 * DELETE comments/{uuid}. A sent comment stays as '[Comment Deleted]' (deleted_at set; its replies and files
 * cleared); a scheduled one that nobody has seen is cancelled outright. Answers the row as it now is, or null.
 */
export async function deleteComment(
  ctx: AppContext,
  viewer: CommentViewer,
  uuid: string,
): Promise<{ row: CommentRow | null; commentable: Commentable }> {
  return inTransaction(ctx.db, ctx.events, async (tx, emit) => {
    const { comment, commentable } = await findVisibleComment(tx, uuid, viewer, { lock: true });
    assertAuthor(comment, viewer);
    const parentUuid = await parentUuidOf(tx, comment);
    const context = { actorId: viewer.userId, parentUuid };
    if (comment.deliveredAt === null) {
      await clearCommentUploads(tx, [comment.id], emit, viewer.userId);
      await tx.delete(comments).where(eq(comments.id, comment.id));
      emitCommentEvent(emit, 'deleted', { ...comment, deletedAt: new Date() }, commentable, context);
      return { row: null, commentable };
    }
    const now = new Date();
    const replies = await tx
      .update(comments)
      .set({ deletedAt: now })
      .where(and(eq(comments.parentId, comment.id), isNull(comments.deletedAt)))
      .returning({ id: comments.id });
    const [row] = await tx.update(comments).set({ deletedAt: now }).where(eq(comments.id, comment.id)).returning();
    await clearCommentUploads(tx, [comment.id, ...replies.map((r) => r.id)], emit, viewer.userId);
    if (!row) {
      throw new Error('comment vanished');
    }
    emitCommentEvent(emit, 'deleted', row, commentable, context);
    return { row, commentable };
  });
}
