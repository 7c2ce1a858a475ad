import type { SignedInUser } from '@portal/domain';
import { useMutation } from '@tanstack/react-query';
import { describeLoginError } from '../api/errors';
import { signInWithPasskey } from '../auth/api';
import { passkeysSupported } from '../auth/passkeyCeremony';
import { PlainAlert } from './plain/PlainAlert';

/**
 * "Sign in with a passkey" under the password form, for people who chose passwordless sign-in on their Security
 * screen (the server refuses a passkey set up as a second step, and says so). Hidden where the browser has no WebAuthn.
 * Plain markup, as the rest of the sign-in page (LoginPage.tsx).
 */
export function PasskeySignInButton({ onSignedIn }: { onSignedIn(user: SignedInUser): void }) {
  const signIn = useMutation({ mutationFn: signInWithPasskey, meta: { silentError: true }, onSuccess: onSignedIn });
  if (!passkeysSupported()) {
    return null;
  }
  const errorText = signIn.isError ? describeLoginError(signIn.error) : null;
  return (
    <>
      <p className="plain-divider">
        <span>or</span>
      </p>
      {errorText ? <PlainAlert tone="error" text={errorText} testId="passkey-sign-in-error" /> : null}
      <button
        type="button"
        className="plain-button plain-block"
        aria-busy={signIn.isPending || undefined}
        onClick={() => {
          if (!signIn.isPending) {
            signIn.mutate();
          }
        }}
        data-testid="passkey-sign-in"
      >
        {signIn.isPending ? (
          <span className="plain-button-spinner" aria-hidden="true" />
        ) : (
          <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" className="plain-button-icon">
            <circle cx="8" cy="12" r="4" />
            <path d="M12 12h9M18 12v3M21 12v2" />
          </svg>
        )}
        Sign in with a passkey
      </button>
    </>
  );
}
