import { describe, expect, it } from 'vitest';
import { shouldOfferSms } from './smsPromptRule';

const never = { phone: null, preferences: { sms_notifications: null } };

describe('shouldOfferSms', () => {
  it('offers the notice to someone with no phone who never chose, where SMS is configured', () => {
    expect(shouldOfferSms({ sms_enabled: true }, never)).toBe(true);
  });

  it('does not offer it when the server has no SMS account', () => {
    expect(shouldOfferSms({ sms_enabled: false }, never)).toBe(false);
    expect(shouldOfferSms(undefined, never)).toBe(false);
  });

  it('does not offer it to someone who already has a phone', () => {
    expect(shouldOfferSms({ sms_enabled: true }, { ...never, phone: '+14155550142' })).toBe(false);
  });

  it('does not offer it again once dismissed or answered', () => {
    const dismissed = { ...never, preferences: { ...never.preferences, sms_notifications: '0' as const } };
    expect(shouldOfferSms({ sms_enabled: true }, dismissed)).toBe(false);
  });
});
