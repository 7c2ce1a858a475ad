import { MESSAGES } from '@portal/domain';
import { exchangeSsoToken } from '../auth/api';
import { OneTimeLinkPage } from './OneTimeLinkPage';

/**
 * Where single sign-on lands (/sign-in/sso?token=…, sent by GET /api/sso/callback): spends the one-time hand-off
 * code for a session, or the second step of an account with a second factor, and goes to the app.
 */
export function SsoSignInPage() {
  return (
    <OneTimeLinkPage
      title="Single sign-on"
      follow={exchangeSsoToken}
      invalidMessage={MESSAGES.ssoHandoffInvalid}
      pendingText="Signing you in…"
      testId="sso-sign-in"
    />
  );
}
