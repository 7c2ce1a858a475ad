import { EMAIL_PATTERN, MESSAGES, type ResetPasswordInput } from '@portal/domain';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { describeError } from '../api/errors';
import { resetPassword } from '../auth/api';
import { AuthCard } from './AuthCard';
import { PasswordInput, TextInput } from './authInputs';
import { applyFieldErrors } from './formErrors';
import { confirmationRules, newPasswordRules } from './passwordRules';

type ResetValues = Omit<ResetPasswordInput, 'token'>;

/** Opened from the e-mailed link /reset?token=…&email=…. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [form] = Form.useForm<ResetValues>();
  const reset = useMutation({
    mutationFn: resetPassword,
    meta: { silentError: true },
    onError: (error) => applyFieldErrors(form, error),
  });
  const errorText = reset.isError ? describeError(reset.error) : null;

  if (!token) {
    return (
      <AuthCard title="Reset password" footer={<Link to="/forgot-password">Request a new link</Link>}>
        <Alert type="error" showIcon title={MESSAGES.resetTokenInvalid} data-testid="reset-error" />
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Reset password" footer={<Link to="/login">Back to sign in</Link>}>
      {reset.isSuccess ? (
        <Alert type="success" showIcon title={reset.data.message} data-testid="reset-message" />
      ) : (
        <>
          {errorText ? <Alert type="error" showIcon title={errorText} data-testid="reset-error" /> : null}
          <Form<ResetValues>
            form={form}
            layout="vertical"
            requiredMark={false}
            initialValues={{ email: params.get('email') ?? '' }}
            onFinish={(values) => reset.mutate({ ...values, email: values.email.trim(), token })}
          >
            <Form.Item
              label="E-mail"
              name="email"
              rules={[
                { required: true, message: MESSAGES.required },
                { pattern: EMAIL_PATTERN, message: MESSAGES.invalidEmail },
              ]}
            >
              <TextInput type="email" autoComplete="username" />
            </Form.Item>
            <Form.Item label="New password" name="password" rules={newPasswordRules}>
              <PasswordInput autoComplete="new-password" autoFocus />
            </Form.Item>
            <Form.Item
              label="Confirm new password"
              name="password_confirmation"
              dependencies={['password']}
              rules={confirmationRules}
            >
              <PasswordInput autoComplete="new-password" />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={reset.isPending}>
              Reset password
            </Button>
          </Form>
        </>
      )}
    </AuthCard>
  );
}
