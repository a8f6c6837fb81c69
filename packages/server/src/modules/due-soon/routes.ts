import { DueSoon, DueSoonQuery } from '@app/contract/due-soon';
import { envelope } from '@app/contract/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireActor } from '../../http/auth.ts';
import type { DueSoonService } from './service.ts';

const tags = ['due-soon'];

/** The student's "Due soon" list of the dashboard (issue 30). */
export function registerDueSoonRoutes(app: FastifyInstance, dueSoon: DueSoonService) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/due-soon', { schema: { tags, querystring: DueSoonQuery, response: { 200: envelope(DueSoon) } } }, async (request) => ({
    data: await dueSoon.list(requireActor(request), request.query.days),
  }));
}
