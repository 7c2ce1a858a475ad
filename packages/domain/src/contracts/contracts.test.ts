import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages';
import { loginInputSchema, registerInputSchema } from './auth';

describe('auth contracts', () => {
  it('reports missing fields with the spec message', () => {
    const result = loginInputSchema.safeParse({});
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['email', MESSAGES.required],
      ['password', MESSAGES.required],
    ]);
  });

  it('lower-cases e-mails and defaults cookie_login to false', () => {
    expect(loginInputSchema.parse({ email: ' A@B.CO ', password: 'x' })).toEqual({
      email: 'a@b.co',
      password: 'x',
      cookie_login: false,
    });
  });

  it('requires the password confirmation to match', () => {
    const result = registerInputSchema.safeParse({
      name: 'A',
      email: 'a@b.co',
      password: 'long-enough',
      password_confirmation: 'different',
    });
    expect(result.error?.issues[0]?.message).toBe(MESSAGES.passwordMismatch);
  });
});
