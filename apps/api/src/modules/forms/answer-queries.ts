import {
  type AnswerDetail,
  type AnswerListItem,
  type AnswerSource,
  type answerListQuerySchema,
  answersSchema,
} from '@portal/domain';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbExecutor } from '../../db/client';
import { formAnswers } from '../../db/schema';
import { notFound } from '../../http/errors';
import { containsPattern, listMeta, pageOffset } from '../../http/list-paging';
import { loadUploads } from '../uploads/attach-uploads';
import { storedQuestions } from './form-queries';

export type AnswerListQuery = Pick<z.output<typeof answerListQuerySchema>, 'filters' | 'search_term' | 'sort'>;

/**
 * GET answers' conditions. Dates are days in the agency's time zone, both ends included. The form filter is
 * resolved to ids first so the (form_id, created_at, id) index serves the page.
 */
export function answerListConditions(query: AnswerListQuery, timeZone: string): SQL[] {
  const f = query.filters ?? {};
  const conditions: SQL[] = [];
  if (f.form_uuid?.length) {
    conditions.push(sql`a.form_id in (select id from forms where uuid = any(${sql.param(f.form_uuid)}::uuid[]))`);
  }
  if (f.customer_uuid?.length) {
    conditions.push(
      sql`a.customer_id in (select id from customers where uuid = any(${sql.param(f.customer_uuid)}::uuid[]))`,
    );
  }
  if (f.date_from) {
    conditions.push(sql`a.created_at >= (${f.date_from}::date)::timestamp at time zone ${timeZone}`);
  }
  if (f.date_to) {
    conditions.push(sql`a.created_at < (${f.date_to}::date + 1)::timestamp at time zone ${timeZone}`);
  }
  if (f.source) {
    conditions.push(sql`a.source = ${f.source}`);
  }
  if (query.search_term) {
    const pattern = containsPattern(query.search_term);
    conditions.push(sql`(exists (select 1 from forms sf where sf.id = a.form_id and sf.name ilike ${pattern})
      or exists (select 1 from customers sc where sc.id = a.customer_id and sc.business_name ilike ${pattern}))`);
  }
  return conditions;
}

/** The order of a page, ending in the id in the same direction so pages never repeat or skip a row. */
export function answerListOrder(sort: AnswerListQuery['sort']): SQL {
  const direction = sql.raw(sort?.direction === 'asc' ? 'asc' : 'desc');
  switch (sort?.by) {
    case 'form':
      return sql`lower(f.name) ${direction}, a.id ${direction}`;
    case 'customer':
      return sql`lower(c.business_name) ${direction}, a.id ${direction}`;
    case 'completion':
      return sql`a.completion ${direction}, a.id ${direction}`;
    default:
      return sql`a.created_at ${direction}, a.id ${direction}`;
  }
}

type AnswerRow = {
  id: number;
  uuid: string;
  form_uuid: string;
  form_name: string;
  version_uuid: string;
  version_number: number;
  customer_uuid: string | null;
  business_name: string | null;
  submitter_uuid: string | null;
  submitter_name: string | null;
  source: string;
  completion: number;
  created_at: Date | string;
  request_uuid: string | null;
  converted_customer_uuid: string | null;
};

/** The columns of one answer row; `f`, `v` and `c` are the joins of answerFrom. */
export const answerColumns = sql`a.id, a.uuid, f.uuid as form_uuid, f.name as form_name, v.uuid as version_uuid,
  v.number as version_number, c.uuid as customer_uuid, c.business_name,
  su.uuid as submitter_uuid, (select sc.name from contacts sc where sc.user_id = a.submitted_by_id limit 1) as submitter_name,
  a.source, a.completion, a.created_at,
  (select r.uuid from requests r where r.id = a.request_id) as request_uuid,
  (select cc.uuid from customers cc where cc.id = a.converted_customer_id) as converted_customer_uuid`;

export const answerFrom = sql`form_answers a
  join forms f on f.id = a.form_id
  join form_versions v on v.id = a.form_version_id
  left join customers c on c.id = a.customer_id
  left join users su on su.id = a.submitted_by_id`;

function presentAnswer(row: AnswerRow): AnswerListItem {
  return {
    uuid: row.uuid,
    form: { uuid: row.form_uuid, name: row.form_name },
    version: { uuid: row.version_uuid, number: Number(row.version_number) },
    customer:
      row.customer_uuid && row.business_name ? { uuid: row.customer_uuid, business_name: row.business_name } : null,
    submitted_by: row.submitter_uuid ? { uuid: row.submitter_uuid, name: row.submitter_name ?? '' } : null,
    source: row.source as AnswerSource,
    completion: Number(row.completion),
    created_at: new Date(row.created_at).toISOString(),
    request_uuid: row.request_uuid,
    converted_customer_uuid: row.converted_customer_uuid,
  };
}

const whereOf = (conditions: SQL[]) => (conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``);

/** The joins a sort needs to pick a page's ids (the filters read form_answers alone). */
function sortJoins(sort: AnswerListQuery['sort']): SQL {
  switch (sort?.by) {
    case 'form':
      return sql`join forms f on f.id = a.form_id`;
    case 'customer':
      return sql`left join customers c on c.id = a.customer_id`;
    default:
      return sql``;
  }
}

/**
 * The list's total. Unfiltered, or filtered by form only, it is the forms' answers_count (kept in each answer's
 * transaction; answers are never deleted), so the default list does not count 100,000 rows on every page.
 */
function totalOf(query: AnswerListQuery, where: SQL): SQL {
  const f = query.filters ?? {};
  if (f.customer_uuid?.length || f.date_from || f.date_to || f.source || query.search_term) {
    return sql`select count(*)::int as count from form_answers a ${where}`;
  }
  const forms = f.form_uuid?.length ? sql`where uuid = any(${sql.param(f.form_uuid)}::uuid[])` : sql``;
  return sql`select coalesce(sum(answers_count), 0)::int as count from forms ${forms}`;
}

/**
 * GET answers: one page and the total. The page's ids are picked first from form_answers (with only the join its
 * sort needs), then those rows are read with everything the list shows: a deep page skips index entries, not
 * joined rows (page 1,000 of 100,000 answers).
 */
export async function listAnswers(
  db: DbExecutor,
  query: AnswerListQuery & { page: { size: number; number: number } },
  timeZone: string,
) {
  const where = whereOf(answerListConditions(query, timeZone));
  const order = answerListOrder(query.sort);
  const [rows, total] = await Promise.all([
    // array(…) keeps the subquery's order; with ordinality carries it to the outer select.
    db.execute<AnswerRow>(sql`select ${answerColumns}
      from unnest(array(select a.id from form_answers a ${sortJoins(query.sort)} ${where}
          order by ${order} limit ${query.page.size} offset ${pageOffset(query.page)})) with ordinality as page(id, position)
        join ${answerFrom} on a.id = page.id
      order by page.position`),
    db.execute<{ count: number }>(totalOf(query, where)),
  ]);
  return { data: rows.rows.map(presentAnswer), meta: listMeta(total.rows[0]?.count ?? 0, query.page) };
}

/** GET answers/{uuid}: the answer with the questions of the version it answered, and its files. */
export async function loadAnswer(db: DbExecutor, uuid: string): Promise<AnswerDetail> {
  const result = await db.execute<AnswerRow & { values: unknown; questions: unknown }>(
    sql`select ${answerColumns}, a.values, v.questions from ${answerFrom} where a.uuid = ${uuid}`,
  );
  const row = result.rows[0];
  if (!row) {
    throw notFound();
  }
  const values = answersSchema.safeParse(row.values);
  return {
    ...presentAnswer(row),
    questions: storedQuestions(row.questions),
    values: values.success ? values.data : {},
    uploads: await loadUploads(db, { type: 'form_answer', id: row.id }),
  };
}

/** The answer's internal row, for conversion. */
export async function findAnswerRow(db: DbExecutor, uuid: string) {
  const [row] = await db
    .select()
    .from(formAnswers)
    .where(and(eq(formAnswers.uuid, uuid)));
  if (!row) {
    throw notFound();
  }
  return row;
}
