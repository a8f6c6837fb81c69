import { envelope } from '@app/contract/errors';
import { TeacherAccountRequest, TeacherAccountRequestInput } from '@app/contract/teacher-requests';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireActor } from '../../http/auth.ts';
import type { TeacherRequestsService } from './service.ts';

const tags = ['users'];

/** POST /api/teacher-account-requests: a student asks for a teacher account (decided with the admin CLI). */
export function registerTeacherRequestRoutes(app: FastifyInstance, teacherRequests: TeacherRequestsService) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/teacher-account-requests',
    { schema: { tags, body: TeacherAccountRequestInput, response: { 201: envelope(TeacherAccountRequest) } } },
    async (request, reply) => {
      const created = await teacherRequests.submit(requireActor(request), request.body);
      return reply.status(201).send({ data: created });
    },
  );
}
