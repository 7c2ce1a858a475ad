import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { projects } from '../../db/schema';
import { notFound } from '../../http/errors';
import { visiblePlans } from './plan-list.query';

/** The internal id of a plan the viewer may see; unknown and other people's personal plans are both 404. */
export async function findVisiblePlanId(db: Database, uuid: string, viewerId: number): Promise<number> {
  const [row] = await db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.uuid, uuid), visiblePlans(viewerId)))
    .limit(1);
  if (!row) {
    throw notFound();
  }
  return row.id;
}
