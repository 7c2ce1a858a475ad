import { type SQL, sql } from 'drizzle-orm';
import type { Viewer } from '../tasks/task-access';

/**
 * The freelancer's visibility rules of tasks (tasks/task-access.ts) and requests (requests/request-access.ts),
 * written as per-row probes for the search's candidate scans.
 *
 * Why a second form: the modules' form (`id in (select task_id from task_users where user_id = …)`) is planned as a
 * hashed subplan, which first reads the person's whole visible set — 66,000 task links for the scale seed's
 * freelancer, 80–140 ms — even when the scan stops after the 20 candidates it needs. Here each alternative is a
 * scalar subquery on a primary key (project_users (project_id, user_id), projects, task_users (task_id, user_id)),
 * which PostgreSQL cannot hash, so a scan pays three index probes per row it looks at: 2 ms for 's'. Rows with none
 * of the links give null, which the WHERE clause drops like false. search-visibility.test.ts proves both forms
 * select the same rows.
 */
export function probeVisibleTasks(viewer: Viewer): SQL {
  return sql`((select true from project_users pu where pu.project_id = tasks.project_id and pu.user_id = ${viewer.userId})
    or (select true from projects mp where mp.id = tasks.project_id and mp.project_manager_id = ${viewer.userId})
    or (select true from task_users tu where tu.task_id = tasks.id and tu.user_id = ${viewer.userId}))`;
}

/** The freelancer's request rule (requests/request-access.ts) as per-row probes; see probeVisibleTasks. */
export function probeVisibleRequests(viewer: Viewer): SQL {
  return sql`((select true from project_users pu where pu.project_id = requests.project_id and pu.user_id = ${viewer.userId})
    or (select true from projects mp where mp.id = requests.project_id and mp.project_manager_id = ${viewer.userId})
    or (select true from request_users ru where ru.request_id = requests.id and ru.user_id = ${viewer.userId}))`;
}
