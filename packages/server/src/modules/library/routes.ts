import { LibrarySet, PreviewUrl } from '@app/contract/assignments';
import { envelope } from '@app/contract/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../http/auth.ts';
import type { LibraryService } from './service.ts';

const tags = ['library'];

/** GET /api/content-library and its previews (instructors only). */
export function registerLibraryRoutes(app: FastifyInstance, library: LibraryService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/content-library', { schema: { tags, response: { 200: envelope(z.array(LibrarySet)) } } }, async (request) => ({
    data: await library.list(requireActor(request)),
  }));
  r.get(
    '/api/content-library/:id/preview-url',
    { schema: { tags, params: z.object({ id: z.coerce.number().int().positive() }), response: { 200: envelope(PreviewUrl) } } },
    async (request) => ({ data: await library.previewUrl(requireActor(request), request.params.id) }),
  );
}
