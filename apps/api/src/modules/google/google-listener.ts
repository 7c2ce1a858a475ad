import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import { queueGoogleSync } from './google-jobs';

const TASK_ACTIONS = new Set(['created', 'updated', 'deleted']);

/**
 * After a task write committed, queue its sync, but only when someone has a calendar connected: most agencies
 * have none, and most writes should cost nothing here.
 */
export function subscribeGoogleSync(ctx: Pick<AppContext, 'db' | 'events'>, log: FastifyBaseLogger): () => void {
  return ctx.events.subscribe(async (batch) => {
    const uuids = [...new Set(batch.filter((e) => e.model === 'task' && TASK_ACTIONS.has(e.action)).map((e) => e.id))];
    if (uuids.length === 0) {
      return;
    }
    const [any] = (
      await ctx.db.execute<{ found: boolean }>(
        sql`select exists (select 1 from google_accounts where calendar_id is not null) as found`,
      )
    ).rows;
    if (!any?.found) {
      return;
    }
    for (const taskUuid of uuids) {
      await queueGoogleSync({ taskUuid }, log);
    }
  });
}
