import type { SignedInUser } from '@portal/domain';
import { type Ability, createAbility } from '../auth/ability';
import { MAINTENANCE_ALLOWED_PATHS, ROUTES, type RouteDef } from './routeTable';

/**
 * What opening a route leads to for a given user:
 * - allow: show the page
 * - sign-in: go to /login, remembering where the user wanted to go
 * - leave: a signed-in user on a public-only page goes back where they came from, or to /
 * - client-notice: client contacts only ever see the "moved to the client dashboard" notice
 * - forbidden: the permission page inside the layout
 */
export type AccessDecision = 'allow' | 'sign-in' | 'leave' | 'client-notice' | 'forbidden';

export function decideAccess(
  route: Pick<RouteDef, 'access' | 'types' | 'permissions'>,
  user: SignedInUser | null,
): AccessDecision {
  switch (route.access) {
    case 'open':
    case 'redirect':
      return 'allow';
    case 'public-only':
      return user ? 'leave' : 'allow';
    case 'signed-in':
    case 'signed-in-bare': {
      if (!user) {
        return 'sign-in';
      }
      if (user.contact.type === 'contact') {
        return 'client-notice';
      }
      return mayOpen(route, createAbility(user)) ? 'allow' : 'forbidden';
    }
  }
}

/**
 * The one rule for whether an app user may open a signed-in screen: its type rule, then every permission it lists.
 * The route gate above and the sidebar and command palette (layout/navigation.ts) all ask it, so a menu never offers
 * a screen that would answer with the permission page.
 */
export function mayOpen(route: Pick<RouteDef, 'types' | 'permissions'>, ability: Ability): boolean {
  if (route.types !== 'any' && !ability.isRegularUser) {
    return false;
  }
  if (route.types === 'super_user' && !ability.isSuperUser) {
    return false;
  }
  return (route.permissions ?? []).every((permission) => ability.can(permission));
}

export function isAllowedDuringMaintenance(pathname: string): boolean {
  return MAINTENANCE_ALLOWED_PATHS.includes(pathname);
}

/** Matches a concrete pathname against the table's patterns (":param" segments match any one segment). */
export function findRoute(pathname: string): RouteDef | undefined {
  const segments = pathname.replace(/\/+$/, '').split('/');
  return ROUTES.find((route) => {
    const pattern = route.path === '/' ? [''] : route.path.split('/');
    const actual = pathname === '/' ? [''] : segments;
    return pattern.length === actual.length && pattern.every((part, i) => part.startsWith(':') || part === actual[i]);
  });
}

/** The document title: product name + route label, with a 'Dev' prefix in development. */
export function pageTitle(appName: string, label: string, development: boolean): string {
  return `${development ? 'Dev ' : ''}${appName} - ${label}`;
}
