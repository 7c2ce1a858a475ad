import { MESSAGES } from '@portal/domain';
import { Suspense } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { WithAntd } from '../app/AppTheme';
import { useConfig, useCurrentUser } from '../auth/queries';
import { FullPageSpinner } from '../pages/FullPageSpinner';
import { useUiState } from '../state/uiStore';
import { BareRoute, LayoutRoute, NotFoundRoute, SignedInShell } from './gates';
import { shouldShowMaintenance } from './maintenance';
import { MaintenancePage } from './pages';
import { PLAIN_PATHS, ROUTES } from './routeTable';
import { usePageTitle } from './usePageTitle';

function Maintenance() {
  usePageTitle(MESSAGES.underMaintenance);
  return <MaintenancePage />;
}

/** The route tree, built from the route table. */
export function AppRoutes() {
  const location = useLocation();
  const refused = useUiState((s) => s.maintenance);
  const configured = useConfig()?.maintenance;
  const signedIn = Boolean(useCurrentUser().data);
  if (shouldShowMaintenance({ pathname: location.pathname, refused, configured, signedIn })) {
    return (
      <WithAntd>
        <Maintenance />
      </WithAntd>
    );
  }
  const routes = (
    <Suspense fallback={<FullPageSpinner />}>
      <Routes>
        {ROUTES.filter((route) => route.access !== 'signed-in').map((route) => (
          <Route key={route.path} path={route.path} element={<BareRoute route={route} />} />
        ))}
        <Route element={<SignedInShell />}>
          {ROUTES.filter((route) => route.access === 'signed-in').map((route) => (
            <Route key={route.path} path={route.path} element={<LayoutRoute route={route} />} />
          ))}
        </Route>
        <Route path="*" element={<NotFoundRoute />} />
      </Routes>
    </Suspense>
  );
  // The sign-in page is plain markup (issue 24: its first download carries no antd); every other screen gets antd's
  // theme, loaded with the first of them.
  return PLAIN_PATHS.includes(location.pathname) ? routes : <WithAntd>{routes}</WithAntd>;
}
