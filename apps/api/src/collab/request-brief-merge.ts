import type { requestUpdateSchema } from '@portal/domain';
import type { z } from 'zod';
import type { Database } from '../db/client';
import { denyFreelancer, findVisibleRequest, type Viewer } from '../modules/requests/request-access';
import type { Collaboration } from './collab-server';

type RequestUpdate = z.output<typeof requestUpdateSchema>;

/**
 * PUT requests/{uuid} with a brief while people may be editing it together: as for a task's description, the
 * write is merged into their document (the writer's change from the stored brief, transformed over theirs) and the
 * request stores the merged text — as its delta and, when sent, as the project_brief answer — instead of
 * overwriting what they typed. Without a brief in the body, the body is unchanged.
 */
export async function mergeRequestBrief(
  collab: Collaboration,
  db: Database,
  uuid: string,
  viewer: Viewer,
  body: RequestUpdate,
): Promise<RequestUpdate> {
  if (body.description_delta === undefined || body.description_delta === null) {
    return body;
  }
  const current = await findVisibleRequest(db, uuid, viewer);
  // Refused before it reaches anyone's open editor: the brief is an answer, and answers are staff work.
  denyFreelancer(viewer);
  const merged = await collab.mergeWrite(
    { kind: 'request', uuid: current.uuid, field: 'project_brief' },
    current.descriptionDelta,
    body.description_delta,
  );
  const answers =
    body.answers && 'project_brief' in body.answers
      ? { ...body.answers, project_brief: merged as never }
      : body.answers;
  return { ...body, description_delta: merged as never, answers };
}
