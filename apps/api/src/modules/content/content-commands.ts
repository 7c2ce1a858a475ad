import {
  CONTENT_MESSAGES,
  type ContentPlatform,
  type ContentStatus,
  captionTooLong,
  type contentBulkSchema,
  type contentItemCreateSchema,
  type contentItemUpdateSchema,
  contentMoveError,
} from '@portal/domain';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { DbExecutor } from '../../db/client';
import { contentItems } from '../../db/schema';
import { type Emit, inTransaction } from '../../events/domain-events';
import { AppError, validationError } from '../../http/errors';
import { deleteThreadOf } from '../comments/commentable-lifecycle';
import { attachUploads } from '../uploads/attach-uploads';
import { type ContentViewer, findContentPlan, findVisibleItem, type ItemRow, resolveAssignee } from './content-access';

type Ctx = Pick<AppContext, 'db' | 'events' | 'storage'>;
type CreateInput = z.output<typeof contentItemCreateSchema>;
type UpdateInput = z.output<typeof contentItemUpdateSchema>;

/** What every content event carries: public fields only, so the /content screen knows what to refresh. */
export function announceItem(
  emit: Emit,
  action: string,
  item: { uuid: string; projectId: number },
  status: string,
  actorId: number | null,
) {
  emit({
    model: 'content_item',
    action,
    id: item.uuid,
    actorId,
    projectId: item.projectId,
    payload: { status },
  });
}

const sameInstant = (a: Date | string | null, b: Date | string | null) =>
  a === null || b === null ? a === b : new Date(a).getTime() === new Date(b).getTime();

/** A move the flow refuses, or scheduling without a time, is 422 on `status` with the domain's message. */
export function checkMove(from: ContentStatus, to: ContentStatus, scheduledAt: unknown) {
  const refused = contentMoveError(from, to);
  if (refused) {
    throw new AppError(422, refused, { code: 'content_status', errors: { status: [refused] } });
  }
  if (to === 'scheduled' && from !== to && !scheduledAt) {
    throw new AppError(422, CONTENT_MESSAGES.scheduleNeedsTime, {
      code: 'content_status',
      errors: { status: [CONTENT_MESSAGES.scheduleNeedsTime] },
    });
  }
}

/** POST content-items: a new item starts as a draft unless told otherwise (and the move from draft is allowed). */
export async function createContentItem(ctx: Ctx, input: CreateInput, viewer: ContentViewer): Promise<string> {
  const plan = await findContentPlan(ctx.db, input.project_uuid, viewer);
  const assigneeId = await resolveAssignee(ctx.db, input.assignee_uuid, plan.id);
  checkMove('draft', input.status, input.scheduled_at);
  return inTransaction(ctx.db, ctx.events, async (tx, emit) => {
    const [row] = await tx
      .insert(contentItems)
      .values({
        projectId: plan.id,
        platform: input.platform,
        caption: input.caption,
        scheduledAt: input.scheduled_at ? new Date(input.scheduled_at) : null,
        assigneeId,
        status: input.status,
        createdById: viewer.userId,
      })
      .returning({ id: contentItems.id, uuid: contentItems.uuid });
    if (!row) {
      throw new Error('content item not created');
    }
    await attachUploads(tx, {
      storage: ctx.storage,
      uploadUuids: input.uploads,
      holder: { type: 'content_item', id: row.id },
      actor: { userId: viewer.userId },
      emit,
    });
    announceItem(emit, 'created', { uuid: row.uuid, projectId: plan.id }, input.status, viewer.userId);
    return row.uuid;
  });
}

/** The single-row update, inside the caller's transaction (PUT and each row of a bulk change). */
export async function applyUpdate(
  tx: DbExecutor,
  ctx: Ctx,
  emit: Emit,
  item: ItemRow,
  input: UpdateInput,
  viewer: ContentViewer,
) {
  const platform = (input.platform ?? item.platform) as ContentPlatform;
  const caption = input.caption ?? item.caption;
  const tooLong = captionTooLong(platform, caption);
  if (tooLong) {
    throw validationError({ caption: [tooLong] });
  }
  const scheduledAt = input.scheduled_at === undefined ? item.scheduled_at : input.scheduled_at;
  // A published item's time is a record of what went out (the calendar's drag would otherwise rewrite history).
  if (item.status === 'published' && input.scheduled_at !== undefined && !sameInstant(item.scheduled_at, scheduledAt)) {
    throw validationError({ scheduled_at: [CONTENT_MESSAGES.publishedKeepsTime] });
  }
  if (input.status) {
    checkMove(item.status as ContentStatus, input.status, scheduledAt);
  }
  const assigneeId =
    input.assignee_uuid === undefined
      ? item.assignee_id
      : await resolveAssignee(tx, input.assignee_uuid, item.project_id);
  await tx.execute(sql`update content_items set platform = ${platform}, caption = ${caption},
      scheduled_at = ${scheduledAt === null ? null : new Date(scheduledAt).toISOString()},
      assignee_id = ${assigneeId}, status = ${input.status ?? item.status}, updated_at = now()
    where id = ${item.id}`);
  if (input.uploads) {
    await attachUploads(tx, {
      storage: ctx.storage,
      uploadUuids: input.uploads,
      holder: { type: 'content_item', id: item.id },
      actor: { userId: viewer.userId },
      mode: 'replace',
      emit,
    });
  }
  announceItem(
    emit,
    'updated',
    { uuid: item.uuid, projectId: item.project_id },
    input.status ?? item.status,
    viewer.userId,
  );
}

/** PUT content-items/{uuid}: the caption is checked against the platform it will have after the change. */
export async function updateContentItem(ctx: Ctx, uuid: string, input: UpdateInput, viewer: ContentViewer) {
  await inTransaction(ctx.db, ctx.events, async (tx, emit) => {
    const item = await findVisibleItem(tx, uuid, viewer, { lock: true });
    await applyUpdate(tx, ctx, emit, item, input, viewer);
  });
}

/** DELETE content-items/{uuid}: its files are released for the cleanup job; approval rows go with it. */
export async function deleteContentItem(ctx: Ctx, uuid: string, viewer: ContentViewer) {
  await inTransaction(ctx.db, ctx.events, async (tx, emit) => {
    const item = await findVisibleItem(tx, uuid, viewer, { lock: true });
    await tx.execute(sql`update uploads set holder_type = null, holder_id = null
      where holder_type = 'content_item' and holder_id = ${item.id}`);
    // Its comments go with it, in the same transaction (the comments module owns the thread).
    await deleteThreadOf(tx, emit, { type: 'content_item', id: item.id }, viewer.userId);
    await tx.execute(sql`delete from content_items where id = ${item.id}`);
    announceItem(emit, 'deleted', { uuid: item.uuid, projectId: item.project_id }, item.status, viewer.userId);
  });
}

const errorMessage = (error: unknown): string => {
  if (error instanceof AppError) {
    return Object.values(error.options.errors ?? {})[0]?.[0] ?? error.message;
  }
  throw error;
};

/**
 * POST content-items/bulk-operations: the status on every chosen item, each judged as its PUT would be in a
 * savepoint of one transaction, so a refused row rolls back alone and is reported with PUT's message.
 */
export async function bulkContentStatus(ctx: Ctx, input: z.output<typeof contentBulkSchema>, viewer: ContentViewer) {
  const failed: { uuid: string; message: string }[] = [];
  let updated = 0;
  await inTransaction(ctx.db, ctx.events, async (tx, emit) => {
    for (const uuid of [...new Set(input.uuids)]) {
      const pending: Parameters<Emit>[0][] = [];
      try {
        await tx.transaction(async (savepoint) => {
          const item = await findVisibleItem(savepoint, uuid, viewer, { lock: true });
          await applyUpdate(savepoint, ctx, (event) => pending.push(event), item, { status: input.status }, viewer);
        });
        for (const event of pending) {
          emit(event);
        }
        updated += 1;
      } catch (error) {
        failed.push({ uuid, message: errorMessage(error) });
      }
    }
  });
  const message = failed.length ? `${updated} updated, ${failed.length} refused` : `${updated} updated`;
  return { message, updated, failed };
}
