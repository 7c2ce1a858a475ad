import type { Mentionable, MentionableType } from '@portal/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { validationError } from '../../http/errors';
import type { CommentViewer } from './comment-access';

/** One mention target with the row it resolves to: a person's contact, or a group. */
export type MentionTarget = Mentionable & { contactId: number | null; groupId: number | null };

export const MENTION_NOT_ALLOWED = 'The selected person cannot be mentioned here.';
const LIST_LIMIT = 50;

/**
 * Whom a caller may mention (doc 2 §6), on one plan or anywhere (planId null): staff mention active regular users,
 * the plan's freelancers, groups and client contacts (of the plan's client; anywhere: any contact); freelancers
 * mention staff and the freelancers of their plan. People are their user's uuid; a contact without a login its
 * contact uuid. `only` narrows to these uuids, `search` to names containing it.
 */
function mentionableRows(viewer: CommentViewer, planId: number | null, filter: SQL): SQL {
  const staff = viewer.type === 'regular_user';
  const planMember = (userColumn: SQL) =>
    planId === null
      ? sql`false`
      : sql`(exists (select 1 from project_users pu where pu.project_id = ${planId} and pu.user_id = ${userColumn})
          or exists (select 1 from projects mp where mp.id = ${planId} and mp.project_manager_id = ${userColumn}))`;
  const clientContact = (contactColumn: SQL) =>
    planId === null
      ? sql`true`
      : sql`exists (select 1 from contact_customers cc join projects cp on cp.customer_id = cc.customer_id
          where cc.contact_id = ${contactColumn} and cp.id = ${planId})`;
  const people = sql`
    select u.uuid, c.name, c.type, c.id as contact_id, null::int as group_id
    from users u join contacts c on c.user_id = u.id
    where u.status = 'active' and c.status = 'active' and (
      c.type = 'regular_user'
      or (c.type = 'freelancer' and ${planMember(sql`u.id`)})
      ${staff ? sql`or (c.type = 'contact' and ${clientContact(sql`c.id`)})` : sql``})`;
  if (!staff) {
    return sql`select * from (${people}) m where ${filter}`;
  }
  return sql`select * from (${people}
    union all
    select c.uuid, c.name, 'contact', c.id, null::int from contacts c
    where c.user_id is null and c.type = 'contact' and c.status = 'active' and ${clientContact(sql`c.id`)}
    union all
    select g.uuid, g.name, 'group', null::int, g.id from groups g) m where ${filter}`;
}

type Row = { uuid: string; name: string; type: string; contact_id: number | null; group_id: number | null };

const present = (row: Row): MentionTarget => ({
  uuid: row.uuid,
  name: row.name,
  type: row.type as MentionableType,
  contactId: row.contact_id,
  groupId: row.group_id,
});

/** The editor's @-list: up to 50 names containing the search term, people before groups, by name. */
export async function listMentionables(
  db: DbExecutor,
  viewer: CommentViewer,
  planId: number | null,
  search: string | undefined,
): Promise<Mentionable[]> {
  const term = search?.trim();
  const filter = term ? sql`m.name ilike ${`%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : sql`true`;
  const found = await db.execute<Row>(
    sql`${mentionableRows(viewer, planId, filter)} order by m.type = 'group', lower(m.name), m.uuid limit ${LIST_LIMIT}`,
  );
  return found.rows.map((row) => {
    const { uuid, name, type } = present(row);
    return { uuid, name, type };
  });
}

/**
 * The targets named by uuid, each one the caller may mention here; any other uuid answers 422. Private notes drop
 * client contacts (doc 2 §4) instead of refusing them.
 */
export async function resolveMentions(
  db: DbExecutor,
  viewer: CommentViewer,
  planId: number | null,
  uuids: readonly string[],
  options: { dropContacts: boolean },
): Promise<MentionTarget[]> {
  const wanted = [...new Set(uuids)];
  if (wanted.length === 0) {
    return [];
  }
  const list = `{${wanted.join(',')}}`;
  const found = await db.execute<Row>(mentionableRows(viewer, planId, sql`m.uuid = any(${list}::uuid[])`));
  const targets = found.rows.map(present);
  if (targets.length !== wanted.length) {
    throw validationError({ related_users: [MENTION_NOT_ALLOWED] });
  }
  return options.dropContacts ? targets.filter((t) => t.type !== 'contact') : targets;
}
