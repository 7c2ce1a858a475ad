import { type RelatedUserPivot, USER_TYPES, type UserType } from '@portal/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { contacts, users } from '../../db/schema';
import { type LinkedPerson, loadLinkedPeople } from '../people/linked-people';

export type PersonRow = LinkedPerson;

/** Active users by uuid with their profile type (contacts may be responsible; followers are staff/freelancers). */
export async function findPeople(db: DbExecutor, uuids: readonly string[]) {
  if (uuids.length === 0) {
    return new Map<string, { id: number; type: UserType; name: string }>();
  }
  const rows = await db
    .select({ id: users.id, uuid: users.uuid, type: contacts.type, name: contacts.name })
    .from(users)
    .innerJoin(contacts, eq(contacts.userId, users.id))
    .where(and(inArray(users.uuid, [...new Set(uuids)]), eq(users.status, 'active')));
  return new Map(
    rows
      .filter((r) => (USER_TYPES as readonly string[]).includes(r.type))
      .map((r) => [r.uuid, { id: r.id, type: r.type as UserType, name: r.name }]),
  );
}

/** Responsibles and followers of the given tasks, by task id, in name order. */
export function loadPeople(db: DbExecutor, taskIds: readonly number[]): Promise<Map<number, PersonRow[]>> {
  return loadLinkedPeople(db, 'task', taskIds);
}

export const presentPerson = (p: PersonRow) => ({ uuid: p.uuid, name: p.name, type: p.type });

/** Responsibles and followers only (the list rows carry no related_users): one pass, no combined list built. */
export function splitRoles(people: PersonRow[] = []) {
  const responsibles: ReturnType<typeof presentPerson>[] = [];
  const followers: ReturnType<typeof presentPerson>[] = [];
  for (const p of people) {
    if (p.pivot === 'responsible') {
      responsibles.push(presentPerson(p));
    } else if (p.pivot === 'follower') {
      followers.push(presentPerson(p));
    }
  }
  return { responsibles, followers };
}

export function splitPeople(people: PersonRow[] = []) {
  const of = (pivot: RelatedUserPivot) => people.filter((p) => p.pivot === pivot).map(presentPerson);
  return {
    related_users: people.map((p) => ({ ...presentPerson(p), pivot: p.pivot as RelatedUserPivot })),
    responsibles: of('responsible'),
    followers: of('follower'),
  };
}
