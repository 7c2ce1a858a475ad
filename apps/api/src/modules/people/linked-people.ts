import type { UserType } from '@portal/domain';
import type { DbExecutor } from '../../db/client';
import { intArrayLiteral } from '../../db/id-in';
import { queryTextRows } from '../../db/prepared';

/** One responsible or follower of a task or request, with the profile the answers show. */
export type LinkedPerson = { userId: number; uuid: string; name: string; type: UserType; pivot: string };

/** A user as the answers name them; name and type are null for a user without a contact profile. */
export type Profile = { uuid: string; name: string | null; type: string | null; rank: number };

/**
 * The links of the given items (task_users or request_users), then the profile of each distinct person they name and
 * of the extra users asked for (a task list's creators), ranked by name. One statement per pivot table, each of fixed
 * text, so every connection prepares it once and keeps its generic plan. Read as text rows. A 1,000-task page links
 * ~1,300 people but only a handful of distinct ones: joining users and contacts per link (and per creator in the
 * rows statement) cost PostgreSQL ~1.3 ms more, and the API parsed the same uuid and name a thousand times.
 */
const statement = (table: 'task_users' | 'request_users', ownerColumn: 'task_id' | 'request_id') => `
  with links as materialized (
    select l.${ownerColumn} as owner_id, l.user_id, l.pivot from ${table} l where l.${ownerColumn} = any($1::int[])
  )
  select owner_id, user_id, pivot, null, null, null, null from links
  union all
  select null, u.id, null, u.uuid, c.name, c.type, row_number() over (order by c.name asc)
  from users u
  left join contacts c on c.user_id = u.id
  where u.id in (select user_id from links union select unnest($2::int[]))`;

const LINKS = {
  task: statement('task_users', 'task_id'),
  request: statement('request_users', 'request_id'),
} as const;

export type PeopleAndProfiles = {
  /** Responsibles and followers by item id, in name order (only people with a contact profile). */
  people: Map<number, LinkedPerson[]>;
  /** Every person linked and every extra user asked for, by user id. */
  profiles: Map<number, Profile>;
};

/** The people of the given tasks or requests and the profiles of `alsoUserIds` (one query per page). */
export async function loadPeopleAndProfiles(
  db: DbExecutor,
  kind: keyof typeof LINKS,
  ownerIds: readonly number[],
  alsoUserIds: readonly number[] = [],
): Promise<PeopleAndProfiles> {
  const people = new Map<number, LinkedPerson[]>();
  const profiles = new Map<number, Profile>();
  if (ownerIds.length === 0 && alsoUserIds.length === 0) {
    return { people, profiles };
  }
  const rows = await queryTextRows(db, `linked_people_${kind}`, LINKS[kind], [
    intArrayLiteral(ownerIds),
    intArrayLiteral(alsoUserIds),
  ]);
  const links: { owner: number; userId: number; pivot: string }[] = [];
  for (const [ownerId, userId, pivot, uuid, name, type, rank] of rows) {
    if (ownerId === null) {
      profiles.set(Number(userId), {
        uuid: uuid as string,
        name: name ?? null,
        type: type ?? null,
        rank: Number(rank),
      });
    } else {
      links.push({ owner: Number(ownerId), userId: Number(userId), pivot: pivot as string });
    }
  }
  for (const { owner, userId, pivot } of links) {
    const profile = profiles.get(userId);
    // As the inner join with contacts did before: a user without a profile is no one's responsible or follower.
    if (!profile || profile.name === null || profile.type === null) {
      continue;
    }
    const person = { userId, uuid: profile.uuid, name: profile.name, type: profile.type as UserType, pivot };
    const list = people.get(owner);
    if (list) {
      list.push(person);
    } else {
      people.set(owner, [person]);
    }
  }
  for (const list of people.values()) {
    if (list.length > 1) {
      list.sort((a, b) => (profiles.get(a.userId)?.rank ?? 0) - (profiles.get(b.userId)?.rank ?? 0));
    }
  }
  return { people, profiles };
}

/** Responsibles and followers of the given tasks or requests, by item id, in name order (one query per page). */
export async function loadLinkedPeople(
  db: DbExecutor,
  kind: keyof typeof LINKS,
  ownerIds: readonly number[],
): Promise<Map<number, LinkedPerson[]>> {
  return (await loadPeopleAndProfiles(db, kind, ownerIds)).people;
}
