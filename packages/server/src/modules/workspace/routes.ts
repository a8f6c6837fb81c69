import { CourseIdParams } from '@app/contract/courses';
import { envelope, Messages } from '@app/contract/errors';
import { AnswersRequest, Draft, DraftSummary, Workspace } from '@app/contract/workspace';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../http/auth.ts';
import { compiledJson } from '../../http/serialize.ts';
import type { WorkspaceService } from './service.ts';

const tags = ['workspace'];
const Id = z.object({ id: z.coerce.number().int().positive({ message: Messages.idInvalid }) });

/** The exercise workspace: what a student needs to do a document in the browser, and their drafts. */
export function registerWorkspaceRoutes(app: FastifyInstance, workspace: WorkspaceService) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Opening and autosaving are most of a deadline's requests: their answers are written by a
  // serializer compiled from the schema, which strips as zod does (decision 043).
  r.get(
    '/api/documents/:id/workspace',
    { schema: { tags, params: Id, response: { 200: envelope(Workspace) } }, serializerCompiler: compiledJson },
    async (request) => ({ data: await workspace.get(requireActor(request), request.params.id) }),
  );

  r.post(
    '/api/documents/:id/start',
    { schema: { tags, params: Id, response: { 200: envelope(Workspace) } }, serializerCompiler: compiledJson },
    async (request) => ({ data: await workspace.start(requireActor(request), request.params.id) }),
  );

  r.put(
    '/api/documents/:id/draft',
    {
      // 409 (DraftConflict): the stored draft moved on since the body's `base` (decision 046).
      schema: { tags, params: Id, body: AnswersRequest, response: { 200: envelope(Draft) } },
      serializerCompiler: compiledJson,
    },
    async (request) => {
      const { answers, base } = request.body;
      return { data: await workspace.saveDraft(requireActor(request), request.params.id, answers, base) };
    },
  );

  r.get(
    '/api/courses/:id/drafts',
    { schema: { tags, params: CourseIdParams, response: { 200: envelope(z.array(DraftSummary)) } } },
    async (request) => ({ data: await workspace.draftsInCourse(requireActor(request), request.params.id) }),
  );
}
