import type { PublicConfig } from '@portal/domain';

export interface BuiltVersion {
  version: string;
  buildHash: string;
}

/** A newer deployment is live when the server reports another version or build than this bundle was built from. */
export function isUpdateAvailable(config: Pick<PublicConfig, 'version' | 'build_hash'>, built: BuiltVersion): boolean {
  if (config.version !== built.version) {
    return true;
  }
  return config.build_hash !== '' && config.build_hash !== built.buildHash;
}
