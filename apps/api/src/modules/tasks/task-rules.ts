import {
  APP_USER_TYPES,
  CONTACT_RESPONSIBLE_TASK_STATUSES,
  MESSAGES,
  type TaskStatus,
  type UserType,
} from '@portal/domain';
import { and, eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { contacts, projects, users } from '../../db/schema';
import { AppError } from '../../http/errors';
import { taskablePlans, type Viewer } from './task-access';
import { findPeople } from './task-people';

export type FieldErrors = Record<string, string[]>;
export type Person = { id: number; uuid: string; type: UserType; name: string };

export function addError(errors: FieldErrors, field: string, message: string) {
  errors[field] = [...(errors[field] ?? []), message];
}

/** A plan the caller may put tasks in, by uuid. */
export async function findTaskablePlan(db: DbExecutor, uuid: string, viewer: Viewer) {
  const [plan] = await db
    .select({ id: projects.id, uuid: projects.uuid, kind: projects.kind, ownerId: projects.projectManagerId })
    .from(projects)
    .where(and(eq(projects.uuid, uuid), taskablePlans(viewer)))
    .limit(1);
  return plan;
}

export async function findPlanById(db: DbExecutor, id: number) {
  const [plan] = await db
    .select({ id: projects.id, uuid: projects.uuid, kind: projects.kind, ownerId: projects.projectManagerId })
    .from(projects)
    .where(eq(projects.id, id));
  if (!plan) {
    throw new Error(`plan ${id} missing`);
  }
  return plan;
}

export async function findPersonById(db: DbExecutor, userId: number): Promise<Person & { autoFollow: boolean }> {
  const [row] = await db
    .select({ uuid: users.uuid, contact: contacts })
    .from(users)
    .innerJoin(contacts, eq(contacts.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) {
    throw new Error(`user ${userId} has no profile`);
  }
  return {
    id: userId,
    uuid: row.uuid,
    type: row.contact.type as UserType,
    name: row.contact.name,
    autoFollow: row.contact.preferences.auto_follow_tasks === '1',
  };
}

/**
 * Responsibles and followers by user uuid: responsibles may be staff, freelancers or client contacts, followers
 * only staff and freelancers, and nobody may be both (doc 2 §5). Problems are added to errors.
 */
export async function resolvePeople(
  db: DbExecutor,
  input: { responsibles?: string[]; followers?: string[] },
  errors: FieldErrors,
): Promise<{ responsibles?: Person[]; followers?: Person[] }> {
  return checkPeople(await findPeople(db, [...(input.responsibles ?? []), ...(input.followers ?? [])]), input, errors);
}

/** resolvePeople over people already looked up (findPeople), so a bulk edit looks a batch's people up once. */
export function checkPeople(
  found: Awaited<ReturnType<typeof findPeople>>,
  input: { responsibles?: string[]; followers?: string[] },
  errors: FieldErrors,
): { responsibles?: Person[]; followers?: Person[] } {
  const pick = (uuids: string[] | undefined, field: string, types: readonly UserType[], message: string) => {
    if (uuids === undefined) {
      return undefined;
    }
    const people: Person[] = [];
    for (const uuid of new Set(uuids)) {
      const person = found.get(uuid);
      if (!person) {
        addError(errors, field, MESSAGES.unknownReference);
      } else if (!types.includes(person.type)) {
        addError(errors, field, message);
      } else {
        people.push({ ...person, uuid });
      }
    }
    return people;
  };
  const responsibles = pick(
    input.responsibles,
    'responsibles',
    ['regular_user', 'freelancer', 'contact'],
    MESSAGES.responsibleType,
  );
  const followers = pick(input.followers, 'followers', APP_USER_TYPES, MESSAGES.followersStaffOnly);
  if (responsibles && followers) {
    const ids = new Set(responsibles.map((p) => p.id));
    if (followers.some((p) => ids.has(p.id))) {
      addError(errors, 'followers', MESSAGES.responsibleAndFollower);
    }
  }
  return { responsibles, followers };
}

/** A due date before the start date is refused on the due date (doc 2 §4); PUT tasks and bulk edit ask here. */
export function dateOrderError(start: string | null, end: string | null): string | undefined {
  return start && end && end < start ? MESSAGES.dueBeforeStart : undefined;
}

/**
 * Moving a task to another plan (doc 2 §4): a subtask follows its parent, a personal task stays on its personal
 * plan, and the target must be a plan the caller may put tasks in and not a personal one. Answers the project_id
 * field's message, or undefined when the move is allowed. PUT tasks and bulk edit both ask here.
 */
export function planMoveError(
  hasParent: boolean,
  personal: boolean,
  target: { kind: string } | undefined,
): string | undefined {
  if (hasParent) {
    return MESSAGES.subtaskProjectFixed;
  }
  if (personal) {
    return MESSAGES.personalProjectFixed;
  }
  if (!target) {
    return MESSAGES.unknownReference;
  }
  return target.kind === 'personal' ? MESSAGES.personalProjectFixed : undefined;
}

type People = { responsibles: Person[]; followers: Person[] };

/**
 * The people a task ends with when `sent` replaces one or both lists: a person is responsible or follower, never
 * both, so naming them in one list takes them off the other; a personal task's only responsible is its plan's owner
 * (`owner`, given for personal plans). PUT tasks and bulk edit both ask here.
 */
export function mergePeople(before: People, sent: Partial<People>, owner?: Person): People {
  let responsibles = sent.responsibles ?? before.responsibles;
  let followers = sent.followers ?? before.followers;
  if (sent.responsibles && !sent.followers) {
    const ids = new Set(responsibles.map((p) => p.id));
    followers = followers.filter((p) => !ids.has(p.id));
  } else if (sent.followers && !sent.responsibles) {
    const ids = new Set(followers.map((p) => p.id));
    responsibles = responsibles.filter((p) => !ids.has(p.id));
  }
  if (owner && (sent.responsibles || sent.followers)) {
    responsibles = [owner];
    followers = followers.filter((p) => p.id !== owner.id);
  }
  return { responsibles, followers };
}

/**
 * Doc 2 §4: a recurring master keeps 'seed', and no task becomes one after it was created. Answers the message of
 * the status field, or undefined when the move is allowed. PUT tasks and the bulk status change both ask here.
 */
export function statusMoveError(current: TaskStatus, next: TaskStatus): string | undefined {
  if (next === current) {
    return undefined;
  }
  if (current === 'seed') {
    return MESSAGES.seedStatusFixed;
  }
  return next === 'seed' ? MESSAGES.recurrenceOnCreateOnly : undefined;
}

/** Statuses a subtask may have while its parent is completed; any other one keeps the parent open. */
export const CLOSED_TASK_STATUSES: readonly TaskStatus[] = ['completed', 'cancelled'];

/** Completing a task whose subtasks are still open is refused as a whole (not as one field among others). */
export function existingSubtasksError() {
  return new AppError(422, MESSAGES.existingSubtasks, {
    code: 'existing_subtasks',
    errors: { status: [MESSAGES.existingSubtasks] },
  });
}

/**
 * A task whose responsible party includes a contact may use only the client statuses, plus its current status
 * (doc 2 §4). The recurring master keeps 'seed'.
 */
export function contactStatusAllowed(
  status: TaskStatus,
  current: TaskStatus | null,
  responsibles: readonly Pick<Person, 'type'>[],
) {
  if (!responsibles.some((p) => p.type === 'contact') || status === 'seed' || status === current) {
    return true;
  }
  return CONTACT_RESPONSIBLE_TASK_STATUSES.includes(status);
}

/** Plain text of a Quill delta (kept for search); null for anything that is not one. */
export function descriptionText(delta: unknown): string | null {
  if (!delta || typeof delta !== 'object') {
    return null;
  }
  const ops = (delta as { ops?: unknown }).ops;
  if (!Array.isArray(ops)) {
    return null;
  }
  const text = ops
    .map((op) =>
      op && typeof (op as { insert?: unknown }).insert === 'string' ? (op as { insert: string }).insert : '',
    )
    .join('')
    .trim();
  return text ? text.slice(0, 20_000) : null;
}

/** Uploads are checked and attached inside the write's transaction (modules/uploads/attach-uploads.ts). */
export function rejectPendingReferences(_input: { uploads?: string[] }, _errors: FieldErrors) {}
