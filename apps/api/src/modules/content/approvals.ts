import { CONTENT_MESSAGES, type ContentApproval, type contentApprovalCreateSchema } from '@portal/domain';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { DbExecutor } from '../../db/client';
import { contentApprovals } from '../../db/schema';
import { inTransaction } from '../../events/domain-events';
import { AppError, notFound, validationError } from '../../http/errors';
import { generateToken, hashToken } from '../auth/tokens';
import { approvalUrl, mailApprovalLink } from './approval-mail';
import { type ContentViewer, findContentPlan } from './content-access';

type CreateInput = z.output<typeof contentApprovalCreateSchema>;
const DAY_MS = 24 * 60 * 60 * 1000;

type ApprovalRow = {
  uuid: string;
  items_count: number;
  decided_count: number;
  sent_to: string[];
  token_hint: string;
  expires_at: Date | string;
  revoked_at: Date | string | null;
  created_at: Date | string;
};

const present = (row: ApprovalRow): ContentApproval => ({
  uuid: row.uuid,
  items_count: Number(row.items_count),
  decided_count: Number(row.decided_count),
  sent_to: row.sent_to,
  token_hint: row.token_hint,
  expires_at: new Date(row.expires_at).toISOString(),
  revoked_at: row.revoked_at === null ? null : new Date(row.revoked_at).toISOString(),
  created_at: new Date(row.created_at).toISOString(),
});

const approvalColumns = sql`a.uuid, a.sent_to, a.token_hint, a.expires_at, a.revoked_at, a.created_at,
  (select count(*)::int from content_approval_items i where i.approval_id = a.id) as items_count,
  (select count(*)::int from content_approval_items i where i.approval_id = a.id and i.decided_at is not null)
    as decided_count`;

/** The e-mail addresses of the plan's client's active contacts: whoever the agency deals with at that client. */
async function clientAddresses(db: DbExecutor, customerId: number | null): Promise<string[]> {
  if (customerId === null) {
    return [];
  }
  const found = await db.execute<{ email: string }>(sql`select distinct c.email from contacts c
    join contact_customers cc on cc.contact_id = c.id
    where cc.customer_id = ${customerId} and c.type = 'contact' and c.status = 'active'
      and c.email is not null and c.email <> '' order by c.email`);
  return found.rows.map((r) => r.email);
}

/**
 * POST content-approvals: one link (256 random bits, only the SHA-256 kept) to a batch of one plan's items, mailed to
 * the plan's client contacts. Items still in draft move to review: sending is asking for the review.
 */
export async function createApproval(
  ctx: Pick<AppContext, 'db' | 'events' | 'mailer' | 'config'>,
  input: CreateInput,
  viewer: ContentViewer,
) {
  const plan = await findContentPlan(ctx.db, input.project_uuid, viewer);
  const uuids = [...new Set(input.content_item_uuids)];
  const items = await ctx.db.execute<{ id: number; uuid: string; status: string }>(sql`select id, uuid, status
    from content_items where project_id = ${plan.id} and uuid = any(${sql.param(uuids)}::uuid[])`);
  if (items.rows.length !== uuids.length) {
    throw validationError({ content_item_uuids: [CONTENT_MESSAGES.approvalItemsNotOnPlan] });
  }
  const to = await clientAddresses(ctx.db, plan.customer_id);
  if (to.length === 0) {
    throw new AppError(422, CONTENT_MESSAGES.approvalNoContacts, { code: 'no_client_contacts' });
  }
  const token = generateToken();
  const expiresAt = new Date(Date.now() + input.expires_in_days * DAY_MS);
  const uuid = await inTransaction(ctx.db, ctx.events, async (tx, emit) => {
    const [row] = await tx
      .insert(contentApprovals)
      .values({
        projectId: plan.id,
        tokenHash: hashToken(token),
        tokenHint: token.slice(-4),
        sentTo: to,
        expiresAt,
        createdById: viewer.userId,
      })
      .returning({ id: contentApprovals.id, uuid: contentApprovals.uuid });
    if (!row) {
      throw new Error('approval not created');
    }
    await tx.execute(sql`insert into content_approval_items (approval_id, content_item_id)
      select ${row.id}, unnest(${sql.param(items.rows.map((i) => i.id))}::int[])`);
    const drafts = items.rows.filter((i) => i.status === 'draft');
    if (drafts.length) {
      await tx.execute(sql`update content_items set status = 'in_review', updated_at = now()
        where id = any(${sql.param(drafts.map((i) => i.id))}::int[])`);
      for (const item of drafts) {
        emit({
          model: 'content_item',
          action: 'updated',
          id: item.uuid,
          actorId: viewer.userId,
          projectId: plan.id,
          payload: { status: 'in_review' },
        });
      }
    }
    return row.uuid;
  });
  const url = approvalUrl(ctx.config.appUrl, token);
  await mailApprovalLink(ctx, { to, url, token, planTitle: plan.title, count: uuids.length, expiresAt });
  const [created] = await listApprovalRows(ctx.db, sql`a.uuid = ${uuid}`);
  if (!created) {
    throw new Error('approval vanished');
  }
  return { data: { ...created, url }, message: CONTENT_MESSAGES.approvalSent };
}

async function listApprovalRows(db: DbExecutor, where: ReturnType<typeof sql>) {
  const found = await db.execute<ApprovalRow>(
    sql`select ${approvalColumns} from content_approvals a where ${where} order by a.created_at desc, a.id desc limit 200`,
  );
  return found.rows.map(present);
}

/** GET content-approvals?project_uuid: the plan's links, newest first (the token itself is never shown again). */
export async function listApprovals(db: DbExecutor, projectUuid: string, viewer: ContentViewer) {
  const plan = await findContentPlan(db, projectUuid, viewer);
  return { data: await listApprovalRows(db, sql`a.project_id = ${plan.id}`) };
}

/** DELETE content-approvals/{uuid}: the link stops working at once; the row stays so the page can say so. */
export async function revokeApproval(db: DbExecutor, uuid: string, viewer: ContentViewer) {
  const found = await db.execute<{ id: number; project_uuid: string }>(sql`select a.id, p.uuid as project_uuid
    from content_approvals a join projects p on p.id = a.project_id where a.uuid = ${uuid}`);
  const row = found.rows[0];
  if (!row) {
    throw notFound();
  }
  // A plan the caller cannot see answers as if the link did not exist.
  await findContentPlan(db, row.project_uuid, viewer).catch(() => {
    throw notFound();
  });
  await db.execute(sql`update content_approvals set revoked_at = coalesce(revoked_at, now()) where id = ${row.id}`);
}
