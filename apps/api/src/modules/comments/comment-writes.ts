import { type CommentKind, isValidSendAt, parseSendAt } from '@portal/domain';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import type { DbExecutor } from '../../db/client';
import { commentMentions } from '../../db/schema';
import type { Emit } from '../../events/domain-events';
import { validationError } from '../../http/errors';
import { notificationDelivery } from '../notifications/deliver';
import { touchRequestInteraction } from '../requests/request-temperature';
import type { Commentable, CommentRow, CommentViewer } from './comment-access';
import { type CommentOutgoing, notifyCommentDelivered } from './comment-notifications';
import { resolveMentions } from './mentionables';

export const SEND_AT_INVALID = 'Pick a working day and a time within working hours, in the future.';
export const COMMENT_ALREADY_SENT = 'This comment has already been sent.';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The send time of a scheduled comment, checked against the working-hours rule; null sends now. */
export function parseCommentSendAt(value: string | null | undefined, timeZone: string, now = new Date()): Date | null {
  if (value === undefined || value === null || value === '') {
    return null;
  }
  const sendAt = parseSendAt(value, timeZone);
  if (!sendAt || !isValidSendAt(sendAt, now)) {
    throw validationError({ send_at: [SEND_AT_INVALID] });
  }
  return sendAt;
}

/** The uuids a write mentions: related_users (uuid or {uuid}) and the editor's mention embeds. */
export function mentionedUuids(relatedUsers: readonly (string | { uuid: string })[] | undefined, deltaIds: string[]) {
  const given = (relatedUsers ?? []).map((r) => (typeof r === 'string' ? r : r.uuid));
  return [...new Set([...given, ...deltaIds.filter((id) => UUID.test(id))].map((id) => id.toLowerCase()))];
}

/** Replaces a comment's mentions; answers the ids of the rows that are new (whom an edit should tell). */
export async function saveMentions(
  tx: DbExecutor,
  viewer: CommentViewer,
  comment: Pick<CommentRow, 'id' | 'type'>,
  commentable: Commentable,
  uuids: string[],
): Promise<number[]> {
  const targets = await resolveMentions(tx, viewer, commentable.projectId, uuids, {
    dropContacts: comment.type === 'private',
  });
  const existing = await tx
    .select({ id: commentMentions.id, contactId: commentMentions.contactId, groupId: commentMentions.groupId })
    .from(commentMentions)
    .where(eq(commentMentions.commentId, comment.id));
  const key = (t: { contactId: number | null; groupId: number | null }) =>
    t.groupId ? `g${t.groupId}` : `c${t.contactId}`;
  const before = new Set(existing.map(key));
  const wanted = new Set(targets.map(key));
  const gone = existing.filter((m) => !wanted.has(key(m))).map((m) => m.id);
  if (gone.length) {
    await tx.delete(commentMentions).where(inArray(commentMentions.id, gone));
  }
  const added = targets.filter((t) => !before.has(key(t)));
  if (added.length === 0) {
    return [];
  }
  const inserted = await tx
    .insert(commentMentions)
    .values(added.map((t) => ({ commentId: comment.id, contactId: t.contactId, groupId: t.groupId })))
    .returning({ id: commentMentions.id });
  return inserted.map((r) => r.id);
}

/** The events of a comment write: the comment itself, and who was newly mentioned. */
export function emitCommentEvent(
  emit: Emit,
  action: 'created' | 'updated' | 'deleted',
  comment: CommentRow,
  commentable: Commentable,
  context: { actorId: number | null; refToken?: string | null; parentUuid: string | null; mentionedUserIds?: number[] },
) {
  const scheduled = comment.sendAt !== null && comment.sendAt.getTime() > Date.now() && comment.deletedAt === null;
  emit({
    model: 'comment',
    action,
    id: comment.uuid,
    actorId: context.actorId,
    refToken: context.refToken ?? null,
    projectId: commentable.projectId,
    // A scheduled comment exists only for its creator until it is sent.
    ...(scheduled && comment.creatorId ? { userIds: [comment.creatorId] } : {}),
    payload: {
      commentable_type: commentable.type,
      commentable_uuid: commentable.uuid,
      parent_uuid: context.parentUuid,
      type: comment.type as CommentKind,
    },
  });
  if (context.mentionedUserIds?.length) {
    emit({
      model: 'mention',
      action: 'created',
      id: comment.uuid,
      actorId: context.actorId,
      projectId: commentable.projectId,
      userIds: context.mentionedUserIds,
      payload: { commentable_type: commentable.type, commentable_uuid: commentable.uuid },
    });
  }
}

/**
 * What happens when a comment is delivered, inside the delivering transaction: its notifications, and for a request
 * an interaction (temperature; three unanswered staff comments make it frozen).
 */
export async function onCommentDelivered(
  tx: DbExecutor,
  comment: CommentRow,
  commentable: Commentable,
  options: { onlyMentionIds?: readonly number[] } = {},
) {
  const told = await notifyCommentDelivered(tx, comment, commentable, options);
  if (commentable.type === 'request' && !options.onlyMentionIds) {
    await touchRequestInteraction(tx, commentable.id);
  }
  return told;
}

/** Sends what a committed comment write produced; failures are logged, never thrown into the request. */
export async function deliverCommentOutgoing(
  ctx: Pick<AppContext, 'db' | 'mailer' | 'sessions' | 'config' | 'events'>,
  log: FastifyBaseLogger,
  outgoing: CommentOutgoing,
) {
  await notificationDelivery(ctx, log)(outgoing.notifications);
  for (const mail of outgoing.contactMails) {
    try {
      await ctx.mailer.send(mail);
    } catch (error) {
      log.error({ err: error, to: mail.to }, 'mention e-mail failed');
    }
  }
}
