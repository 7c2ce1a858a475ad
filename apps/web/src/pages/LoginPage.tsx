import { MESSAGES, ssoErrorMessage } from '@portal/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form } from 'antd';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { describeLoginError } from '../api/errors';
import { signIn } from '../auth/api';
import { inviteTokenFrom } from '../auth/inviteToken';
import { USER_QUERY_KEY, useConfig } from '../auth/queries';
import type { SecondStep } from '../auth/signInOutcome';
import { AuthCard } from './AuthCard';
import { AuthError, EmailField } from './authFields';
import { PasswordInput } from './authInputs';
import { PasskeySignInButton } from './PasskeySignInButton';
import { SecondFactorForm } from './SecondFactorForm';
import { useAuthMutation } from './useAuthMutation';

interface LoginValues {
  email: string;
  password: string;
}

export function LoginPage() {
  const [form] = Form.useForm<LoginValues>();
  // With an invite link (/login?invite=…), the public-only gate accepts the invitation once the user is signed in.
  const search = useLocation().search;
  const inviteToken = inviteTokenFrom(search);
  // Single sign-on (GET /api/config says whether it is on): the provider's refusals come back as ?sso_error=…
  const sso = useConfig()?.sso ?? null;
  const ssoError = ssoErrorMessage(new URLSearchParams(search).get('sso_error'));
  const queryClient = useQueryClient();
  // Past the account's guess ceiling a new device signs in through a link mailed to the owner: say so, no session.
  const [linkSent, setLinkSent] = useState<string | null>(null);
  // An account with a second factor: the password was right, the second step asks for a code or a passkey.
  const [secondFactor, setSecondFactor] = useState<SecondStep | null>(null);
  const { mutation: login, errorText } = useAuthMutation(form, signIn, {
    describe: describeLoginError,
    onSuccess: (outcome) => {
      if ('linkSent' in outcome) {
        setLinkSent(outcome.linkSent);
        return;
      }
      if ('secondFactor' in outcome) {
        setSecondFactor(outcome.secondFactor);
        return;
      }
      queryClient.setQueryData(USER_QUERY_KEY, outcome.signedIn);
    },
  });

  if (secondFactor) {
    return (
      <AuthCard
        title="Two-factor authentication"
        footer={
          <Button type="link" onClick={() => setSecondFactor(null)} data-testid="second-factor-back">
            Back to sign in
          </Button>
        }
      >
        <SecondFactorForm
          challenge={secondFactor.challenge}
          message={secondFactor.message}
          methods={secondFactor.methods}
          onSignedIn={(user) => queryClient.setQueryData(USER_QUERY_KEY, user)}
        />
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Sign in"
      footer={
        <>
          <Link to="/forgot-password">Forgot password?</Link>
          <span>
            No account yet? <Link to="/register">Register</Link>
          </span>
        </>
      }
    >
      {inviteToken ? (
        <Alert type="info" showIcon title="Sign in to accept your invitation." data-testid="login-invite" />
      ) : null}
      {linkSent && !login.isError ? (
        <Alert type="success" showIcon title={linkSent} data-testid="login-link-sent" />
      ) : null}
      {ssoError && !login.isError ? (
        <Alert type="error" showIcon title={ssoError} data-testid="login-sso-error" />
      ) : null}
      <AuthError text={errorText} testId="login-error" />
      {sso ? (
        <>
          {/* A full-page navigation: the API redirects the browser on to the identity provider. */}
          <Button href="/api/sso/start" block data-testid="login-sso">
            {sso.label}
          </Button>
          <p className="auth-or">or sign in with your password</p>
        </>
      ) : null}
      <Form<LoginValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => login.mutate({ email: values.email.trim(), password: values.password })}
      >
        <EmailField autoComplete="username" autoFocus />
        <Form.Item label="Password" name="password" rules={[{ required: true, message: MESSAGES.required }]}>
          <PasswordInput autoComplete="current-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={login.isPending}>
          Sign in
        </Button>
      </Form>
      <PasskeySignInButton onSignedIn={(user) => queryClient.setQueryData(USER_QUERY_KEY, user)} />
    </AuthCard>
  );
}
