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
