import { Link, useLocation } from 'react-router';
import { useAbility } from '../../auth/useAbility';
import { isBuiltScreen } from '../../layout/navigation';
import { mayOpen } from '../../routes/access';
import { ROUTES } from '../../routes/routeTable';

/** The onboarding screens, in the order an agency sets up and then follows its onboarding. */
const SCREENS: [path: string, label: string][] = [
  ['/onboarding', 'Board'],
  ['/onboarding/submissions', 'All onboardings'],
  ['/onboarding/process', 'Process'],
  ['/onboarding/requirements', 'Requirements'],
  ['/onboarding/welcome', 'Welcome kit'],
  ['/onboarding/information', 'Information form'],
  ['/onboarding/orders', 'Orders'],
];

/**
 * The links between the onboarding screens, over each of them (the sidebar has one Onboarding entry). A screen shows
 * once its route has a page and the viewer may open it, by the route table's own rule, like the sidebar.
 */
export function OnboardingNav() {
  const ability = useAbility();
  const { pathname } = useLocation();
  return (
    <nav className="ob-nav" aria-label="Onboarding screens" data-testid="onboarding-nav">
      {SCREENS.map(([path, label]) => {
        const route = ROUTES.find((r) => r.path === path);
        if (!route || !isBuiltScreen(route) || !mayOpen(route, ability)) {
          return null;
        }
        return (
          <Link
            key={path}
            to={path}
            aria-current={pathname === path ? 'page' : undefined}
            data-testid={`onboarding-nav-${path.split('/')[2] ?? 'board'}`}
          >
            {label}
          </Link>
        );
      })}
    </nav>
  );
}
