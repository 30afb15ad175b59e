// Chooses where member files are kept from the configuration (STORAGE_PROVIDER), once, at start-up:
// a folder of this machine (`local`, the default) or an S3-compatible bucket (`s3`).
import type { Config } from '../../config/index.js';
import { createLocalStorage } from './local-storage.js';
import { createS3Storage } from './s3-storage.js';
import type { StorageProvider } from './storage-provider.js';

export type { StorageProvider } from './storage-provider.js';

export async function createStorageProvider(config: Config): Promise<StorageProvider> {
  if (config.storage.provider === 's3') {
    const { bucket, ...s3 } = config.storage.s3;
    // loadConfig refuses STORAGE_PROVIDER=s3 without it.
    if (!bucket) throw new Error('S3_BUCKET is required');
    return createS3Storage({ bucket, ...s3 });
  }
  return createLocalStorage({ dir: config.storage.dir });
}
