import type { NotificationData, TaskStatus } from '@portal/domain';
import type { DbExecutor } from '../../db/client';
import { type NewNotification, type NotificationFor, notifyMany, type Outgoing } from '../notifications/notify';

/**
 * Titles of task notifications (data.title). Written by the server only, so they stay out of the shared message
 * catalogue that every screen of the web app loads.
 */
export const TASK_NOTIFICATION_TITLES = {
  assigned: 'You were assigned to a task',
  followed: 'You now follow a task',
  statusChanged: 'The status of a task changed',
} as const;

type TaskRef = { uuid: string; title: string };
type People = { responsibles: { id: number }[]; followers: { id: number }[] };

function statusLabel(status: string): string {
  if (status === 'seed') {
    return 'Master';
  }
  const text = status.replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function taskData(task: TaskRef, title: string, content: string | null = null): NotificationData {
  return {
    title,
    sub_title: task.title,
    content,
    action_url: `/tasks?task_uuid=${task.uuid}`,
    resource_id: task.uuid,
    // Mentions come from comments, which do not exist yet.
    has_mention: false,
  };
}

/** 'The status of a task changed', told to the people on it (PUT tasks and the bulk status change). */
export function statusChangedNotification(task: TaskRef, from: TaskStatus, to: TaskStatus): NewNotification {
  const content = `${statusLabel(from)} → ${statusLabel(to)}`;
  return { type: 'task_status_changed', data: taskData(task, TASK_NOTIFICATION_TITLES.statusChanged, content) };
}

/**
 * The task events people are told about: becoming responsible, becoming a follower, and a status change, told to
 * everyone who was already on the task (the notify service skips the actor). PUT tasks and bulk edit both ask here.
 */
export function taskPeopleNotifications(
  task: TaskRef,
  change: { before: People; after: People; status?: { from: TaskStatus | null; to: TaskStatus } },
): NotificationFor[] {
  const ids = (list: { id: number }[]) => new Set(list.map((p) => p.id));
  const wasResponsible = ids(change.before.responsibles);
  const wasFollower = ids(change.before.followers);
  const assigned = change.after.responsibles.map((p) => p.id).filter((id) => !wasResponsible.has(id));
  const followed = change.after.followers.map((p) => p.id).filter((id) => !wasFollower.has(id));
  const items: NotificationFor[] = [
    {
      recipientIds: assigned,
      notification: { type: 'task_assigned', data: taskData(task, TASK_NOTIFICATION_TITLES.assigned) },
    },
    {
      recipientIds: followed,
      notification: { type: 'task_followed', data: taskData(task, TASK_NOTIFICATION_TITLES.followed) },
    },
  ];
  const status = change.status;
  if (status?.from && status.from !== status.to) {
    const told = new Set([...assigned, ...followed]);
    const stayed = [...change.after.responsibles, ...change.after.followers]
      .map((p) => p.id)
      .filter((id) => !told.has(id));
    items.push({ recipientIds: stayed, notification: statusChangedNotification(task, status.from, status.to) });
  }
  return items;
}

/** taskPeopleNotifications written in the writing transaction; answers what to deliver after commit. */
export function notifyTaskPeople(
  tx: DbExecutor,
  task: TaskRef,
  change: { before: People; after: People; status?: { from: TaskStatus | null; to: TaskStatus } },
  actorId: number,
): Promise<Outgoing> {
  return notifyMany(tx, taskPeopleNotifications(task, change), actorId);
}
