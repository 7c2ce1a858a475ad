import {
  AD_MESSAGES,
  type AdPlatform,
  type Campaign,
  type campaignInputSchema,
  type campaignListQuerySchema,
  type campaignUpdateSchema,
} from '@portal/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { DbExecutor } from '../../db/client';
import { adCampaignLinks, adCampaigns } from '../../db/schema';
import { forbidden, notFound, validationError } from '../../http/errors';
import { containsPattern, listMeta, pageOffset } from '../../http/list-paging';

type Ctx = Pick<AppContext, 'db'>;
/** Who reads: staff see every client's campaigns; a freelancer only those of plans they work on. */
export type Viewer = { userId: number; freelancer: boolean };

const iso = (v: Date | string) => new Date(v).toISOString();

type Row = {
  id: number;
  uuid: string;
  name: string;
  platform: AdPlatform;
  objective: string | null;
  customer_uuid: string;
  business_name: string;
  project_uuid: string | null;
  project_title: string | null;
  budget_cents: number | null;
  budget_type: 'daily' | 'lifetime';
  start_date: string | null;
  end_date: string | null;
  status: Campaign['status'];
  spend: number;
  tasks: { uuid: string; title: string }[] | null;
  requests: { uuid: string; title: string }[] | null;
  created_at: Date | string;
};

const columns = sql`a.id, a.uuid, a.name, a.platform, a.objective, c.uuid as customer_uuid, c.business_name,
  p.uuid as project_uuid, p.title as project_title, a.budget_cents, a.budget_type, a.start_date::text, a.end_date::text,
  a.status, a.created_at,
  coalesce((select sum(m.spend_cents) from ad_metrics m where m.campaign_id = a.id), 0)::bigint as spend,
  (select json_agg(json_build_object('uuid', t.uuid, 'title', t.title) order by t.id) from ad_campaign_links l
     join tasks t on t.id = l.task_id where l.campaign_id = a.id) as tasks,
  (select json_agg(json_build_object('uuid', r.uuid, 'title', r.subject) order by r.id) from ad_campaign_links l
     join requests r on r.id = l.request_id where l.campaign_id = a.id) as requests`;
const from = sql`from ad_campaigns a join customers c on c.id = a.customer_id left join projects p on p.id = a.project_id`;

/** The plans a freelancer works on: members and the plan's manager. */
export function viewerScope(viewer: Viewer, alias = 'a'): SQL {
  if (!viewer.freelancer) {
    return sql`true`;
  }
  const column = sql.raw(`${alias}.project_id`);
  return sql`${column} in (select pu.project_id from project_users pu where pu.user_id = ${viewer.userId}
    union select pr.id from projects pr where pr.project_manager_id = ${viewer.userId})`;
}

function present(row: Row): Campaign {
  return {
    uuid: row.uuid,
    name: row.name,
    platform: row.platform,
    objective: row.objective,
    customer: { uuid: row.customer_uuid, business_name: row.business_name },
    project: row.project_uuid ? { uuid: row.project_uuid, title: row.project_title ?? '' } : null,
    budget: row.budget_cents === null ? null : Number(row.budget_cents),
    budget_type: row.budget_type,
    start_date: row.start_date,
    end_date: row.end_date,
    status: row.status,
    tasks: row.tasks ?? [],
    requests: row.requests ?? [],
    spend: Number(row.spend),
    created_at: iso(row.created_at),
  };
}

type ListQuery = z.output<typeof campaignListQuerySchema>;

function order(sort: ListQuery['sort']): SQL {
  const dir = sql.raw(sort?.direction === 'desc' ? 'desc' : 'asc');
  switch (sort?.by) {
    case 'customer':
      return sql`lower(c.business_name) ${dir}, lower(a.name) ${dir}, a.id`;
    case 'platform':
      return sql`a.platform ${dir}, lower(a.name), a.id`;
    case 'status':
      return sql`a.status ${dir}, lower(a.name), a.id`;
    case 'start_date':
      return sql`a.start_date ${dir} nulls last, a.id`;
    case 'spend':
      return sql`spend ${dir}, a.id`;
    default:
      return sql`lower(a.name) ${dir}, a.id`;
  }
}

/** GET campaigns: a page in the table toolkit's shape, by name unless sorted otherwise. */
export async function listCampaigns(ctx: Ctx, viewer: Viewer, query: ListQuery) {
  const f = query.filters ?? {};
  const parts: SQL[] = [viewerScope(viewer)];
  if (f.platform?.length) {
    parts.push(sql`a.platform = any(${sql.param(f.platform)}::text[])`);
  }
  if (f.status?.length) {
    parts.push(sql`a.status = any(${sql.param(f.status)}::text[])`);
  }
  if (f.customer_uuid?.length) {
    parts.push(sql`c.uuid = any(${sql.param(f.customer_uuid)}::uuid[])`);
  }
  if (query.search_term) {
    const pattern = containsPattern(query.search_term);
    parts.push(sql`(a.name ilike ${pattern} or c.business_name ilike ${pattern})`);
  }
  const where = sql`where ${sql.join(parts, sql` and `)}`;
  const [rows, total] = await Promise.all([
    ctx.db.execute<Row>(sql`select ${columns} ${from} ${where} order by ${order(query.sort)}
      limit ${query.page.size} offset ${pageOffset(query.page)}`),
    ctx.db.execute<{ count: number }>(sql`select count(*)::int as count ${from} ${where}`),
  ]);
  return { data: rows.rows.map(present), meta: listMeta(total.rows[0]?.count ?? 0, query.page) };
}

async function findRow(db: DbExecutor, viewer: Viewer, uuid: string): Promise<Row> {
  const found = await db.execute<Row>(sql`select ${columns} ${from} where a.uuid = ${uuid} and ${viewerScope(viewer)}`);
  const row = found.rows[0];
  if (!row) {
    throw notFound();
  }
  return row;
}

export async function getCampaign(ctx: Ctx, viewer: Viewer, uuid: string): Promise<Campaign> {
  return present(await findRow(ctx.db, viewer, uuid));
}

async function customerId(db: DbExecutor, uuid: string): Promise<number> {
  const found = await db.execute<{ id: number }>(sql`select id from customers where uuid = ${uuid}`);
  const id = found.rows[0]?.id;
  if (id === undefined) {
    throw validationError({ customer_uuid: ['The selected client is invalid.'] });
  }
  return id;
}

/** The plan must be the campaign's client's; a freelancer may only use plans they work on. */
async function planId(db: DbExecutor, viewer: Viewer, customer: number, uuid: string | null | undefined) {
  if (!uuid) {
    return null;
  }
  const found = await db.execute<{ id: number; customer_id: number | null }>(
    sql`select pr.id, pr.customer_id from projects pr where pr.uuid = ${uuid}`,
  );
  const plan = found.rows[0];
  if (!plan) {
    throw validationError({ project_uuid: ['The selected plan is invalid.'] });
  }
  if (plan.customer_id !== customer) {
    throw validationError({ project_uuid: [AD_MESSAGES.planOfAnotherClient] });
  }
  if (viewer.freelancer && !(await memberOf(db, viewer.userId, plan.id))) {
    throw forbidden(AD_MESSAGES.noPlanAccess);
  }
  return plan.id;
}

async function memberOf(db: DbExecutor, userId: number, projectId: number): Promise<boolean> {
  const found = await db.execute(sql`select 1 from project_users where user_id = ${userId} and project_id = ${projectId}
    union select 1 from projects where id = ${projectId} and project_manager_id = ${userId}`);
  return found.rows.length > 0;
}

/** Replaces the linked tasks or requests; a uuid that does not exist is a 422 on its field. */
async function link(db: DbExecutor, campaign: number, kind: 'task' | 'request', uuids: string[] | undefined) {
  if (uuids === undefined) {
    return;
  }
  const table = sql.raw(kind === 'task' ? 'tasks' : 'requests');
  const column = sql.raw(kind === 'task' ? 'task_id' : 'request_id');
  const found = await db.execute<{ id: number }>(
    sql`select id from ${table} where uuid = any(${sql.param([...new Set(uuids)])}::uuid[])`,
  );
  if (found.rows.length !== new Set(uuids).size) {
    throw validationError({ [`${kind}_uuids`]: [`A selected ${kind} does not exist.`] });
  }
  await db.execute(sql`delete from ad_campaign_links where campaign_id = ${campaign} and ${column} is not null`);
  for (const row of found.rows) {
    await db
      .insert(adCampaignLinks)
      .values({ campaignId: campaign, [kind === 'task' ? 'taskId' : 'requestId']: row.id });
  }
}

function duplicateName(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } })?.cause ?? error;
  return (cause as { code?: string })?.code === '23505';
}

const nameTaken = () => validationError({ name: ['This client already has a campaign with this name.'] });

export async function createCampaign(
  ctx: Ctx,
  viewer: Viewer,
  input: z.output<typeof campaignInputSchema>,
  sourceRequestId: number | null = null,
): Promise<Campaign> {
  const created = await ctx.db
    .transaction(async (tx) => {
      const customer = await customerId(tx, input.customer_uuid);
      const [row] = await tx
        .insert(adCampaigns)
        .values({
          customerId: customer,
          projectId: await planId(tx, viewer, customer, input.project_uuid),
          name: input.name,
          platform: input.platform,
          objective: input.objective ?? null,
          budgetCents: input.budget ?? null,
          budgetType: input.budget_type,
          startDate: input.start_date ?? null,
          endDate: input.end_date ?? null,
          status: input.status,
          sourceRequestId,
          createdById: viewer.userId,
        })
        .returning({ id: adCampaigns.id, uuid: adCampaigns.uuid });
      if (!row) {
        throw notFound();
      }
      await link(tx, row.id, 'task', input.task_uuids);
      await link(tx, row.id, 'request', input.request_uuids);
      return row;
    })
    .catch((error) => {
      throw duplicateName(error) ? nameTaken() : error;
    });
  return getCampaign(ctx, viewer, created.uuid);
}

export async function updateCampaign(
  ctx: Ctx,
  viewer: Viewer,
  uuid: string,
  input: z.output<typeof campaignUpdateSchema>,
): Promise<Campaign> {
  const row = await findRow(ctx.db, viewer, uuid);
  const start = input.start_date === undefined ? row.start_date : input.start_date;
  const end = input.end_date === undefined ? row.end_date : input.end_date;
  if (start && end && end < start) {
    throw validationError({ end_date: [AD_MESSAGES.endBeforeStart] });
  }
  await ctx.db
    .transaction(async (tx) => {
      const customer = await customerId(tx, row.customer_uuid);
      await tx
        .update(adCampaigns)
        .set({
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.platform !== undefined ? { platform: input.platform } : {}),
          ...(input.objective !== undefined ? { objective: input.objective } : {}),
          ...(input.project_uuid !== undefined
            ? { projectId: await planId(tx, viewer, customer, input.project_uuid) }
            : {}),
          ...(input.budget !== undefined ? { budgetCents: input.budget } : {}),
          ...(input.budget_type !== undefined ? { budgetType: input.budget_type } : {}),
          ...(input.start_date !== undefined ? { startDate: input.start_date } : {}),
          ...(input.end_date !== undefined ? { endDate: input.end_date } : {}),
          ...(input.status !== undefined ? { status: input.status } : {}),
          updatedAt: new Date(),
        })
        .where(sql`${adCampaigns.id} = ${row.id}`);
      await link(tx, row.id, 'task', input.task_uuids);
      await link(tx, row.id, 'request', input.request_uuids);
    })
    .catch((error) => {
      throw duplicateName(error) ? nameTaken() : error;
    });
  return getCampaign(ctx, viewer, uuid);
}

/** Deletes the campaign and its figures. */
export async function deleteCampaign(ctx: Ctx, viewer: Viewer, uuid: string): Promise<Campaign> {
  const campaign = present(await findRow(ctx.db, viewer, uuid));
  await ctx.db.execute(sql`delete from ad_campaigns where uuid = ${uuid}`);
  return campaign;
}
