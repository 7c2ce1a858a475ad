import { MESSAGES, type SignedInUser } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { signInOutcome } from './signInOutcome';

describe('signInOutcome', () => {
  it('reads a signed-in user', () => {
    const user = { uuid: 'u-1', auth_token: 't' } as unknown as SignedInUser;
    expect(signInOutcome({ data: user })).toEqual({ signedIn: user });
  });

  it('reads the e-mailed sign-in link answer as a message to show, not a session', () => {
    expect(signInOutcome({ message: MESSAGES.signInLinkSent, sign_in_link_sent: true })).toEqual({
      linkSent: MESSAGES.signInLinkSent,
    });
    expect(MESSAGES.signInLinkSent).toMatch(/^We e-mailed you a sign-in link/);
  });

  it('reads a second-factor challenge as the second step to show, not a session', () => {
    const body = {
      message: MESSAGES.secondFactorRequired,
      second_factor_required: true as const,
      challenge: 'c-1',
      methods: ['passkey' as const, 'recovery_code' as const],
    };
    expect(signInOutcome(body)).toEqual({
      secondFactor: { challenge: 'c-1', message: MESSAGES.secondFactorRequired, methods: ['passkey', 'recovery_code'] },
    });
  });
});
