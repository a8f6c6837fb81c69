import { CourseIdParams } from '@app/contract/courses';
import { envelope, Messages } from '@app/contract/errors';
import {
  CourseInvitation,
  CoursePerson,
  CreateEnrollmentRequest,
  CreateInvitationsRequest,
  CreateInvitationsResponse,
  DecideEnrollmentRequests,
  EnrollmentRequest,
  RespondToInvitationRequest,
  ROLE_OF_PATH,
} from '@app/contract/people';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../http/auth.ts';
import type { PeopleService } from './service.ts';

const tags = ['people'];
const Empty = envelope(z.object({}));
const Id = z.coerce.number().int().positive({ message: Messages.idInvalid });
const MemberParams = CourseIdParams.extend({ userId: Id });
const Token = z.string().min(1).max(200);

/** Personnel, invitations and enrollment requests: spec §7 "Invitations and enrollment" and the personnel calls. */
export function registerPeopleRoutes(app: FastifyInstance, people: PeopleService) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  for (const [path, role] of Object.entries(ROLE_OF_PATH)) {
    r.get(
      `/api/courses/:id/${path}`,
      { schema: { tags, params: CourseIdParams, response: { 200: envelope(z.array(CoursePerson)) } } },
      async (request) => ({
        data: await people.listMembers(requireActor(request), request.params.id, role),
      }),
    );
    r.delete(`/api/courses/:id/${path}/:userId`, { schema: { tags, params: MemberParams, response: { 200: Empty } } }, async (request) => {
      await people.removeMember(requireActor(request), request.params.id, role, request.params.userId);
      return { data: {} };
    });
  }

  r.post(
    '/api/course-invitations',
    { schema: { tags, body: CreateInvitationsRequest, response: { 200: envelope(CreateInvitationsResponse) } } },
    async (request) => ({ data: await people.invite(requireActor(request), request.body) }),
  );

  r.get(
    '/api/courses/:id/course-invitations',
    { schema: { tags, params: CourseIdParams, response: { 200: envelope(z.array(CourseInvitation)) } } },
    async (request) => ({ data: await people.listCourseInvitations(requireActor(request), request.params.id) }),
  );

  r.get(
    '/api/course-invitations/:token',
    { schema: { tags, params: z.object({ token: Token }), response: { 200: envelope(CourseInvitation) } } },
    async (request) => ({ data: await people.lookupInvitation(requireActor(request), request.params.token) }),
  );

  r.patch(
    '/api/course-invitations/:idOrToken',
    {
      schema: {
        tags,
        params: z.object({ idOrToken: Token }),
        body: RespondToInvitationRequest,
        response: { 200: envelope(CourseInvitation) },
      },
    },
    async (request) => ({ data: await people.respond(requireActor(request), request.params.idOrToken, request.body.state) }),
  );

  r.delete('/api/course-invitations/:id', { schema: { tags, params: z.object({ id: Id }), response: { 200: Empty } } }, async (request) => {
    await people.removeInvitation(requireActor(request), request.params.id);
    return { data: {} };
  });

  r.get(
    '/api/course-enrollment-requests',
    { schema: { tags, response: { 200: envelope(z.array(EnrollmentRequest)) } } },
    async (request) => ({
      data: await people.listMyRequests(requireActor(request)),
    }),
  );

  r.post(
    '/api/course-enrollment-requests',
    { schema: { tags, body: CreateEnrollmentRequest, response: { 201: envelope(EnrollmentRequest) } } },
    async (request, reply) =>
      reply.status(201).send({ data: await people.requestEnrollment(requireActor(request), request.body.invitation_code) }),
  );

  r.delete(
    '/api/course-enrollment-requests/:id',
    { schema: { tags, params: z.object({ id: Id }), response: { 200: Empty } } },
    async (request) => {
      await people.cancelRequest(requireActor(request), request.params.id);
      return { data: {} };
    },
  );

  r.get(
    '/api/courses/:id/course-enrollment-requests',
    { schema: { tags, params: CourseIdParams, response: { 200: envelope(z.array(EnrollmentRequest)) } } },
    async (request) => ({ data: await people.listCourseRequests(requireActor(request), request.params.id) }),
  );

  r.post(
    '/api/course-enrollment-admissions',
    { schema: { tags, body: DecideEnrollmentRequests, response: { 200: envelope(z.array(EnrollmentRequest)) } } },
    async (request) => ({ data: await people.decide(requireActor(request), request.body.course_enrollment_request_ids, 'ACCEPTED') }),
  );

  r.post(
    '/api/course-enrollment-rejections',
    { schema: { tags, body: DecideEnrollmentRequests, response: { 200: envelope(z.array(EnrollmentRequest)) } } },
    async (request) => ({ data: await people.decide(requireActor(request), request.body.course_enrollment_request_ids, 'REJECTED') }),
  );
}
