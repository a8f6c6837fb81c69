import { AssignmentMessages, HAR_MAX_BYTES } from '@app/contract/assignments';
import { CourseIdParams } from '@app/contract/courses';
import { envelope, Messages } from '@app/contract/errors';
import { GradeBookQuery, Submission, SubmissionFileUrls } from '@app/contract/submissions';
import { AnswersRequest } from '@app/contract/workspace';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../http/auth.ts';
import { compiledJson } from '../../http/serialize.ts';
import { uploadedFile } from '../../http/uploads.ts';
import type { HandIn, SubmissionsService } from './service.ts';

const tags = ['submissions'];
const Empty = envelope(z.object({}));
const PositiveId = z.coerce.number().int().positive({ message: Messages.idInvalid });
const Id = z.object({ id: PositiveId });
const options = (q: z.infer<typeof GradeBookQuery>) => ({ best: q.best === 'true', includePractice: q.include_practice === 'true' });

/** Handing in work, the grade books and the submission view: spec §7 "Submissions". */
export function registerSubmissionRoutes(app: FastifyInstance, submissions: SubmissionsService) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // A .har file (multipart, field `file`), or the workspace's JSON `{"answers":[{"id","answer"}]}`.
  r.post(
    '/api/documents/:id/submissions',
    {
      schema: { tags, params: Id, consumes: ['multipart/form-data', 'application/json'], response: { 201: envelope(Submission) } },
      // A deadline's hand-ins: a serializer compiled from the schema, stripping as zod does (decision 043).
      serializerCompiler: compiledJson,
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const input: HandIn = request.isMultipart()
        ? {
            kind: 'file',
            read: async () => {
              const file = await uploadedFile(request, { maxBytes: HAR_MAX_BYTES, tooLarge: AssignmentMessages.tooLarge });
              return file && { filename: file.filename, bytes: await file.read() };
            },
          }
        : request.body === undefined || request.body === null
          ? { kind: 'file', read: async () => undefined }
          : { kind: 'answers', ...AnswersRequest.parse(request.body) };
      const submission = await submissions.submit(actor, request.params.id, input);
      return reply.status(201).send({ data: submission });
    },
  );

  r.get(
    '/api/assignments/:id/submissions',
    { schema: { tags, params: Id, querystring: GradeBookQuery, response: { 200: envelope(z.array(Submission)) } } },
    async (request) => ({ data: await submissions.listForSet(requireActor(request), request.params.id, options(request.query)) }),
  );

  r.get(
    '/api/courses/:id/submissions',
    { schema: { tags, params: CourseIdParams, querystring: GradeBookQuery, response: { 200: envelope(z.array(Submission)) } } },
    async (request) => ({ data: await submissions.listForCourse(requireActor(request), request.params.id, options(request.query)) }),
  );

  r.get(
    '/api/courses/:id/submissions/:submissionId',
    {
      schema: {
        tags,
        params: CourseIdParams.extend({ submissionId: PositiveId }),
        response: { 200: envelope(z.object({ submission: Submission, siblings: z.array(Submission) })) },
      },
    },
    async (request) => ({ data: await submissions.get(requireActor(request), request.params.id, request.params.submissionId) }),
  );

  r.get(
    '/api/user/:userId/courses/:courseId/submissions',
    {
      schema: {
        tags,
        params: z.object({ userId: PositiveId, courseId: PositiveId }),
        querystring: GradeBookQuery,
        response: { 200: envelope(z.array(Submission)) },
      },
    },
    async (request) => ({
      data: await submissions.listForStudent(requireActor(request), request.params.userId, request.params.courseId, options(request.query)),
    }),
  );

  r.get(
    '/api/submissions/:id/file-urls',
    { schema: { tags, params: Id, response: { 200: envelope(SubmissionFileUrls) } } },
    async (request) => ({
      data: await submissions.fileUrls(requireActor(request), request.params.id),
    }),
  );

  r.delete('/api/submissions/:id', { schema: { tags, params: Id, response: { 200: Empty } } }, async (request) => {
    await submissions.remove(requireActor(request), request.params.id);
    return { data: {} };
  });

  r.delete(
    '/api/user/:userId/documents/:documentId/submissions',
    { schema: { tags, params: z.object({ userId: PositiveId, documentId: PositiveId }), response: { 200: Empty } } },
    async (request) => {
      await submissions.removeForStudentDocument(requireActor(request), request.params.userId, request.params.documentId);
      return { data: {} };
    },
  );
}
