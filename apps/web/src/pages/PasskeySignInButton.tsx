import { KeyOutlined } from '@ant-design/icons';
import type { SignedInUser } from '@portal/domain';
import { useMutation } from '@tanstack/react-query';
import { Button, Divider } from 'antd';
import { describeLoginError } from '../api/errors';
import { signInWithPasskey } from '../auth/api';
import { passkeysSupported } from '../auth/passkeyCeremony';
import { AuthError } from './authFields';

/**
 * "Sign in with a passkey" under the password form, for people who chose passwordless sign-in on their Security
 * screen (the server refuses a passkey set up as a second step, and says so). Hidden where the browser has no WebAuthn.
 */
export function PasskeySignInButton({ onSignedIn }: { onSignedIn(user: SignedInUser): void }) {
  const signIn = useMutation({ mutationFn: signInWithPasskey, meta: { silentError: true }, onSuccess: onSignedIn });
  if (!passkeysSupported()) {
    return null;
  }
  return (
    <>
      <Divider plain>or</Divider>
      <AuthError text={signIn.isError ? describeLoginError(signIn.error) : null} testId="passkey-sign-in-error" />
      <Button
        block
        icon={<KeyOutlined />}
        loading={signIn.isPending}
        onClick={() => signIn.mutate()}
        data-testid="passkey-sign-in"
      >
        Sign in with a passkey
      </Button>
    </>
  );
}
