import type { UserType } from '@portal/domain';
import { READ_SETS, readClass } from './read-rules';

/**
 * Socket.io rooms. Events are routed into rooms, never checked per socket: a socket joins, when it subscribes, the
 * rooms of what it may read, and an event is sent to the rooms of whoever may read its object.
 *
 * - `staff:<C>`     regular users in read class C (they see every plan but others' personal plans);
 * - `plan:<id>:<C>` freelancers on plan <id> (member or manager) in class C;
 * - `u:<id>:<C>`    one user in class C: objects they see through a link of their own (responsible, follower),
 *                   their own personal plan, and events their producer addressed to them;
 * - `users:<id>`, `project:<uuid>`, `version`: the spec's other channels, one room each (users.{uuid} is joined
 *   only by that user, so its room is keyed by the internal id that notification events carry).
 *
 * A read class is a set of permissions an event kind's read rule asks for (live/read-rules.ts), named by
 * `readClass`: `*` for none beyond seeing the object, `COMMENTS_READ`, `COMMENTS_PRIVATE+COMMENTS_READ` … A member
 * is in a class when they hold every permission of it, so a private note's class excludes whoever lacks
 * COMMENTS_PRIVATE. A class no rule declares has no members: an event routed to one reaches nobody.
 */
export const ANY = readClass([]);

export const staffRoom = (permission: string) => `staff:${permission}`;
export const planRoom = (planId: number, permission: string) => `plan:${planId}:${permission}`;
export const userRoom = (userId: number, permission: string) => `u:${userId}:${permission}`;
export const usersChannelRoom = (userId: number) => `users:${userId}`;
export const projectChannelRoom = (uuid: string) => `project:${uuid}`;
export const VERSION_ROOM = 'version';

export type RoomMember = { userId: number; type: UserType; permissions: ReadonlySet<string> };

/** The read classes a member belongs to: `*`, and every declared permission set they hold all of. */
function classes(member: RoomMember): string[] {
  const held = READ_SETS.filter((set) => set.length > 0 && set.every((p) => member.permissions.has(p)));
  return [ANY, ...held.map(readClass)];
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

/** The rooms an event goes to: everyone in read class `permission` who may see its object, nobody else. */
export function eventRooms(permission: string, audience: Audience): string[] {
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
