import { EMAIL_PATTERN, MESSAGES, type RegisterInput, type SignedInUser } from '@portal/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form } from 'antd';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { describeError } from '../api/errors';
import { register } from '../auth/api';
import { getInvitePreview } from '../auth/invites';
import { inviteTokenFrom, markInviteHandled } from '../auth/inviteToken';
import { USER_QUERY_KEY } from '../auth/queries';
import { AuthCard } from './AuthCard';
import { PasswordInput, TextInput } from './authInputs';
import { applyFieldErrors } from './formErrors';
import { confirmationRules, newPasswordRules } from './passwordRules';

export function RegisterPage() {
  const [form] = Form.useForm<RegisterInput>();
  const queryClient = useQueryClient();
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

  const signUp = useMutation({
    mutationFn: register,
    meta: { silentError: true },
    // Registration signs the account in; the public-only gate then leaves this page. A token sent with the
    // registration is used: the gate must not accept it a second time.
    onSuccess: (user: SignedInUser, input) => {
      if (input.invite_token) {
        markInviteHandled(input.invite_token);
      }
      queryClient.setQueryData(USER_QUERY_KEY, user);
    },
    onError: (error) => applyFieldErrors(form, error),
  });
  const errorText = signUp.isError ? describeError(signUp.error) : null;
  const inviteError = invite.isError
    ? describeError(invite.error)
    : invite.data && !validInvite
      ? MESSAGES.inviteInvalid
      : null;

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
      {errorText ? <Alert type="error" showIcon title={errorText} data-testid="register-error" /> : null}
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
        <Form.Item
          label="E-mail"
          name="email"
          rules={[
            { required: true, message: MESSAGES.required },
            { pattern: EMAIL_PATTERN, message: MESSAGES.invalidEmail },
          ]}
        >
          <TextInput type="email" autoComplete="email" readOnly={Boolean(validInvite)} data-testid="register-email" />
        </Form.Item>
        <Form.Item label="Password" name="password" rules={newPasswordRules}>
          <PasswordInput autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label="Confirm password"
          name="password_confirmation"
          dependencies={['password']}
          rules={confirmationRules}
        >
          <PasswordInput autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={signUp.isPending}>
          Register
        </Button>
      </Form>
    </AuthCard>
  );
}
