import type { SessionDevice } from '@portal/domain';
import Bowser from 'bowser';

export type DeviceDescription = { browser: string | null; os: string | null; device: SessionDevice };

const DEVICES: Record<string, SessionDevice> = { desktop: 'desktop', mobile: 'mobile', tablet: 'tablet' };

/** Browser, OS and kind of device from a user agent, for the Sessions list ("Chrome 131", "macOS 14.1"). */
export function describeUserAgent(userAgent: string | null | undefined): DeviceDescription {
  if (!userAgent) {
    return { browser: null, os: null, device: 'unknown' };
  }
  const parsed = Bowser.parse(userAgent);
  const named = (name?: string, version?: string) =>
    name ? [name, majorMinor(version)].filter(Boolean).join(' ') : null;
  return {
    browser: named(parsed.browser.name, parsed.browser.version),
    os: named(parsed.os.name, parsed.os.version),
    device: DEVICES[parsed.platform.type ?? ''] ?? 'unknown',
  };
}

/** Enough of a version to tell devices apart without listing build numbers. */
function majorMinor(version?: string): string | null {
  if (!version) {
    return null;
  }
  const [major, minor] = version.split('.');
  return minor && minor !== '0' ? `${major}.${minor}` : (major ?? null);
}

/** "Chrome 131 on macOS 10.15", for the audit trail; "Unknown device" when the sign-in sent no user agent. */
export function deviceLabel(userAgent: string | null | undefined): string {
  const { browser, os } = describeUserAgent(userAgent);
  if (browser && os) {
    return `${browser} on ${os}`;
  }
  return browser ?? os ?? 'Unknown device';
}
