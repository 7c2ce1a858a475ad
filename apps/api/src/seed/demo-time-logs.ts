import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { loadConfig } from '../config';
import type { Database } from '../db/client';
import { projects, tasks, taskUsers, timeLogs, users } from '../db/schema';
import { dayInZone } from '../modules/time-logs/time-log-list.query';

const DESCRIPTIONS = [
  'Drafted the monthly content calendar',
  'Client call and follow-up notes',
  'Edited the product video cut',
  'Landing page copy revisions',
  'Ad campaign setup and targeting',
  'Design review with the team',
  'Reporting and analytics export',
];

/** Minutes per weekday and person: a believable week, some days short so the header turns red on them. */
const DAILY_PLAN: Record<string, number[]> = {
  'admin@demo.test': [240, 180],
  'manager@demo.test': [300, 150, 60],
  'freelancer@demo.test': [210],
};

function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * A week of completed time logs for the demo admin, manager and freelancer on seeded tasks (the 7 days up to today
 * in the agency time zone, weekdays only), plus one paused timer for the admin. Runs after the tasks seed; without
 * tasks it does nothing.
 */
export async function seedDemoTimeLogs(db: Database, options: { now?: Date; timeZone?: string } = {}): Promise<number> {
  const now = options.now ?? new Date();
  const timeZone = options.timeZone ?? loadConfig().agencyTimeZone;
  const taskRows = await db
    .select({ id: tasks.id })
    .from(tasks)
    .innerJoin(projects, eq(projects.id, tasks.projectId))
    .where(and(ne(projects.kind, 'personal'), ne(tasks.status, 'seed')))
    .orderBy(asc(projects.id), asc(tasks.id))
    .limit(12);
  if (!taskRows.length) {
    return 0;
  }
  const people = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, Object.keys(DAILY_PLAN)));
  if (!people.length) {
    return 0;
  }
  // Each person logs on tasks they are responsible for or follow when there are any (so a freelancer's logs are on
  // tasks the freelancer can see), else on the first seeded tasks.
  const related = await db
    .select({ userId: taskUsers.userId, taskId: taskUsers.taskId })
    .from(taskUsers)
    .innerJoin(tasks, eq(tasks.id, taskUsers.taskId))
    .innerJoin(projects, eq(projects.id, tasks.projectId))
    .where(
      and(
        inArray(
          taskUsers.userId,
          people.map((p) => p.id),
        ),
        ne(projects.kind, 'personal'),
        ne(tasks.status, 'seed'),
      ),
    )
    .orderBy(asc(taskUsers.taskId));
  const tasksOf = (userId: number) => {
    const own = related.filter((r) => r.userId === userId).map((r) => ({ id: r.taskId }));
    return own.length ? own : taskRows;
  };
  const today = dayInZone(now, timeZone);
  const values: (typeof timeLogs.$inferInsert)[] = [];
  let n = 0;
  for (let back = 6; back >= 0; back--) {
    const date = addDays(today, -back);
    const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
    if (weekday === 0 || weekday === 6) {
      continue;
    }
    for (const person of people) {
      for (const minutes of DAILY_PLAN[person.email] ?? []) {
        const mine = tasksOf(person.id);
        const task = mine[n % mine.length];
        if (task) {
          values.push({
            taskId: task.id,
            userId: person.id,
            date,
            minutes,
            status: 'completed',
            description: DESCRIPTIONS[n % DESCRIPTIONS.length] ?? null,
            category: n % 4 === 3 ? 'non-billable' : 'billable',
            createdById: person.id,
          });
        }
        n++;
      }
    }
  }
  const admin = people.find((p) => p.email === 'admin@demo.test');
  const timerTask = taskRows[0];
  if (admin && timerTask) {
    values.push({
      taskId: timerTask.id,
      userId: admin.id,
      date: today,
      minutes: 35,
      status: 'paused',
      description: 'Storyboard for the spring campaign',
      createdById: admin.id,
    });
  }
  if (values.length) {
    await db.insert(timeLogs).values(values);
  }
  return values.length;
}
