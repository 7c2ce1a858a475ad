import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';

/**
 * requests.time_spent = the request's own completed minutes. Recomputed from the logs (one indexed sum) rather than
 * adjusted by a delta, inside the transaction of the log write that changed it, so it can never drift.
 */
export async function refreshRequestTimeSpent(tx: Tx, requestId: number): Promise<void> {
  await tx.execute(sql`
    update requests set time_spent = (
      select coalesce(sum(tl.minutes), 0)::int from time_logs tl where tl.request_id = ${requestId} and tl.status = 'completed'
    )
    where id = ${requestId}`);
}
