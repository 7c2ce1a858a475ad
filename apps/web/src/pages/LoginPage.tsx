import { EMAIL_PATTERN, MESSAGES, type SignedInUser } from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form } from 'antd';
import { Link, useLocation } from 'react-router';
import { describeLoginError } from '../api/errors';
import { signIn } from '../auth/api';
import { inviteTokenFrom } from '../auth/inviteToken';
import { USER_QUERY_KEY } from '../auth/queries';
import { AuthCard } from './AuthCard';
import { PasswordInput, TextInput } from './authInputs';
import { applyFieldErrors } from './formErrors';

interface LoginValues {
  email: string;
  password: string;
}

export function LoginPage() {
  const [form] = Form.useForm<LoginValues>();
  const queryClient = useQueryClient();
  const inviteToken = inviteTokenFrom(useLocation().search);
  const login = useMutation({
    // With an invite link (/login?invite=…), the public-only gate accepts the invitation once the user is signed in.
    mutationFn: signIn,
    meta: { silentError: true },
    // Storing the user is enough: the public-only gate then sends the user back where they came from.
    onSuccess: (user: SignedInUser) => queryClient.setQueryData(USER_QUERY_KEY, user),
    onError: (error) => applyFieldErrors(form, error),
  });
  const errorText = login.isError ? describeLoginError(login.error) : null;

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
      {errorText ? <Alert type="error" showIcon title={errorText} data-testid="login-error" /> : null}
      <Form<LoginValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => login.mutate({ email: values.email.trim(), password: values.password })}
      >
        <Form.Item
          label="E-mail"
          name="email"
          rules={[
            { required: true, message: MESSAGES.required },
            { pattern: EMAIL_PATTERN, message: MESSAGES.invalidEmail },
          ]}
        >
          <TextInput type="email" autoComplete="username" autoFocus />
        </Form.Item>
        <Form.Item label="Password" name="password" rules={[{ required: true, message: MESSAGES.required }]}>
          <PasswordInput autoComplete="current-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={login.isPending}>
          Sign in
        </Button>
      </Form>
    </AuthCard>
  );
}
