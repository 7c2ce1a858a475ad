import type { LiveModelChange } from '@portal/domain';
import type { QueryClient } from '@tanstack/react-query';
import { REF_TOKEN } from '../features/tasks/refToken';

/**
 * Which cached queries an event makes stale (server data lives only in TanStack Query: a live event invalidates,
 * the views refetch). The query keys are the features' own (features/<feature>/api.ts); the roots are spelled
 * here so this module loads without the features' code.
 */
const ROOTS = {
  tasks: ['tasks'],
  requests: ['requests'],
  timeLogs: ['time-logs'],
  comments: ['comments'],
  mentionsCount: ['mentions', 'count'],
  mentionInbox: ['mentions', 'inbox'],
  notifications: ['notifications'],
  uploads: ['uploads'],
  plans: ['plans'],
  onboardings: ['onboardings'],
  // features/calendar/api.ts: dated tasks, request deliveries and scheduled comments.
  calendar: ['calendar'],
  // features/content/api.ts: a plan's content items, also moved by a client's answer on an approval link.
  content: ['content'],
  // features/posts/api.ts: the /cms list and an open post (its fields; the body moves through its own document).
  posts: ['posts'],
  postCategories: ['post-categories'],
} as const;

/** An event this tab caused itself carries its ref_token: its views already show the change. */
export function isOwnEvent(event: { payload?: { ref_token?: string | null } }): boolean {
  return Boolean(event.payload?.ref_token) && event.payload?.ref_token === REF_TOKEN;
}

export function invalidateForModelChange(client: QueryClient, event: LiveModelChange) {
  if (isOwnEvent(event)) {
    return;
  }
  const stale = (queryKey: readonly unknown[]) => void client.invalidateQueries({ queryKey });
  switch (event.model) {
    case 'task':
      stale(ROOTS.tasks);
      stale(ROOTS.calendar);
      break;
    case 'request':
      // Includes the Requests badge ([...REQUESTS_KEY, 'new-count']): a created request with status new raises it.
      stale(ROOTS.requests);
      stale(ROOTS.calendar);
      break;
    case 'timelog':
    case 'requesttimelog':
      // Time log tables, active timers, weekly hours, and the task/request totals they feed.
      stale(ROOTS.timeLogs);
      stale(event.model === 'timelog' ? ROOTS.tasks : ROOTS.requests);
      break;
    case 'comment':
      stale(ROOTS.comments);
      stale(ROOTS.mentionInbox);
      stale(ROOTS.calendar);
      break;
    case 'upload':
      stale(ROOTS.comments);
      stale(ROOTS.uploads);
      stale(ROOTS.tasks);
      break;
    case 'content_item':
      stale(ROOTS.content);
      break;
    case 'post':
      stale(ROOTS.posts);
      break;
    case 'post_category':
      // A renamed or deleted category also changes the posts showing it.
      stale(ROOTS.postCategories);
      stale(ROOTS.posts);
      break;
    case 'onboarding':
      // The board, the table, an open onboarding and a client's onboarding section (features/onboarding/api.ts).
      stale(ROOTS.onboardings);
      break;
  }
}

export function invalidateForUserEvent(client: QueryClient, name: 'notification' | 'mention.change') {
  if (name === 'notification') {
    void client.invalidateQueries({ queryKey: ROOTS.notifications });
  }
  void client.invalidateQueries({ queryKey: ROOTS.mentionsCount });
  void client.invalidateQueries({ queryKey: ROOTS.mentionInbox });
}

export function invalidateForBudget(client: QueryClient) {
  void client.invalidateQueries({ queryKey: ROOTS.plans });
}

/** After a reconnect: whatever changed while the channel was down. */
export function resyncAll(client: QueryClient) {
  for (const queryKey of Object.values(ROOTS)) {
    void client.invalidateQueries({ queryKey });
  }
}
