import { PASSWORD_MAX, PASSWORD_MIN } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './passwordRules';

describe('password form rules', () => {
  it('use the same bounds as the shared password contract', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(PASSWORD_MIN);
    expect(PASSWORD_MAX_LENGTH).toBe(PASSWORD_MAX);
  });
});
