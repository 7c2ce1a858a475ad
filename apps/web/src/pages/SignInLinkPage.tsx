import { MESSAGES } from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Spin } from 'antd';
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { describeError } from '../api/errors';
import { signInWithLink } from '../auth/api';
import { USER_QUERY_KEY } from '../auth/queries';
import { AuthCard } from './AuthCard';

/**
 * Opened from the e-mailed sign-in link /sign-in-link?token=… (the proof step of a sign-in past the account's guess
 * ceiling): signs this device in and goes to the app.
 */
export function SignInLinkPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const follow = useMutation({
    mutationFn: signInWithLink,
    meta: { silentError: true },
    onSuccess: (user) => {
      queryClient.setQueryData(USER_QUERY_KEY, user);
      void navigate('/', { replace: true });
    },
  });
  // The link works once: StrictMode's second mount must not send it again.
  const sent = useRef(false);
  useEffect(() => {
    if (token && !sent.current) {
      sent.current = true;
      follow.mutate(token);
    }
  }, [token, follow]);

  const error = !token ? MESSAGES.signInLinkInvalid : follow.isError ? describeError(follow.error) : null;
  return (
    <AuthCard title="Sign in" footer={<Link to="/login">Back to sign in</Link>}>
      {error ? (
        <Alert type="error" showIcon title={error} data-testid="sign-in-link-error" />
      ) : (
        <div style={{ textAlign: 'center', padding: 16 }} data-testid="sign-in-link-pending">
          <Spin /> <span style={{ marginLeft: 8 }}>Signing you in…</span>
        </div>
      )}
    </AuthCard>
  );
}
