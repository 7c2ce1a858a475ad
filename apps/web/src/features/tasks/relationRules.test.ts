import { MESSAGES } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { relationCall, relationOfferQuery, relationOffers, validateRelation } from './relationRules';

const subject = { uuid: 'me', parent: { uuid: 'dad' }, subtasks: [{ uuid: 'kid1' }, { uuid: 'kid2' }] };

describe('relation form offers', () => {
  it('excludes the task, its parent, its subtasks and closed tasks', () => {
    const candidates = [
      { uuid: 'me', status: 'todo' },
      { uuid: 'dad', status: 'todo' },
      { uuid: 'kid1', status: 'in_progress' },
      { uuid: 'done', status: 'completed' },
      { uuid: 'gone', status: 'cancelled' },
      { uuid: 'master', status: 'seed' },
      { uuid: 'a', status: 'todo' },
      { uuid: 'b', status: 'needs_attention' },
    ];
    expect(relationOffers(candidates, subject).map((c) => c.uuid)).toEqual(['a', 'b']);
    expect(relationOffers(candidates, { uuid: 'me', parent: null, subtasks: [] }).map((c) => c.uuid)).toEqual([
      'dad',
      'kid1',
      'a',
      'b',
    ]);
  });
  it('asks the server for open statuses only, with the typed search', () => {
    const query = relationOfferQuery('  logo ');
    expect(query['search_term[0][0]']).toBe('logo');
    expect(query['filters[task_status][]']).not.toContain('completed');
    expect(query['filters[task_status][]']).not.toContain('cancelled');
    expect(query['filters[task_status][]']).toContain('todo');
    expect(relationOfferQuery(' ')).not.toHaveProperty('search_term[0][0]');
  });
});

describe('relation form choice', () => {
  it('Parent sets this task’s parent; Child sets the picked task’s parent', () => {
    expect(relationCall('me', 'other', 'parent')).toEqual({ uuid: 'me', input: { parent_id: 'other' } });
    expect(relationCall('me', 'other', 'child')).toEqual({ uuid: 'other', input: { parent_id: 'me' } });
  });
  it('requires the task and the relationship', () => {
    expect(validateRelation({})).toEqual({ task: MESSAGES.requiredRelation, relationship: MESSAGES.requiredRelation });
    expect(validateRelation({ picked: 'x' })).toEqual({ relationship: 'This Field is required.' });
    expect(validateRelation({ picked: 'x', relationship: 'child' })).toEqual({});
  });
});
