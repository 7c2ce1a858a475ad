import type { RequestStatus } from '@portal/domain';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbExecutor } from '../../db/client';
import { requests } from '../../db/schema';
import { notFound } from '../../http/errors';
import { type FieldChanges, logActivity } from '../history/activity-log';
import { type Viewer, visibleRequests } from './request-access';

/** A request as relations and time logs need it. */
export type RequestRef = { id: number; uuid: string; subject: string; status: RequestStatus; projectId: number | null };

/**
 * Whether the request with this id is one the caller may see (request-access.ts visibleRequests), as a condition on
 * an id column, so time-log and task queries need no join.
 */
export function requestVisibleTo(viewer: Viewer, requestId: AnyPgColumn | SQL): SQL {
  const visible = visibleRequests(viewer);
  return visible ? sql`${requestId} in (select ${requests.id} from ${requests} where ${visible})` : sql`true`;
}

const refColumns = {
  id: requests.id,
  uuid: requests.uuid,
  subject: requests.subject,
  status: requests.status,
  projectId: requests.projectId,
};

/** The request a caller may see, by uuid, or undefined (unknown and hidden look alike). */
export async function findVisibleRequestRef(
  db: DbExecutor,
  uuid: string,
  viewer: Viewer,
): Promise<RequestRef | undefined> {
  const [row] = await db
    .select(refColumns)
    .from(requests)
    .where(and(eq(requests.uuid, uuid), visibleRequests(viewer)))
    .limit(1);
  return row ? { ...row, status: row.status as RequestStatus } : undefined;
}

/** Like findVisibleRequestRef, but an unknown or hidden request answers 404. */
export async function getVisibleRequestRef(db: DbExecutor, uuid: string, viewer: Viewer): Promise<RequestRef> {
  const request = await findVisibleRequestRef(db, uuid, viewer);
  if (!request) {
    throw notFound();
  }
  return request;
}

export async function findRequestById(db: DbExecutor, id: number): Promise<RequestRef> {
  const [row] = await db.select(refColumns).from(requests).where(eq(requests.id, id));
  if (!row) {
    throw new Error(`request ${id} missing`);
  }
  return { ...row, status: row.status as RequestStatus };
}

/** An update entry in the request's history (doc 2 §3 History log entry). */
export function logRequestActivity(db: DbExecutor, requestId: number, authorId: number, changes: FieldChanges) {
  return logActivity(db, 'request', requestId, authorId, 'update', changes);
}
