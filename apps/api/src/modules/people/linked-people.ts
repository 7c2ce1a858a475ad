import type { UserType } from '@portal/domain';
import type { DbExecutor } from '../../db/client';
import { intArrayLiteral } from '../../db/id-in';
import { queryTextRows } from '../../db/prepared';

/** One responsible or follower of a task or request, with the profile the answers show. */
export type LinkedPerson = { userId: number; uuid: string; name: string; type: UserType; pivot: string };

/**
 * The people of the given items, by item id, in name order: one statement per pivot table (task_users,
 * request_users), each of fixed text, so every connection prepares it once and keeps its generic plan (a probe per
 * id). Read as text rows: a 1,000-task page links ~1,300 people, and drizzle's row mapping of them cost more than
 * the statement.
 */
const statement = (table: 'task_users' | 'request_users', ownerColumn: 'task_id' | 'request_id') => `
  select l.${ownerColumn}, l.user_id, u.uuid, c.name, c.type, l.pivot
  from ${table} l
  join users u on u.id = l.user_id
  join contacts c on c.user_id = l.user_id
  where l.${ownerColumn} = any($1::int[])
  order by c.name asc`;

const LINKS = {
  task: statement('task_users', 'task_id'),
  request: statement('request_users', 'request_id'),
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
  const ids = intArrayLiteral(ownerIds);
  const rows = await queryTextRows(db, `linked_people_${kind}`, LINKS[kind], [ids]);
  for (const [ownerId, userId, uuid, name, type, pivot] of rows) {
    const owner = Number(ownerId);
    const person = {
      userId: Number(userId),
      uuid: uuid as string,
      name: name as string,
      type: type as UserType,
      pivot: pivot as string,
    };
    const list = byOwner.get(owner);
    if (list) {
      list.push(person);
    } else {
      byOwner.set(owner, [person]);
    }
  }
  return byOwner;
}
