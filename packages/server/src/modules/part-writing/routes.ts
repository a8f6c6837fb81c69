import { envelope } from '@app/contract/errors';
import { PartWritingCheckRequest, PartWritingCheckResult } from '@app/contract/part-writing';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireActor } from '../../http/auth.ts';
import type { PartWritingService } from './service.ts';

const tags = ['part-writing'];

/** POST /api/part-writing/check: voices, key and numerals or figures in, findings out (nothing stored). */
export function registerPartWritingRoutes(app: FastifyInstance, partWriting: PartWritingService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/part-writing/check',
    { schema: { tags, body: PartWritingCheckRequest, response: { 200: envelope(PartWritingCheckResult) } } },
    async (request) => ({ data: await partWriting.check(requireActor(request), request.body) }),
  );
}
