import { MESSAGES, type SecondFactorMethod, type SignedInUser } from '@portal/domain';
import { Alert, Button, Form } from 'antd';
import { useState } from 'react';
import { completeSecondFactor, completeSecondFactorWithPasskey } from '../auth/api';
import { AuthError } from './authFields';
import { TextInput } from './authInputs';
import { useAuthMutation } from './useAuthMutation';

type Mode = 'totp' | 'recovery' | 'passkey';

const LABELS: Record<Mode, string> = {
  totp: 'Use your authenticator app',
  passkey: 'Use a passkey',
  recovery: 'Use a recovery code',
};

/**
 * The second step of a sign-in: a code from the authenticator app, a passkey (touch the key, unlock the phone), or
 * one of the recovery codes. It offers the ways this person has; when the challenge expires they sign in again.
 */
export function SecondFactorForm({
  challenge,
  message,
  methods,
  onSignedIn,
}: {
  challenge: string;
  message: string;
  methods: readonly SecondFactorMethod[];
  onSignedIn(user: SignedInUser): void;
}) {
  const [form] = Form.useForm<{ code: string }>();
  const [mode, setMode] = useState<Mode>(methods.includes('totp') ? 'totp' : 'passkey');
  const { mutation, errorText } = useAuthMutation(form, completeSecondFactor, { onSuccess: onSignedIn });
  const passkey = useAuthMutation(form, completeSecondFactorWithPasskey, { onSuccess: onSignedIn });
  const others: Mode[] = (['totp', 'passkey', 'recovery'] as const).filter(
    (m) => m !== mode && methods.includes(m === 'recovery' ? 'recovery_code' : m),
  );
  const choose = (next: Mode) => {
    setMode(next);
    form.resetFields();
    mutation.reset();
    passkey.mutation.reset();
  };

  const intro =
    mode === 'recovery'
      ? 'Enter one of your recovery codes.'
      : mode === 'passkey'
        ? 'Use your passkey to finish signing in: your browser will ask you to touch your security key or unlock your device.'
        : message;
  return (
    <div data-testid="second-factor">
      <Alert type="info" showIcon title={intro} />
      <AuthError text={mode === 'passkey' ? passkey.errorText : errorText} testId="second-factor-error" />
      {mode === 'passkey' ? (
        <Button
          type="primary"
          block
          loading={passkey.mutation.isPending}
          onClick={() => passkey.mutation.mutate(challenge)}
          data-testid="second-factor-passkey"
        >
          Use passkey
        </Button>
      ) : (
        <Form<{ code: string }>
          form={form}
          layout="vertical"
          requiredMark={false}
          className="second-factor-form"
          onFinish={(values) => mutation.mutate({ challenge, code: values.code.trim() })}
        >
          <Form.Item
            key={mode}
            label={mode === 'recovery' ? 'Recovery code' : 'Authentication code'}
            name="code"
            rules={[{ required: true, whitespace: true, message: MESSAGES.required }]}
          >
            {mode === 'recovery' ? (
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
          <Button
            type="primary"
            htmlType="submit"
            block
            loading={mutation.isPending}
            data-testid="second-factor-submit"
          >
            Verify
          </Button>
        </Form>
      )}
      {others.map((other) => (
        <Button key={other} type="link" block onClick={() => choose(other)} data-testid={`second-factor-use-${other}`}>
          {LABELS[other]}
        </Button>
      ))}
    </div>
  );
}
