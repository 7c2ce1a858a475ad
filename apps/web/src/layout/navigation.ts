import type { Permission } from '@portal/domain';
import type { Ability } from '../auth/ability';
import { mayOpen } from '../routes/access';
import { ROUTES, type RouteDef } from '../routes/routeTable';

/**
 * A sidebar entry: the route it opens and, where the menu names it differently from the page title, its label. Who
 * sees it is not said here: the route table's type rule and permissions decide (`mayOpen`), the same rule as the
 * route gate, so there is one copy of each permission rule.
 */
export interface NavEntry {
  key: string;
  path: string;
  label?: string;
  /** Where a count badge goes (doc 1 §2: unread mentions, new requests). */
  badge?: 'mentions' | 'requests';
  /** A server feature the screen needs (the assistant needs an AI provider): see `featureAllows`. */
  feature?: 'ai';
}

/** What the server has configured (GET config); left out, no entry is held back for it. */
export interface NavFeatures {
  aiEnabled: boolean;
}

/**
 * An entry that needs an unconfigured feature is hidden: it could only show a setup text to people who cannot act on
 * it. Super users keep it, as the assistant page tells them how to set the provider up.
 */
export function featureAllows(entry: NavEntry, ability: Ability, features: NavFeatures | undefined): boolean {
  return entry.feature !== 'ai' || !features || features.aiEnabled || ability.isSuperUser;
}

export interface NavGroup {
  key: string;
  label: string;
  entries: readonly NavEntry[];
}

/**
 * Every screen of the app, grouped for an agency. Doc 1 §2's entries keep their permissions, badges and relative
 * order (Dashboard, Mentions, Tasks, Plans, Timelog, Requests; Users, Users report, Groups); the rest are the screens
 * its route list has. A screen whose route still shows only its title is listed here ahead of time and stays out of
 * the menu until its route gets a page (`isBuiltScreen`): a screen joins the menu when it lands, with no second step.
 */
export const SIDEBAR: readonly NavGroup[] = [
  {
    key: 'work',
    label: 'Work',
    entries: [
      { key: 'dashboard', path: '/' },
      { key: 'mentions', path: '/inbox', badge: 'mentions' },
      { key: 'tasks', path: '/tasks' },
      { key: 'personal-tasks', path: '/personal-tasks' },
      { key: 'requests', path: '/requests', badge: 'requests' },
      { key: 'calendar', path: '/calendar' },
      { key: 'assistant', path: '/assistant', feature: 'ai' },
    ],
  },
  {
    // Not 'clients': that is the Clients entry's key, and keys name menu items and test ids.
    key: 'client-work',
    label: 'Clients',
    entries: [
      { key: 'clients', path: '/clients' },
      { key: 'customers', path: '/customers' },
      { key: 'plans', path: '/projects' },
      { key: 'contacts', path: '/people' },
      { key: 'onboarding', path: '/onboarding' },
      { key: 'orders', path: '/onboarding/orders', label: 'Orders' },
      { key: 'forms', path: '/forms' },
    ],
  },
  {
    key: 'marketing',
    label: 'Marketing',
    entries: [
      { key: 'content', path: '/content' },
      // The spec's /cms screen: the agency's posts.
      { key: 'posts', path: '/cms', label: 'Posts' },
      { key: 'advertising', path: '/advertising' },
      { key: 'analytics', path: '/analytics' },
    ],
  },
  {
    key: 'reports',
    label: 'Reports',
    entries: [
      { key: 'reports-overview', path: '/report', label: 'Reports overview' },
      { key: 'timelog', path: '/timelog-report' },
      { key: 'project-time', path: '/project-time-report', label: 'Project time' },
      { key: 'users-report', path: '/report/user-performance' },
    ],
  },
  {
    key: 'admin',
    label: 'Admin',
    entries: [
      { key: 'users', path: '/users' },
      { key: 'roles', path: '/roles' },
      { key: 'groups', path: '/groups' },
      { key: 'services', path: '/services' },
      { key: 'product-types', path: '/product-types' },
      { key: 'comment-templates', path: '/comment-templates' },
      { key: 'discounts', path: '/discounts' },
      { key: 'integrations', path: '/integrations' },
      { key: 'administration', path: '/administration' },
      { key: 'webhooks', path: '/administration/webhooks' },
      { key: 'email-logs', path: '/logs', label: 'E-mail log' },
      { key: 'activity-log', path: '/activity-log' },
    ],
  },
];

/** A screen with its own page, not the title placeholder that routes of later issues show until they land. */
export function isBuiltScreen(route: RouteDef): boolean {
  return route.access === 'signed-in' && route.page !== undefined && route.page !== 'title';
}

export interface VisibleNavEntry {
  key: string;
  label: string;
  path: string;
  group: string;
  badge?: NavEntry['badge'];
}

export interface VisibleNavGroup {
  key: string;
  label: string;
  entries: VisibleNavEntry[];
}

/** The groups and entries this user sees: built screens they may open; a group with no entry left disappears. */
export function visibleNavigation(
  ability: Ability,
  groups: readonly NavGroup[] = SIDEBAR,
  routes: readonly RouteDef[] = ROUTES,
  features?: NavFeatures,
): VisibleNavGroup[] {
  const result: VisibleNavGroup[] = [];
  for (const group of groups) {
    const entries: VisibleNavEntry[] = [];
    for (const entry of group.entries) {
      const route = routes.find((r) => r.path === entry.path);
      if (!route || !isBuiltScreen(route) || !mayOpen(route, ability) || !featureAllows(entry, ability, features)) {
        continue;
      }
      entries.push({
        key: entry.key,
        label: entry.label ?? route.label,
        path: entry.path,
        group: group.label,
        ...(entry.badge ? { badge: entry.badge } : {}),
      });
    }
    if (entries.length > 0) {
      result.push({ key: group.key, label: group.label, entries });
    }
  }
  return result;
}

/** The screens this user may open, in menu order (the command palette's screen list). */
export function visibleScreens(ability: Ability, features?: NavFeatures): VisibleNavEntry[] {
  return visibleNavigation(ability, SIDEBAR, ROUTES, features).flatMap((group) => group.entries);
}

/** Keys of visible entries, flattened, each group before its entries (for tests). */
export function visibleNavKeys(ability: Ability): string[] {
  return visibleNavigation(ability).flatMap((group) => [group.key, ...group.entries.map((e) => e.key)]);
}

/**
 * The header's New menu (doc 1 §2). An item appears only once the screen or modal it opens exists (`built`), so the
 * menu never offers something that does nothing; with no item left the New button is hidden.
 */
export interface NewMenuEntry {
  key: string;
  label: string;
  /** Where the item leads: a route, or the current location plus query parameters for a global modal. */
  to: string;
  permission?: Permission;
  regularUsersOnly?: boolean;
  built: boolean;
}

export const NEW_MENU: readonly NewMenuEntry[] = [
  {
    key: 'new-task',
    label: 'New task',
    to: '?task_uuid=create&task_any_project=true',
    permission: 'TASKS_CREATE',
    built: true,
  },
  {
    key: 'new-plan',
    label: 'New plan',
    to: '?plan=create',
    permission: 'PROJECTS_CREATE',
    regularUsersOnly: true,
    built: true,
  },
  // Not in doc 1's list; the client modal's client_uuid=create is reachable from here as the issue asks.
  {
    key: 'new-client',
    label: 'New client',
    to: '?client_uuid=create',
    permission: 'CUSTOMERS_CREATE',
    regularUsersOnly: true,
    built: true,
  },
  { key: 'new-user', label: 'New user', to: '?user=create', permission: 'CONTACTS_CREATE', built: true },
  { key: 'new-invite', label: 'New invite', to: '?invite=create', regularUsersOnly: true, built: true },
  {
    key: 'new-request',
    label: 'New request',
    to: '/requests/new',
    permission: 'REQUEST_CREATE',
    regularUsersOnly: true,
    built: true,
  },
];

export function visibleNewMenu(ability: Ability, entries: readonly NewMenuEntry[] = NEW_MENU): NewMenuEntry[] {
  return entries.filter(
    (entry) =>
      entry.built &&
      (!entry.permission || ability.can(entry.permission)) &&
      (!entry.regularUsersOnly || ability.isRegularUser),
  );
}
