import {
  AddLibraryDocumentsRequest,
  AssignmentMessages,
  AssignmentSet,
  CourseDocument,
  CreateAssignmentRequest,
  DueDateExtension,
  ExtensionRequest,
  FileUrl,
  HAR_MAX_BYTES,
  HAR_MAX_FILES_PER_UPLOAD,
  PreviewUrl,
  ReorderAssignmentsRequest,
  ReorderDocumentsRequest,
  UpdateAssignmentRequest,
  UpdateDocumentRequest,
  UploadedDocument,
} from '@app/contract/assignments';
import { CourseIdParams } from '@app/contract/courses';
import { envelope, Messages } from '@app/contract/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../http/auth.ts';
import { uploadedFiles } from '../../http/uploads.ts';
import type { AssignmentsService } from './service.ts';

const tags = ['assignments'];
const Empty = envelope(z.object({}));
const Id = z.object({ id: z.coerce.number().int().positive({ message: Messages.idInvalid }) });
const StudentParams = Id.extend({ studentId: z.coerce.number().int().positive() });

/** Assignment sets, documents and extensions: spec §7 "Assignments and documents". */
export function registerAssignmentRoutes(app: FastifyInstance, assignments: AssignmentsService) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/courses/:id/assignments',
    {
      schema: {
        tags,
        params: CourseIdParams,
        querystring: z.object({ 'view-grade': z.enum(['true', 'false']).optional() }),
        response: { 200: envelope(z.array(AssignmentSet)) },
      },
    },
    async (request) => ({ data: await assignments.listForCourse(requireActor(request), request.params.id) }),
  );

  r.post(
    '/api/courses/:id/assignments',
    { schema: { tags, params: CourseIdParams, body: CreateAssignmentRequest, response: { 201: envelope(AssignmentSet) } } },
    async (request, reply) =>
      reply.status(201).send({ data: await assignments.create(requireActor(request), request.params.id, request.body) }),
  );

  r.post(
    '/api/courses/:id/assignments/weight',
    { schema: { tags, params: CourseIdParams, body: ReorderAssignmentsRequest, response: { 200: Empty } } },
    async (request) => {
      await assignments.reorder(requireActor(request), request.params.id, request.body.assignments);
      return { data: {} };
    },
  );

  r.get('/api/assignments/:id', { schema: { tags, params: Id, response: { 200: envelope(AssignmentSet) } } }, async (request) => ({
    data: await assignments.get(requireActor(request), request.params.id),
  }));

  r.put(
    '/api/assignments/:id',
    { schema: { tags, params: Id, body: UpdateAssignmentRequest, response: { 200: envelope(AssignmentSet) } } },
    async (request) => ({ data: await assignments.update(requireActor(request), request.params.id, request.body) }),
  );

  r.delete('/api/assignments/:id', { schema: { tags, params: Id, response: { 200: Empty } } }, async (request) => {
    await assignments.remove(requireActor(request), request.params.id);
    return { data: {} };
  });

  r.get(
    '/api/assignments/:id/documents',
    { schema: { tags, params: Id, response: { 200: envelope(z.array(CourseDocument)) } } },
    async (request) => ({
      data: await assignments.listDocuments(requireActor(request), request.params.id),
    }),
  );

  // Multipart `.har` files (field `file`, one or many), or JSON `document_ids` from the library.
  r.post(
    '/api/assignments/:id/documents',
    {
      schema: {
        tags,
        params: Id,
        consumes: ['multipart/form-data', 'application/json'],
        response: { 201: envelope(z.array(UploadedDocument)) },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      if (!request.isMultipart()) {
        const body = AddLibraryDocumentsRequest.parse(request.body);
        return reply.status(201).send({ data: await assignments.addFromLibrary(actor, request.params.id, body.document_ids) });
      }
      const length = Number(request.headers['content-length']);
      // One more file than allowed gets through, so the service refuses it in its own words.
      const files = uploadedFiles(request, {
        maxBytes: HAR_MAX_BYTES,
        maxFiles: HAR_MAX_FILES_PER_UPLOAD + 1,
        tooLarge: AssignmentMessages.tooLarge,
      });
      const documents = await assignments.upload(actor, request.params.id, Number.isFinite(length) ? length : undefined, files);
      return reply.status(201).send({ data: documents });
    },
  );

  r.post(
    '/api/assignments/:id/documents/weight',
    { schema: { tags, params: Id, body: ReorderDocumentsRequest, response: { 200: envelope(z.array(CourseDocument)) } } },
    async (request) => ({ data: await assignments.reorderDocuments(requireActor(request), request.params.id, request.body.documents) }),
  );

  r.put(
    '/api/documents/:id',
    { schema: { tags, params: Id, body: UpdateDocumentRequest, response: { 200: envelope(CourseDocument) } } },
    async (request) => ({ data: await assignments.updateDocument(requireActor(request), request.params.id, request.body) }),
  );

  r.delete('/api/documents/:id', { schema: { tags, params: Id, response: { 200: Empty } } }, async (request) => {
    await assignments.removeDocument(requireActor(request), request.params.id);
    return { data: {} };
  });

  r.get('/api/documents/:id/file-url', { schema: { tags, params: Id, response: { 200: envelope(FileUrl) } } }, async (request) => ({
    data: await assignments.fileUrl(requireActor(request), request.params.id),
  }));

  r.get('/api/documents/:id/preview-url', { schema: { tags, params: Id, response: { 200: envelope(PreviewUrl) } } }, async (request) => ({
    data: await assignments.previewUrl(requireActor(request), request.params.id),
  }));

  r.get(
    '/api/assignments/:id/due-day-extensions',
    { schema: { tags, params: Id, response: { 200: envelope(z.array(DueDateExtension)) } } },
    async (request) => ({ data: await assignments.listExtensions(requireActor(request), request.params.id) }),
  );

  r.post(
    '/api/assignments/:id/due-day-extensions/:studentId',
    { schema: { tags, params: StudentParams, body: ExtensionRequest, response: { 200: envelope(z.array(DueDateExtension)) } } },
    async (request) => ({
      data: await assignments.grantExtension(
        requireActor(request),
        request.params.id,
        request.params.studentId,
        request.body.extension_due_at,
      ),
    }),
  );

  r.delete(
    '/api/assignments/:id/due-day-extensions/:studentId',
    { schema: { tags, params: StudentParams, response: { 200: Empty } } },
    async (request) => {
      await assignments.removeExtension(requireActor(request), request.params.id, request.params.studentId);
      return { data: {} };
    },
  );
}
