import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.ts';
import { createLocalStorage } from './local-storage.ts';
import type { Storage } from './storage.ts';

/**
 * The secret that signs local file URLs: FILES_SECRET when set, else one made
 * once and kept in DATA_DIR/files-secret (so URLs survive a restart, and
 * instances sharing a DATA_DIR agree).
 */
export function filesSecret(config: Pick<Config, 'filesSecret' | 'dataDir'>): string {
  if (config.filesSecret) return config.filesSecret;
  const file = path.join(config.dataDir, 'files-secret');
  fs.mkdirSync(config.dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, randomBytes(32).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return fs.readFileSync(file, 'utf8').trim();
}

/**
 * The storage the configuration names: S3 for STORAGE_URL=s3://…, else DATA_DIR/files.
 * The AWS SDK is loaded only for S3: it is a large part of a start otherwise.
 */
export async function createStorage(config: Pick<Config, 'storageUrl' | 'filesSecret' | 'dataDir'>, now: () => number): Promise<Storage> {
  if (config.storageUrl) {
    const { createS3Storage, parseS3Url } = await import('./s3-storage.ts');
    return createS3Storage(parseS3Url(config.storageUrl));
  }
  return createLocalStorage({ root: path.join(config.dataDir, 'files'), secret: filesSecret(config), now });
}
