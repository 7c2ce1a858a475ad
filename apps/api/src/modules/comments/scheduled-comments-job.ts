import type { CommentableType } from '@portal/domain';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { AppContext } from '../../context';
import type { DbExecutor } from '../../db/client';
import { comments, contentItems, projects, requests, tasks } from '../../db/schema';
import { inTransaction } from '../../events/domain-events';
import { contentItemTitle } from '../content/content-access';
import { type CommentRow, commentableUuid } from './comment-access';
import { type CommentOutgoing, NO_COMMENT_OUTGOING } from './comment-notifications';
import { deliverCommentOutgoing, emitCommentEvent, onCommentDelivered } from './comment-writes';

export const SCHEDULED_COMMENTS_QUEUE = 'scheduled-comments';
const BATCH = 50;

async function commentableOf(tx: DbExecutor, row: CommentRow) {
  const type = row.commentableType as CommentableType;
  const uuid = await commentableUuid(tx, type, row.commentableId);
  if (!uuid) {
    return null;
  }
  if (type === 'content_item') {
    const [item] = await tx
      .select({ platform: contentItems.platform, caption: contentItems.caption })
      .from(contentItems)
      .where(eq(contentItems.id, row.commentableId));
    const title = item ? contentItemTitle(item) : '';
    return { type, id: row.commentableId, uuid, title, projectId: row.projectId };
  }
  const table = type === 'task' ? tasks : type === 'request' ? requests : projects;
  const title = type === 'task' ? tasks.title : type === 'request' ? requests.subject : projects.title;
  const [found] = await tx.select({ title }).from(table).where(eq(table.id, row.commentableId));
  return { type, id: row.commentableId, uuid, title: found?.title ?? '', projectId: row.projectId };
}

/**
 * Delivers the scheduled comments whose send_at has come: each in its own transaction, taken with SKIP LOCKED so
 * two instances never deliver one twice; delivered_at marks it done. A comment moved later or cancelled meanwhile is
 * simply not due (or gone). Answers how many were delivered.
 */
export async function deliverDueComments(
  ctx: Pick<AppContext, 'db' | 'events' | 'mailer' | 'sessions' | 'config'>,
  log: FastifyBaseLogger,
  now: Date = new Date(),
): Promise<number> {
  let delivered = 0;
  for (;;) {
    let outgoing: CommentOutgoing = NO_COMMENT_OUTGOING;
    const done = await inTransaction(ctx.db, ctx.events, async (tx, emit) => {
      const due = await tx
        .select()
        .from(comments)
        .where(
          sql`${comments.deliveredAt} is null and ${comments.deletedAt} is null and ${comments.sendAt} <= ${now.toISOString()}::timestamptz`,
        )
        .orderBy(comments.sendAt)
        .limit(1)
        .for('update', { skipLocked: true });
      const row = due[0];
      if (!row) {
        return false;
      }
      const [marked] = await tx.update(comments).set({ deliveredAt: now }).where(eq(comments.id, row.id)).returning();
      const commentable = await commentableOf(tx, row);
      if (marked && commentable) {
        const told = await onCommentDelivered(tx, marked, commentable);
        outgoing = told.outgoing;
        const [parent] = marked.parentId
          ? await tx.select({ uuid: comments.uuid }).from(comments).where(eq(comments.id, marked.parentId))
          : [];
        emitCommentEvent(emit, 'created', marked, commentable, {
          actorId: marked.creatorId,
          parentUuid: parent?.uuid ?? null,
          mentionedUserIds: told.mentionedUserIds,
        });
      }
      return true;
    });
    if (!done) {
      return delivered;
    }
    delivered += 1;
    await deliverCommentOutgoing(ctx, log, outgoing);
    if (delivered % BATCH === 0) {
      log.info({ delivered }, 'scheduled comments delivered so far');
    }
  }
}

/** Every minute: scheduled comments go out at their send time (the dialogs offer 15-minute steps). */
export async function scheduleCommentDelivery(
  boss: PgBoss,
  app: { ctx: AppContext; log: FastifyBaseLogger },
  timeZone: string,
) {
  await boss.createQueue(SCHEDULED_COMMENTS_QUEUE);
  await boss.schedule(SCHEDULED_COMMENTS_QUEUE, '* * * * *', {}, { tz: timeZone });
  await boss.work(SCHEDULED_COMMENTS_QUEUE, async () => {
    const delivered = await deliverDueComments(app.ctx, app.log);
    if (delivered) {
      app.log.info({ delivered }, 'scheduled comments delivered');
    }
  });
  await boss.send(SCHEDULED_COMMENTS_QUEUE, {});
}
