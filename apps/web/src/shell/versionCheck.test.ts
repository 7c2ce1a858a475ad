import { describe, expect, it } from 'vitest';
import { isUpdateAvailable } from './versionCheck';

const built = { version: '1.0.53', buildHash: 'abc123def' };

describe('update detection', () => {
  it('reports no update while the server runs this build', () => {
    expect(isUpdateAvailable({ version: '1.0.53', build_hash: 'abc123def' }, built)).toBe(false);
  });

  it('reports an update when the version or the build hash changed', () => {
    expect(isUpdateAvailable({ version: '1.0.54', build_hash: 'abc123def' }, built)).toBe(true);
    expect(isUpdateAvailable({ version: '1.0.53', build_hash: 'fff000' }, built)).toBe(true);
  });
});
