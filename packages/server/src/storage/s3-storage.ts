import type { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  NoSuchKey,
  NotFound,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import {
  assertValidKey,
  byteLimit,
  contentTypeOf,
  type PutOptions,
  type SignedUrlOptions,
  type Storage,
  StorageNotFoundError,
} from './storage.ts';

export type S3Location = {
  bucket: string;
  /** Keys are stored under this folder of the bucket ('' for the top). */
  prefix: string;
  region: string;
  /** For S3-compatible services (MinIO, Ceph, s3rver); AWS when absent. */
  endpoint: string | undefined;
  forcePathStyle: boolean;
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
};

/**
 * Reads `s3://[key:secret@]bucket[/prefix]?region=&endpoint=&forcePathStyle=`.
 * Without key and secret in the URL the SDK's usual chain applies (AWS_ACCESS_KEY_ID, roles, …).
 */
export function parseS3Url(value: string): S3Location {
  const url = new URL(value);
  if (url.protocol !== 's3:' || !url.hostname) throw new Error('STORAGE_URL must look like s3://bucket?region=…&endpoint=…');
  const endpoint = url.searchParams.get('endpoint') ?? undefined;
  const forcePathStyle = url.searchParams.get('forcePathStyle');
  return {
    bucket: url.hostname,
    prefix: decodeURIComponent(url.pathname).replace(/^\/+|\/+$/g, ''),
    region: url.searchParams.get('region') ?? 'us-east-1',
    endpoint,
    // Most S3-compatible servers need path-style addressing; AWS itself prefers virtual hosts.
    forcePathStyle: forcePathStyle === null ? endpoint !== undefined : forcePathStyle === 'true' || forcePathStyle === '1',
    credentials: url.username
      ? { accessKeyId: decodeURIComponent(url.username), secretAccessKey: decodeURIComponent(url.password) }
      : undefined,
  };
}

function isNotFound(error: unknown) {
  return error instanceof NoSuchKey || error instanceof NotFound || (error as { name?: string })?.name === 'NotFound';
}

/** Files in an S3 bucket; signed URLs are presigned GETs that the browser fetches from the bucket directly. */
export function createS3Storage(location: S3Location): Storage {
  const client = new S3Client({
    region: location.region,
    forcePathStyle: location.forcePathStyle,
    ...(location.endpoint ? { endpoint: location.endpoint } : {}),
    ...(location.credentials ? { credentials: location.credentials } : {}),
  });
  const Bucket = location.bucket;
  const objectKey = (key: string) => {
    assertValidKey(key);
    return location.prefix ? `${location.prefix}/${key}` : key;
  };
  const urlOrigin = location.endpoint
    ? new URL(location.endpoint).origin
    : `https://${location.forcePathStyle ? '' : `${Bucket}.`}s3.${location.region}.amazonaws.com`;

  return {
    kind: 's3',
    urlOrigin,

    async put(key: string, body: Readable, options: PutOptions = {}) {
      const counter = { bytes: 0 };
      const limited = body.pipe(byteLimit(options.maxBytes, counter));
      // pipe() does not forward errors: an aborted source must fail the upload too.
      body.once('error', (error) => limited.destroy(error));
      // Upload streams in parts of unknown total length; on failure it aborts the multipart
      // upload, and a small file is sent in one PutObject only once complete.
      const upload = new Upload({
        client,
        params: { Bucket, Key: objectKey(key), Body: limited, ContentType: options.contentType ?? contentTypeOf(key) },
        leavePartsOnError: false,
      });
      let sourceError: unknown;
      limited.once('error', (error) => {
        sourceError = error;
      });
      try {
        await upload.done();
      } catch (error) {
        body.destroy();
        // The reason the stream stopped matters more than how cleaning up the parts went.
        throw sourceError ?? error;
      }
      return { size: counter.bytes };
    },

    async get(key, range) {
      try {
        const result = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: objectKey(key),
            ...(range ? { Range: `bytes=${range.start}-${range.end ?? ''}` } : {}),
          }),
        );
        return result.Body as Readable;
      } catch (error) {
        if (isNotFound(error)) throw new StorageNotFoundError(key);
        throw error;
      }
    },

    async stat(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: objectKey(key) }));
        return { size: head.ContentLength ?? 0 };
      } catch (error) {
        if (isNotFound(error)) return undefined;
        throw error;
      }
    },

    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
    },

    async deletePrefix(prefix) {
      const folder = `${objectKey(prefix)}/`;
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: folder, ContinuationToken: token }));
        const keys = (page.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
        if (keys.length > 0) await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: keys, Quiet: true } }));
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },

    async *list() {
      const folder = location.prefix ? `${location.prefix}/` : undefined;
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: folder, ContinuationToken: token }));
        for (const object of page.Contents ?? []) {
          if (!object.Key) continue;
          const key = folder ? object.Key.slice(folder.length) : object.Key;
          yield { key, modifiedAt: Math.floor((object.LastModified?.getTime() ?? Date.now()) / 1000) };
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },

    async removeIncomplete(olderThanSeconds) {
      const cutoff = Date.now() - olderThanSeconds * 1000;
      let removed = 0;
      let keyMarker: string | undefined;
      let uploadIdMarker: string | undefined;
      do {
        const page = await client
          .send(
            new ListMultipartUploadsCommand({
              Bucket,
              ...(location.prefix ? { Prefix: `${location.prefix}/` } : {}),
              KeyMarker: keyMarker,
              UploadIdMarker: uploadIdMarker,
            }),
          )
          .catch((error: unknown) => {
            // Some S3 stand-ins (s3rver) have no multipart listing; there is nothing to clean there.
            if ((error as { name?: string }).name === 'NotImplemented') return undefined;
            throw error;
          });
        if (!page) return removed;
        for (const upload of page.Uploads ?? []) {
          if (!upload.Key || !upload.UploadId || (upload.Initiated?.getTime() ?? 0) > cutoff) continue;
          await client.send(new AbortMultipartUploadCommand({ Bucket, Key: upload.Key, UploadId: upload.UploadId }));
          removed += 1;
        }
        keyMarker = page.IsTruncated ? page.NextKeyMarker : undefined;
        uploadIdMarker = page.IsTruncated ? page.NextUploadIdMarker : undefined;
      } while (keyMarker);
      return removed;
    },

    async signedUrl(key: string, options: SignedUrlOptions) {
      const command = new GetObjectCommand({
        Bucket,
        Key: objectKey(key),
        ResponseContentType: contentTypeOf(key),
        ...(options.downloadName
          ? { ResponseContentDisposition: `attachment; filename*=UTF-8''${encodeURIComponent(options.downloadName)}` }
          : {}),
      });
      const url = await getSignedUrl(client, command, { expiresIn: options.expiresIn });
      return { url, expiresAt: Math.floor(Date.now() / 1000) + options.expiresIn };
    },
  };
}
