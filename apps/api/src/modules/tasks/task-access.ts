import type { UserType } from '@portal/domain';
import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { projects, tasks } from '../../db/schema';
import { notFound } from '../../http/errors';

/** Who is asking, as far as task visibility cares. */
export type Viewer = { userId: number; type: UserType };

/**
 * Which tasks a caller sees, as conditions on the tasks table alone (so counts need no join) whose disjunction is
 * the rule. Staff see the tasks of every plan but other people's personal plans; freelancers see the tasks of plans
 * they are members or managers of and tasks they are responsible for or follow; everyone sees their own personal
 * plan's tasks (a personal plan's manager is its owner). Personal plans are few (one per user), so the staff test
 * is a short anti-join. Lists page each alternative on its own (task-list.query.ts); other callers use visibleTasks.
 */
export function visibleTaskSources(viewer: Viewer): SQL[] {
  if (viewer.type === 'regular_user') {
    return [
      sql`${tasks.projectId} not in (select hp.id from projects hp where hp.kind = 'personal' and hp.project_manager_id is distinct from ${viewer.userId})`,
    ];
  }
  return [
    sql`${tasks.projectId} in (select pu.project_id from project_users pu where pu.user_id = ${viewer.userId})`,
    sql`${tasks.projectId} in (select mp.id from projects mp where mp.project_manager_id = ${viewer.userId})`,
    sql`${tasks.id} in (select tu.task_id from task_users tu where tu.user_id = ${viewer.userId})`,
  ];
}

/** The visibility rule as one condition on the tasks table. */
export function visibleTasks(viewer: Viewer): SQL {
  const sources = visibleTaskSources(viewer);
  const [first, ...others] = sources;
  return first && others.length === 0 ? first : sql`(${sql.join(sources, sql` or `)})`;
}

/** Plans a caller may put tasks in: staff any non-personal plan, freelancers plans they are on; both their own. */
export function taskablePlans(viewer: Viewer): SQL {
  if (viewer.type === 'regular_user') {
    return or(sql`${projects.kind} <> 'personal'`, eq(projects.projectManagerId, viewer.userId)) as SQL;
  }
  return or(
    eq(projects.projectManagerId, viewer.userId),
    sql`exists (select 1 from project_users pu where pu.project_id = ${projects.id} and pu.user_id = ${viewer.userId})`,
  ) as SQL;
}

export type TaskCore = typeof tasks.$inferSelect & {
  projectKind: string;
  projectOwnerId: number | null;
};

/** The task row a caller may see, with its plan's kind and owner; unknown or hidden tasks answer 404. */
export async function findVisibleTask(
  db: DbExecutor,
  uuid: string,
  viewer: Viewer,
  options: { lock?: boolean } = {},
): Promise<TaskCore> {
  const query = db
    .select({ task: tasks, projectKind: projects.kind, projectOwnerId: projects.projectManagerId })
    .from(tasks)
    .innerJoin(projects, eq(projects.id, tasks.projectId))
    .where(and(eq(tasks.uuid, uuid), visibleTasks(viewer)))
    .limit(1);
  // The row lock serializes concurrent edits of one task, so the rules are checked against what is stored; each
  // edit still writes only the columns it was sent, so edits of different fields both survive.
  const [row] = options.lock ? await query.for('update', { of: tasks }) : await query;
  if (!row) {
    throw notFound();
  }
  return { ...row.task, projectKind: row.projectKind, projectOwnerId: row.projectOwnerId };
}

/** A referenced task (parent_id) the caller may see, or undefined. */
export async function findVisibleTaskRef(db: DbExecutor, uuid: string, viewer: Viewer) {
  try {
    return await findVisibleTask(db, uuid, viewer);
  } catch {
    return undefined;
  }
}
