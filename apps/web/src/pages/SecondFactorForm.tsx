import { MESSAGES, type SignedInUser } from '@portal/domain';
import { Alert, Button, Form } from 'antd';
import { useState } from 'react';
import { completeSecondFactor } from '../auth/api';
import { AuthError } from './authFields';
import { TextInput } from './authInputs';
import { useAuthMutation } from './useAuthMutation';

/**
 * The second step of a sign-in (an account with an authenticator app): the six-digit code, or one of the recovery
 * codes shown at enrolment. The challenge is the first step's; when it expires the person signs in again.
 */
export function SecondFactorForm({
  challenge,
  message,
  onSignedIn,
}: {
  challenge: string;
  message: string;
  onSignedIn(user: SignedInUser): void;
}) {
  const [form] = Form.useForm<{ code: string }>();
  const [recovery, setRecovery] = useState(false);
  const { mutation, errorText } = useAuthMutation(form, completeSecondFactor, { onSuccess: onSignedIn });
  return (
    <div data-testid="second-factor">
      <Alert type="info" showIcon title={recovery ? 'Enter one of your recovery codes.' : message} />
      <AuthError text={errorText} testId="second-factor-error" />
      <Form<{ code: string }>
        form={form}
        layout="vertical"
        requiredMark={false}
        className="second-factor-form"
        onFinish={(values) => mutation.mutate({ challenge, code: values.code.trim() })}
      >
        <Form.Item
          key={recovery ? 'recovery' : 'totp'}
          label={recovery ? 'Recovery code' : 'Authentication code'}
          name="code"
          rules={[{ required: true, whitespace: true, message: MESSAGES.required }]}
        >
          {recovery ? (
            <TextInput
              autoComplete="off"
              autoFocus
              placeholder="xxxx-xxxx-xxxx-xxxx"
              data-testid="second-factor-code"
            />
          ) : (
            <TextInput
              autoComplete="one-time-code"
              inputMode="numeric"
              maxLength={6}
              autoFocus
              placeholder="123456"
              data-testid="second-factor-code"
            />
          )}
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={mutation.isPending} data-testid="second-factor-submit">
          Verify
        </Button>
      </Form>
      <Button
        type="link"
        block
        onClick={() => {
          setRecovery((on) => !on);
          form.resetFields();
        }}
        data-testid="second-factor-toggle"
      >
        {recovery ? 'Use your authenticator app' : 'Use a recovery code'}
      </Button>
    </div>
  );
}
