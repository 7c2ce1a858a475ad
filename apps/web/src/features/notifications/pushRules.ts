import type { Flag } from '@portal/domain';

/** Where 'No thanks' on the push prompt is remembered (doc 1 §4: remembered locally). */
export const PUSH_PROMPT_DISMISSED_KEY = 'push-prompt-dismissed';

export type PushPermissionState = 'default' | 'granted' | 'denied';

/**
 * Whether the push-permission prompt shows (doc 1 §2, §4): the browser has the Notification API, the user's push
 * preference is '1', the browser has not been asked yet ('default'), and the user has not chosen No thanks.
 */
export function shouldShowPushPrompt(input: {
  supported: boolean;
  pushPreference: Flag | undefined;
  permission: PushPermissionState | undefined;
  dismissed: boolean;
}): boolean {
  return input.supported && input.pushPreference === '1' && input.permission === 'default' && !input.dismissed;
}

/** Whether this browser should hold a subscription registered with the server: permission given and push on. */
export function shouldSubscribe(input: {
  supported: boolean;
  pushPreference: Flag | undefined;
  permission: PushPermissionState | undefined;
}) {
  return input.supported && input.pushPreference === '1' && input.permission === 'granted';
}

/** The outcome of turning the Push switch on: ask the browser, or refuse because it already denied. */
export function pushSwitchAction(permission: PushPermissionState | undefined): 'ask' | 'denied' | 'allowed' {
  if (permission === 'granted') {
    return 'allowed';
  }
  return permission === 'default' ? 'ask' : 'denied';
}

/** The VAPID public key (base64url) as the bytes PushManager.subscribe takes. */
export function vapidKeyBytes(base64Url: string): Uint8Array<ArrayBuffer> {
  const padding = '='.repeat((4 - (base64Url.length % 4)) % 4);
  const base64 = (base64Url + padding).replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) {
    bytes[i] = raw.charCodeAt(i);
  }
  return bytes;
}

/** What to tell the server about this browser's subscription. */
export function pushRegistrationStep(
  token: string,
  previous: string | null,
  registered: readonly string[],
): { kind: 'none' } | { kind: 'register' } | { kind: 'renew'; old: string } {
  if (registered.includes(token)) {
    return { kind: 'none' };
  }
  return previous && previous !== token && registered.includes(previous)
    ? { kind: 'renew', old: previous }
    : { kind: 'register' };
}
