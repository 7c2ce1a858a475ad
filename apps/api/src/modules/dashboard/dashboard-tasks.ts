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
 * week, cut into overdue, due today and due later this week. One pass from task_users_user_idx: each group's count
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
  // The caller's own rows first (materialized), so the plan starts from task_users_user_idx whatever the planner
  // guesses about due dates: the cost follows how many tasks the person has, not how many the agency has.
  const result = await db.execute<Row>(sql`
    with mine as materialized (
      select tu.task_id from task_users tu where tu.user_id = ${viewer.userId} and tu.pivot = 'responsible')
    select ranked.grp, ranked.total, tasks.uuid, tasks.title, tasks.status, tasks.priority,
      tasks.start_date::text as start_date, tasks.end_date::text as end_date,
      p.uuid as project_uuid, p.title as project_title, p.kind as project_kind
    from (
      select g.grp, tasks.id, count(*) over (partition by g.grp)::int as total,
        row_number() over (partition by g.grp order by tasks.end_date, tasks.priority desc, tasks.id) as n
      from mine
      join tasks on tasks.id = mine.task_id
      cross join lateral (select case when tasks.end_date < ${today}::date then 'overdue'
        when tasks.end_date = ${today}::date then 'today' else 'week' end as grp) g
      where tasks.status not in ('completed', 'cancelled', 'seed')
        and tasks.end_date <= ${weekEnd}::date
        and ${visibleTasks(viewer)}
    ) ranked
    join tasks on tasks.id = ranked.id
    join projects p on p.id = tasks.project_id
    where ranked.n <= ${DASHBOARD_LIST_LIMIT}
    order by ranked.grp, ranked.n`);
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
