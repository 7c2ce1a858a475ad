import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Spin } from 'antd';
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { describeError } from '../api/errors';
import { verifyEmail } from '../auth/api';
import { USER_QUERY_KEY } from '../auth/queries';
import { AuthCard } from './AuthCard';

const INVALID_LINK = 'This verification link is invalid or has expired. Sign in to get a new one.';

/** Opened from the mailed link /verify-email?token=…: verifies the address, signs in and goes to the app. */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const verify = useMutation({
    mutationFn: verifyEmail,
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
      verify.mutate(token);
    }
  }, [token, verify]);

  const error = !token ? INVALID_LINK : verify.isError ? describeError(verify.error) : null;
  return (
    <AuthCard title="Verify your e-mail" footer={<Link to="/login">Back to sign in</Link>}>
      {error ? (
        <Alert type="error" showIcon title={error} data-testid="verify-email-error" />
      ) : (
        <div style={{ textAlign: 'center', padding: 16 }} data-testid="verify-email-pending">
          <Spin /> <span style={{ marginLeft: 8 }}>Verifying your address…</span>
        </div>
      )}
    </AuthCard>
  );
}
