import { MESSAGES } from '@portal/domain';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { activityLogs, requests } from '../../db/schema';
import { AppError } from '../../http/errors';
import { denyFreelancer, findVisibleRequest, type Viewer } from './request-access';

/** DELETE requests/{uuid}: discards a draft (with its history); other requests are kept (422). */
export async function deleteDraft(db: Database, uuid: string, viewer: Viewer) {
  await db.transaction(async (tx) => {
    const request = await findVisibleRequest(tx, uuid, viewer, { lock: true });
    denyFreelancer(viewer);
    if (request.status !== 'draft') {
      throw new AppError(422, MESSAGES.onlyDraftsDiscarded, {
        code: 'not_a_draft',
        errors: { status: [MESSAGES.onlyDraftsDiscarded] },
      });
    }
    await tx.delete(requests).where(eq(requests.id, request.id));
    await tx
      .delete(activityLogs)
      .where(and(eq(activityLogs.subjectType, 'request'), eq(activityLogs.subjectId, request.id)));
  });
}
