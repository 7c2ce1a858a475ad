import { describe, expect, it } from 'vitest';
import { isUpdateAvailable } from './versionCheck';

describe('update detection', () => {
  it('reports no update while the server runs the version and build first seen', () => {
    expect(isUpdateAvailable({ version: '1.0.53', build_hash: 'abc' }, { version: '1.0.53', buildHash: 'abc' })).toBe(
      false,
    );
    expect(isUpdateAvailable({ version: '1.0.53', build_hash: 'abc' }, { version: '1.0.53', buildHash: null })).toBe(
      false,
    );
  });

  it('reports an update when the server version differs from the built one', () => {
    expect(isUpdateAvailable({ version: '1.0.54', build_hash: 'abc' }, { version: '1.0.53', buildHash: 'abc' })).toBe(
      true,
    );
  });

  it('reports an update when the server build changed since the page loaded', () => {
    expect(isUpdateAvailable({ version: '1.0.53', build_hash: 'def' }, { version: '1.0.53', buildHash: 'abc' })).toBe(
      true,
    );
  });
});
