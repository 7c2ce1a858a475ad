import {
  CALENDAR_KINDS,
  CALENDAR_MAX_EVENTS,
  type CalendarEvent,
  type CalendarEventsQuery,
  type CalendarKind,
  type CalendarMoveField,
  type CommentableType,
  MESSAGES,
  PLATFORM_RULES,
  type UserType,
} from '@portal/domain';
import { and, eq, gte, isNotNull, isNull, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { comments, customers, projects, requests, tasks, users } from '../../db/schema';
import { AppError } from '../../http/errors';
import { contentInRange } from '../content';
import { addMonths } from '../credits/credit-periods';
import { visibleRequests } from '../requests/request-access';
import { addDays } from '../tasks/calendar';
import { visibleTasks } from '../tasks/task-access';

/** Who is looking: visibility is the task and request lists' own rule, movability their update permissions. */
export type CalendarViewer = { userId: number; type: UserType; permissions: ReadonlySet<string> };

type Filters = { userId?: number; projectId?: number; customerId?: number };

/** One more than the cap, so "too many" is known without counting everything. */
const PROBE = CALENDAR_MAX_EVENTS + 1;

/** The filters' uuids as ids; an unknown uuid matches nothing (an empty calendar, not an error). */
async function resolveFilters(db: DbExecutor, query: CalendarEventsQuery): Promise<Filters | null> {
  const filters: Filters = {};
  const lookups: [string | undefined, () => Promise<{ id: number }[]>, keyof Filters][] = [
    [
      query.user_uuid,
      () =>
        db
          .select({ id: users.id })
          .from(users)
          .where(eq(users.uuid, query.user_uuid ?? '')),
      'userId',
    ],
    [
      query.project_uuid,
      () =>
        db
          .select({ id: projects.id })
          .from(projects)
          .where(eq(projects.uuid, query.project_uuid ?? '')),
      'projectId',
    ],
    [
      query.customer_uuid,
      () =>
        db
          .select({ id: customers.id })
          .from(customers)
          .where(eq(customers.uuid, query.customer_uuid ?? '')),
      'customerId',
    ],
  ];
  for (const [uuid, find, key] of lookups) {
    if (uuid) {
      const [row] = await find();
      if (!row) {
        return null;
      }
      filters[key] = row.id;
    }
  }
  return filters;
}

const planOf = (uuid: string | null, title: string | null) => (uuid && title !== null ? { uuid, title } : null);

/** A task moves the dates it has: a span both, a lone start or due date just that one. */
function taskMoves(start: string | null, due: string | null): CalendarMoveField[] {
  return [...(start ? ['start_date' as const] : []), ...(due ? ['end_date' as const] : [])];
}

/**
 * Tasks whose start or due date falls in the range, and spans that cover the whole range (begun before it, due
 * after it). Each arm has its index: the two dates' b-trees, and the span's range index (tasks_span_idx), whose
 * predicate the third arm repeats so the planner may use it.
 */
async function taskEvents(db: DbExecutor, q: CalendarEventsQuery, f: Filters, viewer: CalendarViewer) {
  const inRange = (column: typeof tasks.startDate | typeof tasks.endDate) =>
    and(gte(column, q.start), lt(column, q.end));
  const covers = sql`(${tasks.startDate} <= ${tasks.endDate} and daterange(${tasks.startDate}, ${tasks.endDate}, '[]') @> daterange(${q.start}::date, ${q.end}::date, '[)'))`;
  const conditions: (SQL | undefined)[] = [
    visibleTasks(viewer),
    or(inRange(tasks.endDate), inRange(tasks.startDate), covers),
  ];
  if (f.projectId !== undefined) {
    conditions.push(eq(tasks.projectId, f.projectId));
  }
  if (f.customerId !== undefined) {
    conditions.push(eq(projects.customerId, f.customerId));
  }
  if (f.userId !== undefined) {
    conditions.push(sql`${tasks.id} in (select tu.task_id from task_users tu where tu.user_id = ${f.userId})`);
  }
  const rows = await db
    .select({
      uuid: tasks.uuid,
      title: tasks.title,
      start: tasks.startDate,
      due: tasks.endDate,
      planUuid: projects.uuid,
      planTitle: projects.title,
    })
    .from(tasks)
    .innerJoin(projects, eq(projects.id, tasks.projectId))
    .where(and(...conditions))
    .orderBy(tasks.id)
    .limit(PROBE);
  const movable = viewer.permissions.has('TASKS_UPDATE');
  return rows.map((row): CalendarEvent => {
    const first = row.start ?? row.due ?? q.start;
    const last = row.due ?? first;
    return {
      id: `task:${row.uuid}`,
      kind: 'task',
      title: row.title,
      start: first,
      end: last > first ? addDays(last, 1) : null,
      all_day: true,
      open: { type: 'task', uuid: row.uuid },
      movable,
      moves: movable ? taskMoves(row.start, row.due) : [],
      plan: planOf(row.planUuid, row.planTitle),
    };
  });
}

async function requestEvents(db: DbExecutor, q: CalendarEventsQuery, f: Filters, viewer: CalendarViewer) {
  const conditions: (SQL | undefined)[] = [
    visibleRequests(viewer),
    gte(requests.targetDate, q.start),
    lt(requests.targetDate, q.end),
    ne(requests.status, 'draft'),
  ];
  if (f.projectId !== undefined) {
    conditions.push(eq(requests.projectId, f.projectId));
  }
  if (f.customerId !== undefined) {
    conditions.push(eq(projects.customerId, f.customerId));
  }
  if (f.userId !== undefined) {
    conditions.push(sql`${requests.id} in (select ru.request_id from request_users ru where ru.user_id = ${f.userId})`);
  }
  const rows = await db
    .select({
      uuid: requests.uuid,
      title: requests.subject,
      date: requests.targetDate,
      planUuid: projects.uuid,
      planTitle: projects.title,
    })
    .from(requests)
    .leftJoin(projects, eq(projects.id, requests.projectId))
    .where(and(...conditions))
    .orderBy(requests.id)
    .limit(PROBE);
  const movable = viewer.permissions.has('REQUEST_UPDATE');
  return rows.map(
    (row): CalendarEvent => ({
      id: `request:${row.uuid}`,
      kind: 'request',
      title: row.title,
      start: row.date ?? q.start,
      end: null,
      all_day: true,
      open: { type: 'request', uuid: row.uuid },
      movable,
      moves: movable ? ['target_date'] : [],
      plan: planOf(row.planUuid, row.planTitle),
    }),
  );
}

/** What a scheduled comment's event opens: its commentable's screen. */
const OPEN_TYPE: Record<CommentableType, CalendarEvent['open']['type']> = {
  task: 'task',
  request: 'request',
  project: 'plan',
  content_item: 'content',
};

/** The viewer's own comments still waiting for their send time; the range's days are the agency's. */
async function commentEvents(db: DbExecutor, q: CalendarEventsQuery, f: Filters, viewer: CalendarViewer, tz: string) {
  if (f.userId !== undefined && f.userId !== viewer.userId) {
    return [];
  }
  const at = (day: string) => sql`(${day}::date)::timestamp at time zone ${tz}`;
  const conditions: (SQL | undefined)[] = [
    eq(comments.creatorId, viewer.userId),
    isNull(comments.deliveredAt),
    isNull(comments.deletedAt),
    isNotNull(comments.sendAt),
    sql`${comments.sendAt} >= ${at(q.start)} and ${comments.sendAt} < ${at(q.end)}`,
  ];
  if (f.projectId !== undefined) {
    conditions.push(eq(comments.projectId, f.projectId));
  }
  if (f.customerId !== undefined) {
    conditions.push(eq(projects.customerId, f.customerId));
  }
  const rows = await db
    .select({
      uuid: comments.uuid,
      text: comments.text,
      sendAt: comments.sendAt,
      type: comments.commentableType,
      targetUuid: sql<string | null>`case ${comments.commentableType}
        when 'task' then (select t.uuid from tasks t where t.id = ${comments.commentableId})
        when 'request' then (select r.uuid from requests r where r.id = ${comments.commentableId})
        when 'content_item' then (select ci.uuid from content_items ci where ci.id = ${comments.commentableId})
        else (select p.uuid from projects p where p.id = ${comments.commentableId}) end`,
      planUuid: projects.uuid,
      planTitle: projects.title,
    })
    .from(comments)
    .leftJoin(projects, eq(projects.id, comments.projectId))
    .where(and(...conditions))
    .orderBy(comments.id)
    .limit(PROBE);
  return rows.flatMap((row): CalendarEvent[] => {
    if (!row.targetUuid || !row.sendAt) {
      return [];
    }
    const text = row.text.replace(/\s+/g, ' ').trim();
    return [
      {
        id: `comment:${row.uuid}`,
        kind: 'comment',
        title: text.length > 80 ? `${text.slice(0, 79)}…` : text,
        start: row.sendAt.toISOString(),
        end: null,
        all_day: false,
        open: { type: OPEN_TYPE[row.type as CommentableType], uuid: row.targetUuid },
        movable: false,
        moves: [],
        plan: planOf(row.planUuid, row.planTitle),
      },
    ];
  });
}

/**
 * Retainer plans' monthly credit renewals (credit-periods.ts: counted from the plan's start date). Staff see every
 * plan but other people's personal ones (the plans list's rule); freelancers the plans they manage or belong to.
 */
async function renewalEvents(db: DbExecutor, q: CalendarEventsQuery, f: Filters, viewer: CalendarViewer) {
  const conditions: (SQL | undefined)[] = [
    eq(projects.isRetainer, true),
    eq(projects.status, 'active'),
    isNotNull(projects.startDate),
    lt(projects.startDate, q.end),
    ne(projects.kind, 'personal'),
  ];
  if (viewer.type !== 'regular_user') {
    conditions.push(
      sql`(${projects.projectManagerId} = ${viewer.userId} or ${projects.id} in (select pu.project_id from project_users pu where pu.user_id = ${viewer.userId}))`,
    );
  }
  if (f.projectId !== undefined) {
    conditions.push(eq(projects.id, f.projectId));
  }
  if (f.customerId !== undefined) {
    conditions.push(eq(projects.customerId, f.customerId));
  }
  if (f.userId !== undefined) {
    conditions.push(eq(projects.projectManagerId, f.userId));
  }
  const plans = await db
    .select({ uuid: projects.uuid, title: projects.title, startDate: projects.startDate })
    .from(projects)
    .where(and(...conditions))
    .orderBy(projects.id)
    .limit(PROBE);
  const events: CalendarEvent[] = [];
  for (const plan of plans) {
    const startDate = plan.startDate ?? q.start;
    // The first renewal in the range: months from the plan's start to the range's start, less one for clamping.
    const [sy = 0, sm = 1] = startDate.split('-').map(Number);
    const [qy = 0, qm = 1] = q.start.split('-').map(Number);
    for (let n = Math.max(1, (qy - sy) * 12 + (qm - sm) - 1); ; n += 1) {
      const date = addMonths(startDate, n);
      if (date >= q.end) {
        break;
      }
      if (date >= q.start) {
        events.push({
          id: `renewal:${plan.uuid}:${date}`,
          kind: 'renewal',
          title: `Credit renewal: ${plan.title}`,
          start: date,
          end: null,
          all_day: true,
          open: { type: 'plan', uuid: plan.uuid },
          movable: false,
          moves: [],
          plan: { uuid: plan.uuid, title: plan.title },
        });
      }
    }
  }
  return events;
}

/** Content items at their scheduled time (issue 22), read through the content module's own visibility. */
async function contentEvents(db: DbExecutor, q: CalendarEventsQuery, f: Filters, viewer: CalendarViewer, tz: string) {
  const items = await contentInRange(
    db,
    viewer,
    { start: q.start, end: q.end, timeZone: tz },
    { projectId: f.projectId, customerId: f.customerId, assigneeId: f.userId },
  );
  return items.map(
    (item): CalendarEvent => ({
      id: `content:${item.uuid}`,
      kind: 'content',
      title: `${PLATFORM_RULES[item.platform].label}: ${item.caption.slice(0, 60) || '(no caption)'}`,
      start: item.scheduled_at,
      end: null,
      all_day: false,
      open: { type: 'content', uuid: item.project.uuid },
      movable: false,
      moves: [],
      plan: item.project,
    }),
  );
}

/**
 * GET calendar/events: everything with a date in [start, end) the viewer may see, in the kinds asked for. More
 * than CALENDAR_MAX_EVENTS answers 422 with a message asking for a narrower range.
 */
export async function listCalendarEvents(
  db: DbExecutor,
  query: CalendarEventsQuery,
  viewer: CalendarViewer,
  timeZone: string,
): Promise<CalendarEvent[]> {
  const filters = await resolveFilters(db, query);
  if (!filters) {
    return [];
  }
  const kinds = new Set<CalendarKind>(query.kinds?.length ? query.kinds : CALENDAR_KINDS);
  // The lists' own gates: without TASKS_READ (REQUEST_READ) the task (request) list answers 403, so none show here.
  if (!viewer.permissions.has('TASKS_READ')) {
    kinds.delete('task');
  }
  if (!viewer.permissions.has('REQUEST_READ')) {
    kinds.delete('request');
  }
  if (!viewer.permissions.has('POSTS_READ')) {
    kinds.delete('content');
  }
  const readers: Record<CalendarKind, () => Promise<CalendarEvent[]>> = {
    task: () => taskEvents(db, query, filters, viewer),
    request: () => requestEvents(db, query, filters, viewer),
    comment: () => commentEvents(db, query, filters, viewer, timeZone),
    renewal: () => renewalEvents(db, query, filters, viewer),
    content: () => contentEvents(db, query, filters, viewer, timeZone),
  };
  const events: CalendarEvent[] = [];
  for (const kind of CALENDAR_KINDS) {
    if (kinds.has(kind)) {
      events.push(...(await readers[kind]()));
      if (events.length > CALENDAR_MAX_EVENTS) {
        throw new AppError(422, MESSAGES.calendarTooManyEvents, { code: 'too_many_events' });
      }
    }
  }
  return events;
}
