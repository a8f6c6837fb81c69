import {
  Course,
  CourseIdParams,
  CourseProduct,
  CreateCourseRequest,
  DuplicateCourseRequest,
  ReorderCoursesRequest,
  UpdateCourseRequest,
} from '@app/contract/courses';
import { envelope } from '@app/contract/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ownSession, requireActor } from '../../http/auth.ts';
import { presentedJson } from '../../http/serialize.ts';
import type { CoursesService } from './service.ts';

const tags = ['courses'];
const Empty = envelope(z.object({}));

/** The course calls of spec §7, plus archive, unarchive and products (DESIGN §5: ours to name). */
export function registerCourseRoutes(app: FastifyInstance, courses: CoursesService) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/courses', { schema: { tags, body: CreateCourseRequest, response: { 201: envelope(Course) } } }, async (request, reply) => {
    const course = await courses.create(requireActor(request), request.body);
    return reply.status(201).send({ data: course });
  });

  r.post('/api/courses/weight', { schema: { tags, body: ReorderCoursesRequest, response: { 200: Empty } } }, async (request) => {
    await courses.reorder(requireActor(request), request.body);
    return { data: {} };
  });

  r.get('/api/course-products', { schema: { tags, response: { 200: envelope(z.array(CourseProduct)) } } }, async (request) => ({
    data: await courses.listProducts(requireActor(request)),
  }));

  // Presented field by field, so not encoded again by zod (issue 15).
  r.get(
    '/api/courses/:id',
    {
      schema: { tags, params: CourseIdParams, response: { 200: envelope(Course) } },
      serializerCompiler: presentedJson,
      // One statement finds the session and the course (decision 028).
      config: { findsSessionItself: true },
    },
    async (request) => ({ data: await courses.getForSession(ownSession(request), request.params.id) }),
  );

  r.put(
    '/api/courses/:id',
    { schema: { tags, params: CourseIdParams, body: UpdateCourseRequest, response: { 200: envelope(Course) } } },
    async (request) => ({ data: await courses.update(requireActor(request), request.params.id, request.body) }),
  );

  r.delete('/api/courses/:id', { schema: { tags, params: CourseIdParams, response: { 200: Empty } } }, async (request) => {
    await courses.remove(requireActor(request), request.params.id);
    return { data: {} };
  });

  r.post(
    '/api/courses/:id/activations',
    { schema: { tags, params: CourseIdParams, response: { 200: envelope(Course) } } },
    async (request) => ({
      data: await courses.activate(requireActor(request), request.params.id),
    }),
  );

  r.post(
    '/api/courses/:id/duplicate',
    // The body is optional: without one the copy starts a week from now, titled "{title} (copy)".
    { schema: { tags, params: CourseIdParams, body: DuplicateCourseRequest.nullish(), response: { 201: envelope(Course) } } },
    async (request, reply) =>
      reply.status(201).send({ data: await courses.duplicate(requireActor(request), request.params.id, request.body ?? {}) }),
  );

  r.post(
    '/api/courses/:id/archive',
    { schema: { tags, params: CourseIdParams, response: { 200: envelope(Course) } } },
    async (request) => ({
      data: await courses.archive(requireActor(request), request.params.id),
    }),
  );

  r.post(
    '/api/courses/:id/unarchive',
    { schema: { tags, params: CourseIdParams, response: { 200: envelope(Course) } } },
    async (request) => ({
      data: await courses.unarchive(requireActor(request), request.params.id),
    }),
  );
}
