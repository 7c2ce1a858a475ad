import { describe, expect, it } from 'vitest';
import { createAbility } from '../../auth/ability';
import type { SearchResponse } from '../../search/searchResults';
import { admin, buildUser, freelancer } from '../../test/users';
import { visibleScreens } from '../navigation';
import {
  actionItems,
  canFollow,
  paletteSections,
  recentItems,
  recentTimerItems,
  screenItems,
  searchItems,
} from './paletteItems';
import type { RecentItem } from './recent';

const TASK = '11111111-1111-4111-8111-111111111111';
const PLAN = '22222222-2222-4222-8222-222222222222';
const REQUEST = '33333333-3333-4333-8333-333333333333';

const RECENT: RecentItem[] = [
  { kind: 'task', uuid: TASK, title: 'Landing page copy', path: `/tasks?task_uuid=${TASK}` },
  { kind: 'plan', uuid: PLAN, title: 'Harbor Dental retainer', path: `/projects/${PLAN}` },
  { kind: 'request', uuid: REQUEST, title: 'Whitening package', path: `/requests/${REQUEST}` },
];

const SEARCH: SearchResponse = {
  data: {
    projects: [
      { uuid: PLAN, title: 'Harbor Dental retainer', detail: 'Harbor Dental Clinic', link: `/projects/${PLAN}` },
    ],
    tasks: [{ uuid: TASK, title: 'Harbor banner', detail: null, link: `/tasks?task_uuid=${TASK}` }],
  },
};

function sectionsFor(user: Parameters<typeof createAbility>[0], term: string) {
  const ability = createAbility(user);
  const found = searchItems(ability, SEARCH, term);
  return paletteSections({
    term,
    screens: screenItems(ability),
    actions: actionItems(ability),
    recent: recentItems(ability, RECENT),
    plans: found.plans,
    timers: found.timers,
    recentTimers: recentTimerItems(ability, RECENT),
  });
}

describe('command palette items', () => {
  it('offers exactly the sidebar screens, for every user', () => {
    for (const user of [admin, freelancer, buildUser('regular_user', ['TASKS_READ'])]) {
      const ability = createAbility(user);
      expect(screenItems(ability).map((item) => item.run)).toEqual(
        visibleScreens(ability).map((entry) => ({ type: 'navigate', to: entry.path })),
      );
    }
  });

  it('puts the screen named by the term first, so Enter opens it', () => {
    const [first] = sectionsFor(admin, 'project time');
    expect(first?.key).toBe('screens');
    expect(first?.items[0]).toMatchObject({
      label: 'Project time',
      run: { type: 'navigate', to: '/project-time-report' },
    });
    // A typo in a longer word still finds it, as the header search does.
    expect(sectionsFor(admin, 'mentons')[0]?.items[0]?.label).toBe('Mentions');
  });

  it('offers the New menu actions as the New menu does', () => {
    expect(actionItems(createAbility(admin)).map((item) => item.label)).toEqual([
      'New task',
      'New plan',
      'New client',
      'New user',
      'New invite',
      'New request',
    ]);
    expect(actionItems(createAbility(freelancer)).map((item) => item.label)).toEqual(['New task']);
  });

  it('leads with recent items, actions and timers when nothing is typed', () => {
    const sections = sectionsFor(admin, '');
    expect(sections.map((section) => section.key)).toEqual(['recent', 'actions', 'timers', 'screens']);
    expect(sections[0]?.items.map((item) => item.label)).toEqual([
      'Landing page copy',
      'Harbor Dental retainer',
      'Whitening package',
    ]);
    expect(sections[2]?.items.map((item) => item.run)).toEqual([
      { type: 'timer', taskUuid: TASK, title: 'Landing page copy' },
    ]);
  });

  it('drops recent items the person may no longer open', () => {
    // A freelancer cannot open a plan page (staff only).
    expect(recentItems(createAbility(freelancer), RECENT).map((item) => item.detail)).toEqual(['Task', 'Request']);
    // Nor anything whose permission they lack.
    expect(recentItems(createAbility(buildUser('regular_user', [])), RECENT)).toEqual([]);
    expect(
      recentItems(createAbility(buildUser('regular_user', ['REQUEST_READ'])), RECENT).map((i) => i.detail),
    ).toEqual(['Request']);
  });

  it('offers "Go to plan" only to people who may open the plan page', () => {
    expect(searchItems(createAbility(admin), SEARCH, 'harbor').plans).toEqual([
      expect.objectContaining({
        label: 'Go to plan Harbor Dental retainer',
        run: { type: 'navigate', to: `/projects/${PLAN}` },
      }),
    ]);
    expect(searchItems(createAbility(freelancer), SEARCH, 'harbor').plans).toEqual([]);
  });

  it('offers "Start timer on" only to people who may log time, for the tasks found and opened lately', () => {
    expect(searchItems(createAbility(admin), SEARCH, 'harbor').timers.map((item) => item.label)).toEqual([
      'Start timer on Harbor banner',
    ]);
    const noLogging = createAbility(buildUser('regular_user', ['TASKS_READ']));
    expect(searchItems(noLogging, SEARCH, 'harbor').timers).toEqual([]);
    expect(recentTimerItems(noLogging, RECENT)).toEqual([]);
  });

  it('offers a task found by the search and opened lately once', () => {
    const ability = createAbility(admin);
    const sections = paletteSections({
      term: 'start',
      screens: [],
      actions: [],
      recent: [],
      plans: [],
      timers: [
        {
          key: `timer:${TASK}`,
          label: 'Start timer on Landing page copy',
          run: { type: 'timer', taskUuid: TASK, title: 'x' },
        },
      ],
      recentTimers: recentTimerItems(ability, RECENT),
    });
    expect(sections).toHaveLength(1);
    expect(sections[0]?.items).toHaveLength(1);
  });

  it('follows only links of screens the person may open', () => {
    const ability = createAbility(freelancer);
    expect(canFollow(ability, '/tasks?task_uuid=x')).toBe(true);
    expect(canFollow(ability, `/projects/${PLAN}`)).toBe(false);
    expect(canFollow(ability, '/nowhere')).toBe(false);
    expect(canFollow(ability, '?task_uuid=create&task_any_project=true')).toBe(true);
  });
});
