import {
  DEFAULT_REQUEST_PROJECT_TYPES,
  DEFAULT_REQUEST_STATUS_FILTER,
  PROJECT_TYPES,
  REQUEST_TEMPERATURE_FILTERS,
  type RequestCountPerTemp,
  type RequestListItem,
  type RequestListResponse,
  type requestListQuerySchema,
} from '@portal/domain';
import { and, asc, desc, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { requests } from '../../db/schema';
import { containsPattern, listMeta, pageOffset } from '../../http/list-paging';
import { loadLatestComments } from '../comments/latest-comments';
import { type Viewer, visibleRequests } from './request-access';
import { requestFigures } from './request-count';
import { presentRequestBase, selectRequests } from './request-detail';
import { loadProjectTimes, loadRequestTasks } from './request-extras';
import { loadRequestPeople, presentRelatedUsers } from './request-people';

export type RequestListQuery = z.output<typeof requestListQuerySchema>;

/**
 * Conditions of GET requests on the requests table alone (plans by subquery), with the defaults of doc 2 §4:
 * status in new, waiting_approval, approved, needs_attention, in_progress; project types retainer and hosting.
 * Choosing all three project types (or all three temperatures) drops that filter. The temperatures are returned
 * apart (empty: no filter), because count_per_temp counts the set without them.
 */
export function listConditions(query: RequestListQuery, viewer: Viewer): { base: SQL[]; temperatures: number[] } {
  const filters = query.filters ?? {};
  const base: SQL[] = [];
  const visible = visibleRequests(viewer);
  if (visible) {
    base.push(visible);
  }
  base.push(inArray(requests.status, filters['projects_requests.status'] ?? DEFAULT_REQUEST_STATUS_FILTER));
  const types = [...new Set(query.project_type ?? filters.project_type ?? DEFAULT_REQUEST_PROJECT_TYPES)];
  if (types.length < PROJECT_TYPES.length) {
    // The plan's type is copied onto the request (kept by triggers), so this filter needs no join and sits in
    // the list's indexes; a request without a plan has none and never matches.
    base.push(inArray(requests.projectType, types));
  }
  const people = [...(query['user.uuid'] ?? []), ...(filters['user.uuid'] ?? [])];
  if (people.length) {
    base.push(
      sql`${requests.id} in (select fu.request_id from request_users fu join users u on u.id = fu.user_id where u.uuid in ${people})`,
    );
  }
  if (filters['project.uuid']?.length) {
    base.push(
      sql`${requests.projectId} in (select fp.id from projects fp where fp.uuid in ${filters['project.uuid']})`,
    );
  }
  if (query.search_term) {
    base.push(ilike(requests.subject, containsPattern(query.search_term)));
  }
  const chosen = [...new Set(filters['projects_requests.temperature'] ?? [])];
  const temperatures = chosen.length < REQUEST_TEMPERATURE_FILTERS.length ? chosen : [];
  return { base, temperatures };
}

/** Default: newest first (doc 2 §4); ties by id so pages never overlap. */
export function orderFor(sort: RequestListQuery['sort']): SQL[] {
  const direction = (sort?.direction ?? (sort?.by && sort.by !== 'created_at' ? 'asc' : 'desc')) === 'asc' ? asc : desc;
  switch (sort?.by) {
    case 'target_date':
      return [sql`${requests.targetDate} ${sql.raw(direction === asc ? 'asc' : 'desc')} nulls last`, desc(requests.id)];
    case 'subject':
      return [direction(sql`lower(${requests.subject})`), desc(requests.id)];
    case 'status':
      return [direction(requests.status), desc(requests.createdAt), desc(requests.id)];
    default:
      return [direction(requests.createdAt), direction(requests.id)];
  }
}

/** GET requests: a page of the list, meta, and total_time / count_per_temp when asked. */
export async function listRequests(
  db: Database,
  query: RequestListQuery,
  viewer: Viewer,
): Promise<RequestListResponse> {
  const { base, temperatures } = listConditions(query, viewer);
  const where = and(...base, temperatures.length ? inArray(requests.temperature, temperatures) : undefined);
  const withs = query.with ?? [];
  const rows = await selectRequests(db, {
    where,
    order: orderFor(query.sort),
    limit: query.page.size,
    offset: pageOffset(query.page),
  });

  const { groups } = await requestFigures(db, base);
  const selected = (t: number | null) => temperatures.length === 0 || (t !== null && temperatures.includes(t));
  const total = groups.filter((g) => selected(g.temperature)).reduce((sum, g) => sum + g.n, 0);

  const ids = rows.map((r) => r.id);
  const people = await loadRequestPeople(db, ids);
  const projectTimes = withs.includes('project_time')
    ? await loadProjectTimes(
        db,
        rows.flatMap((r) => (r.projectId ? [r.projectId] : [])),
      )
    : undefined;
  const tasksByRequest = withs.includes('tasks') ? await loadRequestTasks(db, ids) : undefined;
  const latestComments = withs.includes('latest_comment') ? await loadLatestComments(db, ids) : undefined;
  const data: RequestListItem[] = rows.map((row) => ({
    ...presentRequestBase(row),
    related_users: presentRelatedUsers(people.get(row.id)),
    ...(latestComments ? { latest_comment: latestComments.get(row.id) ?? null } : {}),
    ...(projectTimes ? { project_time: (row.projectId && projectTimes.get(row.projectId)) || null } : {}),
    ...(tasksByRequest ? { tasks: tasksByRequest.get(row.id) ?? [] } : {}),
  }));

  const answer: RequestListResponse = { data, meta: listMeta(total, query.page) };
  if (query.with_count_per_temp) {
    const count = (t: 1 | 2 | 3) => groups.find((g) => g.temperature === t)?.n ?? 0;
    const perTemp: RequestCountPerTemp = { 1: count(1), 2: count(2), 3: count(3) };
    answer.count_per_temp = perTemp;
  }
  if (query.with_total_time) {
    // The requests' own time and their tasks' time, over the filtered set.
    answer.total_time = groups.filter((g) => selected(g.temperature)).reduce((sum, g) => sum + g.minutes, 0);
  }
  return answer;
}
