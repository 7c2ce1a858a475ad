import { PERMISSIONS } from '@portal/domain';
import type { Database } from '../../src/db/client';
import { comments, notifications, requests, tasks, timeLogs, uploads } from '../../src/db/schema';
import { buildPlan, buildUser } from '../factories';

async function one<T>(rows: Promise<T[]>): Promise<T> {
  const [row] = await rows;
  if (!row) {
    throw new Error('cross-tenant world: row not created');
  }
  return row;
}

/**
 * The people and objects of the cross-tenant suite. The freelancer and the manager hold EVERY permission: what
 * they may see must follow from visibility (plan membership, personal plans, ownership), never from a role that
 * an admin can edit. Everything here belongs to `owner` (an admin) on plans neither of them is on.
 */
export async function buildWorld(db: Database) {
  const owner = await buildUser(db, { type: 'regular_user', permissions: PERMISSIONS });
  const manager = await buildUser(db, { type: 'regular_user', permissions: PERMISSIONS });
  const freelancer = await buildUser(db, { type: 'freelancer', permissions: PERMISSIONS });

  // A client plan the freelancer is not on (staff see it; freelancers must not).
  const plan = await buildPlan(db, { projectManagerId: owner.id });
  const task = await one(db.insert(tasks).values({ title: 'Hidden task', projectId: plan.id }).returning());
  const request = await one(
    db
      .insert(requests)
      .values({ subject: 'Hidden request', projectId: plan.id, status: 'new', requestTypeId: 8, creatorId: owner.id })
      .returning(),
  );
  const comment = await one(
    db
      .insert(comments)
      .values({
        commentableType: 'task',
        commentableId: task.id,
        projectId: plan.id,
        text: 'Hidden',
        creatorId: owner.id,
      })
      .returning(),
  );
  const upload = await one(
    db
      .insert(uploads)
      .values({
        name: 'hidden.pdf',
        extension: 'pdf',
        url: 'cross-tenant/hidden.pdf',
        stated: true,
        createdById: owner.id,
        holderType: 'task',
        holderId: task.id,
      })
      .returning(),
  );
  const timeLog = await one(
    db.insert(timeLogs).values({ taskId: task.id, userId: owner.id, date: '2026-01-05', minutes: 30 }).returning(),
  );
  const notification = await one(
    db
      .insert(notifications)
      .values({
        userId: owner.id,
        number: 1,
        type: 'task_assigned',
        data: {
          title: 'Hidden',
          sub_title: null,
          content: null,
          action_url: null,
          resource_id: null,
          has_mention: true,
        },
      })
      .returning(),
  );

  // The owner's personal plan: nobody else sees it or what is in it, staff included.
  const personalPlan = await buildPlan(db, { kind: 'personal', projectManagerId: owner.id, customerId: null });
  const personalTask = await one(
    db.insert(tasks).values({ title: 'Personal task', projectId: personalPlan.id }).returning(),
  );
  const personalComment = await one(
    db
      .insert(comments)
      .values({
        commentableType: 'task',
        commentableId: personalTask.id,
        projectId: personalPlan.id,
        text: 'Personal',
        creatorId: owner.id,
      })
      .returning(),
  );
  const personalUpload = await one(
    db
      .insert(uploads)
      .values({
        name: 'personal.pdf',
        extension: 'pdf',
        url: 'cross-tenant/personal.pdf',
        stated: true,
        createdById: owner.id,
        holderType: 'task',
        holderId: personalTask.id,
      })
      .returning(),
  );
  const personalTimeLog = await one(
    db
      .insert(timeLogs)
      .values({ taskId: personalTask.id, userId: owner.id, date: '2026-01-05', minutes: 15 })
      .returning(),
  );

  return {
    owner,
    manager,
    freelancer,
    plan,
    task,
    request,
    comment,
    upload,
    timeLog,
    notification,
    personalPlan,
    personalTask,
    personalComment,
    personalUpload,
    personalTimeLog,
    /** Lets an entry insert more rows (other modules' objects) with the same database. */
    db,
  };
}

export type World = Awaited<ReturnType<typeof buildWorld>>;
