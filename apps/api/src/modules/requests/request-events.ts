import { type SQL, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import type { DomainEvent } from '../../events/domain-events';

type Row = { uuid: string; status: string; subject: string; project_id: number | null; project_uuid: string | null };

/** A request as its live event describes it: enough for the list, the detail and the new-requests badge. */
export async function describeRequest(db: DbExecutor, where: { id: number } | { uuid: string }) {
  const condition = 'id' in where ? sql`r.id = ${where.id}` : sql`r.uuid = ${where.uuid}`;
  return (await describeWhere(db, condition))[0];
}

/** describeRequest for many requests, by id. */
export async function describeRequests(db: DbExecutor, ids: readonly number[]): Promise<Map<number, Row>> {
  const rows = await describeWhere(db, sql`r.id = any(${sql.param([...ids])}::int[])`);
  return new Map(rows.map(({ id, ...row }) => [id, row]));
}

async function describeWhere(db: DbExecutor, condition: SQL) {
  const result = await db.execute<Row & { id: number }>(sql`
    select r.id, r.uuid, r.status, r.subject, r.project_id, p.uuid as project_uuid
    from requests r left join projects p on p.id = r.project_id where ${condition}`);
  return result.rows;
}

/** What an update changed that people are told about (request-notifications.ts); absent = nothing of it. */
export type RequestChange = {
  /** The status before, when the write changed it. */
  statusFrom?: string;
  /** Users (uuids) the write made responsible. */
  responsiblesAdded?: string[];
};

/** model.changes for one committed request write; a created request with status new raises the badge (doc 1 §7). */
export function requestEvent(
  row: Row,
  action: 'created' | 'updated' | 'deleted',
  actorId: number,
  refToken: string | null | undefined,
  change: RequestChange = {},
): DomainEvent {
  return {
    model: 'request',
    action,
    id: row.uuid,
    actorId,
    refToken: refToken ?? null,
    projectId: row.project_id,
    payload: {
      status: row.status,
      subject: row.subject,
      project_uuid: row.project_uuid,
      ...(change.statusFrom !== undefined ? { status_from: change.statusFrom } : {}),
      ...(change.responsiblesAdded?.length ? { responsibles_added: change.responsiblesAdded } : {}),
    },
  };
}
