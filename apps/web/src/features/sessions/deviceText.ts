import type { DeviceSession } from '@portal/domain';

/** "Chrome 131 on macOS 10.15"; what is known when the browser sent no user agent. */
export function deviceName(session: Pick<DeviceSession, 'browser' | 'os'>): string {
  if (session.browser && session.os) {
    return `${session.browser} on ${session.os}`;
  }
  return session.browser ?? session.os ?? 'Unknown device';
}
