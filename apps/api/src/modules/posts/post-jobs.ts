import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { AppContext } from '../../context';
import { inTransaction } from '../../events/domain-events';
import { publishDuePosts } from './post-commands';

export const POSTS_PUBLISH_QUEUE = 'posts-publish-due';

/** One run of the job: due posts published in one transaction, announced (actor: none) once it committed. */
export function publishDueAndAnnounce(ctx: Pick<AppContext, 'db' | 'events'>, now = new Date()): Promise<number> {
  // Announced like a person's publish, so the trail and the open /cms screens hear of it.
  return inTransaction(ctx.db, ctx.events, (tx, emit) => publishDuePosts(tx, now, emit));
}

/**
 * Scheduled posts become published every minute (and at start-up). The public API already shows a scheduled post
 * once its time has passed, so the job only moves its status (the /cms list and filters) within that minute.
 */
export async function schedulePostJobs(
  boss: PgBoss,
  app: { ctx: AppContext; log: FastifyBaseLogger },
  timeZone: string,
) {
  await boss.createQueue(POSTS_PUBLISH_QUEUE);
  await boss.schedule(POSTS_PUBLISH_QUEUE, '* * * * *', {}, { tz: timeZone });
  await boss.work(POSTS_PUBLISH_QUEUE, async () => {
    const published = await publishDueAndAnnounce(app.ctx);
    if (published > 0) {
      app.log.info({ published }, 'scheduled posts published');
    }
  });
  await boss.send(POSTS_PUBLISH_QUEUE, {});
}
