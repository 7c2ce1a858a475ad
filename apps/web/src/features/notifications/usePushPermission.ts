import { useCallback, useState } from 'react';
import type { PushPermissionState } from './pushRules';
import { currentPushPermission } from './pushSubscription';

/** The browser's notification permission as React state, with a way to ask for it. */
export function usePushPermission() {
  const [permission, setPermission] = useState<PushPermissionState | undefined>(currentPushPermission);
  const request = useCallback(async (): Promise<PushPermissionState | undefined> => {
    if (!('Notification' in window)) {
      return undefined;
    }
    const answer = await Notification.requestPermission();
    setPermission(answer);
    return answer;
  }, []);
  return { permission, request };
}
