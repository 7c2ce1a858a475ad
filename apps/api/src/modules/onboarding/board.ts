import {
  ONBOARDING_OTHER_COLUMN,
  type OnboardingBoard,
  type OnboardingBoardCard,
  type onboardingBoardQuerySchema,
} from '@portal/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbExecutor } from '../../db/client';
import { containsPattern } from '../../http/list-paging';
import { loadSteps } from './process';

type BoardQuery = z.output<typeof onboardingBoardQuerySchema>;

type CardRow = {
  col: string;
  uuid: string;
  customer_uuid: string;
  business_name: string;
  progress: number;
  owner_uuid: string | null;
  owner_name: string | null;
  days_stuck: number;
};

/**
 * GET onboardings/board: one page of every column at once. The column is the current step (every step done: `done`;
 * a step the process no longer has: `_other`); one windowed read ranks each column's onboardings — most stuck first,
 * then the least advanced, then the oldest — and keeps rows (page-1)·N+1 … page·N of each, joining the client's and
 * owner's names only for those; a grouped count gives each column's total. The answer is a few KB whatever the
 * number of clients (the board of 1,000 rows was ~430 KB and ~19 ms of CPU a request).
 */
export async function loadBoard(db: DbExecutor, query: BoardQuery): Promise<OnboardingBoard> {
  const steps = await loadSteps(db);
  const keys = steps.map((s) => s.key);
  const stepKey = sql`coalesce(o.current_step_key, 'done')`;
  const col = sql`(case when ${stepKey} in (${sql.join(
    keys.map((k) => sql`${k}`),
    sql`, `,
  )}) then ${stepKey} else ${ONBOARDING_OTHER_COLUMN} end)`;
  const f = query.filters ?? {};
  const where: SQL[] = [sql`true`];
  if (f.status?.length) {
    where.push(
      sql`o.status in (${sql.join(
        f.status.map((v) => sql`${v}`),
        sql`, `,
      )})`,
    );
  }
  if (f.current_step?.length) {
    where.push(
      sql`${col} in (${sql.join(
        f.current_step.map((v) => sql`${v}`),
        sql`, `,
      )})`,
    );
  }
  if (f.owner_uuid?.length) {
    where.push(
      sql`o.owner_id in (select u.id from users u where u.uuid in (${sql.join(
        f.owner_uuid.map((v) => sql`${v}::uuid`),
        sql`, `,
      )}))`,
    );
  }
  if (f.stuck === '1') {
    where.push(sql`o.stuck_at <= now()`);
  } else if (f.stuck === '0') {
    where.push(sql`(o.stuck_at is null or o.stuck_at > now())`);
  }
  if (query.search_term) {
    where.push(sql`c.business_name ilike ${containsPattern(query.search_term)}`);
  }
  const condition = sql.join(where, sql` and `);
  const from = (query.page - 1) * query.per_column;
  const until = from + query.per_column;
  const daysStuck = sql`(case when o.stuck_at <= now()
    then floor(extract(epoch from now() - o.current_step_since) / 86400)::int else 0 end)`;
  const [cards, counts] = await Promise.all([
    db.execute<CardRow>(sql`
      with ranked as (
        select o.id, c.uuid as customer_uuid, c.business_name, ${col} as col, ${daysStuck} as days_stuck,
          row_number() over (partition by ${col}
            order by ${daysStuck} desc, o.progress, o.started_at, o.id) as rn
        from onboardings o join customers c on c.id = o.customer_id
        where ${condition}
      )
      select r.col, o.uuid, r.customer_uuid, r.business_name, o.progress, u.uuid as owner_uuid,
        coalesce(nullif(trim(oc.name), ''), u.email) as owner_name, r.days_stuck
      from ranked r
      join onboardings o on o.id = r.id
      left join users u on u.id = o.owner_id
      left join contacts oc on oc.user_id = u.id
      where r.rn > ${from} and r.rn <= ${until}
      order by r.col, r.rn`),
    db.execute<{ col: string; n: number }>(sql`
      select ${col} as col, count(*)::int as n
      from onboardings o join customers c on c.id = o.customer_id
      where ${condition}
      group by 1`),
  ]);
  const totals = new Map(counts.rows.map((r) => [r.col, Number(r.n)]));
  const byColumn = new Map<string, OnboardingBoardCard[]>();
  for (const r of cards.rows) {
    const list = byColumn.get(r.col) ?? [];
    list.push({
      uuid: r.uuid,
      customer: { uuid: r.customer_uuid, business_name: r.business_name },
      progress: r.progress,
      owner: r.owner_uuid ? { uuid: r.owner_uuid, name: r.owner_name ?? '' } : null,
      days_stuck: Math.max(0, Number(r.days_stuck)),
    });
    byColumn.set(r.col, list);
  }
  // Asked for some columns ("Show more"): only those; else every step, and `_other` only when someone is there.
  const wanted = f.current_step?.length ? new Set<string>(f.current_step) : null;
  const columns = [
    ...steps.map((s) => ({ key: s.key, name: s.name })),
    { key: ONBOARDING_OTHER_COLUMN, name: 'Other steps' },
  ].filter((c) => (wanted ? wanted.has(c.key) : c.key !== ONBOARDING_OTHER_COLUMN || totals.has(c.key)));
  return {
    data: columns.map((c) => ({
      ...c,
      total: totals.get(c.key) ?? 0,
      cards: byColumn.get(c.key) ?? [],
    })),
    meta: {
      total: [...totals.values()].reduce((a, b) => a + b, 0),
      per_column: query.per_column,
      page: query.page,
    },
  };
}
