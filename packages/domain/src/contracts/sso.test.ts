import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages';
import { isAdminPower, ssoErrorMessage } from './sso';

describe('single sign-on contract', () => {
  it('names each refusal the login page shows, and a generic failure for anything else', () => {
    expect(ssoErrorMessage(null)).toBeNull();
    expect(ssoErrorMessage('domain_not_allowed')).toBe(MESSAGES.ssoDomainNotAllowed);
    expect(ssoErrorMessage('email_unverified')).toBe(MESSAGES.ssoEmailUnverified);
    expect(ssoErrorMessage('no_account')).toBe(MESSAGES.ssoNoAccount);
    expect(ssoErrorMessage('<script>')).toBe(MESSAGES.ssoFailed);
    expect(ssoErrorMessage('toString')).toBe(MESSAGES.ssoFailed);
  });

  it('counts role and user administration as powers an account made on first sign-in may never hold', () => {
    expect(isAdminPower('ROLES_UPDATE')).toBe(true);
    expect(isAdminPower('USERS_CREATE')).toBe(true);
    expect(isAdminPower('TASKS_UPDATE')).toBe(false);
    expect(isAdminPower('CONTACTS_READ')).toBe(false);
  });
});
