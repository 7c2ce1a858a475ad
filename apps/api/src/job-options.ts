import type { Database } from './db/client';

/**
 * What every scheduled job receives. It sits below `jobs.ts` so that the modules whose jobs `jobs.ts` starts can
 * name it without importing the file that imports them.
 */
export type JobLog = { info: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
export type JobOptions = { db: Database; timeZone: string; log: JobLog };
