import path from 'node:path';
import type { AppConfig } from '../../../config';
import { LocalStorage } from './local';
import type { FileStorage } from './types';

export type { FileStorage } from './types';
export { originalKey, thumbnailKey } from './types';

/**
 * The configured driver: S3 when S3_BUCKET is set, else the local disk under DATA_DIR/uploads. The S3 driver (and
 * the AWS SDK, a heavy import) loads only when S3 is configured.
 */
export async function createStorage(config: Pick<AppConfig, 'dataDir' | 'storage'>): Promise<FileStorage> {
  if (config.storage.s3) {
    const { S3Storage } = await import('./s3');
    return new S3Storage(config.storage.s3, config.storage.maxUploadBytes);
  }
  return new LocalStorage(path.join(config.dataDir, 'uploads'), config.storage.maxUploadBytes);
}
