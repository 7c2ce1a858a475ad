import { EMAIL_PATTERN, MESSAGES } from '@portal/domain';
import { ApiError } from '../api/errors';

export type LoginValues = { email: string; password: string };
export type LoginErrors = Partial<Record<keyof LoginValues, string>>;

/**
 * The sign-in form's own checks, the same the antd forms of the other sign-in screens run (authFields.tsx): both
 * fields required, the e-mail against the shared pattern. The server checks again; these only save a round trip.
 */
export function validateLogin(values: LoginValues): LoginErrors {
  const errors: LoginErrors = {};
  const email = values.email.trim();
  if (!email) {
    errors.email = MESSAGES.required;
  } else if (!EMAIL_PATTERN.test(email)) {
    errors.email = MESSAGES.invalidEmail;
  }
  if (!values.password) {
    errors.password = MESSAGES.required;
  }
  return errors;
}

/** A 422's first message for each of the form's fields (the others are the alert's, see describeLoginError). */
export function loginFieldErrors(error: unknown): LoginErrors {
  if (!(error instanceof ApiError) || error.status !== 422) {
    return {};
  }
  const errors: LoginErrors = {};
  for (const field of ['email', 'password'] as const) {
    const first = error.fieldErrors[field]?.[0];
    if (first) {
      errors[field] = first;
    }
  }
  return errors;
}
