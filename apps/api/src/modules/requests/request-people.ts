import type { RelatedUserPivot, RequestRelatedUser } from '@portal/domain';
import { inArray, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { requestUsers } from '../../db/schema';
import { type LinkedPerson, loadLinkedPeople } from '../people/linked-people';
import type { Person } from '../tasks/task-rules';

export type RequestPersonRow = LinkedPerson;

/** Responsibles and followers of the given requests, by request id, in name order. */
export function loadRequestPeople(
  db: DbExecutor,
  requestIds: readonly number[],
): Promise<Map<number, RequestPersonRow[]>> {
  return loadLinkedPeople(db, 'request', requestIds);
}

export function presentRelatedUsers(rows: RequestPersonRow[] = []): RequestRelatedUser[] {
  return rows.map((p) => ({ uuid: p.uuid, name: p.name, type: p.type, pivot: p.pivot as RelatedUserPivot }));
}

/** The stored people of one request, split by pivot, as rule checks and history diffs need them. */
export async function currentRequestPeople(db: DbExecutor, requestId: number) {
  const rows = (await loadRequestPeople(db, [requestId])).get(requestId) ?? [];
  const as = (pivot: RelatedUserPivot): Person[] =>
    rows.filter((r) => r.pivot === pivot).map((r) => ({ id: r.userId, uuid: r.uuid, type: r.type, name: r.name }));
  return { responsibles: as('responsible'), followers: as('follower') };
}

type People = { responsibles: Person[]; followers: Person[] };

/** The people a request has after a write of these lists (each given list replaces its pivot; nobody is both). */
export function peopleAfter(people: { responsibles?: Person[]; followers?: Person[] }, current: People): People {
  const responsibles = people.responsibles ?? current.responsibles;
  const followers = (people.followers ?? current.followers).filter((f) => !responsibles.some((r) => r.id === f.id));
  return { responsibles, followers };
}

/** Replaces the request's people with these lists (each given list replaces its pivot only). */
export async function replaceRequestPeople(
  db: DbExecutor,
  requestId: number,
  people: { responsibles?: Person[]; followers?: Person[] },
  current: People,
) {
  await writeRequestPeople(db, new Map([[requestId, peopleAfter(people, current)]]));
}

/** Sets many requests' people (peopleAfter's lists, by request id) in two statements. */
export async function writeRequestPeople(db: DbExecutor, after: ReadonlyMap<number, People>) {
  const ids: number[] = [];
  const userIds: number[] = [];
  const pivots: string[] = [];
  for (const [requestId, { responsibles, followers }] of after) {
    for (const [list, pivot] of [
      [responsibles, 'responsible'],
      [followers, 'follower'],
    ] as const) {
      for (const person of list) {
        ids.push(requestId);
        userIds.push(person.id);
        pivots.push(pivot);
      }
    }
  }
  await db.delete(requestUsers).where(inArray(requestUsers.requestId, [...after.keys()]));
  if (ids.length) {
    await db.execute(sql`
      insert into request_users (request_id, user_id, pivot)
      select * from unnest(${sql.param(ids)}::int[], ${sql.param(userIds)}::int[], ${sql.param(pivots)}::text[])
      on conflict do nothing`);
  }
}
