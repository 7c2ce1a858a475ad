import type { Ability } from '../../auth/ability';
import { findRoute, mayOpen } from '../../routes/access';

/** The plan page's tabs (doc 1 §3 plan hub); each has its own address, the Overview is /projects/{uuid} itself. */
export const PLAN_TABS = ['overview', 'tasks', 'requests', 'files', 'comments', 'history'] as const;
export type PlanTab = (typeof PLAN_TABS)[number];

export function planPath(uuid: string, tab: PlanTab = 'overview'): string {
  return tab === 'overview' ? `/projects/${uuid}` : `/projects/${uuid}/${tab}`;
}

/** The tab an address shows: /projects/{uuid}/{tab}, anything else under the plan is its Overview. */
export function planTabOf(pathname: string): PlanTab {
  const tab = /^\/projects\/[^/]+\/([^/?#]+)/.exec(pathname)?.[1];
  return (PLAN_TABS as readonly string[]).includes(tab ?? '') ? (tab as PlanTab) : 'overview';
}

/**
 * Whether the viewer may open a plan's page: the route table's own rule (type and permissions, the same one the
 * route gate applies), so a plan link is never one that ends on the permission page.
 */
export function canOpenPlans(ability: Ability): boolean {
  const route = findRoute(planPath('00000000-0000-4000-8000-000000000000'));
  return route !== undefined && mayOpen(route, ability);
}
