import { CALENDAR_MAX_EVENTS, type CalendarFeed } from '@portal/domain';
import { and, asc, eq, gte, isNull, type SQL, sql } from 'drizzle-orm';
import ical from 'ical-generator';
import type { AppContext } from '../../context';
import { calendarFeedTokens, projects, requests, tasks, users } from '../../db/schema';
import { notFound } from '../../http/errors';
import { addressBucket } from '../auth/client-address';
import { generateToken, hashToken } from '../auth/tokens';
import { addDays, todayIn } from '../tasks/calendar';
import { visibleTasks } from '../tasks/task-access';

type Ctx = Pick<AppContext, 'db' | 'secrets' | 'config' | 'limiter'>;

/** How far back the feed reaches: subscribed calendars keep what they saw, so old items need not be sent again. */
const FEED_PAST_DAYS = 90;

const feedUrl = (appUrl: string, token: string) => `${appUrl}/api/public/calendar/${token}.ics`;

async function issueToken(ctx: Ctx, userId: number): Promise<string> {
  const token = generateToken();
  await ctx.db
    .insert(calendarFeedTokens)
    .values({ userId, tokenHash: hashToken(token), tokenSealed: await ctx.secrets.seal(token) });
  return token;
}

/**
 * GET calendar/feed: the caller's feed address, made on the first call. The token is found by its SHA-256; the
 * sealed copy lets the same address be shown again (the subscribe dialog) without a rotation.
 */
export async function currentFeed(ctx: Ctx, userId: number): Promise<CalendarFeed> {
  const [live] = await ctx.db
    .select({ sealed: calendarFeedTokens.tokenSealed })
    .from(calendarFeedTokens)
    .where(and(eq(calendarFeedTokens.userId, userId), isNull(calendarFeedTokens.revokedAt)));
  if (live) {
    return { url: feedUrl(ctx.config.appUrl, await ctx.secrets.open(live.sealed)) };
  }
  // Two first calls at once: the one-live-token index lets one insert win; the other reads the winner's.
  try {
    return { url: feedUrl(ctx.config.appUrl, await issueToken(ctx, userId)) };
  } catch (error) {
    const [winner] = await ctx.db
      .select({ sealed: calendarFeedTokens.tokenSealed })
      .from(calendarFeedTokens)
      .where(and(eq(calendarFeedTokens.userId, userId), isNull(calendarFeedTokens.revokedAt)));
    if (!winner) {
      throw error;
    }
    return { url: feedUrl(ctx.config.appUrl, await ctx.secrets.open(winner.sealed)) };
  }
}

/** POST calendar/feed/rotate: the old address answers 404 from now on; the new one is returned. */
export async function rotateFeed(ctx: Ctx, userId: number): Promise<CalendarFeed> {
  const token = generateToken();
  const sealed = await ctx.secrets.seal(token);
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(calendarFeedTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(calendarFeedTokens.userId, userId), isNull(calendarFeedTokens.revokedAt)));
    await tx.insert(calendarFeedTokens).values({ userId, tokenHash: hashToken(token), tokenSealed: sealed });
  });
  return { url: feedUrl(ctx.config.appUrl, token) };
}

/** The owner of a live token; unknown and revoked tokens are both 404, saying nothing more. */
async function feedOwner(ctx: Ctx, token: string) {
  const [row] = await ctx.db
    .select({
      userId: users.id,
      type: sql<string>`(select c.type from contacts c where c.user_id = ${users.id} limit 1)`,
    })
    .from(calendarFeedTokens)
    .innerJoin(users, eq(users.id, calendarFeedTokens.userId))
    .where(
      and(
        eq(calendarFeedTokens.tokenHash, hashToken(token)),
        isNull(calendarFeedTokens.revokedAt),
        eq(users.status, 'active'),
      ),
    );
  if (!row || (row.type !== 'regular_user' && row.type !== 'freelancer')) {
    throw notFound();
  }
  return { userId: row.userId, type: row.type as 'regular_user' | 'freelancer' };
}

type FeedViewer = { userId: number; type: 'regular_user' | 'freelancer' };

/**
 * The owner's first CALENDAR_MAX_EVENTS tasks dated from `from`, by due date (or start date when there is none).
 * A person can be on tens of thousands of tasks (66,000 for the scale seed's freelancer), so the query walks the
 * date indexes in order and probes task_users for each task until it has enough, instead of reading every task of
 * theirs and sorting them all (82 → 31 ms there). Tasks with a due date and those with only a start date are two
 * walks over two indexes, merged here; a due date is never before the start date (the tasks module's date rule),
 * so "due from `from`" holds every task still running.
 */
async function feedTasks(ctx: Ctx, viewer: FeedViewer, from: string) {
  const onTask = sql`exists (select 1 from task_users tu where tu.task_id = ${tasks.id} and tu.user_id = ${viewer.userId})`;
  // A freelancer sees every task they are on (task-access.ts's task_users arm), so only staff need the rule
  // (other people's personal plans); the freelancer's three-arm rule here cost 200 ms at the scale seed.
  const visible = viewer.type === 'regular_user' ? visibleTasks(viewer) : undefined;
  const walk = (key: typeof tasks.endDate | typeof tasks.startDate, dated: SQL) =>
    ctx.db
      .select({
        id: tasks.id,
        uuid: tasks.uuid,
        title: tasks.title,
        start: tasks.startDate,
        due: tasks.endDate,
        updatedAt: tasks.updatedAt,
        plan: projects.title,
      })
      .from(tasks)
      .innerJoin(projects, eq(projects.id, tasks.projectId))
      .where(and(dated, onTask, visible))
      .orderBy(asc(key), asc(tasks.id))
      .limit(CALENDAR_MAX_EVENTS);
  const [withDue, startOnly] = await Promise.all([
    walk(tasks.endDate, gte(tasks.endDate, from)),
    walk(tasks.startDate, and(isNull(tasks.endDate), gte(tasks.startDate, from)) as SQL),
  ]);
  const key = (row: { start: string | null; due: string | null }) => row.due ?? row.start ?? '';
  return [...withDue, ...startOnly]
    .sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a.id - b.id))
    .slice(0, CALENDAR_MAX_EVENTS);
}

/**
 * The public feed: the owner's tasks and requests (those they are responsible for or follow, and still see) from
 * 90 days back, at most CALENDAR_MAX_EVENTS. UIDs are the items' uuids, so a subscribed calendar updates an event
 * when its date moves instead of adding another.
 */
export async function renderFeed(ctx: Ctx, token: string, ip: string): Promise<string> {
  await ctx.limiter.hit([
    {
      key: `calendar:feed:ip:${addressBucket(ip)}`,
      rule: { limit: ctx.config.formLimits.publicCallsPerIpMinute, windowSeconds: 60 },
    },
  ]);
  const viewer = await feedOwner(ctx, token);
  // Calendar services poll every few hours; a loop or a leaked address stops here.
  await ctx.limiter.hit([
    {
      key: `calendar:feed:user:${viewer.userId}`,
      rule: { limit: ctx.config.calendarFeedFetchesPerHour, windowSeconds: 3600 },
    },
  ]);
  const from = addDays(todayIn(ctx.config.agencyTimeZone), -FEED_PAST_DAYS);
  const taskRows = await feedTasks(ctx, viewer, from);
  const requestRoom = CALENDAR_MAX_EVENTS - taskRows.length;
  const requestRows =
    requestRoom <= 0
      ? []
      : await ctx.db
          .select({
            uuid: requests.uuid,
            title: requests.subject,
            date: requests.targetDate,
            updatedAt: requests.updatedAt,
          })
          .from(requests)
          .where(
            and(
              // Visible by that alone: staff see every request, freelancers those they are on (request-access.ts).
              sql`${requests.id} in (select ru.request_id from request_users ru where ru.user_id = ${viewer.userId})`,
              gte(requests.targetDate, from),
              sql`${requests.status} <> 'draft'`,
            ),
          )
          .orderBy(asc(requests.targetDate), asc(requests.id))
          .limit(requestRoom);

  const host = new URL(ctx.config.appUrl).host;
  const calendar = ical({ name: 'Agency Portal', prodId: { company: 'Agency Portal', product: 'Calendar' } });
  const appUrl = ctx.config.appUrl;
  for (const task of taskRows) {
    const first = task.start ?? task.due;
    if (!first) {
      continue;
    }
    const last = task.due && task.due > first ? task.due : first;
    calendar.createEvent({
      id: `task-${task.uuid}@${host}`,
      summary: task.title,
      description: `Plan: ${task.plan}`,
      start: first,
      end: addDays(last, 1),
      allDay: true,
      stamp: task.updatedAt,
      url: `${appUrl}/tasks?task=${task.uuid}`,
    });
  }
  for (const request of requestRows) {
    if (!request.date) {
      continue;
    }
    calendar.createEvent({
      id: `request-${request.uuid}@${host}`,
      summary: `Delivery: ${request.title}`,
      start: request.date,
      end: addDays(request.date, 1),
      allDay: true,
      stamp: request.updatedAt,
      url: `${appUrl}/requests/${request.uuid}`,
    });
  }
  return calendar.toString();
}
