import { MESSAGES } from '@portal/domain';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Space, Typography } from 'antd';
import { describeError } from '../../api/errors';
import { applyFieldErrors } from '../../pages/formErrors';
import { confirmTotp, startTotp } from './api';

/**
 * Setting up an authenticator app: the QR code (and the secret, for typing in), then a code from the app to prove
 * it works. The secret exists on this screen only; once confirmed the server never shows it again.
 */
export function TotpEnrolment({ onConfirmed }: { onConfirmed(recoveryCodes: string[]): void }) {
  const [form] = Form.useForm<{ code: string }>();
  const start = useMutation({ mutationFn: startTotp, meta: { silentError: true } });
  const confirm = useMutation({
    mutationFn: (code: string) => confirmTotp(code),
    meta: { silentError: true },
    onSuccess: onConfirmed,
    onError: (error) => applyFieldErrors(form, error),
  });
  if (!start.data) {
    return (
      <Space orientation="vertical">
        {start.isError ? <Alert type="error" showIcon title={describeError(start.error)} /> : null}
        <Typography.Paragraph>
          Use an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password…) for a code at every
          sign-in.
        </Typography.Paragraph>
        <Button type="primary" loading={start.isPending} onClick={() => start.mutate()} data-testid="mfa-enrol-start">
          Set up authenticator app
        </Button>
      </Space>
    );
  }
  return (
    <div className="totp-enrolment" data-testid="mfa-enrolment">
      <Typography.Paragraph>1. Scan this QR code with your authenticator app.</Typography.Paragraph>
      <img src={start.data.qr} alt="QR code to add Agency Portal to your authenticator app" width={200} height={200} />
      <Typography.Paragraph>
        Cannot scan it? Enter this key in the app:{' '}
        <Typography.Text code copyable data-testid="mfa-secret" className="totp-secret">
          {start.data.secret}
        </Typography.Text>
      </Typography.Paragraph>
      <Typography.Paragraph>2. Enter the six-digit code the app shows.</Typography.Paragraph>
      {confirm.isError && !form.getFieldError('code').length ? (
        <Alert type="error" showIcon title={describeError(confirm.error)} />
      ) : null}
      <Form<{ code: string }>
        form={form}
        layout="inline"
        requiredMark={false}
        onFinish={(values) => confirm.mutate(values.code.trim())}
      >
        <Form.Item label="Code" name="code" rules={[{ required: true, whitespace: true, message: MESSAGES.required }]}>
          <Input
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={6}
            style={{ width: 120 }}
            data-testid="mfa-enrol-code"
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={confirm.isPending} data-testid="mfa-enrol-confirm">
          Turn on
        </Button>
      </Form>
    </div>
  );
}
