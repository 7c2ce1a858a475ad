import { MESSAGES, type ResetPasswordInput } from '@portal/domain';
import { Alert, Button, Form } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { resetPassword } from '../auth/api';
import { AuthCard } from './AuthCard';
import { AuthError, EmailField, NewPasswordFields } from './authFields';
import { useAuthMutation } from './useAuthMutation';

type ResetValues = Omit<ResetPasswordInput, 'token'>;

/** Opened from the e-mailed link /reset?token=…&email=…. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [form] = Form.useForm<ResetValues>();
  const { mutation: reset, errorText } = useAuthMutation(form, resetPassword);

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
          <AuthError text={errorText} testId="reset-error" />
          <Form<ResetValues>
            form={form}
            layout="vertical"
            requiredMark={false}
            initialValues={{ email: params.get('email') ?? '' }}
            onFinish={(values) => reset.mutate({ ...values, email: values.email.trim(), token })}
          >
            <EmailField autoComplete="username" />
            <NewPasswordFields label="New password" confirmLabel="Confirm new password" autoFocus />
            <Button type="primary" htmlType="submit" block loading={reset.isPending}>
              Reset password
            </Button>
          </Form>
        </>
      )}
    </AuthCard>
  );
}
