import { CONTENT_MESSAGES, type ContentPlatform, PLATFORM_RULES, type UserType } from '@portal/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { notFound, validationError } from '../../http/errors';
import { taskablePlans } from '../tasks/task-access';

/** Who reads content items: staff with POSTS_READ; freelancers only on the plans they are on. */
export type ContentViewer = { userId: number; type: UserType };

/**
 * The plans whose content a caller sees — the same plans the caller may put tasks in (tasks/task-access.ts): staff
 * every plan but other people's personal plans, freelancers the plans they manage or are members of.
 */
export function visibleContentPlans(viewer: ContentViewer): SQL {
  return sql`ci.project_id in (select projects.id from projects where ${taskablePlans(viewer)})`;
}

/** Plans in the picker at most: far more than an agency runs at once. */
const PLAN_PICKER_MAX = 500;

/** GET content-plans: the plans whose content the caller sees, by title (the /content picker). */
export async function listContentPlans(db: DbExecutor, viewer: ContentViewer) {
  const found = await db.execute<{ uuid: string; title: string }>(
    sql`select projects.uuid, projects.title from projects where ${taskablePlans(viewer)}
      order by lower(projects.title), projects.id limit ${PLAN_PICKER_MAX}`,
  );
  return found.rows;
}

/** A plan the caller may plan content on, by uuid: its id and title; unknown and hidden plans alike are 422. */
export async function findContentPlan(db: DbExecutor, uuid: string, viewer: ContentViewer, field = 'project_uuid') {
  const found = await db.execute<{ id: number; title: string; customer_id: number | null }>(
    sql`select projects.id, projects.title, projects.customer_id from projects
      where projects.uuid = ${uuid} and ${taskablePlans(viewer)}`,
  );
  const row = found.rows[0];
  if (!row) {
    throw validationError({ [field]: ['The selected plan is invalid.'] });
  }
  return row;
}

export type ItemRow = {
  id: number;
  uuid: string;
  project_id: number;
  status: string;
  platform: string;
  caption: string;
  assignee_id: number | null;
  scheduled_at: Date | string | null;
};

/** A content item the caller may see (404 otherwise), optionally locked for a status move or edit. */
export async function findVisibleItem(
  db: DbExecutor,
  uuid: string,
  viewer: ContentViewer,
  options: { lock?: boolean } = {},
): Promise<ItemRow> {
  const found = await db.execute<ItemRow>(sql`select ci.id, ci.uuid, ci.project_id, ci.status, ci.platform,
      ci.caption, ci.assignee_id, ci.scheduled_at
    from content_items ci where ci.uuid = ${uuid} and ${visibleContentPlans(viewer)}
    ${options.lock ? sql`for update` : sql``}`);
  const row = found.rows[0];
  if (!row) {
    throw notFound();
  }
  return row;
}

/**
 * The assignee's user id: an active staff member or a freelancer who is on the plan (someone who could not see the
 * item could not work on it).
 */
export async function resolveAssignee(db: DbExecutor, uuid: string | null, projectId: number): Promise<number | null> {
  if (uuid === null) {
    return null;
  }
  const found = await db.execute<{ id: number }>(sql`select u.id from users u join contacts c on c.user_id = u.id
    where u.uuid = ${uuid} and u.status = 'active' and (c.type = 'regular_user' or (c.type = 'freelancer' and (
      exists (select 1 from project_users pu where pu.project_id = ${projectId} and pu.user_id = u.id)
      or exists (select 1 from projects p where p.id = ${projectId} and p.project_manager_id = u.id))))`);
  const row = found.rows[0];
  if (!row) {
    throw validationError({ assignee_uuid: [CONTENT_MESSAGES.assigneeNotOnPlan] });
  }
  return row.id;
}

const TITLE_CAPTION = 60;

/**
 * What names an item where it has no title of its own (a comment's notification, the Mentions inbox): its platform
 * and the start of its caption, e.g. "Instagram post: Summer sale starts…".
 */
export function contentItemTitle(item: Pick<ItemRow, 'platform' | 'caption'>): string {
  const label = PLATFORM_RULES[item.platform as ContentPlatform]?.label ?? item.platform;
  const caption = item.caption.replace(/\s+/g, ' ').trim();
  const cut = [...caption].length > TITLE_CAPTION ? `${[...caption].slice(0, TITLE_CAPTION - 1).join('')}…` : caption;
  return cut ? `${label} post: ${cut}` : `${label} post`;
}
