import { EMAIL_PATTERN, MESSAGES } from '@portal/domain';
import { Alert, Form } from 'antd';
import type { ComponentProps } from 'react';
import { PasswordInput, TextInput } from './authInputs';
import { confirmationRules, newPasswordRules } from './passwordRules';

/** The E-mail field of the sign-in screens: required, checked against the shared pattern. */
export function EmailField(input: Omit<ComponentProps<typeof TextInput>, 'type'>) {
  return (
    <Form.Item
      label="E-mail"
      name="email"
      rules={[
        { required: true, message: MESSAGES.required },
        { pattern: EMAIL_PATTERN, message: MESSAGES.invalidEmail },
      ]}
    >
      <TextInput type="email" {...input} />
    </Form.Item>
  );
}

/** A new password and its confirmation (registration, reset). */
export function NewPasswordFields({
  label,
  confirmLabel,
  autoFocus,
}: {
  label: string;
  confirmLabel: string;
  autoFocus?: boolean;
}) {
  return (
    <>
      <Form.Item label={label} name="password" rules={newPasswordRules}>
        <PasswordInput autoComplete="new-password" autoFocus={autoFocus} />
      </Form.Item>
      <Form.Item
        label={confirmLabel}
        name="password_confirmation"
        dependencies={['password']}
        rules={confirmationRules}
      >
        <PasswordInput autoComplete="new-password" />
      </Form.Item>
    </>
  );
}

/** The error line above a sign-in screen's form. */
export function AuthError({ text, testId }: { text: string | null; testId: string }) {
  return text ? <Alert type="error" showIcon title={text} data-testid={testId} /> : null;
}
