/** Starts the sync as a job; unset without jobs (tests), where POST billing/stripe/sync runs it in the request. */
export type StripeSyncQueue = () => Promise<unknown>;
let queue: StripeSyncQueue | null = null;
export function setStripeSyncQueue(next: StripeSyncQueue | null): void {
  queue = next;
}
export const stripeSyncQueue = () => queue;
