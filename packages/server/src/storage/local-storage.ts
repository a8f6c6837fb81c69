import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertValidKey, byteLimit, type PutOptions, type SignedUrlOptions, type Storage, StorageNotFoundError } from './storage.ts';

export type LocalStorage = Storage & {
  readonly kind: 'local';
  /** The folder files live in. */
  readonly root: string;
  /** True when `sig` is this server's signature of `key` and `exp` and `exp` has not passed. */
  verify(key: string, exp: number, sig: string, downloadName?: string): boolean;
};

/** The path under which `registerFileRoutes` serves signed local files. */
export const FILES_PATH = '/files';

/**
 * Files in a local folder (DATA_DIR/files). A put writes to a temporary
 * `*.part` file beside the target and renames it only once complete, so a
 * reader never sees half a file and a failure leaves nothing behind.
 */
export function createLocalStorage(options: { root: string; secret: string; now: () => number }): LocalStorage {
  const { root, secret, now } = options;
  fs.mkdirSync(root, { recursive: true });

  const fullPath = (key: string) => {
    assertValidKey(key);
    return path.join(root, ...key.split('/'));
  };
  const sign = (key: string, exp: number, downloadName = '') =>
    createHmac('sha256', secret).update(`${key}\n${exp}\n${downloadName}`).digest('base64url');

  return {
    kind: 'local',
    urlOrigin: undefined,
    root,

    async put(key: string, body: Readable, putOptions: PutOptions = {}) {
      const target = fullPath(key);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      const temporary = `${target}.${randomBytes(6).toString('hex')}.part`;
      const counter = { bytes: 0 };
      try {
        await pipeline(body, byteLimit(putOptions.maxBytes, counter), fs.createWriteStream(temporary, { flags: 'wx' }));
        await fs.promises.rename(temporary, target);
      } catch (error) {
        body.destroy();
        await fs.promises.rm(temporary, { force: true });
        throw error;
      }
      return { size: counter.bytes };
    },

    async get(key, range) {
      const file = fullPath(key);
      const stats = await fs.promises.stat(file).catch(() => undefined);
      if (!stats?.isFile()) throw new StorageNotFoundError(key);
      return fs.createReadStream(file, range ? { start: range.start, ...(range.end === undefined ? {} : { end: range.end }) } : {});
    },

    async stat(key) {
      const stats = await fs.promises.stat(fullPath(key)).catch(() => undefined);
      return stats?.isFile() ? { size: stats.size } : undefined;
    },

    async delete(key) {
      await fs.promises.rm(fullPath(key), { force: true });
    },

    async deletePrefix(prefix) {
      // A file appearing meanwhile (a job still writing) fails the last rmdir with ENOTEMPTY: retry.
      await fs.promises.rm(fullPath(prefix), { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
    },

    async *list() {
      for (const entry of await walk(root)) {
        if (entry.name.endsWith('.part')) continue;
        const key = path.relative(root, entry.file).split(path.sep).join('/');
        if (!KEY_PATTERN.test(key)) continue;
        yield { key, modifiedAt: Math.floor(entry.mtimeMs / 1000) };
      }
    },

    async removeIncomplete(olderThanSeconds) {
      // A .part being written is touched with every chunk; one that stopped changing was abandoned.
      const cutoff = Date.now() - olderThanSeconds * 1000;
      let removed = 0;
      for (const entry of await walk(root)) {
        if (!entry.name.endsWith('.part') || entry.mtimeMs > cutoff) continue;
        await fs.promises.rm(entry.file, { force: true });
        removed += 1;
      }
      return removed;
    },

    async signedUrl(key: string, urlOptions: SignedUrlOptions) {
      assertValidKey(key);
      const expiresAt = now() + urlOptions.expiresIn;
      const params = new URLSearchParams({ exp: String(expiresAt), sig: sign(key, expiresAt, urlOptions.downloadName) });
      if (urlOptions.downloadName) params.set('name', urlOptions.downloadName);
      const encodedKey = key.split('/').map(encodeURIComponent).join('/');
      return { url: `${FILES_PATH}/${encodedKey}?${params.toString()}`, expiresAt };
    },

    verify(key, exp, sig, downloadName) {
      if (!Number.isInteger(exp) || exp < now()) return false;
      const expected = Buffer.from(sign(key, exp, downloadName));
      const given = Buffer.from(sig);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}

const KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]*(\/[A-Za-z0-9][A-Za-z0-9_.-]*)*$/;

/** Every file under `dir`, depth first; a folder removed meanwhile is skipped. */
async function walk(dir: string): Promise<{ file: string; name: string; mtimeMs: number }[]> {
  const found: { file: string; name: string; mtimeMs: number }[] = [];
  const entries = await fs.promises.readdir(dir, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...(await walk(file)));
    else if (entry.isFile()) {
      const stats = await fs.promises.stat(file).catch(() => undefined);
      if (stats) found.push({ file, name: entry.name, mtimeMs: stats.mtimeMs });
    }
  }
  return found;
}

/** True for the local implementation, which needs the `/files/*` route to serve its signed URLs. */
export function isLocalStorage(storage: Storage): storage is LocalStorage {
  return storage.kind === 'local' && 'verify' in storage && 'root' in storage;
}
