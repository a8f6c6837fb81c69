import { Messages } from '@app/contract/errors';
import send from '@fastify/send';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { errorBody } from '../http/errors.ts';
import { FILES_PATH, type LocalStorage } from './local-storage.ts';
import { contentTypeOf } from './storage.ts';

const Query = z.object({
  exp: z.coerce.number().int(),
  sig: z.string().max(128),
  name: z.string().max(255).optional(),
});

const invalidLink = errorBody([{ code: 'forbidden', message: Messages.fileLinkInvalid }]);

/**
 * GET /files/<key>?exp=&sig=: serves a file of the local storage to whoever holds
 * an unexpired signed URL (no session: media elements and downloads cannot send
 * a bearer token). Ranges, ETag and conditional requests come from @fastify/send,
 * so audio and video can seek.
 */
export function registerFileRoutes(app: FastifyInstance, storage: LocalStorage, now: () => number) {
  app.get(`${FILES_PATH}/*`, { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const query = Query.safeParse(request.query);
    if (!query.success || !storage.verify(key, query.data.exp, query.data.sig, query.data.name)) {
      return reply.status(403).send(invalidLink);
    }
    const encoded = `/${key.split('/').map(encodeURIComponent).join('/')}`;
    const result = await send(request.raw, encoded, {
      root: storage.root,
      dotfiles: 'deny',
      index: false,
      cacheControl: false,
      contentType: false,
    });
    if (result.type !== 'file') return reply.status(404).send(errorBody([{ code: 'not_found', message: Messages.fileMissing }]));
    const maxAge = Math.max(0, query.data.exp - now());
    reply.status(result.statusCode);
    for (const [name, value] of Object.entries(result.headers)) reply.header(name, value);
    reply.header('Content-Type', contentTypeOf(key));
    reply.header('Cache-Control', `private, max-age=${maxAge}`);
    if (query.data.name) {
      reply.header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(query.data.name)}`);
    }
    return reply.send(result.stream);
  });
}
