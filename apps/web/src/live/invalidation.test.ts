import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { REF_TOKEN } from '../features/tasks/refToken';
import { invalidateForModelChange, invalidateForUserEvent, isOwnEvent } from './invalidation';

/** A client holding one query per key; answers which of them an event made stale. */
function staleAfter(run: (client: QueryClient) => void) {
  const client = new QueryClient();
  const keys = [
    ['tasks', 'detail', 't1'],
    ['requests', 'new-count'],
    ['time-logs', 'weekly-summary'],
    ['comments', 'task', 't1'],
    ['notifications', 'count'],
    ['mentions', 'count'],
    ['plans', 'p1'],
    ['onboardings', 'board'],
    ['posts', 'detail', 'p1'],
    ['post-categories'],
  ];
  for (const key of keys) {
    client.setQueryData(key, 1);
  }
  run(client);
  return keys.filter((key) => client.getQueryState(key)?.isInvalidated).map((key) => key.join('/'));
}

describe('live invalidation', () => {
  it('ignores the echo of this tab’s own write (its ref_token)', () => {
    expect(isOwnEvent({ payload: { ref_token: REF_TOKEN } })).toBe(true);
    expect(isOwnEvent({ payload: { ref_token: 'another-tab' } })).toBe(false);
    expect(isOwnEvent({ payload: { ref_token: null } })).toBe(false);
    const own = staleAfter((c) =>
      invalidateForModelChange(c, { model: 'task', action: 'updated', id: 't1', payload: { ref_token: REF_TOKEN } }),
    );
    expect(own).toEqual([]);
  });

  it('refreshes /cms and an open post on another person’s post or category change', () => {
    const change = (model: 'post' | 'post_category') => (c: QueryClient) =>
      invalidateForModelChange(c, { model, action: 'updated', id: 'x', payload: { ref_token: null } });
    expect(staleAfter(change('post'))).toEqual(['posts/detail/p1']);
    expect(staleAfter(change('post_category'))).toEqual(['posts/detail/p1', 'post-categories']);
  });

  it('refreshes the views each model feeds', () => {
    const change = (model: 'task' | 'request' | 'timelog' | 'comment' | 'onboarding') => (c: QueryClient) =>
      invalidateForModelChange(c, { model, action: 'updated', id: 'x', payload: { ref_token: null } });
    expect(staleAfter(change('task'))).toEqual(['tasks/detail/t1']);
    expect(staleAfter(change('request'))).toEqual(['requests/new-count']);
    expect(staleAfter(change('timelog'))).toEqual(['tasks/detail/t1', 'time-logs/weekly-summary']);
    expect(staleAfter(change('comment'))).toEqual(['comments/task/t1']);
    // What a client does on their onboarding page moves staff's board and table.
    expect(staleAfter(change('onboarding'))).toEqual(['onboardings/board']);
    expect(staleAfter((c) => invalidateForUserEvent(c, 'notification'))).toEqual([
      'notifications/count',
      'mentions/count',
    ]);
    expect(staleAfter((c) => invalidateForUserEvent(c, 'mention.change'))).toEqual(['mentions/count']);
  });

  it("moves another person's change onto an open calendar: task, request and comment changes refresh it", () => {
    const calendarStale = (model: 'task' | 'request' | 'timelog' | 'comment') => {
      const client = new QueryClient();
      const key = ['calendar', 'events', '2026-11-01', '2026-12-01'];
      client.setQueryData(key, 1);
      invalidateForModelChange(client, { model, action: 'updated', id: 'x', payload: { ref_token: null } });
      return client.getQueryState(key)?.isInvalidated ?? false;
    };
    expect(calendarStale('task')).toBe(true);
    expect(calendarStale('request')).toBe(true);
    expect(calendarStale('comment')).toBe(true);
    // A time log moves no date.
    expect(calendarStale('timelog')).toBe(false);
  });
});
