import { COMMENT_TYPES, type CommentableType, type CommentKind, type UserType } from '@portal/domain';
import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { comments, contentItems, projects, requests, tasks } from '../../db/schema';
import type { Principal } from '../../http/access';
import { forbidden, notFound, validationError } from '../../http/errors';
import { contentItemTitle, findVisibleItem } from '../content/content-access';
import { visiblePlans } from '../plans/plan-list.query';
import { findVisibleRequest } from '../requests/request-access';
import { findVisibleTask } from '../tasks/task-access';

/**
 * Who reads or writes comments. `canPrivate` = COMMENTS_PRIVATE (private notes, call logs, e-mail logs, summaries on
 * plans); `canCreate` = COMMENTS_CREATE; `canReadContent` = POSTS_READ (content items are read with it).
 */
export type CommentViewer = {
  userId: number;
  type: UserType;
  canPrivate: boolean;
  canCreate: boolean;
  canReadContent: boolean;
};

export function commentViewerOf(principal: Principal): CommentViewer {
  return {
    userId: principal.userId,
    type: principal.type,
    canPrivate: principal.permissions.has('COMMENTS_PRIVATE'),
    canCreate: principal.permissions.has('COMMENTS_CREATE'),
    canReadContent: principal.permissions.has('POSTS_READ'),
  };
}

/** What a comment hangs on: a task, a request, a plan or a content item, with the plan it belongs to. */
export type Commentable = {
  type: CommentableType;
  id: number;
  uuid: string;
  title: string;
  projectId: number | null;
};

/**
 * The commentable a caller may read, by uuid; the same rules as the thing itself (a task of a plan one cannot see
 * answers 404). Freelancers see plans they manage or are members of.
 */
export async function findCommentable(
  db: DbExecutor,
  type: CommentableType,
  uuid: string,
  viewer: CommentViewer,
): Promise<Commentable> {
  if (type === 'task') {
    const task = await findVisibleTask(db, uuid, viewer);
    return { type, id: task.id, uuid: task.uuid, title: task.title, projectId: task.projectId };
  }
  if (type === 'request') {
    const request = await findVisibleRequest(db, uuid, viewer);
    return { type, id: request.id, uuid: request.uuid, title: request.subject, projectId: request.projectId };
  }
  if (type === 'content_item') {
    // A content item is read with POSTS_READ, on the plans the caller may work on (content-access.ts).
    if (!viewer.canReadContent) {
      throw notFound();
    }
    const item = await findVisibleItem(db, uuid, viewer);
    return { type, id: item.id, uuid: item.uuid, title: contentItemTitle(item), projectId: item.project_id };
  }
  const visible =
    viewer.type === 'regular_user'
      ? visiblePlans(viewer.userId)
      : (or(
          eq(projects.projectManagerId, viewer.userId),
          sql`exists (select 1 from project_users pu where pu.project_id = ${projects.id} and pu.user_id = ${viewer.userId})`,
        ) as SQL);
  const [plan] = await db
    .select({ id: projects.id, uuid: projects.uuid, title: projects.title })
    .from(projects)
    .where(and(eq(projects.uuid, uuid), visible))
    .limit(1);
  if (!plan) {
    throw notFound();
  }
  return { type, id: plan.id, uuid: plan.uuid, title: plan.title, projectId: plan.id };
}

/** The uuid of a commentable by its internal id (comments store ids), or null when it is gone. */
export async function commentableUuid(db: DbExecutor, type: CommentableType, id: number): Promise<string | null> {
  const table =
    type === 'task' ? tasks : type === 'request' ? requests : type === 'content_item' ? contentItems : projects;
  const [row] = await db.select({ uuid: table.uuid }).from(table).where(eq(table.id, id)).limit(1);
  return row?.uuid ?? null;
}

/** The comment types this caller may write and read here: plan-only types on plans, for permission holders. */
export function allowedCommentTypes(commentable: Pick<Commentable, 'type'>, viewer: CommentViewer): CommentKind[] {
  return commentable.type === 'project' && viewer.canPrivate ? [...COMMENT_TYPES] : ['comment'];
}

/** Whether the caller may write here at all: freelancers never comment on requests (doc 2 §6). */
export function canCommentOn(commentable: Pick<Commentable, 'type'>, viewer: CommentViewer): boolean {
  return viewer.canCreate && !(commentable.type === 'request' && viewer.type === 'freelancer');
}

/**
 * Refuses a write the caller may not make here: 403 for freelancers on requests and for plan-only types without
 * COMMENTS_PRIVATE; 422 for a plan-only type on a task or request, where it does not exist.
 */
export function assertMayWrite(commentable: Pick<Commentable, 'type'>, viewer: CommentViewer, type: CommentKind) {
  if (!canCommentOn(commentable, viewer)) {
    throw forbidden();
  }
  if (!allowedCommentTypes(commentable, viewer).includes(type)) {
    if (commentable.type === 'project') {
      throw forbidden();
    }
    throw validationError({ type: [COMMENT_TYPE_ONLY_ON_PLANS] });
  }
}

export const COMMENT_TYPE_ONLY_ON_PLANS = 'This type of comment exists on plans only.';

/**
 * Which comments of a visible commentable the caller reads: scheduled ones (send_at ahead) only their creator, and
 * only when asked (`withScheduled`); plan-only types only holders of COMMENTS_PRIVATE.
 */
export function visibleComments(viewer: CommentViewer, options: { withScheduled: boolean }): SQL {
  const scheduled = options.withScheduled
    ? sql`(${comments.sendAt} is null or ${comments.sendAt} <= now() or ${comments.creatorId} = ${viewer.userId})`
    : sql`(${comments.sendAt} is null or ${comments.sendAt} <= now())`;
  return viewer.canPrivate ? scheduled : sql`${scheduled} and ${comments.type} = 'comment'`;
}

export type CommentRow = typeof comments.$inferSelect;

/**
 * A comment the caller may read, by uuid, with its commentable (itself checked against the caller). Unknown,
 * hidden and other people's scheduled comments all answer 404.
 */
export async function findVisibleComment(
  db: DbExecutor,
  uuid: string,
  viewer: CommentViewer,
  options: { lock?: boolean } = {},
): Promise<{ comment: CommentRow; commentable: Commentable }> {
  const query = db
    .select()
    .from(comments)
    .where(and(eq(comments.uuid, uuid), visibleComments(viewer, { withScheduled: true })))
    .limit(1);
  // The row lock serialises edits, deletes and replies of one comment against each other.
  const [comment] = options.lock ? await query.for('update') : await query;
  if (!comment) {
    throw notFound();
  }
  const type = comment.commentableType as CommentableType;
  const owner = await commentableUuid(db, type, comment.commentableId);
  if (!owner) {
    throw notFound();
  }
  return { comment, commentable: await findCommentable(db, type, owner, viewer) };
}
