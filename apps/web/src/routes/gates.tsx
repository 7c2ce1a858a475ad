import type { SignedInUser } from '@portal/domain';
import { Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { handledInviteTokens, inviteToAccept } from '../auth/inviteToken';
import { useCurrentUser } from '../auth/queries';
import { FullPageSpinner } from '../pages/FullPageSpinner';
import { ServerUnavailable } from '../pages/ServerUnavailable';
import { AcceptInviteThenLeave } from './AcceptInviteThenLeave';
import { decideAccess } from './access';
import { AppLayout, ClientNoticePage, EnrolmentRequiredPage, ForbiddenPage, NotFoundPage, PAGES } from './pages';
import { returnPath } from './redirects';
import { NOT_FOUND_LABEL, type RouteDef } from './routeTable';
import { usePageTitle } from './usePageTitle';

function SignInRedirect() {
  const location = useLocation();
  return <Navigate to="/login" replace state={{ from: location }} />;
}

/** Waits for the signed-in user; renders the spinner while it loads and an error page if it cannot be loaded. */
function WithUser({ children }: { children: (user: SignedInUser | null) => React.ReactNode }) {
  const query = useCurrentUser();
  if (query.isPending || (query.isError && query.isFetching)) {
    return <FullPageSpinner testId="auth-loading" />;
  }
  if (query.isError && query.data === undefined) {
    return <ServerUnavailable onRetry={() => void query.refetch()} />;
  }
  return <>{children(query.data ?? null)}</>;
}

/** A route outside the layout: public-only, open, the file viewer and the status-report redirect. */
export function BareRoute({ route }: { route: RouteDef }) {
  usePageTitle(route.label);
  const location = useLocation();
  if (route.access === 'redirect') {
    return <Navigate to={route.redirectTo ?? '/'} replace />;
  }
  const Page = PAGES[route.page ?? 'title'];
  if (route.access === 'open') {
    return <Page label={route.label} />;
  }
  return (
    <WithUser>
      {(user) => {
        switch (decideAccess(route, user)) {
          case 'leave': {
            const invite = inviteToAccept(location.search, handledInviteTokens());
            return invite ? (
              <AcceptInviteThenLeave token={invite} to={returnPath(location.state)} />
            ) : (
              <Navigate to={returnPath(location.state)} replace />
            );
          }
          case 'sign-in':
            return <SignInRedirect />;
          case 'client-notice':
            return <ClientNoticePage />;
          case 'forbidden':
            return <ForbiddenPage />;
          case 'allow':
            return <Page label={route.label} />;
        }
      }}
    </WithUser>
  );
}

/** The parent of every signed-in route: sign-in check, the client-contact notice, then the layout. */
export function SignedInShell() {
  return (
    <WithUser>
      {(user) => {
        if (!user) {
          return <SignInRedirect />;
        }
        // A role that requires a second factor: nothing of the app answers until one is set up.
        if (user.mfa_enrolment_required) {
          return <EnrolmentRequiredPage />;
        }
        if (user.contact.type === 'contact') {
          return <ClientNoticePage />;
        }
        return (
          <AppLayout>
            <Suspense fallback={<FullPageSpinner />}>
              <Outlet />
            </Suspense>
          </AppLayout>
        );
      }}
    </WithUser>
  );
}

/** A signed-in route inside the layout; a user of the wrong type sees the permission page there. */
export function LayoutRoute({ route }: { route: RouteDef }) {
  usePageTitle(route.label);
  const user = useCurrentUser().data ?? null;
  const Page = PAGES[route.page ?? 'title'];
  if (decideAccess(route, user) === 'forbidden') {
    return <ForbiddenPage />;
  }
  return <Page label={route.label} />;
}

export function NotFoundRoute() {
  usePageTitle(NOT_FOUND_LABEL);
  return <NotFoundPage />;
}
