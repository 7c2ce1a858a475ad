import type { UserType } from '@portal/domain';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { requests } from '../../db/schema';
import { forbidden, notFound } from '../../http/errors';

/** Who is asking, as far as request visibility cares. */
export type Viewer = { userId: number; type: UserType };

/**
 * Which requests a caller sees, as a condition on the requests table alone (so counts need no join). Regular users
 * see every request; freelancers those of plans they are members or managers of and those they are responsible for
 * or follow (as modules/tasks/task-access.ts does for tasks).
 */
export function visibleRequests(viewer: Viewer): SQL | undefined {
  if (viewer.type === 'regular_user') {
    return undefined;
  }
  return sql`(${requests.projectId} in (select pu.project_id from project_users pu where pu.user_id = ${viewer.userId})
    or ${requests.projectId} in (select mp.id from projects mp where mp.project_manager_id = ${viewer.userId})
    or ${requests.id} in (select ru.request_id from request_users ru where ru.user_id = ${viewer.userId}))`;
}

export type RequestRow = typeof requests.$inferSelect;

/** The request row a caller may see; unknown or hidden requests answer 404. */
export async function findVisibleRequest(
  db: DbExecutor,
  uuid: string,
  viewer: Viewer,
  options: { lock?: boolean } = {},
): Promise<RequestRow> {
  const query = db
    .select()
    .from(requests)
    .where(and(eq(requests.uuid, uuid), visibleRequests(viewer)))
    .limit(1);
  // The row lock serializes concurrent edits of one request, so rules are checked against what is stored.
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) {
    throw notFound();
  }
  return row;
}

/**
 * Freelancers may read requests but not change their status, answers, create, duplicate or delete them (doc 2 §6),
 * whatever permissions their role holds.
 */
export function denyFreelancer(viewer: Viewer) {
  if (viewer.type === 'freelancer') {
    throw forbidden();
  }
}
