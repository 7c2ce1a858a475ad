import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../db/client';

/**
 * A person's start date is their login's created_at (the Users report and the missed-days rule expect time only
 * from that day on). Seeded logs go back weeks while seeded accounts are created today, which put the demo people
 * at 300–700 % of expected; so whoever has a log before their start starts on the day of their first log instead
 * (noon UTC, so the date reads the same in any agency time zone). Nobody's start moves later. Answers how many moved.
 */
export async function startPeopleByTheirFirstLog(db: DbExecutor): Promise<number> {
  const result = await db.execute(sql`
    update users u
    set created_at = (f.first_day + time '12:00') at time zone 'UTC'
    from (select user_id, min(date) as first_day from time_logs group by user_id) f
    where f.user_id = u.id and u.created_at > (f.first_day + time '12:00') at time zone 'UTC'`);
  return result.rowCount ?? 0;
}
