import fs from 'node:fs';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Where the server keeps files: uploads, transcoded media, document previews.
 * Keys are relative paths such as `media/<file_key>/output.m4a`; the extension
 * of a key decides the content type it is served with.
 *
 * Two implementations: a local directory (`local-storage.ts`, the embedded
 * default under DATA_DIR/files) and an S3-compatible bucket (`s3-storage.ts`,
 * chosen by STORAGE_URL=s3://…). Pick one with `createStorage` (create-storage.ts).
 */
export interface Storage {
  readonly kind: 'local' | 's3';
  /**
   * The origin signed URLs point at when it is not the app's own (S3), so the
   * Content-Security-Policy can allow it; undefined for same-origin URLs.
   */
  readonly urlOrigin: string | undefined;
  /**
   * Streams `body` into `key`, replacing what was there. With `maxBytes` it stops
   * with a StorageLimitError as soon as more arrive. Whatever goes wrong (limit,
   * aborted source, full disk), nothing half-written remains under `key`.
   */
  put(key: string, body: Readable, options?: PutOptions): Promise<{ size: number }>;
  /** A stream of the file (or of the inclusive byte range); StorageNotFoundError when it does not exist. */
  get(key: string, range?: { start: number; end?: number }): Promise<Readable>;
  /** Size of a stored file, or undefined when there is none. */
  stat(key: string): Promise<{ size: number } | undefined>;
  /** Removes one file; removing a missing file is not an error. */
  delete(key: string): Promise<void>;
  /** Removes every file whose key starts with `prefix/` (a "folder"). */
  deletePrefix(prefix: string): Promise<void>;
  /** Every stored file, with when it was last written (epoch seconds); for the orphan sweep. */
  list(): AsyncIterable<StoredObject>;
  /**
   * Removes what interrupted writes left behind once older than `olderThanSeconds`: local
   * `*.part` files, S3 multipart uploads never completed. Returns how many it removed.
   */
  removeIncomplete(olderThanSeconds: number): Promise<number>;
  /**
   * A URL that serves the file to whoever holds it until it expires: local storage
   * answers `/files/<key>?exp=&sig=` (HMAC-signed, relative to the app), S3 a presigned URL.
   */
  signedUrl(key: string, options: SignedUrlOptions): Promise<{ url: string; expiresAt: number }>;
}

export type StoredObject = { key: string; modifiedAt: number };
export type PutOptions = { maxBytes?: number; contentType?: string };
export type SignedUrlOptions = {
  /** Lifetime in seconds. */
  expiresIn: number;
  /** Offer the file as a download with this name instead of showing it inline. */
  downloadName?: string;
};

export class StorageLimitError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The file is larger than ${maxBytes} bytes.`);
    this.name = 'StorageLimitError';
  }
}

export class StorageNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`No stored file has the key ${key}.`);
    this.name = 'StorageNotFoundError';
  }
}

const KEY = /^[A-Za-z0-9][A-Za-z0-9_.-]*(\/[A-Za-z0-9][A-Za-z0-9_.-]*)*$/;

/** Keys are plain relative paths: no `..`, no leading dot or slash, nothing a file system or bucket reads twice. */
export function assertValidKey(key: string): void {
  if (key.length > 512 || !KEY.test(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
}

/** A pass-through that fails with StorageLimitError once more than `maxBytes` have gone by. */
export function byteLimit(maxBytes: number | undefined, counter: { bytes: number }): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      counter.bytes += chunk.length;
      if (maxBytes !== undefined && counter.bytes > maxBytes) callback(new StorageLimitError(maxBytes));
      else callback(null, chunk);
    },
  });
}

const CONTENT_TYPES: Record<string, string> = {
  m4a: 'audio/mp4',
  mp4: 'video/mp4',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  webm: 'video/webm',
  png: 'image/png',
  svg: 'image/svg+xml',
  pdf: 'application/pdf',
  json: 'application/json',
  html: 'text/html; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  har: 'application/zip',
  zip: 'application/zip',
};

/** The content type a key is served with, from its extension. */
export function contentTypeOf(key: string): string {
  const extension = /\.([A-Za-z0-9]+)$/.exec(key)?.[1]?.toLowerCase();
  return (extension && CONTENT_TYPES[extension]) || 'application/octet-stream';
}

/** Copies a stored file to a local path (tools such as ffmpeg need a real file). */
export async function downloadToFile(storage: Storage, key: string, file: string): Promise<void> {
  await pipeline(await storage.get(key), fs.createWriteStream(file));
}

/** Stores a local file under a key. */
export async function uploadFromFile(storage: Storage, key: string, file: string, options?: PutOptions): Promise<{ size: number }> {
  return storage.put(key, fs.createReadStream(file), options);
}
