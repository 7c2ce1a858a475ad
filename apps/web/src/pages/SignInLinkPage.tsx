import { MESSAGES } from '@portal/domain';
import { signInWithLink } from '../auth/api';
import { OneTimeLinkPage } from './OneTimeLinkPage';

/**
 * Opened from the e-mailed sign-in link /sign-in-link?token=… (the proof step of a sign-in past the account's guess
 * ceiling): signs this device in and goes to the app.
 */
export function SignInLinkPage() {
  return (
    <OneTimeLinkPage
      title="Sign in"
      follow={signInWithLink}
      invalidMessage={MESSAGES.signInLinkInvalid}
      pendingText="Signing you in…"
      testId="sign-in-link"
    />
  );
}
