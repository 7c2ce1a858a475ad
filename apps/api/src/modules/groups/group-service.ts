import { type Group, MESSAGES, type UserType } from '@portal/domain';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { contacts, groupMembers, groups, users } from '../../db/schema';
import { notFound, validationError } from '../../http/errors';
import { containsPattern } from '../../http/list-paging';
import { type Executor, isUniqueViolation, type Tx } from '../contacts/references';

type GroupRow = {
  id: number;
  uuid: string;
  name: string;
  description: string | null;
  members: { uuid: string; name: string; type: UserType }[];
};

/** Groups with their members aggregated in SQL: one statement per page. */
function selectGroups(where: SQL, tail: SQL = sql``): SQL {
  return sql`
    select g.id, g.uuid, g.name, g.description,
      coalesce((
        select json_agg(json_build_object('uuid', u.uuid, 'name', c.name, 'type', c.type) order by lower(c.name))
        from group_members gm join users u on u.id = gm.user_id join contacts c on c.user_id = u.id
        where gm.group_id = g.id
      ), '[]'::json) as members
    from groups g
    where ${where}
    ${tail}`;
}

const presentGroup = (row: GroupRow): Group => ({
  uuid: row.uuid,
  name: row.name,
  description: row.description,
  members: row.members,
});

export type GroupListQuery = {
  page: { size: number; number: number };
  search_term?: string;
  sort?: { direction?: 'asc' | 'desc' };
};

export async function listGroups(db: Executor, query: GroupListQuery) {
  const where = query.search_term ? sql`g.name ilike ${containsPattern(query.search_term)}` : sql`true`;
  const direction = query.sort?.direction === 'desc' ? sql`desc` : sql`asc`;
  const { size, number } = query.page;
  const [rows, count] = await Promise.all([
    db.execute<GroupRow>(
      selectGroups(where, sql`order by lower(g.name) ${direction}, g.id limit ${size} offset ${(number - 1) * size}`),
    ),
    db.execute<{ total: number }>(sql`select count(*)::int as total from groups g where ${where}`),
  ]);
  const total = count.rows[0]?.total ?? 0;
  return {
    data: rows.rows.map(presentGroup),
    meta: { total, current_page: number, last_page: Math.max(1, Math.ceil(total / size)), per_page: size },
  };
}

export async function getGroup(db: Executor, where: { uuid: string } | { id: number }): Promise<Group> {
  const condition = 'uuid' in where ? sql`g.uuid = ${where.uuid}` : sql`g.id = ${where.id}`;
  const row = (await db.execute<GroupRow>(selectGroups(condition))).rows[0];
  if (!row) {
    throw notFound();
  }
  return presentGroup(row);
}

type GroupInput = { name?: string; description?: string | null; members?: string[] };

async function assertNameFree(tx: Tx, name: string, exceptId?: number) {
  const [taken] = await tx
    .select({ id: groups.id })
    .from(groups)
    .where(sql`lower(${groups.name}) = lower(${name})${exceptId ? sql` and ${groups.id} <> ${exceptId}` : sql``}`);
  if (taken) {
    throw validationError({ name: [MESSAGES.nameTaken] });
  }
}

/** Members are logins of staff and freelancers, named by user uuid; anything else is refused on the field. */
async function setMembers(tx: Tx, groupId: number, uuids: readonly string[]) {
  const wanted = [...new Set(uuids)];
  const rows = wanted.length
    ? await tx
        .select({ id: users.id })
        .from(users)
        .innerJoin(contacts, eq(contacts.userId, users.id))
        .where(and(inArray(users.uuid, wanted), inArray(contacts.type, ['regular_user', 'freelancer'])))
    : [];
  if (rows.length !== wanted.length) {
    throw validationError({ members: [MESSAGES.unknownReference] });
  }
  await tx.delete(groupMembers).where(eq(groupMembers.groupId, groupId));
  if (rows.length) {
    await tx.insert(groupMembers).values(rows.map((u) => ({ groupId, userId: u.id })));
  }
}

const nameTakenOnRace = (error: unknown): never => {
  if (isUniqueViolation(error)) {
    throw validationError({ name: [MESSAGES.nameTaken] });
  }
  throw error;
};

export async function createGroup(ctx: AppContext, input: GroupInput & { name: string; members: string[] }) {
  const id = await ctx.db
    .transaction(async (tx) => {
      await assertNameFree(tx, input.name);
      const [group] = await tx
        .insert(groups)
        .values({ name: input.name, description: input.description ?? null })
        .returning({ id: groups.id });
      if (!group) {
        throw new Error('group not created');
      }
      await setMembers(tx, group.id, input.members);
      return group.id;
    })
    .catch(nameTakenOnRace);
  return getGroup(ctx.db, { id });
}

export async function updateGroup(ctx: AppContext, uuid: string, input: GroupInput) {
  const id = await ctx.db
    .transaction(async (tx) => {
      const [group] = await tx.select({ id: groups.id }).from(groups).where(eq(groups.uuid, uuid)).for('update');
      if (!group) {
        throw notFound();
      }
      if (input.name !== undefined) {
        await assertNameFree(tx, input.name, group.id);
      }
      await tx
        .update(groups)
        .set({
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.description !== undefined ? { description: input.description ?? null } : {}),
          updatedAt: new Date(),
        })
        .where(eq(groups.id, group.id));
      if (input.members !== undefined) {
        await setMembers(tx, group.id, input.members);
      }
      return group.id;
    })
    .catch(nameTakenOnRace);
  return getGroup(ctx.db, { id });
}

export async function deleteGroup(ctx: AppContext, uuid: string) {
  const [deleted] = await ctx.db.delete(groups).where(eq(groups.uuid, uuid)).returning({ id: groups.id });
  if (!deleted) {
    throw notFound();
  }
}
