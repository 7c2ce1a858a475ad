import type { RelatedUserPivot, RequestRelatedUser, UserType } from '@portal/domain';
import { asc, eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { contacts, requestUsers, users } from '../../db/schema';
import { idIn } from '../tasks/task-people';
import type { Person } from '../tasks/task-rules';

export type RequestPersonRow = {
  requestId: number;
  userId: number;
  uuid: string;
  name: string;
  type: UserType;
  pivot: string;
};

/** Responsibles and followers of the given requests, by request id, in name order. */
export async function loadRequestPeople(
  db: DbExecutor,
  requestIds: readonly number[],
): Promise<Map<number, RequestPersonRow[]>> {
  const byRequest = new Map<number, RequestPersonRow[]>();
  if (requestIds.length === 0) {
    return byRequest;
  }
  const rows = await db
    .select({
      requestId: requestUsers.requestId,
      userId: requestUsers.userId,
      uuid: users.uuid,
      name: contacts.name,
      type: contacts.type,
      pivot: requestUsers.pivot,
    })
    .from(requestUsers)
    .innerJoin(users, eq(users.id, requestUsers.userId))
    .innerJoin(contacts, eq(contacts.userId, requestUsers.userId))
    .where(idIn(requestUsers.requestId, requestIds))
    .orderBy(asc(contacts.name));
  for (const row of rows) {
    const list = byRequest.get(row.requestId) ?? [];
    list.push(row as RequestPersonRow);
    byRequest.set(row.requestId, list);
  }
  return byRequest;
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
