import { ssoErrorMessage } from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, lazy, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { describeLoginError } from '../api/errors';
import { WithAntd } from '../app/AppTheme';
import { signIn } from '../auth/api';
import { inviteTokenFrom } from '../auth/inviteToken';
import { USER_QUERY_KEY, useConfig } from '../auth/queries';
import type { SecondStep } from '../auth/signInOutcome';
import { AuthCard } from './AuthCard';
import { type LoginErrors, type LoginValues, loginFieldErrors, validateLogin } from './loginRules';
import { PasskeySignInButton } from './PasskeySignInButton';
import { PlainAlert } from './plain/PlainAlert';
import { PlainField } from './plain/PlainField';
import { PlainSpinner } from './plain/PlainSpinner';

// The second step is antd's form (codes, passkeys, recovery codes), loaded only for accounts that have one.
const SecondFactorForm = lazy(() => import('./SecondFactorForm').then((m) => ({ default: m.SecondFactorForm })));

/**
 * The sign-in page, in plain markup: the first download of /login carries no antd (issue 24 keeps it under 150 KB
 * gzipped); styles.css `.plain-*` draws the fields, notices and buttons the way antd does elsewhere.
 */
export function LoginPage() {
  // With an invite link (/login?invite=…), the public-only gate accepts the invitation once the user is signed in.
  const search = useLocation().search;
  const inviteToken = inviteTokenFrom(search);
  // Single sign-on (GET /api/config says whether it is on): the provider's refusals come back as ?sso_error=…
  const sso = useConfig()?.sso ?? null;
  const ssoError = ssoErrorMessage(new URLSearchParams(search).get('sso_error'));
  const queryClient = useQueryClient();
  const [values, setValues] = useState<LoginValues>({ email: '', password: '' });
  const [errors, setErrors] = useState<LoginErrors>({});
  // Past the account's guess ceiling a new device signs in through a link mailed to the owner: say so, no session.
  const [linkSent, setLinkSent] = useState<string | null>(null);
  // An account with a second factor: the password was right, the second step asks for a code or a passkey.
  const [secondFactor, setSecondFactor] = useState<SecondStep | null>(null);
  const login = useMutation({
    mutationFn: signIn,
    // The failure shows on this screen, not as a global notice.
    meta: { silentError: true },
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
    onError: (error) => setErrors(loginFieldErrors(error)),
  });
  const errorText = login.isError ? describeLoginError(login.error) : null;

  // As antd's forms do: a field's message follows what is typed once the field has one.
  const change = (field: keyof LoginValues) => (value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (errors[field]) {
      setErrors({ ...errors, [field]: validateLogin(next)[field] });
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateLogin(values);
    setErrors(found);
    if (!found.email && !found.password && !login.isPending) {
      login.mutate({ email: values.email.trim(), password: values.password });
    }
  };

  if (secondFactor) {
    return (
      <AuthCard
        title="Two-factor authentication"
        footer={
          <button
            type="button"
            className="plain-link-button"
            onClick={() => setSecondFactor(null)}
            data-testid="second-factor-back"
          >
            Back to sign in
          </button>
        }
      >
        <WithAntd fallback={<PlainSpinner />}>
          <SecondFactorForm
            challenge={secondFactor.challenge}
            message={secondFactor.message}
            methods={secondFactor.methods}
            onSignedIn={(user) => queryClient.setQueryData(USER_QUERY_KEY, user)}
          />
        </WithAntd>
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
      {inviteToken ? <PlainAlert tone="info" text="Sign in to accept your invitation." testId="login-invite" /> : null}
      {linkSent && !login.isError ? <PlainAlert tone="success" text={linkSent} testId="login-link-sent" /> : null}
      {ssoError && !login.isError ? <PlainAlert tone="error" text={ssoError} testId="login-sso-error" /> : null}
      {errorText ? <PlainAlert tone="error" text={errorText} testId="login-error" /> : null}
      {sso ? (
        <>
          {/* A full-page navigation: the API redirects the browser on to the identity provider. */}
          <a className="plain-button plain-block" href="/api/sso/start" data-testid="login-sso">
            {sso.label}
          </a>
          <p className="auth-or">or sign in with your password</p>
        </>
      ) : null}
      <form className="plain-form" noValidate onSubmit={submit}>
        <PlainField
          label="E-mail"
          type="email"
          autoComplete="username"
          autoFocus
          value={values.email}
          onChange={change('email')}
          error={errors.email}
        />
        <PlainField
          label="Password"
          type="password"
          autoComplete="current-password"
          value={values.password}
          onChange={change('password')}
          error={errors.password}
        />
        <button
          type="submit"
          className="plain-button plain-button-primary plain-block"
          aria-busy={login.isPending || undefined}
        >
          {login.isPending ? <span className="plain-button-spinner" aria-hidden="true" /> : null}
          Sign in
        </button>
      </form>
      <PasskeySignInButton onSignedIn={(user) => queryClient.setQueryData(USER_QUERY_KEY, user)} />
    </AuthCard>
  );
}
