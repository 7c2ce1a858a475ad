import type { RelatedUserPivot, RequestRelatedUser } from '@portal/domain';
import { eq } from 'drizzle-orm';
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

/** Replaces the request's people with these lists (each given list replaces its pivot only). */
export async function replaceRequestPeople(
  db: DbExecutor,
  requestId: number,
  people: { responsibles?: Person[]; followers?: Person[] },
  current: { responsibles: Person[]; followers: Person[] },
) {
  const responsibles = people.responsibles ?? current.responsibles;
  const followers = (people.followers ?? current.followers).filter((f) => !responsibles.some((r) => r.id === f.id));
  await db.delete(requestUsers).where(eq(requestUsers.requestId, requestId));
  const rows = [
    ...responsibles.map((p) => ({ requestId, userId: p.id, pivot: 'responsible' })),
    ...followers.map((p) => ({ requestId, userId: p.id, pivot: 'follower' })),
  ];
  if (rows.length) {
    await db.insert(requestUsers).values(rows).onConflictDoNothing();
  }
}
