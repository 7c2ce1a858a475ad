import { MESSAGES } from '@portal/domain';
import type { FormRule } from 'antd';

/**
 * The password bounds of passwordField in @portal/domain. Repeated as numbers because importing the contract would
 * pull zod into the page bundle; passwordRules.test.ts keeps the two equal.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export const newPasswordRules: FormRule[] = [
  { required: true, message: MESSAGES.required },
  { min: PASSWORD_MIN_LENGTH, message: MESSAGES.passwordTooShort },
  { max: PASSWORD_MAX_LENGTH, message: MESSAGES.passwordTooLong },
];

export const confirmationRules: FormRule[] = [
  { required: true, message: MESSAGES.required },
  ({ getFieldValue }) => ({
    validator: (_rule, value) =>
      !value || value === getFieldValue('password')
        ? Promise.resolve()
        : Promise.reject(new Error(MESSAGES.passwordMismatch)),
  }),
];
