import { MESSAGES, type RegisterInput } from '@portal/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { describeError } from '../api/errors';
import { register } from '../auth/api';
import { getInvitePreview } from '../auth/invites';
import { inviteTokenFrom, markInviteHandled } from '../auth/inviteToken';
import { USER_QUERY_KEY } from '../auth/queries';
import { AuthCard } from './AuthCard';
import { AuthError, EmailField, NewPasswordFields } from './authFields';
import { TextInput } from './authInputs';
import { useAuthMutation } from './useAuthMutation';

export function RegisterPage() {
  const [form] = Form.useForm<RegisterInput>();
  // An invite link (/register?invite=…) names the client and fixes the e-mail the invitation went to.
  const inviteToken = inviteTokenFrom(useLocation().search);
  const invite = useQuery({
    queryKey: ['invite-preview', inviteToken],
    queryFn: ({ signal }) => getInvitePreview(inviteToken as string, signal),
    enabled: inviteToken !== null,
    meta: { silentError: true },
    retry: false,
  });
  const validInvite = invite.data?.status === 'pending' ? invite.data : undefined;
  useEffect(() => {
    if (validInvite) {
      form.setFieldsValue({ email: validInvite.email });
    }
  }, [validInvite, form]);

  // With an invite the account is signed in (the invite token is used: the public-only gate must not accept it a
  // second time); without one the server mails a verification link and the page says to check the mailbox.
  const queryClient = useQueryClient();
  const [checkEmail, setCheckEmail] = useState<{ message: string; email: string } | null>(null);
  const { mutation: signUp, errorText } = useAuthMutation(form, register, {
    onSuccess: (outcome, input) => {
      if ('checkEmail' in outcome) {
        setCheckEmail({ message: outcome.checkEmail, email: input.email });
        return;
      }
      if (input.invite_token) {
        markInviteHandled(input.invite_token);
      }
      queryClient.setQueryData(USER_QUERY_KEY, outcome.signedIn);
    },
  });
  const inviteError = invite.isError
    ? describeError(invite.error)
    : invite.data && !validInvite
      ? MESSAGES.inviteInvalid
      : null;

  if (checkEmail) {
    return (
      <AuthCard title="Check your e-mail" footer={<Link to="/login">Back to sign in</Link>}>
        <Alert
          type="success"
          showIcon
          title={checkEmail.message}
          description={MESSAGES.registerCheckEmail(checkEmail.email)}
          data-testid="register-check-email"
        />
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Create an account"
      footer={
        validInvite ? (
          <Link to={`/login?invite=${encodeURIComponent(inviteToken ?? '')}`} data-testid="invite-sign-in">
            I already have an account
          </Link>
        ) : (
          <span>
            Already registered? <Link to="/login">Sign in</Link>
          </span>
        )
      }
    >
      {validInvite ? (
        <Alert
          type="info"
          showIcon
          title={`You're invited to join ${validInvite.customer.business_name}`}
          data-testid="invite-banner"
        />
      ) : null}
      {inviteError ? <Alert type="warning" showIcon title={inviteError} data-testid="invite-error" /> : null}
      <AuthError text={errorText} testId="register-error" />
      <Form<RegisterInput>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(values) =>
          signUp.mutate({
            ...values,
            name: values.name.trim(),
            email: values.email.trim(),
            ...(validInvite && inviteToken ? { invite_token: inviteToken } : {}),
          })
        }
      >
        <Form.Item label="Name" name="name" rules={[{ required: true, whitespace: true, message: MESSAGES.required }]}>
          <TextInput autoComplete="name" autoFocus />
        </Form.Item>
        <EmailField autoComplete="email" readOnly={Boolean(validInvite)} data-testid="register-email" />
        <NewPasswordFields label="Password" confirmLabel="Confirm password" />
        <Button type="primary" htmlType="submit" block loading={signUp.isPending}>
          Register
        </Button>
      </Form>
    </AuthCard>
  );
}
