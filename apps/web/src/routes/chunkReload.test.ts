import { describe, expect, it } from 'vitest';
import { claimChunkReload, forgetChunkReloadsOnNewBuild } from './chunkReload';

function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (k) => map.get(k) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (k) => {
      map.delete(k);
    },
    setItem: (k, v) => {
      map.set(k, v);
    },
  };
}

describe('lazy page load failure', () => {
  it('reloads once per page per session, then gives up', () => {
    const session = memoryStorage();
    expect(claimChunkReload(session, '/tasks')).toBe(true);
    expect(claimChunkReload(session, '/tasks')).toBe(false);
    expect(claimChunkReload(session, '/requests')).toBe(true);
  });

  it('forgets earlier reloads when a new build is loaded', () => {
    const local = memoryStorage();
    const session = memoryStorage();
    forgetChunkReloadsOnNewBuild(local, session, 'build-1');
    claimChunkReload(session, '/tasks');
    forgetChunkReloadsOnNewBuild(local, session, 'build-1');
    expect(claimChunkReload(session, '/tasks')).toBe(false);
    forgetChunkReloadsOnNewBuild(local, session, 'build-2');
    expect(claimChunkReload(session, '/tasks')).toBe(true);
  });
});
