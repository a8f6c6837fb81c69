import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { Readable } from 'node:stream';
import {
  MEDIA_MAX_BYTES,
  type MediaCollection,
  type MediaCollectionRequest,
  type MediaFile,
  MediaMessages,
  type ReorderMediaCollectionsRequest,
  type ReorderMediaFilesRequest,
  type UpdateMediaFileRequest,
} from '@app/contract/media';
import { fileTypeFromBuffer } from 'file-type';
import type { Deps } from '../../deps.ts';
import type { Actor } from '../../http/actor.ts';
import { AppError } from '../../http/errors.ts';
import { StorageLimitError } from '../../storage/storage.ts';
import { canUseMediaLibrary } from './policy.ts';
import { presentCollection, presentFile } from './present.ts';
import * as repo from './repository.ts';
import { mediaFolder, registerTranscodeJob, TRANSCODE_JOB, type TranscodePayload } from './transcode-job.ts';

/** One uploaded part as the multipart parser hands it over. */
export type UploadPart = { fieldname: string; filename: string; file: Readable & { truncated?: boolean } };
export type UploadInput = {
  /** The request's Content-Length, when it has one. */
  declaredLength: number | undefined;
  /** Starts reading the body; undefined when it holds no file. */
  nextFile: () => Promise<UploadPart | undefined>;
};

// Multipart boundaries and part headers around the file: a little over the file's own size is fine.
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
// file-type needs at most this many leading bytes to recognise a format.
const SNIFF_BYTES = 4100;

const tooLarge = () => new AppError('too_large', MediaMessages.tooLarge, 413);
const collectionNotFound = () => AppError.notFound(MediaMessages.collectionNotFound);
const fileNotFound = () => AppError.notFound(MediaMessages.fileNotFound);

function sameMembers(given: number[], current: number[]) {
  const set = new Set(given);
  return set.size === given.length && given.length === current.length && current.every((id) => set.has(id));
}

/** Reads the first bytes of a stream and gives back those bytes and a stream of the whole content. */
async function sniff(stream: Readable): Promise<{ head: Buffer; whole: Readable }> {
  const iterator = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const chunks: Buffer[] = [];
  let length = 0;
  let done = false;
  while (length < SNIFF_BYTES) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    chunks.push(next.value);
    length += next.value.length;
  }
  const head = Buffer.concat(chunks);
  async function* all() {
    yield head;
    if (done) return;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      yield next.value;
    }
  }
  return { head, whole: Readable.from(all(), { objectMode: false }) };
}

/** A title from the uploaded file's name: without folder or extension, at most 200 characters. */
function titleFromFilename(filename: string) {
  const base = path.basename(filename.replaceAll('\\', '/'));
  const title = base.replace(/\.[^.]+$/, '').trim() || base.trim();
  return (title || 'Untitled').slice(0, 200);
}

export type MediaService = ReturnType<typeof createMediaService>;

/** The media library of spec §2: an instructor's collections of audio and video files, transcoded in the background. */
export function createMediaService(deps: Deps) {
  const { db, clock, storage, jobs, config } = deps;
  registerTranscodeJob(deps);

  function assertInstructor(actor: Actor) {
    if (!canUseMediaLibrary(actor)) throw AppError.forbidden(MediaMessages.instructorsOnly);
  }

  async function ownedCollection(actor: Actor, id: number) {
    const collection = await repo.findOwnedCollection(db, id, actor.user.id);
    if (!collection) throw collectionNotFound();
    return collection;
  }

  async function ownedFile(actor: Actor, where: { id: number } | { fileKey: string }) {
    const file = await repo.findOwnedFile(db, where, actor.user.id);
    if (!file) throw fileNotFound();
    return file;
  }

  /**
   * Removes the stored folders of files whose rows are already gone. A transcode still writing into
   * a folder can make the removal fail (ENOTEMPTY); that is not the caller's problem: the job sees
   * its row gone and removes its own output, and the failure is logged.
   */
  async function removeFolders(fileKeys: string[]) {
    const results = await Promise.allSettled(fileKeys.map((key) => storage.deletePrefix(mediaFolder(key))));
    results.forEach((result, i) => {
      if (result.status === 'rejected') deps.log.warn({ err: result.reason, fileKey: fileKeys[i] }, 'media folder not removed');
    });
  }

  const service = {
    /** The caller's collections in order, each with its files. */
    async listCollections(actor: Actor): Promise<MediaCollection[]> {
      assertInstructor(actor);
      const collections = await repo.listCollections(db, actor.user.id);
      const files = await repo.listFilesOfCollections(
        db,
        collections.map((c) => c.id),
      );
      return collections.map((c) =>
        presentCollection(
          c,
          files.filter((f) => f.collection_id === c.id),
        ),
      );
    },

    /** Adds an empty collection at the end of the caller's list. */
    async createCollection(actor: Actor, input: MediaCollectionRequest): Promise<MediaCollection> {
      assertInstructor(actor);
      const row = await repo.insertCollection(db, actor.user.id, input.collection_title, clock.now());
      return presentCollection(row, []);
    },

    /** Renames one of the caller's collections. */
    async updateCollection(actor: Actor, id: number, input: MediaCollectionRequest): Promise<MediaCollection> {
      assertInstructor(actor);
      const collection = await ownedCollection(actor, id);
      await repo.updateCollectionTitle(db, id, input.collection_title, clock.now());
      const files = await repo.listFilesOfCollections(db, [id]);
      return presentCollection({ ...collection, title: input.collection_title }, files);
    },

    /** Deletes a collection, its files' rows, and their stored uploads and outputs. */
    async deleteCollection(actor: Actor, id: number): Promise<void> {
      assertInstructor(actor);
      await ownedCollection(actor, id);
      const files = await repo.listFilesOfCollections(db, [id]);
      await repo.deleteCollection(db, id);
      await removeFolders(files.map((f) => f.file_key));
    },

    /** Stores the caller's order of collections; the list must be exactly their collections. */
    async reorderCollections(actor: Actor, input: ReorderMediaCollectionsRequest): Promise<MediaCollection[]> {
      assertInstructor(actor);
      await db.transaction().execute(async (trx) => {
        const current = (await repo.listCollections(trx, actor.user.id)).map((c) => c.id);
        if (!sameMembers(input.media_collections, current))
          throw AppError.badRequest('media_collections', MediaMessages.reorderCollections);
        await repo.setCollectionWeights(trx, actor.user.id, input.media_collections, clock.now());
      });
      return service.listCollections(actor);
    },

    /** The files of one of the caller's collections, in order. */
    async listFiles(actor: Actor, collectionId: number): Promise<MediaFile[]> {
      assertInstructor(actor);
      await ownedCollection(actor, collectionId);
      return (await repo.listFilesOfCollections(db, [collectionId])).map(presentFile);
    },

    /**
     * Takes an upload: refuses more than 20 MB (by Content-Length before reading, and while
     * streaming), accepts only audio or video recognised by the file's own bytes, streams it to
     * storage, then records it UNSTARTED and queues its transcoding in one transaction.
     * On any failure, including an aborted request, neither a stored file nor a row remains.
     */
    async uploadFile(actor: Actor, collectionId: number, input: UploadInput): Promise<MediaFile> {
      assertInstructor(actor);
      await ownedCollection(actor, collectionId);
      if (input.declaredLength !== undefined && input.declaredLength > MEDIA_MAX_BYTES + MULTIPART_OVERHEAD_BYTES) throw tooLarge();

      const part = await input.nextFile();
      if (part?.fieldname !== 'mediafile') {
        part?.file.resume();
        throw AppError.badRequest('mediafile', MediaMessages.noFile);
      }
      const { head, whole } = await sniff(part.file);
      const type = await fileTypeFromBuffer(head);
      if (!type || !(type.mime.startsWith('audio/') || type.mime.startsWith('video/'))) {
        whole.resume();
        throw AppError.badRequest('mediafile', MediaMessages.notMedia);
      }

      // Hex: safe as a path segment, in a URL and on any tool's command line.
      const fileKey = randomBytes(12).toString('hex');
      const sourceKey = `${mediaFolder(fileKey)}/source`;
      let size: number;
      try {
        ({ size } = await storage.put(sourceKey, whole, { maxBytes: MEDIA_MAX_BYTES, contentType: type.mime }));
      } catch (error) {
        if (error instanceof StorageLimitError || (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
        throw error;
      }
      // The parser stops at the limit and marks the part truncated rather than failing.
      if (part.file.truncated) {
        await storage.deletePrefix(mediaFolder(fileKey));
        throw tooLarge();
      }

      try {
        const row = await db.transaction().execute(async (trx) => {
          const now = clock.now();
          const inserted = await repo.insertFile(trx, {
            collection_id: collectionId,
            file_key: fileKey,
            title: titleFromFilename(part.filename),
            transcode_status: 'UNSTARTED',
            media_type: type.mime.startsWith('video/') ? 'video' : 'audio',
            source_key: sourceKey,
            output_key: null,
            duration: null,
            size,
            transcode_error: null,
            created_at: now,
            updated_at: now,
          });
          await jobs.enqueue(TRANSCODE_JOB, { mediaFileId: inserted.id } satisfies TranscodePayload, { db: trx });
          return inserted;
        });
        return presentFile(row);
      } catch (error) {
        await storage.deletePrefix(mediaFolder(fileKey));
        throw error;
      }
    },

    /** One of the caller's files. */
    async getFile(actor: Actor, id: number): Promise<MediaFile> {
      assertInstructor(actor);
      return presentFile(await ownedFile(actor, { id }));
    },

    /** Renames one of the caller's files. */
    async updateFile(actor: Actor, id: number, input: UpdateMediaFileRequest): Promise<MediaFile> {
      assertInstructor(actor);
      const file = await ownedFile(actor, { id });
      const now = clock.now();
      await repo.updateFile(db, id, { title: input.title, updated_at: now });
      return presentFile({ ...file, title: input.title, updated_at: now });
    },

    /** Deletes one of the caller's files and what storage holds for it. */
    async deleteFile(actor: Actor, id: number): Promise<void> {
      assertInstructor(actor);
      const file = await ownedFile(actor, { id });
      await repo.deleteFile(db, id);
      await removeFolders([file.file_key]);
    },

    /** Stores the order of a collection's files; the list must be exactly its files. */
    async reorderFiles(actor: Actor, collectionId: number, input: ReorderMediaFilesRequest): Promise<MediaFile[]> {
      assertInstructor(actor);
      await ownedCollection(actor, collectionId);
      await db.transaction().execute(async (trx) => {
        const current = await repo.fileIdsOf(trx, collectionId);
        if (!sameMembers(input.media_files, current)) throw AppError.badRequest('media_files', MediaMessages.reorderFiles);
        await repo.setFileWeights(trx, collectionId, input.media_files, clock.now());
      });
      return service.listFiles(actor, collectionId);
    },

    /** A signed, expiring URL of a transcoded file's output. */
    async fileUrl(actor: Actor, fileKey: string): Promise<{ url: string; expires_at: number }> {
      assertInstructor(actor);
      const file = await ownedFile(actor, { fileKey });
      if (file.transcode_status !== 'COMPLETED' || !file.output_key) throw AppError.conflict(MediaMessages.notReady);
      const signed = await storage.signedUrl(file.output_key, { expiresIn: config.fileUrlSeconds });
      return { url: signed.url, expires_at: signed.expiresAt };
    },
  };
  return service;
}
