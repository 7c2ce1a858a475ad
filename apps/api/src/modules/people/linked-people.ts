import type { UserType } from '@portal/domain';
import { asc, eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { idIn } from '../../db/id-in';
import { runPrepared } from '../../db/prepared';
import { contacts, requestUsers, taskUsers, users } from '../../db/schema';

/** One responsible or follower of a task or request, with the profile the answers show. */
export type LinkedPerson = { userId: number; uuid: string; name: string; type: UserType; pivot: string };

/** The two pivot tables that link people to work items, by the column naming the item. */
const LINKS = {
  task: { table: taskUsers, ownerId: taskUsers.taskId, userId: taskUsers.userId, pivot: taskUsers.pivot },
  request: {
    table: requestUsers,
    ownerId: requestUsers.requestId,
    userId: requestUsers.userId,
    pivot: requestUsers.pivot,
  },
} as const;

/** Responsibles and followers of the given tasks or requests, by item id, in name order (one query per page). */
export async function loadLinkedPeople(
  db: DbExecutor,
  kind: keyof typeof LINKS,
  ownerIds: readonly number[],
): Promise<Map<number, LinkedPerson[]>> {
  const byOwner = new Map<number, LinkedPerson[]>();
  if (ownerIds.length === 0) {
    return byOwner;
  }
  const link = LINKS[kind];
  // A prepared statement per kind: the generic plan (a probe per id) is kept, so a page's people skip planning.
  const rows = await runPrepared(
    db
      .select({
        ownerId: link.ownerId,
        userId: link.userId,
        uuid: users.uuid,
        name: contacts.name,
        type: contacts.type,
        pivot: link.pivot,
      })
      .from(link.table)
      .innerJoin(users, eq(users.id, link.userId))
      .innerJoin(contacts, eq(contacts.userId, link.userId))
      .where(idIn(link.ownerId, ownerIds))
      .orderBy(asc(contacts.name)),
    `linked_people_${kind}`,
  );
  for (const { ownerId, ...person } of rows) {
    const list = byOwner.get(ownerId) ?? [];
    list.push({ ...person, type: person.type as UserType });
    byOwner.set(ownerId, list);
  }
  return byOwner;
}
