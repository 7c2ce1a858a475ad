import { DASHBOARD_LIST_LIMIT, type DashboardTask, type DashboardTaskGroup } from '@portal/domain';
import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { type Viewer, visibleTasks } from '../tasks/task-access';

type TaskGroups = Record<DashboardTaskGroup, { count: number; items: DashboardTask[] }>;

type Row = {
  grp: DashboardTaskGroup;
  total: number;
  uuid: string;
  title: string;
  status: DashboardTask['status'];
  priority: number;
  start_date: string | null;
  end_date: string | null;
  project_uuid: string;
  project_title: string;
  project_kind: DashboardTask['project']['kind'];
};

/**
 * The caller's open tasks (responsible for, not completed, cancelled or a recurrence seed) due by the end of the
 * week, cut into overdue, due today and due later this week. One pass from the caller's task_users rows: each group's count
 * and its first rows (most urgent first: earliest due, then highest priority) come from window functions, so a
 * person with thousands of tasks costs one index range and no second query. (`tasks` is not aliased: the shared
 * visibility condition names it.)
 */
export async function loadDashboardTasks(
  db: DbExecutor,
  viewer: Viewer,
  today: string,
  weekEnd: string,
): Promise<TaskGroups> {
  // Ranked on the narrow rows first; the plan is joined for the few rows shown only.
  // The caller's task ids come as an array (an InitPlan the planner keeps apart), so their rows are read by primary
  // key: the cost follows how many tasks the person has. Joined to task_users instead, even materialized, the plan
  // started from tasks_end_date_idx — every task of the agency due by the week's end (77,000 at the scale seed).
  // The group is a number while thousands of rows are sorted (a text key sorts by collation, several times slower).
  const result = await db.execute<Row>(sql`
    select case ranked.g when 0 then 'overdue' when 1 then 'today' else 'week' end as grp, ranked.total, tasks.uuid, tasks.title, tasks.status, tasks.priority,
      tasks.start_date::text as start_date, tasks.end_date::text as end_date,
      p.uuid as project_uuid, p.title as project_title, p.kind as project_kind
    from (
      select g.g, tasks.id, count(*) over (partition by g.g)::int as total,
        row_number() over (partition by g.g order by tasks.end_date, tasks.priority desc, tasks.id) as n
      from tasks
      cross join lateral (select case when tasks.end_date < ${today}::date then 0
        when tasks.end_date = ${today}::date then 1 else 2 end as g) g
      where tasks.id = any(array(
          select tu.task_id from task_users tu where tu.user_id = ${viewer.userId} and tu.pivot = 'responsible'))
        and tasks.status not in ('completed', 'cancelled', 'seed')
        and tasks.end_date <= ${weekEnd}::date
        and ${visibleTasks(viewer)}
    ) ranked
    join tasks on tasks.id = ranked.id
    join projects p on p.id = tasks.project_id
    where ranked.n <= ${DASHBOARD_LIST_LIMIT}
    order by ranked.g, ranked.n`);
  const groups: TaskGroups = {
    overdue: { count: 0, items: [] },
    today: { count: 0, items: [] },
    week: { count: 0, items: [] },
  };
  for (const row of result.rows) {
    const group = groups[row.grp];
    group.count = row.total;
    group.items.push({
      uuid: row.uuid,
      title: row.title,
      status: row.status,
      priority: row.priority as DashboardTask['priority'],
      start_date: row.start_date,
      end_date: row.end_date,
      project: { uuid: row.project_uuid, title: row.project_title, kind: row.project_kind },
    });
  }
  return groups;
}
