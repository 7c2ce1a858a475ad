import { type ContactPreferences, type Flag, hasNotificationChannel, MESSAGES } from '@portal/domain';

export type Channel = 'email_notifications' | 'sms_notifications' | 'push_notifications';

export interface PreferenceChange {
  next: ContactPreferences;
  /** Set when the change is refused before it is sent (email and SMS both off). */
  error: string | null;
}

/** Flipping one channel switch; email and SMS cannot both be off (doc 1 §5), checked before anything is sent. */
export function togglePreference(current: ContactPreferences, channel: Channel, on: boolean): PreferenceChange {
  const flag: Flag = on ? '1' : '0';
  const next = { ...current, [channel]: flag } as ContactPreferences;
  if (channel !== 'push_notifications' && !hasNotificationChannel(next)) {
    return { next: current, error: MESSAGES.channelRequired };
  }
  return { next, error: null };
}

/** Whether flipping this switch first asks for the phone number (doc 1 §5: enabling SMS opens the dialog). */
export function needsPhoneDialog(channel: Channel, on: boolean): boolean {
  return channel === 'sms_notifications' && on;
}

/**
 * What the SMS dialog saves in one PUT: the phone and SMS on together, so SMS is never on without a number. An
 * empty phone is refused before anything is sent.
 */
export function smsOptIn(
  current: ContactPreferences,
  phone: string | null | undefined,
): { body: { phone: string; preferences: ContactPreferences } | null; error: string | null } {
  const number = (phone ?? '').trim();
  if (number === '') {
    return { body: null, error: MESSAGES.enterPhone };
  }
  return { body: { phone: number, preferences: { ...current, sms_notifications: '1' } }, error: null };
}
