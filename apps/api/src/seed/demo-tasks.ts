import type { RecurrenceType, TaskStatus } from '@portal/domain';
import { inArray, sql } from 'drizzle-orm';
import { loadConfig } from '../config';
import type { Database } from '../db/client';
import { activityLogs, projects, tasks, taskTags, taskUsers, users } from '../db/schema';
import { ensurePersonalPlan } from '../modules/plans/personal-plan';
import { addDays, todayIn } from '../modules/tasks/calendar';
import { createDueOccurrences } from '../modules/tasks/recurrence';
import { ensureTags } from '../modules/tasks/task-tags';

type Who = 'admin' | 'manager' | 'freelancer' | 'client';
type DemoTask = {
  title: string;
  status: TaskStatus;
  priority?: 0 | 1 | 2;
  /** Days from today to the start; the due date is `days` later. */
  start: number;
  days?: number;
  estimate?: [number, number];
  responsibles?: Who[];
  followers?: Who[];
  tags?: string[];
  recurrence?: RecurrenceType;
  subtasks?: DemoTask[];
};

const EMAILS: Record<Who, string> = {
  admin: 'admin@demo.test',
  manager: 'manager@demo.test',
  freelancer: 'freelancer@demo.test',
  client: 'client@demo.test',
};

/** Tasks by plan title (plans of the clients seed). Titles are stable: other seeds and tests look tasks up by them. */
export const DEMO_TASKS: Record<string, DemoTask[]> = {
  'Harbor Dental retainer': [
    {
      title: 'January new patient campaign',
      status: 'in_progress',
      priority: 2,
      start: -5,
      days: 12,
      estimate: [600, 900],
      responsibles: ['manager'],
      followers: ['admin'],
      tags: ['Campaign', 'Paid ads'],
      subtasks: [
        { title: 'Campaign landing page copy', status: 'completed', start: -5, days: 2, responsibles: ['manager'] },
        {
          title: 'Campaign ad creatives',
          status: 'working_on_now',
          start: -2,
          days: 3,
          responsibles: ['freelancer'],
          tags: ['Design'],
        },
        { title: 'Campaign budget sign-off', status: 'todo', start: 1, days: 2, responsibles: ['admin'] },
      ],
    },
    {
      title: 'Approve the January newsletter',
      status: 'waiting_approval',
      priority: 1,
      start: -1,
      days: 3,
      responsibles: ['client'],
      followers: ['manager'],
      tags: ['Email'],
    },
    {
      title: 'Weekly performance report',
      status: 'seed',
      priority: 1,
      start: -28,
      days: 1,
      estimate: [60, 90],
      responsibles: ['manager'],
      tags: ['Reporting'],
      recurrence: 'weekly',
    },
    {
      title: 'Fix booking form spam',
      status: 'needs_attention',
      priority: 2,
      start: -3,
      days: 1,
      responsibles: ['admin'],
    },
  ],
  'Summit Realty retainer': [
    {
      title: 'Open house video edit',
      status: 'in_progress',
      priority: 1,
      start: -2,
      days: 4,
      estimate: [180, 240],
      responsibles: ['freelancer'],
      followers: ['manager'],
      tags: ['Video'],
    },
    {
      title: 'Listing photo retouching',
      status: 'approved',
      start: -6,
      days: 3,
      responsibles: ['freelancer'],
      tags: ['Design'],
    },
    {
      title: 'Quarterly SEO audit',
      status: 'pending',
      priority: 0,
      start: 2,
      days: 10,
      responsibles: ['admin'],
      tags: ['SEO'],
    },
  ],
  'Listing site redesign': [
    {
      title: 'Homepage wireframes',
      status: 'completed',
      priority: 1,
      start: -20,
      days: 5,
      responsibles: ['manager'],
      tags: ['Design', 'Web'],
    },
    {
      title: 'Property search filters',
      status: 'todo',
      priority: 2,
      start: 1,
      days: 7,
      responsibles: ['admin'],
      tags: ['Web'],
    },
    { title: 'Old blog migration', status: 'cancelled', start: -15, days: 5, responsibles: ['manager'] },
  ],
  'Bella Vista social': [
    {
      title: 'February content calendar',
      status: 'todo',
      priority: 1,
      start: 0,
      days: 5,
      responsibles: ['manager'],
      followers: ['freelancer'],
      tags: ['Social'],
    },
    {
      title: 'Reel: chef’s special',
      status: 'working_on_now',
      start: -1,
      days: 2,
      responsibles: ['freelancer'],
      tags: ['Video', 'Social'],
    },
  ],
  'Northwind e-commerce retainer': [
    {
      title: 'Abandoned cart email flow',
      status: 'pending',
      priority: 1,
      start: -4,
      days: 6,
      responsibles: ['admin'],
      tags: ['Email'],
    },
    {
      title: 'Product feed errors',
      status: 'needs_attention',
      priority: 2,
      start: -8,
      days: 2,
      responsibles: ['manager'],
    },
  ],
  'Brightside retainer': [
    {
      title: 'Monthly analytics summary',
      status: 'completed',
      start: -10,
      days: 2,
      responsibles: ['manager'],
      tags: ['Reporting'],
    },
  ],
};

/** Personal tasks on each demo staff member's personal plan. */
export const DEMO_PERSONAL_TASKS: Record<Exclude<Who, 'client'>, DemoTask[]> = {
  admin: [
    { title: 'Renew the design software licences', status: 'todo', start: 0, days: 3 },
    { title: 'Plan the team offsite', status: 'in_progress', start: -2, days: 14 },
  ],
  manager: [{ title: 'Prepare the quarterly client reviews', status: 'todo', priority: 1, start: 1, days: 5 }],
  freelancer: [{ title: 'Update my portfolio reel', status: 'in_progress', start: -3, days: 7 }],
};

type Context = { today: string; people: Map<Who, number>; adminId: number | undefined };

async function insertTask(
  db: Database,
  ctx: Context,
  projectId: number,
  task: DemoTask,
  parentId: number | null,
  ownerId?: number,
) {
  const start = addDays(ctx.today, task.start);
  const ids = (list: Who[] | undefined) => (list ?? []).map((w) => ctx.people.get(w)).filter((id) => id !== undefined);
  const responsibles = ownerId ? [ownerId] : ids(task.responsibles);
  const followers = ids(task.followers).filter((id) => !responsibles.includes(id));
  const creatorId = ownerId ?? ctx.adminId ?? null;
  const [row] = await db
    .insert(tasks)
    .values({
      title: task.title,
      projectId,
      priority: task.priority ?? 0,
      status: task.status,
      startDate: start,
      endDate: addDays(start, task.days ?? 1),
      estimatedTimeMin: task.estimate?.[0] ?? null,
      estimatedTime: task.estimate?.[1] ?? null,
      recurrenceType: task.recurrence ?? null,
      recurrenceLimit: task.recurrence ? 0 : null,
      parentId,
      creatorId,
      completedAt: task.status === 'completed' ? new Date() : null,
    })
    .returning({ id: tasks.id });
  if (!row) {
    throw new Error(`demo task ${task.title} not created`);
  }
  const people = [
    ...responsibles.map((userId) => ({ taskId: row.id, userId, pivot: 'responsible' })),
    ...followers.map((userId) => ({ taskId: row.id, userId, pivot: 'follower' })),
  ];
  if (people.length) {
    await db.insert(taskUsers).values(people);
  }
  if (task.tags?.length) {
    const tagIds = await ensureTags(db, task.tags);
    await db.insert(taskTags).values([...tagIds.values()].map((tagId) => ({ taskId: row.id, tagId })));
  }
  await db.insert(activityLogs).values({
    subjectType: 'task',
    subjectId: row.id,
    authorId: creatorId,
    action: 'create',
    changes: { title: { added: task.title, removed: null }, status: { added: task.status, removed: null } },
  });
  for (const subtask of task.subtasks ?? []) {
    await insertTask(db, ctx, projectId, subtask, row.id, ownerId);
  }
}

/**
 * Demo tasks: every status across the demo plans, a task with subtasks, a client-responsible task, a weekly
 * recurring seed with its occurrences so far, and personal tasks for the admin, manager and freelancer. Runs after
 * the clients seed (it finds plans by title) and before the time logs seed. Answers how many tasks exist after it.
 */
export async function seedDemoTasks(db: Database, options: { now?: Date; timeZone?: string } = {}) {
  const timeZone = options.timeZone ?? loadConfig().agencyTimeZone;
  const today = todayIn(timeZone, options.now);
  const accounts = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, Object.values(EMAILS)));
  const people = new Map<Who, number>();
  for (const [who, email] of Object.entries(EMAILS) as [Who, string][]) {
    const id = accounts.find((a) => a.email === email)?.id;
    if (id !== undefined) {
      people.set(who, id);
    }
  }
  const ctx: Context = { today, people, adminId: people.get('admin') };
  const plans = await db
    .select({ id: projects.id, title: projects.title })
    .from(projects)
    .where(inArray(projects.title, Object.keys(DEMO_TASKS)));
  for (const [planTitle, list] of Object.entries(DEMO_TASKS)) {
    const plan = plans.find((p) => p.title === planTitle);
    if (!plan) {
      continue;
    }
    for (const task of list) {
      await insertTask(db, ctx, plan.id, task, null);
    }
  }
  for (const [who, list] of Object.entries(DEMO_PERSONAL_TASKS) as [Exclude<Who, 'client'>, DemoTask[]][]) {
    const userId = people.get(who);
    if (userId === undefined) {
      continue;
    }
    const plan = await ensurePersonalPlan(db, userId);
    for (const task of list) {
      await insertTask(db, ctx, plan.id, task, null, userId);
    }
  }
  await createDueOccurrences(db, today);
  await completePastOccurrences(db);
}

/**
 * The job makes every occurrence since the seed's start at once, all todo: five identical open "Weekly performance
 * report" tasks in every list. In a workspace that had been running, each past week's report was done in its week,
 * so only the latest occurrence of each seed stays open; the others are completed on their due day.
 */
async function completePastOccurrences(db: Database) {
  await db.execute(sql`
    update tasks t
    set status = 'completed', completed_at = (coalesce(t.end_date, t.occurrence_date) + time '17:00') at time zone 'UTC'
    where t.seed_id is not null and t.occurrence_date is not null and t.status = 'todo'
      and t.occurrence_date < (select max(o.occurrence_date) from tasks o where o.seed_id = t.seed_id)`);
}
