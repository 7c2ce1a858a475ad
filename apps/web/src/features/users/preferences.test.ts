import { MESSAGES } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { togglePreference } from './preferences';

const both = { email_notifications: '1', sms_notifications: '1', push_notifications: '0' } as const;

describe('notification preferences', () => {
  it('switches a channel with the strings 1 and 0', () => {
    expect(togglePreference(both, 'push_notifications', true)).toEqual({
      next: { ...both, push_notifications: '1' },
      error: null,
    });
    expect(togglePreference(both, 'email_notifications', false).next.email_notifications).toBe('0');
  });

  it('refuses to turn off the last of email and SMS', () => {
    const emailOnly = { ...both, sms_notifications: '0' } as const;
    expect(togglePreference(emailOnly, 'email_notifications', false)).toEqual({
      next: emailOnly,
      error: MESSAGES.channelRequired,
    });
    const neverAsked = { ...both, sms_notifications: null };
    expect(togglePreference(neverAsked, 'email_notifications', false).error).toBe(MESSAGES.channelRequired);
  });

  it('lets push go off whatever the other channels are', () => {
    const emailOnly = { email_notifications: '1', sms_notifications: '0', push_notifications: '1' } as const;
    expect(togglePreference(emailOnly, 'push_notifications', false).error).toBeNull();
  });
});
