import { describe, expect, it } from 'vitest';
import { groupSearchResults, matchesTerm } from './searchResults';

describe('global search results', () => {
  const response = {
    data: {
      projects: [],
      tasks: [
        { uuid: 't1', title: 'Design the Anna banner', detail: 'Café Zoë Retainer', link: '/tasks?task_uuid=t1' },
      ],
      people: [
        { uuid: 'p1', title: 'Anna Smith', detail: 'anna@demo.test', link: '/users/p1' },
        { uuid: 'p2', title: 'Bob Jones', detail: 'bob@demo.test', link: '/users/p2' },
      ],
      cms: [],
      forms: [],
      clients: [{ uuid: 'c1', title: 'Brighton Bakery', detail: null, link: '/clients?client_uuid=c1' }],
      requests: [],
    },
  };

  it('shows only non-empty groups, in the spec order, filtered by the term on the client, linked as the API says', () => {
    const groups = groupSearchResults(response, 'anna');
    expect(groups.map((g) => g.group)).toEqual(['tasks', 'people']);
    expect(groups[1]?.hits).toEqual([
      { key: 'people:p1', text: 'Anna Smith', detail: 'anna@demo.test', to: '/users/p1' },
    ]);
    expect(groups[0]?.hits[0]?.to).toBe('/tasks?task_uuid=t1');
  });

  it('keeps what the server matched by word prefix, accent-folded, or with a typo in a longer word', () => {
    expect(matchesTerm({ title: 'Brighton Bakery', detail: null }, 'BAK bri')).toBe(true);
    expect(matchesTerm({ title: 'Design', detail: 'Café Zoë Retainer' }, 'cafe zoe')).toBe(true);
    expect(matchesTerm({ title: 'Brighton Bakery', detail: null }, 'Brigthon')).toBe(true);
    expect(matchesTerm({ title: 'Photography for the menu', detail: null }, 'photograpy')).toBe(true);
  });

  it('drops hits the current term no longer matches (a stale answer)', () => {
    expect(matchesTerm({ title: 'Brighton Bakery', detail: null }, 'brisket')).toBe(false);
    expect(matchesTerm({ title: 'Logo', detail: null }, 'lgo')).toBe(false);
    expect(groupSearchResults(response, 'bob zz')).toEqual([]);
  });

  it('shows nothing for an empty term or no answer', () => {
    expect(groupSearchResults(response, '  ')).toEqual([]);
    expect(groupSearchResults(undefined, 'anna')).toEqual([]);
  });
});
