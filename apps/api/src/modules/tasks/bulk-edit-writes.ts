import type { TaskBulkEdit, TaskStatus } from '@portal/domain';
import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { tasks } from '../../db/schema';
import type { Viewer } from './task-access';
import type { FieldChanges } from './task-history';
import type { Person } from './task-rules';
import { CLOSED_TASK_STATUSES, type findTaskablePlan } from './task-rules';

/** editTasks' reads beyond the rows and its writes: each a statement or two for a whole batch. */

export type Locked = {
  id: number;
  uuid: string;
  status: TaskStatus;
  title: string;
  priority: number;
  startDate: string | null;
  endDate: string | null;
  projectId: number;
  projectUuid: string;
  personal: boolean;
  ownerId: number | null;
  parentId: number | null;
  parentUuid: string | null;
};

export type Plan = NonNullable<Awaited<ReturnType<typeof findTaskablePlan>>>;

export type Accepted = {
  row: Locked;
  status: TaskStatus;
  log: FieldChanges;
  before: { responsibles: Person[]; followers: Person[] };
  after?: { responsibles: Person[]; followers: Person[] };
  /** The plan the task moves to, when it moves. */
  moveTo?: Plan;
};

/** The moved tasks and their subtrees (subtasks live in their parent's plan), one statement per target. */
export async function movePlans(tx: DbExecutor, accepted: readonly Accepted[]) {
  const moved = accepted.filter((a) => a.moveTo);
  const target = moved[0]?.moveTo;
  if (!target) {
    return;
  }
  await tx.execute(sql`
    with recursive subtree(id, depth) as (
      select id, 0 from tasks where id = any(${sql.param(moved.map((a) => a.row.id))}::int[])
      union all
      select t.id, s.depth + 1 from tasks t join subtree s on t.parent_id = s.id where s.depth < 100
    )
    update tasks set project_id = ${target.id} where id in (select id from subtree)`);
}

/** The rows' tags as PUT's replaceTaskTags leaves them: the removed ones dropped, the added ones linked. */
export async function writeTags(
  tx: DbExecutor,
  accepted: readonly Accepted[],
  added: Map<string, number>,
  removed: readonly string[],
) {
  const ids = accepted.map((a) => a.row.id);
  // As the list PUT would receive (own + added − removed), a name both added and removed ends up removed.
  const drop = [...new Set(removed.map((t) => t.trim().toLowerCase()))];
  if (drop.length) {
    await tx.execute(sql`
      delete from task_tags tt using tags tg
      where tg.id = tt.tag_id and tt.task_id = any(${sql.param(ids)}::int[])
        and lower(tg.name) = any(${sql.param(drop)}::text[])`);
  }
  const tagIds = [...added.entries()].filter(([name]) => !drop.includes(name.toLowerCase())).map(([, id]) => id);
  if (tagIds.length) {
    await tx.execute(sql`
      insert into task_tags (task_id, tag_id)
      select t, g from unnest(${sql.param(ids)}::int[]) t cross join unnest(${sql.param(tagIds)}::int[]) g
      on conflict do nothing`);
  }
}

/** The owners of the personal plans among the rows (a personal task's only responsible), by user uuid. */
export async function personalOwners(tx: DbExecutor, rows: readonly Locked[], viewer: Viewer): Promise<string[]> {
  const ownerIds = [...new Set(rows.filter((r) => r.personal).map((r) => r.ownerId ?? viewer.userId))];
  if (ownerIds.length === 0) {
    return [];
  }
  const result = await tx.execute<{ uuid: string }>(
    sql`select uuid from users where id = any(${sql.param(ownerIds)}::int[])`,
  );
  return result.rows.map((r) => r.uuid);
}

/** The plain columns and the status, one UPDATE each for the rows they apply to. */
export async function writeColumns(tx: DbExecutor, edit: TaskBulkEdit, accepted: readonly Accepted[]) {
  const set: Partial<typeof tasks.$inferInsert> = {};
  if (edit.priority !== undefined) {
    set.priority = edit.priority;
  }
  if (edit.start_date !== undefined) {
    set.startDate = edit.start_date;
  }
  if (edit.end_date !== undefined) {
    set.endDate = edit.end_date;
  }
  const all = accepted.map((a) => a.row.id);
  if (Object.keys(set).length) {
    await tx
      .update(tasks)
      .set(set)
      .where(sql`${tasks.id} = any(${sql.param(all)}::int[])`);
  }
  const moved = accepted.filter((a) => a.status !== a.row.status).map((a) => a.row.id);
  if (edit.status !== undefined && moved.length) {
    await tx
      .update(tasks)
      .set({ status: edit.status, completedAt: edit.status === 'completed' ? new Date() : null })
      .where(sql`${tasks.id} = any(${sql.param(moved)}::int[])`);
  }
}

/** The rows' people as PUT's writePeople leaves them: drop who is off the task, upsert everyone on it. */
export async function writePeople(tx: DbExecutor, accepted: readonly Accepted[]) {
  const edited = accepted.filter((a) => a.after);
  if (edited.length === 0) {
    return;
  }
  const taskIds: number[] = [];
  const userIds: number[] = [];
  const pivots: string[] = [];
  for (const { row, after } of edited) {
    for (const [list, pivot] of [
      [after?.responsibles ?? [], 'responsible'],
      [after?.followers ?? [], 'follower'],
    ] as const) {
      for (const person of list) {
        taskIds.push(row.id);
        userIds.push(person.id);
        pivots.push(pivot);
      }
    }
  }
  await tx.execute(sql`
    delete from task_users tu
    where tu.task_id = any(${sql.param(edited.map((a) => a.row.id))}::int[])
      and (tu.task_id, tu.user_id) not in (
        select * from unnest(${sql.param(taskIds)}::int[], ${sql.param(userIds)}::int[]))`);
  if (taskIds.length) {
    await tx.execute(sql`
      insert into task_users (task_id, user_id, pivot)
      select * from unnest(${sql.param(taskIds)}::int[], ${sql.param(userIds)}::int[], ${sql.param(pivots)}::text[])
      on conflict (task_id, user_id) do update set pivot = excluded.pivot`);
  }
}

/** The open subtasks of each task, by parent id. */
export async function openSubtasks(tx: DbExecutor, parentIds: readonly number[]): Promise<Map<number, number[]>> {
  const result = await tx.execute<{ parent_id: number; id: number }>(sql`
    select parent_id, id from tasks
    where parent_id = any(${sql.param([...parentIds])}::int[])
      and status <> all(${sql.param([...CLOSED_TASK_STATUSES])}::text[])`);
  const map = new Map<number, number[]>();
  for (const { parent_id, id } of result.rows) {
    const children = map.get(parent_id);
    if (children) {
      children.push(id);
    } else {
      map.set(parent_id, [id]);
    }
  }
  return map;
}
