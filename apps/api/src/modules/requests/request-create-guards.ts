import type { DbExecutor } from '../../db/client';

/** The plan a new (non-draft or draft) request is created on, as the guards see it. */
export type RequestCreateSubject = { projectId: number; customerId: number | null; actorId: number };

/** A guard refuses by throwing an AppError (its message is the answer); otherwise it lets the request be created. */
type RequestCreateGuard = (db: DbExecutor, subject: RequestCreateSubject) => Promise<void>;

const guards = new Set<RequestCreateGuard>();

/**
 * Lets another module refuse a request before it is created (billing: a client overdue beyond the agency's limit),
 * without the requests module knowing that module. Answers the unsubscribe.
 */
export function onRequestCreate(guard: RequestCreateGuard): () => void {
  guards.add(guard);
  return () => guards.delete(guard);
}

export async function checkRequestCreateGuards(db: DbExecutor, subject: RequestCreateSubject): Promise<void> {
  for (const guard of guards) {
    await guard(db, subject);
  }
}
