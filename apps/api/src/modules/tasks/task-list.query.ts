import type {
  PlanKind,
  PlanStatus,
  projectTaskListQuerySchema,
  RecurrenceType,
  RequestStatus,
  TaskListItem,
  TaskPriority,
  TaskSortField,
  TaskStatus,
  taskListQuerySchema,
} from '@portal/domain';
import { and, asc, desc, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { intArrayLiteral } from '../../db/id-in';
import { isoTimestamp, queryTextRows, type TextRow } from '../../db/prepared';
import { tasks } from '../../db/schema';
import { containsPattern, listMeta, pageOffset } from '../../http/list-paging';
import { loadPeopleAndProfiles, type Profile } from '../people/linked-people';
import { type Viewer, visibleTaskSources } from './task-access';
import { countTasks } from './task-count';
import { type PersonRow, splitRoles } from './task-people';
import { loadTags } from './task-tags';

export type TaskListQuery = z.output<typeof taskListQuerySchema>;
export type ProjectTaskListQuery = z.output<typeof projectTaskListQuerySchema>;
type Filters = NonNullable<TaskListQuery['filters']>;

/** The start of a calendar day in the agency's time zone, as a timestamptz expression. */
const dayStart = (day: string, timeZone: string) => sql`((${day}::date)::timestamp at time zone ${timeZone})`;
const nextDayStart = (day: string, timeZone: string) => sql`((${day}::date + 1)::timestamp at time zone ${timeZone})`;

/** Conditions stay on the tasks table (plans by subquery), so the count never joins. */
const inPlans = (uuids: string[]) =>
  sql`${tasks.projectId} in (select pp.id from projects pp where pp.uuid in ${uuids})`;

export function filterConditions(filters: Filters, timeZone: string): SQL[] {
  const conditions: SQL[] = [];
  if (filters.task_status?.length) {
    conditions.push(inArray(tasks.status, filters.task_status));
  }
  if (filters.tags?.length) {
    const names = filters.tags.map((t) => t.toLowerCase());
    conditions.push(
      sql`exists (select 1 from task_tags tt join tags tg on tg.id = tt.tag_id where tt.task_id = ${tasks.id} and lower(tg.name) in ${names})`,
    );
  }
  if (filters.has_requests === true) {
    conditions.push(sql`${tasks.requestId} is not null`);
  }
  if (filters.requester_type?.length) {
    conditions.push(
      sql`${tasks.requestId} in (select rq.id from requests rq join contacts rc on rc.user_id = rq.requester_id where rc.type in ${filters.requester_type})`,
    );
  }
  if (filters.project_status?.length) {
    conditions.push(
      sql`${tasks.projectId} in (select ps.id from projects ps where ps.status in ${filters.project_status})`,
    );
  }
  if (filters.overdue_only) {
    conditions.push(
      sql`${tasks.endDate} < (now() at time zone ${timeZone})::date and ${tasks.status} not in ('completed', 'cancelled')`,
    );
  }
  if (filters['creator.uuid']?.length) {
    conditions.push(sql`${tasks.creatorId} in (select u.id from users u where u.uuid in ${filters['creator.uuid']})`);
  }
  if (filters['related_users.uuid']?.length) {
    conditions.push(
      sql`exists (select 1 from task_users tu join users u on u.id = tu.user_id where tu.task_id = ${tasks.id} and u.uuid in ${filters['related_users.uuid']})`,
    );
  }
  if (filters['seed.uuid']) {
    conditions.push(sql`${tasks.seedId} = (select s.id from tasks s where s.uuid = ${filters['seed.uuid']})`);
  }
  if (filters['parent.uuid']) {
    conditions.push(sql`${tasks.parentId} = (select p.id from tasks p where p.uuid = ${filters['parent.uuid']})`);
  }
  const planUuids = [...(filters.project ?? []), ...(filters['project.uuid'] ?? [])];
  if (planUuids.length) {
    conditions.push(inPlans(planUuids));
  }
  const created = filters.created_at;
  if (created?.greater_than_or_equals) {
    conditions.push(sql`${tasks.createdAt} >= ${dayStart(created.greater_than_or_equals, timeZone)}`);
  }
  if (created?.less_than_or_equals) {
    conditions.push(sql`${tasks.createdAt} < ${nextDayStart(created.less_than_or_equals, timeZone)}`);
  }
  const due = filters.end_date;
  if (due?.greater_than_or_equals) {
    conditions.push(sql`${tasks.endDate} >= ${due.greater_than_or_equals}`);
  }
  if (due?.less_than_or_equals) {
    conditions.push(sql`${tasks.endDate} <= ${due.less_than_or_equals}`);
  }
  return conditions;
}

/** The plan's title as a sort key. A correlated read works in any statement (the export); the list joins instead. */
const planTitleKey = sql`(select lower(sp.title) from projects sp where sp.id = ${tasks.projectId})`;

/** The table's sort keys (doc 2 §7 Tables); each has an index ending in id, so a page is a short index walk. */
const SORT_KEYS: Record<Exclude<TaskSortField, 'task_created_at' | 'created_at' | 'task_sort'>, SQL> = {
  title: sql`lower(${tasks.title})`,
  status: sql`${tasks.status}`,
  priority: sql`${tasks.priority}`,
  start_date: sql`${tasks.startDate}`,
  end_date: sql`${tasks.endDate}`,
  project: planTitleKey,
};

/**
 * Default: newest first (doc 2 §9); task_sort = the kanban order (sort_order ascending), newest first within; a
 * column ascending unless told. Every order ends in id in the same direction: a total order, so pages neither repeat
 * nor skip rows, and PostgreSQL can walk one index either way. `planTitle` replaces the plan's title key where the
 * statement joins the plan itself.
 */
export function orderFor(sort: TaskListQuery['sort'], planTitle: SQL = planTitleKey): SQL[] {
  const by = sort?.by ?? 'task_created_at';
  if (by === 'task_sort') {
    const direction = sort?.direction === 'desc' ? desc : asc;
    return [direction(tasks.sortOrder), desc(tasks.createdAt), desc(tasks.id)];
  }
  if (by === 'task_created_at' || by === 'created_at') {
    const direction = sort?.direction === 'asc' ? asc : desc;
    return [direction(tasks.createdAt), direction(tasks.id)];
  }
  const direction = sort?.direction === 'desc' ? desc : asc;
  return [direction(by === 'project' ? planTitle : SORT_KEYS[by]), direction(tasks.id)];
}

type ListOptions = {
  page: { size: number; number: number };
  viewer: Viewer;
  conditions: SQL[];
  sort: TaskListQuery['sort'];
  withTags: boolean;
};

/**
 * The page's ids, from the tasks table alone (an index walk with the filters as semi-joins); rowsFor then joins for
 * those ids only. Planned together, the filters' subqueries and the six joins made a join search of nine relations
 * that took 20–200 ms to plan at the scale seed (executing took 1–3 ms), and deep pages joined every skipped row.
 *
 * A freelancer's alternatives OR-ed together make PostgreSQL walk the created_at index testing each row against
 * hashes of every visible id (15–40 ms to hash 66,000 task_users rows; far more for a freelancer who sees few tasks,
 * as the walk then reads the whole index). Instead each alternative takes its own first offset + size rows in the
 * list order, where the planner can use the plan index or walk created_at probing task_users, and the page is cut
 * from their union. Every order ends in id, so it is total and the page equals the OR's page.
 */
function pageIds(options: ListOptions): SQL {
  const sources = visibleTaskSources(options.viewer);
  const offset = pageOffset(options.page);
  // By the plan's title, the ids come from walking the plans in title order (nested loop, incremental sort on id),
  // not from sorting every visible task by a per-row read of its plan.
  const byPlan = options.sort?.by === 'project';
  const from = byPlan ? sql`${tasks} join projects sp on sp.id = ${tasks.projectId}` : sql`${tasks}`;
  const order = sql.join(orderFor(options.sort, sql`lower(sp.title)`), sql`, `);
  const [only] = sources;
  return sources.length === 1 && only
    ? sql`select ${tasks.id} from ${from} where ${and(only, ...options.conditions)} order by ${order} limit ${options.page.size} offset ${offset}`
    : sql`select ${tasks.id} from ${byPlan ? from : tasks} where ${tasks.id} in (${sql.join(
        sources.map(
          (source) =>
            sql`(select ${tasks.id} from ${from} where ${and(source, ...options.conditions)} order by ${order} limit ${offset + options.page.size})`,
        ),
        sql` union all `,
      )}) order by ${order} limit ${options.page.size} offset ${offset}`;
}

/**
 * The page's rows with their plan, creator's id (named with the people: loadPeopleAndProfiles), seed, parent and
 * request, for ids already chosen (in no order: the caller puts them in the page's). One statement of fixed text,
 * whatever the page's sort, so every connection prepares it once. The ids sit behind a sub-select so that the planner assumes a handful of them whatever their
 * number: seeing 1,000 ids it chose parallel hash joins over the whole plans table (60–90 ms), where one primary-key
 * probe per id and join takes 5–7 ms; and the custom and generic plans then cost the same, so the generic one is
 * kept. Subtasks are counted for all the ids in one grouped index scan, joined by hash: a count per row was 1,000
 * index probes (~0.6 ms more of PostgreSQL's CPU). Its rows are read as text (queryTextRows): drizzle's mapping of
 * 1,000 rows of 25 columns cost ~4 ms of CPU.
 */
const ROWS_SQL = `
  select t.id, t.uuid, t.title, t.priority, t.status, t.start_date, t.end_date, t.estimated_time_min,
    t.estimated_time, t.recurrence_type, t.sort_order, t.created_at,
    p.uuid, p.title, p.status, p.kind,
    t.creator_id, s.uuid, s.title, pa.uuid, pa.title, rq.uuid, rq.subject, rq.status,
    coalesce(sc.n, 0)
  from tasks t
  join projects p on p.id = t.project_id
  left join tasks s on s.id = t.seed_id
  left join tasks pa on pa.id = t.parent_id
  left join requests rq on rq.id = t.request_id
  left join (
    select st.parent_id, count(*) as n from tasks st
    where st.parent_id = any((select $1::int[])::int[]) group by st.parent_id
  ) sc on sc.parent_id = t.id
  where t.id = any((select $1::int[])::int[])`;

/** ROWS_SQL's columns, each as PostgreSQL's text (null where a left join found nothing). */
type ListCells = [
  id: string,
  uuid: string,
  title: string,
  priority: string,
  status: string,
  startDate: string | null,
  endDate: string | null,
  estimatedMin: string | null,
  estimated: string | null,
  recurrence: string | null,
  sortOrder: string,
  createdAt: string,
  planUuid: string,
  planTitle: string,
  planStatus: string,
  planKind: string,
  creatorId: string | null,
  seedUuid: string | null,
  seedTitle: string | null,
  parentUuid: string | null,
  parentTitle: string | null,
  requestUuid: string | null,
  requestSubject: string | null,
  requestStatus: string | null,
  subtasks: string,
];

/** ROWS_SQL's creator_id column. */
const CREATOR_ID = 16;

const int = (value: string | null) => (value === null ? null : Number(value));
const ref = (uuid: string | null, title: string | null) => (uuid ? { uuid, title: title ?? '' } : null);

/**
 * A text row of ROWS_SQL as the list presents it: the fields presentTaskBase writes for a task row, its people and
 * subtasks_count.
 */
function presentRow(
  row: TextRow,
  people: PersonRow[] | undefined,
  profiles: ReadonlyMap<number, Profile>,
  tagNames: string[] | undefined,
): TaskListItem {
  const [
    ,
    uuid,
    title,
    priority,
    status,
    startDate,
    endDate,
    estimatedMin,
    estimated,
    recurrence,
    sortOrder,
    createdAt,
    planUuid,
    planTitle,
    planStatus,
    planKind,
    creatorId,
    seedUuid,
    seedTitle,
    parentUuid,
    parentTitle,
    requestUuid,
    requestSubject,
    requestStatus,
    subtasks,
  ] = row as ListCells;
  const creator = creatorId === null ? undefined : profiles.get(Number(creatorId));
  return {
    uuid,
    title,
    project: {
      uuid: planUuid,
      title: planTitle,
      status: planStatus as PlanStatus,
      kind: planKind as PlanKind,
      personal: planKind === 'personal',
    },
    priority: Number(priority) as TaskPriority,
    status: status as TaskStatus,
    start_date: startDate,
    end_date: endDate,
    estimated_time_min: int(estimatedMin),
    estimated_time: int(estimated),
    ...splitRoles(people),
    recurrence_type: recurrence as RecurrenceType | null,
    seed: ref(seedUuid, seedTitle),
    parent: ref(parentUuid, parentTitle),
    creator: creator ? { uuid: creator.uuid, name: creator.name ?? '' } : null,
    created_at: isoTimestamp(createdAt),
    sort_order: Number(sortOrder),
    // A task holds at most one request (doc 2 §4 Relations).
    requests_count: requestUuid ? 1 : 0,
    request: requestUuid
      ? { uuid: requestUuid, subject: requestSubject ?? '', status: requestStatus as RequestStatus }
      : null,
    subtasks_count: Number(subtasks),
    ...(tagNames ? { tags: tagNames.map((name) => ({ name })) } : {}),
  };
}

/** The text rows of the page's ids, in the ids' order; a task deleted since its id was read is left out. */
async function rowsFor(db: Database, ids: readonly number[]): Promise<{ id: number; row: TextRow }[]> {
  const rows = await queryTextRows(db, 'task_list_rows', ROWS_SQL, [intArrayLiteral(ids)]);
  const byId = new Map(rows.map((row) => [Number(row[0]), row]));
  const found: { id: number; row: TextRow }[] = [];
  for (const id of ids) {
    const row = byId.get(id);
    if (row) {
      found.push({ id, row });
    }
  }
  return found;
}

async function runList(db: Database, options: ListOptions) {
  // Two statements, not one with the ids in an array subquery: a LIMIT/OFFSET parameter makes PostgreSQL's generic
  // plan look far dearer than a custom one, so the single prepared statement was re-planned on every call — ~2 ms
  // of planning its seven relations for ~0.5 ms of execution at the scale seed. The ids statement is small and
  // cheap to plan with its real limit; the rows statement has no limit, so its generic plan (one primary-key probe
  // per id and per join) is kept after five calls and planning drops to nothing.
  const { rows: idRows } = await db.execute<{ id: number }>(pageIds(options));
  const rows = idRows.length
    ? await rowsFor(
        db,
        idRows.map((r) => r.id),
      )
    : [];
  // A separate count keeps the page query a plain index walk; the count reads the tasks table alone.
  const total = await countTasks(
    db,
    visibleTaskSources(options.viewer).map((source) => and(source, ...options.conditions) ?? source),
  );
  const ids = rows.map((r) => r.id);
  const creatorIds = new Set<number>();
  for (const { row } of rows) {
    const creatorId = (row as ListCells)[CREATOR_ID];
    if (creatorId !== null) {
      creatorIds.add(Number(creatorId));
    }
  }
  // The creators' names come with the people's profiles: a page has a handful of distinct creators.
  const { people, profiles } = await loadPeopleAndProfiles(db, 'task', ids, [...creatorIds]);
  const tagNames = options.withTags ? await loadTags(db, ids) : undefined;
  const data = rows.map(({ id, row }) =>
    presentRow(row, people.get(id), profiles, tagNames && (tagNames.get(id) ?? [])),
  );
  return { data, meta: listMeta(total, options.page) };
}

const wants = (withParam: string | undefined, name: string) =>
  (withParam ?? '')
    .split(',')
    .map((s) => s.trim())
    .includes(name);

/** GET tasks: the project tasks list with every filter of doc 2 §7, only tasks the caller may see. */
export function listTasks(db: Database, query: TaskListQuery, viewer: Viewer, timeZone: string) {
  const conditions = filterConditions(query.filters ?? {}, timeZone);
  if (query.search_term) {
    conditions.push(ilike(tasks.title, containsPattern(query.search_term)));
  }
  return runList(db, {
    page: query.page,
    viewer,
    conditions,
    sort: query.sort,
    withTags: wants(query.with, 'tags'),
  });
}

/** GET project-tasks: the relate dialogs' list (plan, statuses, search); newest first. */
export function listProjectTasks(db: Database, query: ProjectTaskListQuery, viewer: Viewer) {
  const filters = query.filters ?? {};
  const conditions: SQL[] = [];
  const planUuids = [...(filters.project ?? []), ...(filters['project.uuid'] ?? [])];
  if (planUuids.length) {
    conditions.push(inPlans(planUuids));
  }
  if (filters.task_status?.length) {
    conditions.push(inArray(tasks.status, filters.task_status));
  }
  if (query.search_term) {
    conditions.push(ilike(tasks.title, containsPattern(query.search_term)));
  }
  return runList(db, { page: query.page, viewer, conditions, sort: undefined, withTags: false });
}
