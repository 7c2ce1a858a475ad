import type { Ability } from '../../auth/ability';
import { findRoute, mayOpen } from '../../routes/access';
import { matchesTerm, type SearchResponse } from '../../search/searchResults';
import { type NavFeatures, visibleNewMenu, visibleScreens } from '../navigation';
import { RECENT_KIND_LABELS, type RecentItem } from './recent';

/** What choosing an item does: open an address, or start a timer on a task. */
export type PaletteRun = { type: 'navigate'; to: string } | { type: 'timer'; taskUuid: string; title: string };

export interface PaletteItem {
  key: string;
  label: string;
  /** Shown beside the label and searched with it (a screen's group, a recent item's kind). */
  detail?: string;
  run: PaletteRun;
}

export interface PaletteSection {
  key: 'recent' | 'screens' | 'actions' | 'plans' | 'timers';
  heading: string;
  items: PaletteItem[];
}

/**
 * Whether this person may follow a link: an address of the route table they may open (the route gate's rule), or a
 * query-parameter modal over the current screen ('?task_uuid=create…', which the New menu already vetted).
 */
export function canFollow(ability: Ability, to: string): boolean {
  if (to.startsWith('?')) {
    return true;
  }
  const route = findRoute(to.split(/[?#]/)[0] ?? to);
  return route?.access === 'signed-in' && mayOpen(route, ability);
}

/** The sidebar's screens (the same list, the same rule). */
export function screenItems(ability: Ability, features?: NavFeatures): PaletteItem[] {
  return visibleScreens(ability, features).map((entry) => ({
    key: `screen:${entry.key}`,
    label: entry.label,
    detail: entry.group,
    run: { type: 'navigate', to: entry.path },
  }));
}

/** The New menu's items, as it offers them. */
export function actionItems(ability: Ability): PaletteItem[] {
  return visibleNewMenu(ability).map((entry) => ({
    key: `action:${entry.key}`,
    label: entry.label,
    run: { type: 'navigate', to: entry.to },
  }));
}

/** Recent items this person may still open (rights change; the list is only this browser's memory). */
export function recentItems(ability: Ability, recent: readonly RecentItem[]): PaletteItem[] {
  return recent
    .filter((item) => canFollow(ability, item.path))
    .map((item) => ({
      key: `recent:${item.kind}:${item.uuid}`,
      label: item.title,
      detail: RECENT_KIND_LABELS[item.kind],
      run: { type: 'navigate', to: item.path },
    }));
}

/** Whether "Start timer on …" may be offered: starting one creates a time log on a task. */
export function canStartTimers(ability: Ability): boolean {
  return ability.can('TASKS_READ') && ability.can('TIMELOG_CREATE');
}

export const TIMER_ITEMS_LIMIT = 5;
export const PLAN_ITEMS_LIMIT = 5;

/**
 * From the global search's answer for the term: "Go to plan …" for plans the person may open, and "Start timer on
 * …" for tasks, each kept only if it matches the term the way the header's search filters (`matchesTerm`).
 */
export function searchItems(
  ability: Ability,
  response: SearchResponse | undefined,
  term: string,
): { plans: PaletteItem[]; timers: PaletteItem[] } {
  if (!response || !term.trim()) {
    return { plans: [], timers: [] };
  }
  const plans = (response.data.projects ?? [])
    .filter((plan) => matchesTerm(plan, term) && canFollow(ability, plan.link))
    .slice(0, PLAN_ITEMS_LIMIT)
    .map((plan) => ({
      key: `plan:${plan.uuid}`,
      label: `Go to plan ${plan.title}`,
      detail: plan.detail ?? undefined,
      run: { type: 'navigate', to: plan.link } as const,
    }));
  const timers = canStartTimers(ability)
    ? (response.data.tasks ?? [])
        .filter((task) => matchesTerm(task, term))
        .slice(0, TIMER_ITEMS_LIMIT)
        .map((task) => ({
          key: `timer:${task.uuid}`,
          label: `Start timer on ${task.title}`,
          detail: task.detail ?? undefined,
          run: { type: 'timer', taskUuid: task.uuid, title: task.title } as const,
        }))
    : [];
  return { plans, timers };
}

/** "Start timer on …" for the tasks this person opened lately, so the usual case needs no typing. */
export function recentTimerItems(ability: Ability, recent: readonly RecentItem[]): PaletteItem[] {
  if (!canStartTimers(ability)) {
    return [];
  }
  return recent
    .filter((item) => item.kind === 'task' && canFollow(ability, item.path))
    .slice(0, TIMER_ITEMS_LIMIT)
    .map((item) => ({
      key: `timer:${item.uuid}`,
      label: `Start timer on ${item.title}`,
      run: { type: 'timer', taskUuid: item.uuid, title: item.title },
    }));
}

/** Every word typed matches a word of the label or its detail (prefix, or a typo in a longer word). */
export function filterItems(items: readonly PaletteItem[], term: string): PaletteItem[] {
  if (!term.trim()) {
    return [...items];
  }
  return items.filter((item) => matchesTerm({ title: item.label, detail: item.detail ?? null }, term));
}

/**
 * The palette's sections, empty ones dropped. With nothing typed, recent items and actions come first (what one
 * most often wants again); once a term is typed, screens lead, so a screen's name and Enter opens it.
 */
export function paletteSections(input: {
  term: string;
  screens: PaletteItem[];
  actions: PaletteItem[];
  recent: PaletteItem[];
  plans: PaletteItem[];
  /** Found by the search for the term. */
  timers: PaletteItem[];
  recentTimers: PaletteItem[];
}): PaletteSection[] {
  const { term } = input;
  const screens: PaletteSection = { key: 'screens', heading: 'Screens', items: filterItems(input.screens, term) };
  const actions: PaletteSection = { key: 'actions', heading: 'Actions', items: filterItems(input.actions, term) };
  const recent: PaletteSection = { key: 'recent', heading: 'Recent', items: filterItems(input.recent, term) };
  const plans: PaletteSection = { key: 'plans', heading: 'Plans', items: input.plans };
  // A task both opened lately and found by the search is offered once.
  const timerItems = filterItems(input.recentTimers, term);
  for (const item of input.timers) {
    if (!timerItems.some((other) => other.key === item.key)) {
      timerItems.push(item);
    }
  }
  const timers: PaletteSection = { key: 'timers', heading: 'Timers', items: timerItems };
  const ordered = term.trim() ? [screens, actions, recent, plans, timers] : [recent, actions, timers, screens];
  return ordered.filter((section) => section.items.length > 0);
}
