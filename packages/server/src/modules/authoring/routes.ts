import { HAR_MAX_BYTES } from '@app/contract/assignments';
import { envelope, Messages } from '@app/contract/errors';
import { AuthoringMessages, DraftCourseQuery, ExerciseDraft, SavedExercise, SaveExerciseRequest } from '@app/contract/exercise-authoring';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../http/auth.ts';
import { uploadedFile } from '../../http/uploads.ts';
import type { AuthoringService } from './service.ts';

const tags = ['authoring'];
const Id = z.object({ id: z.coerce.number().int().positive({ message: Messages.idInvalid }) });

/** Exercise authoring: a score in, its positions and suggestions out; the confirmed key saved as a .har. */
export function registerAuthoringRoutes(app: FastifyInstance, authoring: AuthoringService) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Multipart, one MusicXML file (field `file`): .musicxml, .xml or .mxl.
  r.post(
    '/api/exercise-drafts',
    { schema: { tags, querystring: DraftCourseQuery, consumes: ['multipart/form-data'], response: { 201: envelope(ExerciseDraft) } } },
    async (request, reply) => {
      const actor = requireActor(request);
      const upload = await uploadedFile(request, { maxBytes: HAR_MAX_BYTES, fields: 2, tooLarge: AuthoringMessages.tooLarge });
      return reply.status(201).send({ data: await authoring.createDraft(actor, request.query.course_id, upload) });
    },
  );

  r.post(
    '/api/exercise-drafts/:id/exercise',
    { schema: { tags, params: Id, body: SaveExerciseRequest, response: { 201: envelope(SavedExercise) } } },
    async (request, reply) =>
      reply.status(201).send({ data: await authoring.saveExercise(requireActor(request), request.params.id, request.body) }),
  );
}
