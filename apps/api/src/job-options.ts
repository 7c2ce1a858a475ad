import type { Database } from './db/client';

/**
 * What every scheduled job receives. It sits below `jobs.ts` so that the modules whose jobs `jobs.ts` starts can
 * name it without importing the file that imports them.
 */
export type JobLog = { info: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
export type JobOptions = { db: Database; timeZone: string; log: JobLog };

/**
 * The logger a job logs with: bound to the id of the request that started it (`reqId` in the job's data), so its
 * lines are found beside the request's own (docs/ARCHITECTURE.md, "Running in production").
 */
export function jobLogger<L extends { child: (bindings: object) => L }>(log: L, data: { reqId?: string } | null): L {
  return data?.reqId ? log.child({ reqId: data.reqId }) : log;
}
