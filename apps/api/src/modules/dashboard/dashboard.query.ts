import type { Dashboard } from '@portal/domain';
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { runPrepared } from '../../db/prepared';
import { timeLogs } from '../../db/schema';
import type { Principal } from '../../http/access';
import { countUnreadMentions } from '../notifications/notification-queries';
import { dayInZone, getWeeklySummary } from '../time-logs/time-log-list.query';
import { presentTimeLog, selectTimeLogs } from '../time-logs/time-logs.presenter';
import { loadDashboardActivity } from './dashboard-activity';
import { loadDashboardRequests } from './dashboard-requests';
import { loadDashboardTasks } from './dashboard-tasks';

/**
 * The caller's open timers: the running one first, then the most recently paused (time_logs_user_open_idx). A
 * prepared statement: the presenter's five-table join took ~5 ms to plan for 0.1 ms of work.
 */
async function loadTimer(db: Database, viewer: Principal) {
  const rows = await runPrepared(
    selectTimeLogs(db)
      .where(and(eq(timeLogs.userId, viewer.userId), ne(timeLogs.status, 'completed')))
      .orderBy(sql`${timeLogs.status} = 'running' desc`, desc(timeLogs.updatedAt)),
  );
  const now = new Date();
  const first = rows[0];
  return { count: rows.length, current: first ? presentTimeLog(first, viewer, now) : null };
}

/** The Sunday ending the Monday-to-Sunday week of `today` (YYYY-MM-DD), as getWeeklySummary's week_end. */
export function agencyWeekEnd(today: string): string {
  const day = new Date(`${today}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + ((7 - day.getUTCDay()) % 7));
  return day.toISOString().slice(0, 10);
}

/**
 * GET dashboard: every block in one answer, loaded in parallel. What a person may not see stays null: freelancers
 * get their tasks, timer, week and mentions; requests and followed activity are staff blocks (doc 1 §2).
 */
export async function loadDashboard(db: Database, viewer: Principal, timeZone: string): Promise<Dashboard> {
  const can = (permission: string) => viewer.permissions.has(permission);
  const staff = viewer.type === 'regular_user';
  // The week is the agency's (Monday to Sunday in its time zone), as the weekly summary counts it; its bounds are
  // known without the summary, so every block is read at once.
  const now = new Date();
  const today = dayInZone(now, timeZone);
  const weekEnd = agencyWeekEnd(today);
  const [week, tasks, timer, requests, mentions, activity] = await Promise.all([
    getWeeklySummary(db, viewer.userId, timeZone, now),
    loadDashboardTasks(db, viewer, today, weekEnd),
    can('TIMELOG_READ') ? loadTimer(db, viewer) : null,
    staff && can('REQUEST_READ') ? loadDashboardRequests(db, viewer) : null,
    can('COMMENTS_READ') ? countUnreadMentions(db, viewer.userId).then((unread) => ({ unread })) : null,
    staff ? loadDashboardActivity(db, viewer.userId) : null,
  ]);
  return {
    today,
    week_end: weekEnd,
    tasks,
    timer,
    week: can('TIMELOG_READ') ? week : null,
    requests,
    mentions,
    activity,
  };
}
