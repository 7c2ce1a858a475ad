import type { ForgotPasswordInput } from '@portal/domain';
import { Alert, Button, Form } from 'antd';
import { Link } from 'react-router';
import { requestPasswordReset } from '../auth/api';
import { AuthCard } from './AuthCard';
import { AuthError, EmailField } from './authFields';
import { useAuthMutation } from './useAuthMutation';

export function ForgotPasswordPage() {
  const [form] = Form.useForm<ForgotPasswordInput>();
  const { mutation: sendLink, errorText } = useAuthMutation(form, requestPasswordReset);

  return (
    <AuthCard title="Forgot password" footer={<Link to="/login">Back to sign in</Link>}>
      {sendLink.isSuccess ? (
        <Alert type="success" showIcon title={sendLink.data.message} data-testid="forgot-password-message" />
      ) : (
        <>
          <p>Enter the e-mail address of your account and we will send you a link to choose a new password.</p>
          <AuthError text={errorText} testId="forgot-password-error" />
          <Form<ForgotPasswordInput>
            form={form}
            layout="vertical"
            requiredMark={false}
            onFinish={(values) => sendLink.mutate({ email: values.email.trim() })}
          >
            <EmailField autoComplete="email" autoFocus />
            <Button type="primary" htmlType="submit" block loading={sendLink.isPending}>
              Send reset link
            </Button>
          </Form>
        </>
      )}
    </AuthCard>
  );
}
