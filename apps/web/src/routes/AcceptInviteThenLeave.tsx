import { useEffect, useRef, useState } from 'react';
import { Navigate } from 'react-router';
import { acceptInvite } from '../auth/invites';
import { markInviteHandled } from '../auth/inviteToken';
import { FullPageSpinner } from '../pages/FullPageSpinner';
import { reportError, reportSuccess } from '../shell/feedback';

/**
 * A signed-in user on /login?invite= or /register?invite= (just signed in there, or already signed in when the
 * link was opened): the invitation is accepted first, its outcome shown ('You joined …' or the server's message),
 * then the user leaves the public-only page.
 */
export function AcceptInviteThenLeave({ token, to }: { token: string; to: string }) {
  const [done, setDone] = useState(false);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) {
      return;
    }
    started.current = true;
    markInviteHandled(token);
    void acceptInvite(token)
      .then(reportSuccess, reportError)
      .finally(() => setDone(true));
  }, [token]);
  return done ? <Navigate to={to} replace /> : <FullPageSpinner testId="invite-accepting" />;
}
