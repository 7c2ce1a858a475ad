import {
  type ApprovalDecision,
  CONTENT_MESSAGES,
  type ContentPlatform,
  type ContentStatus,
  contentMoveAllowed,
  DECISION_STATUS,
  type PublicApproval,
  type PublicApprovalItem,
  type publicApprovalDecisionSchema,
} from '@portal/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { DbExecutor } from '../../db/client';
import { uploads } from '../../db/schema';
import { inTransaction } from '../../events/domain-events';
import { AppError, validationError } from '../../http/errors';
import { addressBucket } from '../auth/client-address';
import { hashToken } from '../auth/tokens';
import { addApprovalLinkComment } from '../comments/commentable-lifecycle';
import { notificationDelivery } from '../notifications/deliver';
import { notifyUsers } from '../notifications/notify';
import { signedUrlFor } from '../uploads/serve-upload';
import { contentItemTitle } from './content-access';

type Caller = { ip: string };
/** Who answered when the plan has no client name to show. */
const CLIENT_WITHOUT_NAME = 'The client';
type DecisionInput = z.output<typeof publicApprovalDecisionSchema>;
/** Answers one link may record in an hour: far above a client going through a month's posts, far below a script. */
const DECISIONS_PER_LINK_HOUR = 300;

/** Every public call counts against the caller's address, as the form and onboarding links do. */
async function limitCalls(ctx: AppContext, caller: Caller) {
  await ctx.limiter.hit([
    {
      key: `content-approvals:calls:ip:${addressBucket(caller.ip)}`,
      rule: { limit: ctx.config.formLimits.publicCallsPerIpMinute, windowSeconds: 60 },
    },
  ]);
}

type OpenApproval = {
  id: number;
  project_id: number;
  plan_title: string;
  client_name: string | null;
  expires_at: Date | string;
};

/** The batch a token names, or why it cannot be used: unknown 404, revoked or expired 410. */
async function openApproval(db: DbExecutor, token: string): Promise<OpenApproval> {
  const found = await db.execute<OpenApproval & { revoked_at: Date | string | null }>(sql`select a.id,
      a.project_id, p.title as plan_title, c.business_name as client_name, a.expires_at, a.revoked_at
    from content_approvals a join projects p on p.id = a.project_id left join customers c on c.id = p.customer_id
    where a.token_hash = ${hashToken(token)}`);
  const row = found.rows[0];
  if (!row) {
    throw new AppError(404, CONTENT_MESSAGES.approvalLinkNotFound, { code: 'link_not_found' });
  }
  if (row.revoked_at) {
    throw new AppError(410, CONTENT_MESSAGES.approvalLinkRevoked, { code: 'link_revoked' });
  }
  if (new Date(row.expires_at).getTime() <= Date.now()) {
    throw new AppError(410, CONTENT_MESSAGES.approvalLinkExpired, { code: 'link_expired' });
  }
  return row;
}

type ItemRow = {
  id: number;
  uuid: string;
  platform: string;
  caption: string;
  scheduled_at: Date | string | null;
  status: string;
  assignee_id: number | null;
  decision: string | null;
  comment: string | null;
};

/** Only this batch's items: the join on the approval is the whole of what a token reaches. */
async function batchItems(db: DbExecutor, approvalId: number, itemUuid?: string, lock = false) {
  const found = await db.execute<ItemRow>(sql`select ci.id, ci.uuid, ci.platform, ci.caption, ci.scheduled_at,
      ci.status, ci.assignee_id, i.decision, i.comment
    from content_approval_items i join content_items ci on ci.id = i.content_item_id
    where i.approval_id = ${approvalId} ${itemUuid ? sql`and ci.uuid = ${itemUuid}` : sql``}
    order by ci.scheduled_at nulls last, ci.id ${lock ? sql`for update of ci, i` : sql``}`);
  return found.rows;
}

/** An item the client can still answer on: waiting for review, or sent back with their own request for changes. */
const decidable = (status: string) => status === 'in_review' || status === 'changes_requested';

async function presentItems(ctx: AppContext, rows: ItemRow[]): Promise<PublicApprovalItem[]> {
  const ids = rows.map((r) => r.id);
  const files = ids.length
    ? await ctx.db
        .select()
        .from(uploads)
        .where(and(eq(uploads.holderType, 'content_item'), inArray(uploads.holderId, ids), eq(uploads.stated, true)))
        .orderBy(asc(uploads.createdAt), asc(uploads.id))
    : [];
  const byItem = new Map<number, PublicApprovalItem['media']>();
  for (const row of files) {
    const media = byItem.get(row.holderId as number) ?? [];
    media.push({
      name: row.name,
      extension: row.extension,
      url: await signedUrlFor(ctx, row, 'original', true),
      thumbnail_url: row.thumbnailKey ? await signedUrlFor(ctx, row, 'thumbnail', true) : null,
    });
    byItem.set(row.holderId as number, media);
  }
  return rows.map((row) => ({
    uuid: row.uuid,
    platform: row.platform as ContentPlatform,
    caption: row.caption,
    scheduled_at: row.scheduled_at === null ? null : new Date(row.scheduled_at).toISOString(),
    status: row.status as ContentStatus,
    media: byItem.get(row.id) ?? [],
    decision: (row.decision as ApprovalDecision | null) ?? null,
    comment: row.comment,
    decidable: decidable(row.status),
  }));
}

/** GET public/approvals/{token}: the batch's items as the client reviews them; nothing of any other batch. */
export async function getPublicApproval(ctx: AppContext, token: string, caller: Caller): Promise<PublicApproval> {
  await limitCalls(ctx, caller);
  const approval = await openApproval(ctx.db, token);
  return {
    client_name: approval.client_name,
    plan_title: approval.plan_title,
    expires_at: new Date(approval.expires_at).toISOString(),
    items: await presentItems(ctx, await batchItems(ctx.db, approval.id)),
  };
}

/**
 * PUT public/approvals/{token}: the client's answer on one item of the batch moves it (approved / changes
 * requested), keeps their comment on the batch row and copies it into the item's comment thread, tells the assignee (bell and e-mail by preference) and is
 * announced after commit so open /content screens refresh.
 */
export async function decidePublicApproval(
  ctx: AppContext,
  log: FastifyBaseLogger,
  token: string,
  input: DecisionInput,
  caller: Caller,
): Promise<PublicApprovalItem> {
  await limitCalls(ctx, caller);
  const approval = await openApproval(ctx.db, token);
  await ctx.limiter.hit([
    {
      key: `content-approvals:decisions:link:${approval.id}`,
      rule: { limit: DECISIONS_PER_LINK_HOUR, windowSeconds: 3600 },
    },
  ]);
  const target = DECISION_STATUS[input.decision];
  const outgoing = await inTransaction(ctx.db, ctx.events, async (tx, emit) => {
    const [item] = await batchItems(tx, approval.id, input.item_uuid, true);
    if (!item) {
      throw validationError({ item_uuid: [CONTENT_MESSAGES.approvalItemNotDecidable] });
    }
    if (!decidable(item.status) || !contentMoveAllowed(item.status as ContentStatus, target)) {
      throw new AppError(422, CONTENT_MESSAGES.approvalItemNotDecidable, { code: 'content_status' });
    }
    await tx.execute(sql`update content_items set status = ${target}, updated_at = now() where id = ${item.id}`);
    await tx.execute(sql`update content_approval_items set decision = ${input.decision},
        comment = ${input.comment || null}, decided_at = now()
      where approval_id = ${approval.id} and content_item_id = ${item.id}`);
    if (input.comment) {
      // The team discusses the client's words where it discusses the item: its comment thread.
      await addApprovalLinkComment(
        tx,
        emit,
        {
          type: 'content_item',
          id: item.id,
          uuid: item.uuid,
          title: contentItemTitle(item),
          projectId: approval.project_id,
        },
        { text: input.comment, authorName: approval.client_name ?? CLIENT_WITHOUT_NAME },
      );
    }
    emit({
      model: 'content_item',
      action: 'client_decision',
      id: item.uuid,
      actorId: null,
      projectId: approval.project_id,
      payload: { status: target, decision: input.decision },
    });
    const who = approval.client_name ?? CLIENT_WITHOUT_NAME;
    const verb = input.decision === 'approve' ? 'approved' : 'asked for changes on';
    return item.assignee_id === null
      ? null
      : notifyUsers(
          tx,
          [item.assignee_id],
          {
            type: 'content_client_decision',
            data: {
              title: CONTENT_MESSAGES.clientDecisionTitle,
              sub_title: `${who} ${verb} a ${item.platform} post`,
              content: input.comment || null,
              action_url: `/content?item=${item.uuid}`,
              resource_id: item.uuid,
              has_mention: false,
            },
          },
          null,
        );
  });
  if (outgoing) {
    await notificationDelivery(ctx, log)(outgoing);
  }
  const [after] = await batchItems(ctx.db, approval.id, input.item_uuid);
  const [presented] = await presentItems(ctx, after ? [after] : []);
  if (!presented) {
    throw new Error('approved item vanished');
  }
  return presented;
}
