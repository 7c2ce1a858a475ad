import type { UserType } from '@portal/domain';

/**
 * Socket.io rooms. Events are routed into rooms, never checked per socket: a socket joins, when it subscribes, the
 * rooms of what it may read, and an event is sent to the rooms of whoever may read its object.
 *
 * - `staff:<P>`     regular users holding read permission P (they see every plan but others' personal plans);
 * - `plan:<id>:<P>` freelancers on plan <id> (member or manager) holding P;
 * - `u:<id>:<P>`    one user holding P: objects they see through a link of their own (responsible, follower) and
 *                   their own personal plan;
 * - `users:<id>`, `project:<uuid>`, `version`: the spec's other channels, one room each (users.{uuid} is joined
 *   only by that user, so its room is keyed by the internal id that notification events carry).
 *
 * P is `*` for objects that need no read permission beyond seeing the plan.
 */
export const ANY = '*';

/** The read permission a model's events need (doc 1 §6); models not listed need only plan visibility. */
export const MODEL_PERMISSION: Record<string, string> = {
  task: 'TASKS_READ',
  comment: 'COMMENTS_READ',
  request: 'REQUEST_READ',
  timelog: 'TIMELOG_READ',
  requesttimelog: 'TIMELOG_READ',
};

const READ_PERMISSIONS = [...new Set(Object.values(MODEL_PERMISSION))];

export const staffRoom = (permission: string) => `staff:${permission}`;
export const planRoom = (planId: number, permission: string) => `plan:${planId}:${permission}`;
export const userRoom = (userId: number, permission: string) => `u:${userId}:${permission}`;
export const usersChannelRoom = (userId: number) => `users:${userId}`;
export const projectChannelRoom = (uuid: string) => `project:${uuid}`;
export const VERSION_ROOM = 'version';

export type RoomMember = { userId: number; type: UserType; permissions: ReadonlySet<string> };

/** The permission classes a member belongs to: every read permission they hold, plus `*`. */
function classes(member: RoomMember): string[] {
  return [ANY, ...READ_PERMISSIONS.filter((p) => member.permissions.has(p))];
}

/** The rooms that carry model.changes for one member; `planIds` are the plans a freelancer is on. */
export function modelChangeRooms(member: RoomMember, planIds: readonly number[]): string[] {
  const rooms: string[] = [];
  for (const permission of classes(member)) {
    rooms.push(userRoom(member.userId, permission));
    if (member.type === 'regular_user') {
      rooms.push(staffRoom(permission));
    } else if (member.type === 'freelancer') {
      for (const planId of planIds) {
        rooms.push(planRoom(planId, permission));
      }
    }
  }
  return rooms;
}

/** Who may read an object, as the event router resolved it (live/audience.ts). */
export type Audience = {
  planId: number | null;
  /** The owner of a personal plan: only they see its objects (and freelancers linked to them). */
  personalOwnerId: number | null;
  /** Freelancers who see the object through a link of their own although they are not on its plan. */
  linkedFreelancerIds: readonly number[];
  /** When the producer named the only people who may learn of it (a notification, a scheduled comment). */
  onlyUserIds?: readonly number[];
};

/** The rooms an event about an object goes to: everyone who may read it, nobody else. */
export function eventRooms(model: string, audience: Audience): string[] {
  const permission = MODEL_PERMISSION[model] ?? ANY;
  if (audience.onlyUserIds) {
    return audience.onlyUserIds.map((id) => userRoom(id, permission));
  }
  const rooms = audience.linkedFreelancerIds.map((id) => userRoom(id, permission));
  if (audience.personalOwnerId !== null) {
    rooms.push(userRoom(audience.personalOwnerId, permission));
  } else {
    rooms.push(staffRoom(permission));
  }
  if (audience.planId !== null) {
    rooms.push(planRoom(audience.planId, permission));
  }
  return rooms;
}
