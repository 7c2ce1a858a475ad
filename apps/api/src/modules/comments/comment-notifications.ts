import type { NotificationData } from '@portal/domain';
import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { intArrayLiteral } from '../../db/id-in';
import { escapeHtml } from '../mail/html';
import type { MailMessage } from '../mail/mailer';
import { mergeOutgoing, NO_OUTGOING, notifyUsers, type Outgoing } from '../notifications/notify';
import type { Commentable, CommentRow } from './comment-access';

/** Server-written titles of comment notifications (data.title). */
export const COMMENT_NOTIFICATION_TITLES = {
  mention: 'mentioned you in a comment',
  reply: 'replied to your comment',
  created: 'commented',
} as const;

/** What leaves after commit: app notifications (bell, e-mail, push) and the e-mails of mentioned client contacts. */
export type CommentOutgoing = { notifications: Outgoing; contactMails: MailMessage[] };
export const NO_COMMENT_OUTGOING: CommentOutgoing = { notifications: NO_OUTGOING, contactMails: [] };

/** Where a comment opens: the task drawer, the request or the plan, with the comment highlighted (doc 1 §2). */
export function commentActionUrl(commentable: Pick<Commentable, 'type' | 'uuid'>, commentUuid: string): string {
  if (commentable.type === 'task') {
    return `/tasks?task_uuid=${commentable.uuid}&task_comment_uuid=${commentUuid}`;
  }
  if (commentable.type === 'request') {
    return `/requests/${commentable.uuid}?target_comment_id=${commentUuid}`;
  }
  if (commentable.type === 'content_item') {
    // /content opens the item's drawer on its plan (features/content), on its comments with this one highlighted.
    return `/content?item=${commentable.uuid}&target_comment_id=${commentUuid}`;
  }
  return `/projects/${commentable.uuid}?target_comment_id=${commentUuid}`;
}

const CONTENT_MAX = 500;
const excerpt = (text: string) => (text.length > CONTENT_MAX ? `${text.slice(0, CONTENT_MAX - 1)}…` : text);

function data(comment: CommentRow, commentable: Commentable, title: string, mention: boolean): NotificationData {
  return {
    title,
    sub_title: commentable.title,
    content: excerpt(comment.text),
    action_url: commentActionUrl(commentable, comment.uuid),
    resource_id: comment.uuid,
    has_mention: mention,
  };
}

type Ids = { rows: { id: number }[] };
const ids = (result: Ids) => result.rows.map((r) => r.id);

/**
 * Of these users, those who may read this comment: freelancers only where they see the commentable (its plan's
 * members and manager, people on the task or request), and for plan-only types only COMMENTS_PRIVATE holders.
 */
async function whoMayRead(tx: DbExecutor, userIds: number[], comment: CommentRow, commentable: Commentable) {
  if (userIds.length === 0) {
    return [];
  }
  const link =
    commentable.type === 'task'
      ? sql`exists (select 1 from task_users tu where tu.task_id = ${commentable.id} and tu.user_id = u.id)`
      : commentable.type === 'request'
        ? sql`exists (select 1 from request_users ru where ru.request_id = ${commentable.id} and ru.user_id = u.id)`
        : sql`false`;
  const plan = commentable.projectId ?? 0;
  const privateOnly =
    comment.type === 'comment'
      ? sql`true`
      : sql`exists (select 1 from user_roles ur join role_permissions rp on rp.role_id = ur.role_id
          join permissions p on p.id = rp.permission_id where ur.user_id = u.id and p.name = 'COMMENTS_PRIVATE')`;
  // A content item is read with POSTS_READ besides (content-access.ts), whoever the reader.
  const content =
    commentable.type === 'content_item'
      ? sql`exists (select 1 from user_roles ur join role_permissions rp on rp.role_id = ur.role_id
          join permissions p on p.id = rp.permission_id where ur.user_id = u.id and p.name = 'POSTS_READ')`
      : sql`true`;
  const found = await tx.execute<{ id: number }>(sql`
    select u.id from users u join contacts c on c.user_id = u.id
    where u.id = any(${intArrayLiteral(userIds)}::int[]) and ${privateOnly} and ${content} and (c.type = 'regular_user'
      or exists (select 1 from project_users pu where pu.project_id = ${plan} and pu.user_id = u.id)
      or exists (select 1 from projects mp where mp.id = ${plan} and mp.project_manager_id = u.id)
      or ${link})`);
  return ids(found);
}

/** The comment's mentions: app users (groups fanned out to their members) and client contacts to e-mail. */
async function mentionedPeople(tx: DbExecutor, commentId: number, onlyMentionIds?: readonly number[]) {
  const only = onlyMentionIds ? sql`and m.id = any(${intArrayLiteral(onlyMentionIds)}::int[])` : sql``;
  const users = await tx.execute<{ id: number }>(sql`
    select distinct u.id from comment_mentions m
    join contacts c on c.id = m.contact_id join users u on u.id = c.user_id
    where m.comment_id = ${commentId} and c.type in ('regular_user', 'freelancer') ${only}
    union
    select distinct gm.user_id from comment_mentions m join group_members gm on gm.group_id = m.group_id
    where m.comment_id = ${commentId} ${only}`);
  const mailed = await tx.execute<{ email: string | null; name: string }>(sql`
    select coalesce(c.email, u.email) as email, c.name from comment_mentions m
    join contacts c on c.id = m.contact_id left join users u on u.id = c.user_id
    where m.comment_id = ${commentId} and c.type = 'contact' ${only}`);
  return { userIds: ids(users), contacts: mailed.rows.filter((r): r is { email: string; name: string } => !!r.email) };
}

/** The e-mail a mentioned client contact receives: the comment's text, and no way into the staff app. */
function contactMail(to: string, author: string, comment: CommentRow, commentable: Commentable): MailMessage {
  const subject = `${author} mentioned you: ${commentable.title}`;
  const lines = [`${author} mentioned you in a comment on "${commentable.title}":`, '', comment.text];
  return {
    to,
    subject,
    text: lines.join('\n'),
    html: `<p>${escapeHtml(lines[0] ?? '')}</p><blockquote>${escapeHtml(comment.text).replace(/\n/g, '<br>')}</blockquote>`,
  };
}

async function authorName(tx: DbExecutor, userId: number | null): Promise<string> {
  if (!userId) {
    return 'Someone';
  }
  const found = await tx.execute<{ name: string }>(sql`select name from contacts where user_id = ${userId}`);
  return found.rows[0]?.name ?? 'Someone';
}

/**
 * Tells people about a comment that has just been delivered (sent now, or its send_at came), in the delivering
 * transaction: the mentioned (groups as their members; client contacts by e-mail with the text), the parent's author
 * for a reply, and for a new thread the commentable's responsible people and followers (a plan's manager, a content
 * item's assignee). Each
 * person is told once, the actor never. `onlyMentionIds` limits it to mentions added by an edit.
 */
export async function notifyCommentDelivered(
  tx: DbExecutor,
  comment: CommentRow,
  commentable: Commentable,
  options: { onlyMentionIds?: readonly number[] } = {},
): Promise<{ outgoing: CommentOutgoing; mentionedUserIds: number[] }> {
  const actorId = comment.creatorId;
  const author = await authorName(tx, actorId);
  const mentioned = await mentionedPeople(tx, comment.id, options.onlyMentionIds);
  const mentionIds = (await whoMayRead(tx, mentioned.userIds, comment, commentable)).filter((id) => id !== actorId);
  const parts: Outgoing[] = [
    await notifyUsers(
      tx,
      mentionIds,
      {
        type: 'comment_mention',
        data: data(comment, commentable, `${author} ${COMMENT_NOTIFICATION_TITLES.mention}`, true),
      },
      actorId,
    ),
  ];
  const told = new Set([...mentionIds, actorId ?? 0]);
  if (!options.onlyMentionIds) {
    if (comment.parentId !== null) {
      const parent = await tx.execute<{ id: number }>(
        sql`select creator_id as id from comments where id = ${comment.parentId} and creator_id is not null`,
      );
      const authorIds = (await whoMayRead(tx, ids(parent), comment, commentable)).filter((id) => !told.has(id));
      parts.push(
        await notifyUsers(
          tx,
          authorIds,
          {
            type: 'comment_reply',
            data: data(comment, commentable, `${author} ${COMMENT_NOTIFICATION_TITLES.reply}`, false),
          },
          actorId,
        ),
      );
    } else {
      const people =
        commentable.type === 'task'
          ? await tx.execute<{ id: number }>(
              sql`select user_id as id from task_users where task_id = ${commentable.id}`,
            )
          : commentable.type === 'request'
            ? await tx.execute<{ id: number }>(
                sql`select user_id as id from request_users where request_id = ${commentable.id}`,
              )
            : commentable.type === 'content_item'
              ? await tx.execute<{ id: number }>(
                  sql`select assignee_id as id from content_items where id = ${commentable.id} and assignee_id is not null`,
                )
              : await tx.execute<{ id: number }>(
                  sql`select project_manager_id as id from projects where id = ${commentable.id} and project_manager_id is not null`,
                );
      const watchers = (await whoMayRead(tx, ids(people), comment, commentable)).filter((id) => !told.has(id));
      parts.push(
        await notifyUsers(
          tx,
          watchers,
          {
            type: 'comment_created',
            data: data(comment, commentable, `${author} ${COMMENT_NOTIFICATION_TITLES.created}`, false),
          },
          actorId,
        ),
      );
    }
  }
  // Client contacts never see private notes (their mentions are dropped before this), so only e-mails remain.
  const contactMails =
    comment.type === 'comment' ? mentioned.contacts.map((c) => contactMail(c.email, author, comment, commentable)) : [];
  return { outgoing: { notifications: mergeOutgoing(...parts), contactMails }, mentionedUserIds: mentionIds };
}
