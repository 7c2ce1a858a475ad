import { MESSAGES } from '@portal/domain';

export interface TaskOffer {
  uuid: string;
  title: string;
  /** The request the task already holds: the option is disabled and links to it. */
  relatedTo: { uuid: string; subject: string } | null;
}

/** A task may hold one request (doc 2 §4): those that already have one are offered disabled. */
export function taskOffers(
  tasks: readonly { uuid: string; title: string; request: { uuid: string; subject: string } | null }[],
): TaskOffer[] {
  return tasks.map((task) => ({
    uuid: task.uuid,
    title: task.title,
    relatedTo: task.request ? { uuid: task.request.uuid, subject: task.request.subject } : null,
  }));
}

/** 'This Field is required.' until at least one task is picked. */
export function validatePickedTasks(picked: readonly string[]): string | null {
  return picked.length === 0 ? MESSAGES.requiredRelation : null;
}
