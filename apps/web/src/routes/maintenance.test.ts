import { describe, expect, it } from 'vitest';
import { shouldShowMaintenance } from './maintenance';

const base = { pathname: '/tasks', refused: false, configured: false, signedIn: false };

describe('shouldShowMaintenance (doc 1 §2)', () => {
  it('shows the page as soon as the configuration says maintenance, before any call is refused', () => {
    expect(shouldShowMaintenance({ ...base, configured: true })).toBe(true);
    expect(shouldShowMaintenance({ ...base, pathname: '/', configured: true })).toBe(true);
  });

  it('lets a signed-in bypass account keep working while the configuration says maintenance', () => {
    expect(shouldShowMaintenance({ ...base, configured: true, signedIn: true })).toBe(false);
  });

  it('keeps the routes allowed during maintenance usable, so a bypass account can sign in', () => {
    for (const pathname of ['/login', '/terms', '/privacy', '/reset']) {
      expect(shouldShowMaintenance({ ...base, pathname, configured: true, refused: true })).toBe(false);
    }
  });

  it('shows the page after a 503 whatever the configuration said, and never without either', () => {
    expect(shouldShowMaintenance({ ...base, refused: true, signedIn: true })).toBe(true);
    expect(shouldShowMaintenance({ ...base, configured: undefined })).toBe(false);
    expect(shouldShowMaintenance(base)).toBe(false);
  });
});
