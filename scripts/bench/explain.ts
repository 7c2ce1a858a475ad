import type pg from 'pg';

export type RecordedQuery = { text: string; values: unknown[] };
export type ExplainedQuery = { sql: string; planningMs: number; executionMs: number };

/** Wraps pool.query (what drizzle calls outside transactions) so the queries of one request can be replayed. */
export function recordQueries(pool: pg.Pool) {
  let recorded: RecordedQuery[] | null = null;
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  (pool as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const [first, second] = args;
    if (recorded) {
      // drizzle calls query({ name?, text, … }, params); others query(text, params) or query({ text, values }).
      const text = typeof first === 'string' ? first : (first as RecordedQuery).text;
      const values = (second as unknown[] | undefined) ?? (first as Partial<RecordedQuery>).values ?? [];
      recorded.push({ text, values });
    }
    return query(...args);
  };
  return {
    start: () => {
      recorded = [];
    },
    stop: () => {
      const done = recorded ?? [];
      recorded = null;
      return done;
    },
  };
}

/**
 * EXPLAIN (ANALYZE) of each recorded query with its parameters: PostgreSQL's own planning and execution time (a
 * fresh plan each time; a named prepared statement that reuses a generic plan skips most of the planning).
 */
export async function explainRecorded(pool: pg.Pool, queries: RecordedQuery[]): Promise<ExplainedQuery[]> {
  const explained: ExplainedQuery[] = [];
  for (const { text, values } of queries) {
    if (!/^\s*(select|with)\b/i.test(text)) {
      continue;
    }
    const result = await pool.query(`explain (analyze, format json) ${text}`, values);
    const plan = (result.rows[0] as { 'QUERY PLAN': { 'Planning Time': number; 'Execution Time': number }[] })[
      'QUERY PLAN'
    ][0];
    explained.push({
      sql: text.replace(/\s+/g, ' ').slice(0, 90),
      planningMs: plan?.['Planning Time'] ?? 0,
      executionMs: plan?.['Execution Time'] ?? 0,
    });
  }
  return explained;
}
