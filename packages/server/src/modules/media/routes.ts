import { envelope } from '@app/contract/errors';
import {
  FileUrl,
  MEDIA_MAX_BYTES,
  MediaCollection,
  MediaCollectionRequest,
  MediaFile,
  ReorderMediaCollectionsRequest,
  ReorderMediaFilesRequest,
  UpdateMediaFileRequest,
} from '@app/contract/media';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../http/auth.ts';
import type { MediaService } from './service.ts';

const tags = ['media'];
const Id = z.object({ id: z.coerce.number().int().positive() });
const FileKey = z.object({ file_key: z.string().min(1).max(64) });
const Empty = z.object({ data: z.null() });

/** The "Media" calls of spec §7. */
export function registerMediaRoutes(app: FastifyInstance, media: MediaService) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/media-collections', { schema: { tags, response: { 200: envelope(z.array(MediaCollection)) } } }, async (request) => {
    return { data: await media.listCollections(requireActor(request)) };
  });

  r.post(
    '/api/media-collections',
    { schema: { tags, body: MediaCollectionRequest, response: { 201: envelope(MediaCollection) } } },
    async (request, reply) => {
      reply.status(201);
      return { data: await media.createCollection(requireActor(request), request.body) };
    },
  );

  r.post(
    '/api/media-collections/weight',
    { schema: { tags, body: ReorderMediaCollectionsRequest, response: { 200: envelope(z.array(MediaCollection)) } } },
    async (request) => {
      return { data: await media.reorderCollections(requireActor(request), request.body) };
    },
  );

  r.put(
    '/api/media-collections/:id',
    { schema: { tags, params: Id, body: MediaCollectionRequest, response: { 200: envelope(MediaCollection) } } },
    async (request) => {
      return { data: await media.updateCollection(requireActor(request), request.params.id, request.body) };
    },
  );

  r.delete('/api/media-collections/:id', { schema: { tags, params: Id, response: { 200: Empty } } }, async (request) => {
    await media.deleteCollection(requireActor(request), request.params.id);
    return { data: null };
  });

  r.get(
    '/api/media-collections/:id/media-files',
    { schema: { tags, params: Id, response: { 200: envelope(z.array(MediaFile)) } } },
    async (request) => {
      return { data: await media.listFiles(requireActor(request), request.params.id) };
    },
  );

  // Multipart field `mediafile`; the body is streamed to storage, never held whole.
  r.post(
    '/api/media-collections/:id/media-files',
    { schema: { tags, params: Id, consumes: ['multipart/form-data'], response: { 201: envelope(MediaFile) } } },
    async (request, reply) => {
      const actor = requireActor(request);
      const length = Number(request.headers['content-length']);
      const file = await media.uploadFile(actor, request.params.id, {
        declaredLength: Number.isFinite(length) ? length : undefined,
        nextFile: async () => {
          if (!request.isMultipart()) return undefined;
          return request.file({ limits: { fileSize: MEDIA_MAX_BYTES, files: 1, fields: 10, parts: 11 } });
        },
      });
      reply.status(201);
      return { data: file };
    },
  );

  r.post(
    '/api/media-collections/:id/media-files/weight',
    { schema: { tags, params: Id, body: ReorderMediaFilesRequest, response: { 200: envelope(z.array(MediaFile)) } } },
    async (request) => {
      return { data: await media.reorderFiles(requireActor(request), request.params.id, request.body) };
    },
  );

  r.get('/api/media-files/:id', { schema: { tags, params: Id, response: { 200: envelope(MediaFile) } } }, async (request) => {
    return { data: await media.getFile(requireActor(request), request.params.id) };
  });

  r.put(
    '/api/media-files/:id',
    { schema: { tags, params: Id, body: UpdateMediaFileRequest, response: { 200: envelope(MediaFile) } } },
    async (request) => {
      return { data: await media.updateFile(requireActor(request), request.params.id, request.body) };
    },
  );

  r.delete('/api/media-files/:id', { schema: { tags, params: Id, response: { 200: Empty } } }, async (request) => {
    await media.deleteFile(requireActor(request), request.params.id);
    return { data: null };
  });

  r.get(
    '/api/media-files/:file_key/file-url',
    { schema: { tags, params: FileKey, response: { 200: envelope(FileUrl) } } },
    async (request) => {
      return { data: await media.fileUrl(requireActor(request), request.params.file_key) };
    },
  );
}
