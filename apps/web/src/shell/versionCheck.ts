import type { PublicConfig } from '@portal/domain';

export interface KnownVersion {
  /** The version this bundle was built as (root package.json). */
  version: string;
  /** The server's build hash when this page first asked, or null before that. */
  buildHash: string | null;
}

/**
 * A newer deployment is live when the server reports another version than this bundle was built as, or a build hash
 * other than the one it reported when the page loaded. The hash is compared with the server's first answer rather
 * than with __BUILD_HASH__: the server reports the hash of the build it serves (dist/build-info.json), but under
 * `npm run dev` Vite serves sources while the server may report an older build; a banner that a refresh cannot clear
 * would help nobody.
 */
export function isUpdateAvailable(config: Pick<PublicConfig, 'version' | 'build_hash'>, known: KnownVersion): boolean {
  if (config.version !== known.version) {
    return true;
  }
  return known.buildHash !== null && config.build_hash !== known.buildHash;
}
