import { APP_USER_TYPES, type ProjectUser, type planUserListQuerySchema, type UserType } from '@portal/domain';
import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { contacts, projects, users } from '../../db/schema';
import { notFound } from '../../http/errors';
import { pagePeople } from '../people/people-page.query';
import { visiblePlans } from './plan-list.query';
import { planMemberCondition, planRequesterCondition } from './plan-people';

/**
 * The plan whose people a caller may list (GET projects/{uuid}/users): staff any plan they can see; a freelancer
 * only a plan they are a member or the manager of — its members and the client's contacts are not theirs to see
 * otherwise. Anything else answers 404, as if the plan did not exist.
 */
export async function findPlanForPeopleList(
  db: Database,
  uuid: string,
  viewer: { userId: number; type: UserType },
): Promise<number> {
  const rule =
    viewer.type === 'regular_user'
      ? visiblePlans(viewer.userId)
      : or(
          eq(projects.projectManagerId, viewer.userId),
          sql`exists (select 1 from project_users pu where pu.project_id = ${projects.id} and pu.user_id = ${viewer.userId})`,
        );
  const [row] = await db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.uuid, uuid), rule))
    .limit(1);
  if (!row) {
    throw notFound();
  }
  return row.id;
}

/** The plan users query; GET project-users has no plan, so with_client_contacts never reaches it. */
export type ProjectUserListQuery = z.output<typeof planUserListQuerySchema>;

/**
 * GET projects/{uuid}/users (that plan's members; with_client_contacts adds its requester candidates, i.e. the
 * client's contacts with an active login) and GET project-users (everyone with a login who works in the app: staff
 * and freelancers, for pickers). uuid is the user's, the one plan payloads take.
 */
export async function listProjectUsers(db: Database, query: ProjectUserListQuery, projectId?: number) {
  const filters = query.filters ?? {};
  const conditions: SQL[] = [];
  if (projectId === undefined) {
    conditions.push(inArray(contacts.type, [...APP_USER_TYPES]));
  } else if (query.with_client_contacts) {
    // Members as without the flag (any status), plus whoever the requester rule accepts.
    conditions.push(sql`(${planMemberCondition(projectId)} or ${planRequesterCondition(projectId)})`);
  } else {
    conditions.push(planMemberCondition(projectId));
  }
  if (filters['auth_users.status']?.length) {
    conditions.push(inArray(users.status, filters['auth_users.status']));
  }
  const { rows, meta } = await pagePeople(db, conditions, query);
  const data: ProjectUser[] = rows.map((r) => ({
    uuid: r.uuid,
    name: r.name,
    status: r.status as ProjectUser['status'],
    type: r.type as ProjectUser['type'],
  }));
  return { data, meta };
}
