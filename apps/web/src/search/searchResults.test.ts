import { describe, expect, it } from 'vitest';
import { groupSearchResults } from './searchResults';

describe('global search results', () => {
  const response = {
    data: {
      projects: [],
      tasks: [{ uuid: 't1', title: 'Design the Anna banner' }],
      people: [
        { uuid: 'p1', name: 'Anna Smith', email: 'anna@demo.test', type: 'regular_user' },
        { uuid: 'p2', name: 'Bob Jones', email: 'bob@demo.test', type: 'freelancer' },
      ],
      cms: [],
      forms: [],
      clients: [],
      requests: [],
    },
  };

  it('shows only non-empty groups, in the spec order, filtered by the term on the client', () => {
    const groups = groupSearchResults(response, 'anna');
    expect(groups.map((g) => g.group)).toEqual(['tasks', 'people']);
    expect(groups[1]?.hits).toEqual([
      { key: 'people:p1', text: 'Anna Smith', detail: 'anna@demo.test', to: '/people?search=Anna%20Smith' },
    ]);
    expect(groups[0]?.hits[0]?.to).toBe('/tasks?task_uuid=t1');
  });

  it('matches people by e-mail too and ignores case and surrounding spaces', () => {
    expect(groupSearchResults(response, '  BOB@demo ')[0]?.hits.map((h) => h.text)).toEqual(['Bob Jones']);
  });

  it('shows nothing for an empty term or no answer', () => {
    expect(groupSearchResults(response, '  ')).toEqual([]);
    expect(groupSearchResults(undefined, 'anna')).toEqual([]);
  });
});
