import { CourseIdParams } from '@app/contract/courses';
import { envelope } from '@app/contract/errors';
import { GradeBookCells, GradeBookRequestQuery } from '@app/contract/gradebook';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireActor } from '../../http/auth.ts';
import type { GradeBookService } from './service.ts';

const tags = ['gradebook'];

/**
 * The response of a big book is not re-encoded item by item through zod (200,000 cells took 15 % of
 * the request): the schema documents it in the OpenAPI, the tests check bodies against it.
 */
const plainJson = () => (data: unknown) => JSON.stringify(data);

/** GET /api/courses/{id}/grade-book: the grade book's cells as columns (issue 15). */
export function registerGradeBookRoutes(app: FastifyInstance, gradeBook: GradeBookService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/courses/:id/grade-book',
    {
      schema: { tags, params: CourseIdParams, querystring: GradeBookRequestQuery, response: { 200: envelope(GradeBookCells) } },
      serializerCompiler: plainJson,
    },
    async (request) => {
      const { submissions, include_practice, sets } = request.query;
      return {
        data: await gradeBook.cells(requireActor(request), request.params.id, {
          submissions,
          includePractice: include_practice === 'true',
          ...(sets ? { setIds: sets.split(',').map(Number) } : {}),
        }),
      };
    },
  );
}
