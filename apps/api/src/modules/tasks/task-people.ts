import { type RelatedUserPivot, USER_TYPES, type UserType } from '@portal/domain';
import { type AnyColumn, and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { contacts, taskUsers, users } from '../../db/schema';

/** column = any('{1,2,3}'::int[]): one parameter however many ids (a page holds up to 1,000 tasks). */
export function idIn(column: AnyColumn, ids: readonly number[]): SQL {
  return sql`${column} = any(${`{${ids.map((id) => Math.trunc(id)).join(',')}}`}::int[])`;
}

export type PersonRow = { taskId: number; userId: number; uuid: string; name: string; type: UserType; pivot: string };

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
export async function loadPeople(db: DbExecutor, taskIds: readonly number[]): Promise<Map<number, PersonRow[]>> {
  const byTask = new Map<number, PersonRow[]>();
  if (taskIds.length === 0) {
    return byTask;
  }
  const rows = await db
    .select({
      taskId: taskUsers.taskId,
      userId: taskUsers.userId,
      uuid: users.uuid,
      name: contacts.name,
      type: contacts.type,
      pivot: taskUsers.pivot,
    })
    .from(taskUsers)
    .innerJoin(users, eq(users.id, taskUsers.userId))
    .innerJoin(contacts, eq(contacts.userId, taskUsers.userId))
    .where(idIn(taskUsers.taskId, taskIds))
    .orderBy(asc(contacts.name));
  for (const row of rows) {
    const list = byTask.get(row.taskId) ?? [];
    list.push(row as PersonRow);
    byTask.set(row.taskId, list);
  }
  return byTask;
}

export const presentPerson = (p: PersonRow) => ({ uuid: p.uuid, name: p.name, type: p.type });

export function splitPeople(people: PersonRow[] = []) {
  const of = (pivot: RelatedUserPivot) => people.filter((p) => p.pivot === pivot).map(presentPerson);
  return {
    related_users: people.map((p) => ({ ...presentPerson(p), pivot: p.pivot as RelatedUserPivot })),
    responsibles: of('responsible'),
    followers: of('follower'),
  };
}
