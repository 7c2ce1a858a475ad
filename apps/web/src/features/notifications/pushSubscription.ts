import type { SignedInUser } from '@portal/domain';
import { deletePushToken, registerPushToken, renewPushToken } from './api';
import { type PushPermissionState, pushRegistrationStep, vapidKeyBytes } from './pushRules';

/** The token this browser last registered, so a changed subscription is renewed instead of piling up. */
const REGISTERED_TOKEN_KEY = 'push-token';
const WORKER_URL = '/sw.js';

export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' && 'Notification' in window && 'serviceWorker' in navigator && 'PushManager' in window
  );
}

export function currentPushPermission(): PushPermissionState | undefined {
  return typeof window !== 'undefined' && 'Notification' in window ? Notification.permission : undefined;
}

/** Registers the service worker, subscribes with the server's VAPID key and answers the subscription's JSON. */
async function subscribeThisBrowser(vapidPublicKey: string): Promise<string> {
  await navigator.serviceWorker.register(WORKER_URL);
  const registration = await navigator.serviceWorker.ready;
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: vapidKeyBytes(vapidPublicKey),
    }));
  return JSON.stringify(subscription.toJSON());
}

/** Makes sure the server holds this browser's subscription for the signed-in user (register, or renew a changed one). */
/** Answers whether the server's list changed (the signed-in user's push_tokens must then be read again). */
export async function ensurePushRegistration(user: SignedInUser, vapidPublicKey: string): Promise<boolean> {
  const token = await subscribeThisBrowser(vapidPublicKey);
  const step = pushRegistrationStep(
    token,
    window.localStorage.getItem(REGISTERED_TOKEN_KEY),
    user.push_tokens.map((t) => t.token),
  );
  if (step.kind === 'register') {
    await registerPushToken(token);
  } else if (step.kind === 'renew') {
    await renewPushToken(step.old, token);
  }
  window.localStorage.setItem(REGISTERED_TOKEN_KEY, token);
  return step.kind !== 'none';
}

/** At logout: the server forgets this browser's subscription, so the next person here gets none of these pushes. */
export async function forgetPushRegistration(): Promise<void> {
  window.localStorage.removeItem(REGISTERED_TOKEN_KEY);
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) {
    return;
  }
  const registration = await navigator.serviceWorker.getRegistration(WORKER_URL);
  const subscription = await registration?.pushManager.getSubscription();
  if (subscription) {
    await deletePushToken(JSON.stringify(subscription.toJSON()));
  }
}
