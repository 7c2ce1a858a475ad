import { EMAIL_PATTERN, type ForgotPasswordInput, MESSAGES } from '@portal/domain';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form } from 'antd';
import { Link } from 'react-router';
import { describeError } from '../api/errors';
import { requestPasswordReset } from '../auth/api';
import { AuthCard } from './AuthCard';
import { TextInput } from './authInputs';
import { applyFieldErrors } from './formErrors';

export function ForgotPasswordPage() {
  const [form] = Form.useForm<ForgotPasswordInput>();
  const sendLink = useMutation({
    mutationFn: requestPasswordReset,
    meta: { silentError: true },
    onError: (error) => applyFieldErrors(form, error),
  });
  const errorText = sendLink.isError ? describeError(sendLink.error) : null;

  return (
    <AuthCard title="Forgot password" footer={<Link to="/login">Back to sign in</Link>}>
      {sendLink.isSuccess ? (
        <Alert type="success" showIcon title={sendLink.data.message} data-testid="forgot-password-message" />
      ) : (
        <>
          <p>Enter the e-mail address of your account and we will send you a link to choose a new password.</p>
          {errorText ? <Alert type="error" showIcon title={errorText} data-testid="forgot-password-error" /> : null}
          <Form<ForgotPasswordInput>
            form={form}
            layout="vertical"
            requiredMark={false}
            onFinish={(values) => sendLink.mutate({ email: values.email.trim() })}
          >
            <Form.Item
              label="E-mail"
              name="email"
              rules={[
                { required: true, message: MESSAGES.required },
                { pattern: EMAIL_PATTERN, message: MESSAGES.invalidEmail },
              ]}
            >
              <TextInput type="email" autoComplete="email" autoFocus />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={sendLink.isPending}>
              Send reset link
            </Button>
          </Form>
        </>
      )}
    </AuthCard>
  );
}
