import { MESSAGES } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { needsPhoneDialog, smsOptIn, togglePreference } from './preferences';

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

describe('SMS opt-in', () => {
  const emailOnly = { email_notifications: '1', sms_notifications: '0', push_notifications: '0' } as const;

  it('asks for the phone number when SMS is switched on, not when it goes off', () => {
    expect(needsPhoneDialog('sms_notifications', true)).toBe(true);
    expect(needsPhoneDialog('sms_notifications', false)).toBe(false);
    expect(needsPhoneDialog('push_notifications', true)).toBe(false);
  });

  it('saves the phone and SMS on together', () => {
    expect(smsOptIn(emailOnly, ' +1 555 0100 ')).toEqual({
      body: { phone: '+1 555 0100', preferences: { ...emailOnly, sms_notifications: '1' } },
      error: null,
    });
  });

  it('requires the phone number', () => {
    expect(smsOptIn(emailOnly, '  ')).toEqual({ body: null, error: MESSAGES.enterPhone });
    expect(smsOptIn(emailOnly, null).error).toBe('Please enter the phone number');
  });
});
