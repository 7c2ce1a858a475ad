import type { SecondFactorChallenge, SignedInUser } from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Spin } from 'antd';
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { describeError } from '../api/errors';
import { USER_QUERY_KEY } from '../auth/queries';
import { AuthCard } from './AuthCard';
import { SecondFactorForm } from './SecondFactorForm';

type Props = {
  title: string;
  /** Spends the link's token and answers the signed-in user, or the second step of an account with a factor. */
  follow: (token: string) => Promise<SignedInUser | SecondFactorChallenge>;
  /** Shown when the address carries no token at all. */
  invalidMessage: string;
  pendingText: string;
  /** Prefix of the pending and error test ids (`${testId}-pending`, `${testId}-error`). */
  testId: string;
};

/**
 * A page opened from an e-mailed one-time link (`?token=…`): it spends the token once, signs this device in and
 * goes to the app, or says why the link did not work.
 */
export function OneTimeLinkPage({ title, follow, invalidMessage, pendingText, testId }: Props) {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const spend = useMutation({
    mutationFn: follow,
    meta: { silentError: true },
    onSuccess: (outcome) => {
      if ('second_factor_required' in outcome) {
        return;
      }
      signedIn(outcome);
    },
  });
  const signedIn = (user: SignedInUser) => {
    queryClient.setQueryData(USER_QUERY_KEY, user);
    void navigate('/', { replace: true });
  };
  // The link works once: StrictMode's second mount must not send it again.
  const sent = useRef(false);
  useEffect(() => {
    if (token && !sent.current) {
      sent.current = true;
      spend.mutate(token);
    }
  }, [token, spend]);

  const error = !token ? invalidMessage : spend.isError ? describeError(spend.error) : null;
  const challenge = spend.data && 'second_factor_required' in spend.data ? spend.data : null;
  if (challenge) {
    return (
      <AuthCard title="Two-factor authentication" footer={<Link to="/login">Back to sign in</Link>}>
        <SecondFactorForm
          challenge={challenge.challenge}
          message={challenge.message}
          methods={challenge.methods}
          onSignedIn={signedIn}
        />
      </AuthCard>
    );
  }
  return (
    <AuthCard title={title} footer={<Link to="/login">Back to sign in</Link>}>
      {error ? (
        <Alert type="error" showIcon title={error} data-testid={`${testId}-error`} />
      ) : (
        <div style={{ textAlign: 'center', padding: 16 }} data-testid={`${testId}-pending`}>
          <Spin /> <span style={{ marginLeft: 8 }}>{pendingText}</span>
        </div>
      )}
    </AuthCard>
  );
}
