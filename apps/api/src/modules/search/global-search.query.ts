import type { GlobalSearchHit, GlobalSearchResponse } from '@portal/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { executePrepared, executeTemplate, prepareTemplate, type StatementTemplate } from '../../db/prepared';
import type { Principal } from '../../http/access';
import { visiblePlans } from '../plans/plan-list.query';
import { visibleRequests } from '../requests/request-access';
import { visibleTasks } from '../tasks/task-access';
import type { SearchTerms } from './search-terms';
import { probeVisibleRequests, probeVisibleTasks } from './search-visibility';
import { type CorrectionRow, Corrections, correctionsStatement, typoQuery } from './typo-tier';

/** How many best matches each group answers. */
export const HITS_PER_GROUP = 5;
/**
 * Candidates gathered before ranking (see groupQuery). A common word can match most of a 200,000-row table; ranking
 * all of them would cost far more than the handful shown, so ranking looks at bounded pools.
 */
const WORD_POOL = 100;
const STARTS_WITH_POOL = 20;
const TYPO_POOL = 20;

type GroupName = keyof GlobalSearchResponse['data'];

/** One searchable kind of record: its table, the text that is searched (the indexed expression) and how it is shown. */
type GroupSpec = {
  group: GroupName;
  table: SQL;
  /** The table's name, as the typo dictionary (search_words.source) knows its words. */
  source: string;
  /** The text as the indexes of migration 0009 hold it, so the planner uses them. */
  searchedText: SQL;
  /** For ranking and typos: the primary text (name, title). */
  primaryText: SQL;
  /** Where misspellings are looked for when wider than the primary text (a post's excerpt and body). */
  typoText?: SQL;
  visible?: SQL;
  /**
   * The visibility rule keeps few rows (a freelancer's plans): walking the title index in order would skip most of
   * the table, so the starts-with pool is taken from the visible rows in any order instead.
   */
  selective?: boolean;
  title: SQL;
  detail: SQL;
  link: SQL;
  tieBreak: SQL;
};

export function groupSpecs(principal: Principal): GroupSpec[] {
  const viewer = { userId: principal.userId, type: principal.type };
  const regular = principal.type === 'regular_user';
  const can = (permission: string) => principal.permissions.has(permission);
  const specs: GroupSpec[] = [];
  // Plans, clients: regular users' screens (the plan and client routes are staff-only).
  if (regular && can('PROJECTS_READ')) {
    specs.push({
      group: 'projects',
      table: sql`projects`,
      source: 'projects',
      searchedText: sql`projects.title`,
      primaryText: sql`projects.title`,
      visible: visiblePlans(principal.userId),
      title: sql`projects.title`,
      detail: sql`(select c.business_name from customers c where c.id = projects.customer_id)`,
      link: sql`'/projects/' || projects.uuid`,
      tieBreak: sql`projects.id desc`,
    });
  }
  if (can('TASKS_READ')) {
    specs.push({
      group: 'tasks',
      table: sql`tasks`,
      source: 'tasks',
      searchedText: sql`tasks.title`,
      primaryText: sql`tasks.title`,
      // Freelancers: the same rule as per-row probes, so a scan that stops early never reads their whole set.
      visible: regular ? visibleTasks(viewer) : probeVisibleTasks(viewer),
      selective: !regular,
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
      source: 'contacts',
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
      source: 'customers',
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
      source: 'requests',
      searchedText: sql`requests.subject`,
      primaryText: sql`requests.subject`,
      visible: regular ? visibleRequests(viewer) : probeVisibleRequests(viewer),
      selective: !regular,
      title: sql`requests.subject`,
      detail: sql`(select p.title from projects p where p.id = requests.project_id)`,
      link: sql`'/requests/' || requests.uuid`,
      tieBreak: sql`requests.id desc`,
    });
  }
  // Forms (issue 20): the builder is a regular user's screen with FORMS_READ. A few hundred rows at most, so the
  // tiers read the table without search indexes of their own.
  if (regular && can('FORMS_READ')) {
    specs.push({
      group: 'forms',
      table: sql`forms`,
      source: 'forms',
      searchedText: sql`forms.name`,
      primaryText: sql`forms.name`,
      title: sql`forms.name`,
      detail: sql`initcap(forms.status)`,
      link: sql`'/forms/' || forms.uuid`,
      tieBreak: sql`(forms.status = 'archived'), forms.name, forms.id`,
    });
  }
  // Posts (issue 22): the blog is a regular user's screen with POSTS_READ; found by title, excerpt and body text
  // (body_text is the editor's text, kept on every store), misspellings included; drafts too, as on /cms.
  if (regular && can('POSTS_READ')) {
    const postText = sql`posts.title || ' ' || coalesce(posts.excerpt, '') || ' ' || posts.body_text`;
    specs.push({
      group: 'cms',
      table: sql`posts`,
      source: 'posts',
      searchedText: postText,
      primaryText: sql`posts.title`,
      typoText: postText,
      title: sql`posts.title`,
      detail: sql`initcap(posts.status)`,
      link: sql`'/cms/' || posts.uuid`,
      tieBreak: sql`posts.updated_at desc, posts.id desc`,
    });
  }
  return specs;
}

/**
 * One group's candidates (CTEs named `<group>_<tier>`) in tiers, each read only when the tiers before it found fewer
 * than a group's worth — a later tier can never outrank an earlier one, so skipping it changes nothing, and a common
 * prefix ('s', 'sca') costs one short index range instead of a bitmap of most of the table:
 * 1. titles starting with the phrase (btree, in byte order: the exact title and whole words come first);
 * 2. word-prefix matches anywhere (full text, GIN; see expandedQuery);
 * 3. misspellings, in further statements once this one answered (addTypos).
 */
function candidateTiers(spec: GroupSpec, terms: SearchTerms): SQL {
  const { table, searchedText } = spec;
  const visible = spec.visible ? sql`and ${spec.visible}` : sql``;
  const normalized = sql`portal_search_text(${spec.primaryText})`;
  const query = tierName(spec, 'query');
  // Starts-with as the range [phrase, phraseEnd) of the text_pattern_ops index (what PostgreSQL derives from
  // `like 'phrase%'` with a constant, written out so a plan made for any phrase still reads that range); `using ~<~`
  // is the index's order, so the scan stops after the pool.
  return sql`${tierName(spec, 'starts')} as materialized (select id from ${table}
        where ${normalized} ~>=~ ${terms.phrase} and ${normalized} ~<~ ${terms.phraseEnd} ${visible}
        ${spec.selective ? sql`` : sql`order by ${normalized} using ~<~`} limit ${STARTS_WITH_POOL}),
      ${
        // One word has nothing to intersect: its prefix costs GIN what its words would.
        terms.words.length > 1
          ? sql`${query} as (${expandedQuery(spec)}),
      ${tierName(spec, 'words')} as materialized (select id from ${table}
        where (select count(*) from ${tierName(spec, 'starts')}) < ${HITS_PER_GROUP}
          and (select matchable from ${query})
          and portal_search_vector(${searchedText}) @@ (select query from ${query}) ${visible}
        limit ${WORD_POOL})`
          : sql`${tierName(spec, 'words')} as materialized (select id from ${table}
        where (select count(*) from ${tierName(spec, 'starts')}) < ${HITS_PER_GROUP}
          and portal_search_vector(${searchedText}) @@ to_tsquery('simple', ${terms.prefixQuery}) ${visible}
        limit ${WORD_POOL})`
      }`;
}

/** A typed word's prefix stands for the words it starts when there are at most this many in the table. */
const EXPANDED_WORDS = 32;

/**
 * The words tier's query for one table, for terms of several words: each typed word's prefix (`re:*`) written as the table's words it starts
 * (`'redesign' | 'refresh' | …`, from the dictionary search_words, a btree range per word) when they are few. GIN
 * collects every row of a prefix before it can intersect, so 'scale:* & re:*' read all 200,000 'scale' tasks (2.5 ms)
 * to find none; with whole words GIN skips through the common one by the rare ones. Not matchable when a word starts
 * no word of the table: the tier is then not read at all. Lexemes are quoted for the tsquery cast (the dictionary
 * holds e-mails and paths too).
 */
function expandedQuery(spec: GroupSpec): SQL {
  return sql`select bool_and(expansion.found > 0) as matchable,
      string_agg(case when expansion.found between 1 and ${EXPANDED_WORDS} then expansion.words
        else expansion.prefix end, ' & ' order by expansion.n)::tsquery as query
    from (select typed.n, typed.word || ':*' as prefix, count(word.word) as found,
        '(' || string_agg('''' || replace(replace(word.word, '\\', '\\\\'), '''', '''''') || '''', ' | ') || ')' as words
      from search_typed as typed
      left join lateral (select sw.word from search_words sw
        where sw.source = ${spec.source} and sw.word ~>=~ typed.word and sw.word ~<~ typed.word_end
        limit ${EXPANDED_WORDS + 1}) as word on true
      group by typed.n, typed.word) as expansion`;
}

function tierName(spec: GroupSpec, tier: 'starts' | 'query' | 'words' | 'typos'): SQL {
  return sql.raw(`${spec.group}_${tier}`);
}

/**
 * One group's ranked best matches among the candidates of the given tiers. Ranking: exact title, starts-with,
 * full-text rank, similarity. The ranked rows are read by primary key from an array of the candidates' ids: written
 * as `id in (…)`, the planner expected ~120 candidates and hashed them against a sequential scan of the table (4–6 ms
 * over 10,000 plans for at most 140 rows).
 */
function rankedSelect(spec: GroupSpec, terms: SearchTerms, tiers: ('starts' | 'words' | 'typos')[]): SQL {
  const { table, searchedText, primaryText } = spec;
  const normalized = sql`portal_search_text(${primaryText})`;
  const fuzzyTarget = spec.typoText ? sql`portal_search_text(${spec.typoText})` : normalized;
  const candidates = sql.join(
    tiers.map((tier) => sql`select id from ${tierName(spec, tier)}`),
    sql` union `,
  );
  return sql`(select ${spec.group}::text as "group", ${table}.uuid::text as uuid, ${spec.title} as title,
      ${spec.detail} as detail, ${spec.link} as link
    from ${table}
    where ${table}.id = any(array(${candidates}))
    order by (${normalized} = ${terms.phrase}) desc,
      starts_with(${normalized}, ${terms.phrase}) desc,
      ts_rank(portal_search_vector(${searchedText}), to_tsquery('simple', ${terms.prefixQuery})) desc,
      word_similarity(${terms.phrase}, ${fuzzyTarget}) desc,
      ${spec.tieBreak}
    limit ${HITS_PER_GROUP})`;
}

export function emptyGroups(): GlobalSearchResponse['data'] {
  return { projects: [], tasks: [], people: [], cms: [], forms: [], clients: [], requests: [] };
}

/** One statement for the first two tiers of every group the caller may read (exported for EXPLAIN in benchmarks). */
export function buildSearchStatement(specs: GroupSpec[], terms: SearchTerms): SQL {
  const typed = sql.join(
    terms.words.map((word, index) => sql`(${index}, ${word}, ${terms.wordEnds[index]})`),
    sql`, `,
  );
  return sql`with search_typed(n, word, word_end) as (values ${typed}), ${sql.join(
    specs.map((spec) => candidateTiers(spec, terms)),
    sql`, `,
  )} ${sql.join(
    specs.map((spec) => rankedSelect(spec, terms, ['starts', 'words'])),
    sql` union all `,
  )}`;
}

/**
 * The typo tier of the groups that found fewer than a group's worth and have corrections: rows whose words match the
 * group's corrected query (typoQuery), through the full-text GIN indexes, ranked as the other tiers are.
 */
export function buildTypoStatement(specs: { spec: GroupSpec; query: string }[], terms: SearchTerms): SQL {
  const ctes = specs.map(
    ({ spec, query }) => sql`${tierName(spec, 'typos')} as materialized (select id from ${spec.table}
      where portal_search_vector(${spec.searchedText}) @@ to_tsquery('simple', ${query})
        ${spec.visible ? sql`and ${spec.visible}` : sql``}
      limit ${TYPO_POOL})`,
  );
  return sql`with ${sql.join(ctes, sql`, `)} ${sql.join(
    specs.map(({ spec }) => rankedSelect(spec, terms, ['typos'])),
    sql` union all `,
  )}`;
}

type Hit = GlobalSearchHit & { group: GroupName };

/** Built search statements by caller, groups and number of words (see prepareTemplate); cleared when full. */
const templates = new Map<string, StatementTemplate>();
const MAX_TEMPLATES = 200;

function searchTemplate(principal: Principal, specs: GroupSpec[], terms: SearchTerms): StatementTemplate {
  const key = `${principal.userId}:${specs.map((spec) => spec.group).join(',')}:${terms.words.length}`;
  let template = templates.get(key);
  if (!template) {
    if (templates.size >= MAX_TEMPLATES) {
      templates.clear();
    }
    template = prepareTemplate(buildSearchStatement(specs, placeholderTerms(terms.words.length)));
    templates.set(key, template);
  }
  return template;
}

/** Terms whose values are placeholders (filled by termValues): the statement's text depends only on the shape. */
function placeholderTerms(wordCount: number): SearchTerms {
  const value = (name: string) => sql.placeholder(name) as unknown as string;
  const indexes = Array.from({ length: wordCount }, (_, index) => index);
  return {
    prefixQuery: value('prefixQuery'),
    phrase: value('phrase'),
    phraseEnd: value('phraseEnd'),
    words: indexes.map((index) => value(`word${index}`)),
    wordEnds: indexes.map((index) => value(`wordEnd${index}`)),
    fuzzy: false,
  };
}

function termValues(terms: SearchTerms): Record<string, unknown> {
  const values: Record<string, unknown> = {
    prefixQuery: terms.prefixQuery,
    phrase: terms.phrase,
    phraseEnd: terms.phraseEnd,
  };
  terms.words.forEach((word, index) => {
    values[`word${index}`] = word;
    values[`wordEnd${index}`] = terms.wordEnds[index];
  });
  return values;
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
  // One statement for every group, one round trip: issue 24 counts CPU per request, and a statement per group on its
  // own connection (answering in the slowest group's time rather than the sum) cost six round trips and plannings
  // for ~1 ms less latency. Planning it costs more than running it (1.3–2.4 ms against 0.8–2.7 at the scale seed), so
  // staff searches run it as a named prepared statement, whose generic plan (every value a parameter) EXPLAIN shows
  // as good as a fresh one on that data, and its text is built once per caller and number of words. Freelancers reuse
  // the text too (~0.3 ms of the API's CPU) but as an unnamed statement, planned afresh each time: a generic plan of
  // their visible rows walks the title index through every 's' or 'sca' title probing each (exec 8 ms against 2 at
  // the scale seed), where a fresh plan sees how common the phrase is.
  const template = searchTemplate(principal, specs, terms);
  const rows = await executeTemplate<Hit>(
    db,
    principal.type === 'regular_user' ? template : { ...template, name: null },
    termValues(terms),
  );
  for (const { group, ...hit } of rows) {
    data[group].push(hit);
  }
  const short = specs.filter((spec) => data[spec.group].length < HITS_PER_GROUP);
  if (terms.fuzzy && short.length > 0) {
    await addTypos(db, data, short, terms);
  }
  return data;
}

/**
 * The typo tier (typo-tier.ts) of the groups that found fewer than a group's worth: the typed words' corrections, then
 * the rows they find, after the hits already found.
 */
async function addTypos(
  db: Database,
  data: GlobalSearchResponse['data'],
  specs: GroupSpec[],
  terms: SearchTerms,
): Promise<void> {
  const corrections = new Corrections(await executePrepared<CorrectionRow>(db, correctionsStatement(terms)));
  // Groups whose corrected query differs from the words tier's, which already answered: for 'requests' at the scale
  // seed only the requests group ('request'), so the typo statement plans one group rather than seven.
  const typoGroups = specs.flatMap((spec) => {
    const query = typoQuery(terms, corrections.of(spec.source));
    return query ? [{ spec, query }] : [];
  });
  if (typoGroups.length > 0) {
    // A fresh plan, never a generic one: the planner must see the corrected words to choose between the GIN index
    // (a rare word) and reading the table until the pool is full (a word on most rows: 'request' is on all 100,000
    // requests of the scale seed, whose bitmap alone costs 6–10 ms against 0.2 for the first 20 rows in table order).
    const typos = await db.execute<Hit>(buildTypoStatement(typoGroups, terms));
    for (const { group, ...hit } of typos.rows) {
      const hits = data[group];
      if (hits.length < HITS_PER_GROUP && !hits.some((found) => found.uuid === hit.uuid)) {
        hits.push(hit);
      }
    }
  }
}
