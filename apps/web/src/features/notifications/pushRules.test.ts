import { describe, expect, it } from 'vitest';
import {
  pushRegistrationStep,
  pushSwitchAction,
  shouldShowPushPrompt,
  shouldSubscribe,
  vapidKeyBytes,
} from './pushRules';

const base = { supported: true, pushPreference: '1', permission: 'default', dismissed: false } as const;

describe('the push-permission prompt', () => {
  it('shows only with push on, permission not asked yet, the API present and No thanks not chosen', () => {
    expect(shouldShowPushPrompt(base)).toBe(true);
    expect(shouldShowPushPrompt({ ...base, pushPreference: '0' })).toBe(false);
    expect(shouldShowPushPrompt({ ...base, permission: 'granted' })).toBe(false);
    expect(shouldShowPushPrompt({ ...base, permission: 'denied' })).toBe(false);
    expect(shouldShowPushPrompt({ ...base, supported: false })).toBe(false);
    expect(shouldShowPushPrompt({ ...base, dismissed: true })).toBe(false);
  });

  it('subscribes this browser once permission is granted and push is on', () => {
    expect(shouldSubscribe({ ...base, permission: 'granted' })).toBe(true);
    expect(shouldSubscribe({ ...base, permission: 'granted', pushPreference: '0' })).toBe(false);
    expect(shouldSubscribe(base)).toBe(false);
  });

  it('turning Push on asks the browser, or is refused when the browser denied or has no notifications', () => {
    expect(pushSwitchAction('default')).toBe('ask');
    expect(pushSwitchAction('granted')).toBe('allowed');
    expect(pushSwitchAction('denied')).toBe('denied');
    expect(pushSwitchAction(undefined)).toBe('denied');
  });
});

describe('push registration', () => {
  it('registers a new subscription, renews a replaced one and leaves a known one alone', () => {
    expect(pushRegistrationStep('b', null, [])).toEqual({ kind: 'register' });
    expect(pushRegistrationStep('b', 'a', ['a'])).toEqual({ kind: 'renew', old: 'a' });
    expect(pushRegistrationStep('b', 'a', [])).toEqual({ kind: 'register' });
    expect(pushRegistrationStep('b', 'a', ['a', 'b'])).toEqual({ kind: 'none' });
  });

  it('decodes the base64url VAPID key into bytes', () => {
    expect([...vapidKeyBytes('AQID_-8')]).toEqual([1, 2, 3, 255, 239]);
  });
});
