import type { GlobalSearchHit, GlobalSearchResponse } from '@portal/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { Principal } from '../../http/access';
import { visiblePlans } from '../plans/plan-list.query';
import { visibleRequests } from '../requests/request-access';
import { visibleTasks } from '../tasks/task-access';
import type { SearchTerms } from './search-terms';

/** How many best matches each group answers. */
export const HITS_PER_GROUP = 5;
/**
 * Word matches gathered before ranking. A common prefix ('s', 'des') can match most of a 200,000-row table; ranking
 * all of them would cost far more than the handful shown, so ranking looks at a bounded pool (plus every title
 * that is exactly the term or starts with it, which ranks first anyway).
 */
const WORD_POOL = 100;
const STARTS_WITH_POOL = 20;
const TYPO_POOL = 20;
/** pg_trgm word similarity from which a longer word counts as a misspelling ('brigthon' → 'brighton bakery' is 0.44). */
const TYPO_THRESHOLD = 0.4;

type GroupName = keyof GlobalSearchResponse['data'];

/** One searchable kind of record: its table, the text that is searched (the indexed expression) and how it is shown. */
type GroupSpec = {
  group: GroupName;
  table: SQL;
  /** The text as the indexes of migration 0009 hold it, so the planner uses them. */
  searchedText: SQL;
  /** For ranking and typos: the primary text (name, title). */
  primaryText: SQL;
  visible?: SQL;
  title: SQL;
  detail: SQL;
  link: SQL;
  tieBreak: SQL;
};

function groupSpecs(principal: Principal): GroupSpec[] {
  const viewer = { userId: principal.userId, type: principal.type };
  const regular = principal.type === 'regular_user';
  const can = (permission: string) => principal.permissions.has(permission);
  const specs: GroupSpec[] = [];
  // Plans, clients: regular users' screens (the plan and client routes are staff-only).
  if (regular && can('PROJECTS_READ')) {
    specs.push({
      group: 'projects',
      table: sql`projects`,
      searchedText: sql`projects.title`,
      primaryText: sql`projects.title`,
      visible: visiblePlans(principal.userId),
      title: sql`projects.title`,
      detail: sql`(select c.business_name from customers c where c.id = projects.customer_id)`,
      link: sql`'/projects/' || projects.uuid || '/requests'`,
      tieBreak: sql`projects.id desc`,
    });
  }
  if (can('TASKS_READ')) {
    specs.push({
      group: 'tasks',
      table: sql`tasks`,
      searchedText: sql`tasks.title`,
      primaryText: sql`tasks.title`,
      visible: visibleTasks(viewer),
      title: sql`tasks.title`,
      detail: sql`(select p.title from projects p where p.id = tasks.project_id)`,
      link: sql`'/tasks?task_uuid=' || tasks.uuid`,
      tieBreak: sql`tasks.id desc`,
    });
  }
  if (can('CONTACTS_READ')) {
    specs.push({
      group: 'people',
      table: sql`contacts`,
      searchedText: sql`contacts.name || ' ' || coalesce(contacts.email, '')`,
      primaryText: sql`contacts.name`,
      visible: sql`contacts.status = 'active'`,
      title: sql`contacts.name`,
      detail: sql`contacts.email`,
      link: sql`'/users/' || contacts.uuid`,
      tieBreak: sql`contacts.name, contacts.id`,
    });
  }
  if (regular && can('CUSTOMERS_READ')) {
    specs.push({
      group: 'clients',
      table: sql`customers`,
      searchedText: sql`customers.business_name`,
      primaryText: sql`customers.business_name`,
      title: sql`customers.business_name`,
      detail: sql`case when customers.status = 'inactive' then 'Inactive' end`,
      link: sql`'/clients?client_uuid=' || customers.uuid`,
      tieBreak: sql`(customers.status = 'active') desc, customers.business_name, customers.id`,
    });
  }
  if (can('REQUEST_READ')) {
    specs.push({
      group: 'requests',
      table: sql`requests`,
      searchedText: sql`requests.subject`,
      primaryText: sql`requests.subject`,
      visible: visibleRequests(viewer),
      title: sql`requests.subject`,
      detail: sql`(select p.title from projects p where p.id = requests.project_id)`,
      link: sql`'/requests/' || requests.uuid`,
      tieBreak: sql`requests.id desc`,
    });
  }
  return specs;
}

/**
 * One group's ranked best matches as a sub-select. Candidates come from three index scans: titles equal to or
 * starting with the phrase, word-prefix matches (full-text, GIN), and — only for longer words and only when words
 * found fewer than a group's worth — misspellings by trigram word similarity (GIN). Ranking: exact title, then
 * starts-with, then full-text rank, then similarity.
 */
function groupQuery(spec: GroupSpec, terms: SearchTerms): SQL {
  const { table, searchedText, primaryText } = spec;
  const visible = spec.visible ? sql`and ${spec.visible}` : sql``;
  const query = sql`to_tsquery('simple', ${terms.prefixQuery})`;
  const normalized = sql`portal_search_text(${primaryText})`;
  // The phrase holds only letters, digits and spaces (search-terms.ts), so it carries no LIKE wildcard.
  const words = sql`(select id from ${table} where portal_search_vector(${searchedText}) @@ ${query} ${visible} limit ${WORD_POOL})`;
  const typos = terms.fuzzy
    ? sql`union (select id from ${table}
        where (select count(*) from ${words} w) < ${HITS_PER_GROUP}
          and ${terms.phrase} <% portal_search_text(${primaryText}) ${visible}
        limit ${TYPO_POOL})`
    : sql``;
  return sql`(select ${spec.group}::text as "group", ${table}.uuid::text as uuid, ${spec.title} as title,
      ${spec.detail} as detail, ${spec.link} as link
    from ${table}
    where ${table}.id in (
      ${words}
      union (select id from ${table} where ${normalized} like ${`${terms.phrase}%`} ${visible}
        order by ${normalized} limit ${STARTS_WITH_POOL})
      ${typos}
    )
    order by (${normalized} = ${terms.phrase}) desc,
      starts_with(${normalized}, ${terms.phrase}) desc,
      ts_rank(portal_search_vector(${searchedText}), ${query}) desc,
      word_similarity(${terms.phrase}, ${normalized}) desc,
      ${spec.tieBreak}
    limit ${HITS_PER_GROUP})`;
}

export function emptyGroups(): GlobalSearchResponse['data'] {
  return { projects: [], tasks: [], people: [], cms: [], forms: [], clients: [], requests: [] };
}

/** The caller's best matches per group; groups the caller may not read stay empty. */
export async function searchEverything(
  db: Database,
  principal: Principal,
  terms: SearchTerms,
): Promise<GlobalSearchResponse['data']> {
  const data = emptyGroups();
  const specs = groupSpecs(principal);
  if (specs.length === 0) {
    return data;
  }
  const union = sql.join(
    specs.map((spec) => groupQuery(spec, terms)),
    sql` union all `,
  );
  const rows = await db.transaction(async (tx) => {
    // The typo operator (<%) reads its threshold from this setting; local to the transaction.
    await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${String(TYPO_THRESHOLD)}, true)`);
    return (await tx.execute<GlobalSearchHit & { group: GroupName }>(union)).rows;
  });
  for (const { group, ...hit } of rows) {
    data[group].push(hit);
  }
  return data;
}
