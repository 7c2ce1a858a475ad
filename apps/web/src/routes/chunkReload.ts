/**
 * A failed lazy page load (usually a deployment replaced the chunk files) reloads the page once per page per
 * session; a second failure on the same page is rethrown to the error page (doc 1 §8).
 */
export function chunkReloadKey(pathname: string): string {
  return `portal.chunk-reload:${pathname}`;
}

/** Records the reload and answers true the first time for this page; false means: give up and rethrow. */
export function claimChunkReload(storage: Pick<Storage, 'getItem' | 'setItem'>, pathname: string): boolean {
  const key = chunkReloadKey(pathname);
  if (storage.getItem(key)) {
    return false;
  }
  storage.setItem(key, '1');
  return true;
}

const BUILD_KEY = 'portal.build';

/** A new build makes earlier reload records meaningless ("a local version key clears temporary-refresh cache"). */
export function forgetChunkReloadsOnNewBuild(
  local: Pick<Storage, 'getItem' | 'setItem'>,
  session: Pick<Storage, 'removeItem' | 'key' | 'length'>,
  buildHash: string,
): void {
  if (local.getItem(BUILD_KEY) === buildHash) {
    return;
  }
  local.setItem(BUILD_KEY, buildHash);
  const stale: string[] = [];
  for (let i = 0; i < session.length; i += 1) {
    const key = session.key(i);
    if (key?.startsWith('portal.chunk-reload:')) {
      stale.push(key);
    }
  }
  for (const key of stale) {
    session.removeItem(key);
  }
}
