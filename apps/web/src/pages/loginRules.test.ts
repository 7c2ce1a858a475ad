import { MESSAGES } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/errors';
import { loginFieldErrors, validateLogin } from './loginRules';

describe('validateLogin', () => {
  it('requires both fields', () => {
    expect(validateLogin({ email: '  ', password: '' })).toEqual({
      email: MESSAGES.required,
      password: MESSAGES.required,
    });
  });

  it('checks the e-mail against the shared pattern, trimmed', () => {
    expect(validateLogin({ email: 'admin@demo', password: 'x' })).toEqual({ email: MESSAGES.invalidEmail });
    expect(validateLogin({ email: ' admin@demo.test ', password: 'x' })).toEqual({});
  });
});

describe('loginFieldErrors', () => {
  it("takes a 422's first message for each of the form's fields and leaves the rest", () => {
    const error = new ApiError(422, {
      message: 'The given data was invalid.',
      errors: { email: ['First', 'Second'], cookie_login: ['Not a field here'] },
    });
    expect(loginFieldErrors(error)).toEqual({ email: 'First' });
  });

  it('has nothing for other failures', () => {
    expect(loginFieldErrors(new ApiError(401, { message: 'These credentials do not match our records.' }))).toEqual({});
    expect(loginFieldErrors(new Error('network'))).toEqual({});
  });
});
