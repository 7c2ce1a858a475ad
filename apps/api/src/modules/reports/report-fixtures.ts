import { PERMISSIONS } from '@portal/domain';
import { eq, inArray } from 'drizzle-orm';
import { type BuiltUser, buildPlan, buildUser } from '../../../test/factories';
import type { Database } from '../../db/client';
import { requests, requestUsers, tasks, taskUsers, timeLogs, users } from '../../db/schema';

/** Accounts that existed long before the fixtures' dates, so every day of March 2025 counts for them. */
export async function backdate(db: Database, people: BuiltUser[]) {
  await db
    .update(users)
    .set({ createdAt: new Date('2024-01-01T00:00:00Z') })
    .where(
      inArray(
        users.id,
        people.map((p) => p.id),
      ),
    );
}

export type TimeFixture = Awaited<ReturnType<typeof buildTimeFixture>>;

/**
 * The week of Monday 2025-03-03 to Sunday 2025-03-09, by hand:
 * - Alice (regular): Mon 120 billable on the retainer task; Tue 60 (no category → the hosting plan's default,
 *   non-billable) on the hosting task; Tue 30 sgm-non-billable on the retainer's request; Mon 45 paused (not in
 *   completed reports, but in her weekly hours); Thu 25 on her personal plan (only she sees it); 2025-03-10 500
 *   on the hosting task (out of range).
 * - Fran (freelancer on the retainer): Wed 90 billable on the retainer task.
 * Completed report, manager's view: total 300, billable 210; Alice 210 (120 billable), Fran 90 (90).
 */
export async function buildTimeFixture(db: Database) {
  const alice = await buildUser(db, { type: 'regular_user', name: 'Alice Report', permissions: PERMISSIONS });
  const fran = await buildUser(db, { type: 'freelancer', name: 'Fran Report', permissions: ['TIMELOG_READ'] });
  const manager = await buildUser(db, { type: 'regular_user', name: 'Manny Report', permissions: PERMISSIONS });
  await backdate(db, [alice, fran, manager]);
  const retainer = await buildPlan(db, { title: 'Report retainer', planType: 'retainer', members: [fran.id] });
  const hosting = await buildPlan(db, {
    title: 'Report hosting',
    planType: 'hosting',
    defaultTimelogCategory: 'non-billable',
  });
  const personal = await buildPlan(db, { title: 'Alice personal', kind: 'personal', projectManagerId: alice.id });
  const [retainerTask, hostingTask, personalTask] = await db
    .insert(tasks)
    .values([
      {
        title: 'Retainer work',
        projectId: retainer.id,
        status: 'completed',
        completedAt: new Date('2025-03-05T12:00:00Z'),
        endDate: '2025-03-06',
        estimatedTime: 240,
      },
      { title: 'Hosting work', projectId: hosting.id },
      { title: 'Personal work', projectId: personal.id },
    ])
    .returning();
  if (!retainerTask || !hostingTask || !personalTask) {
    throw new Error('tasks not created');
  }
  await db.insert(taskUsers).values({ taskId: retainerTask.id, userId: alice.id, pivot: 'responsible' });
  const [request] = await db
    .insert(requests)
    .values({
      subject: 'Report request',
      projectId: retainer.id,
      status: 'completed',
      completedAt: new Date('2025-03-07T15:00:00Z'),
      targetDate: '2025-03-06',
    })
    .returning();
  if (!request) {
    throw new Error('request not created');
  }
  await db.insert(requestUsers).values({ requestId: request.id, userId: alice.id, pivot: 'responsible' });
  const log = (values: Partial<typeof timeLogs.$inferInsert> & { userId: number; date: string; minutes: number }) =>
    ({ status: 'completed', ...values }) as typeof timeLogs.$inferInsert;
  await db
    .insert(timeLogs)
    .values([
      log({ taskId: retainerTask.id, userId: alice.id, date: '2025-03-03', minutes: 120, category: 'billable' }),
      log({ taskId: hostingTask.id, userId: alice.id, date: '2025-03-04', minutes: 60 }),
      log({ requestId: request.id, userId: alice.id, date: '2025-03-04', minutes: 30, category: 'sgm-non-billable' }),
      log({ taskId: retainerTask.id, userId: alice.id, date: '2025-03-03', minutes: 45, status: 'paused' }),
      log({ taskId: personalTask.id, userId: alice.id, date: '2025-03-06', minutes: 25, category: 'billable' }),
      log({ taskId: hostingTask.id, userId: alice.id, date: '2025-03-10', minutes: 500, category: 'billable' }),
      log({ taskId: retainerTask.id, userId: fran.id, date: '2025-03-05', minutes: 90, category: 'billable' }),
    ]);
  return { alice, fran, manager, retainer, hosting, personal, retainerTask, hostingTask, request };
}

export async function taskById(db: Database, id: number) {
  const [row] = await db.select().from(tasks).where(eq(tasks.id, id));
  return row;
}
