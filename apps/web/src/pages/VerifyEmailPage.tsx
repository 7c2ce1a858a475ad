import { verifyEmail } from '../auth/api';
import { OneTimeLinkPage } from './OneTimeLinkPage';

const INVALID_LINK = 'This verification link is invalid or has expired. Sign in to get a new one.';

/** Opened from the mailed link /verify-email?token=…: verifies the address, signs in and goes to the app. */
export function VerifyEmailPage() {
  return (
    <OneTimeLinkPage
      title="Verify your e-mail"
      follow={verifyEmail}
      invalidMessage={INVALID_LINK}
      pendingText="Verifying your address…"
      testId="verify-email"
    />
  );
}
