import { HAR_MAX_BYTES } from '@app/contract/assignments';
import { envelope } from '@app/contract/errors';
import { AuthoringMessages } from '@app/contract/exercise-authoring';
import {
  PartWritingCheckRequest,
  PartWritingCheckResult,
  PartWritingDraftQuery,
  PartWritingUpload,
  SavedPartWriting,
  SavePartWritingRequest,
} from '@app/contract/part-writing';
import { VOICES, type Voice } from '@app/contract/part-writing/rules';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireActor } from '../../http/auth.ts';
import { uploadedFile } from '../../http/uploads.ts';
import type { PartWritingService } from './service.ts';

const tags = ['part-writing'];

/** POST /api/part-writing/check (voices in, findings out, nothing stored) and Create Exercise's part writing. */
export function registerPartWritingRoutes(app: FastifyInstance, partWriting: PartWritingService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/part-writing/check',
    { schema: { tags, body: PartWritingCheckRequest, response: { 200: envelope(PartWritingCheckResult) } } },
    async (request) => ({ data: await partWriting.check(requireActor(request), request.body) }),
  );

  // Create Exercise (multipart, one MusicXML file in `file`): the given voices with figures or numerals, nothing stored.
  r.post(
    '/api/exercise-drafts/part-writing',
    {
      schema: {
        tags,
        querystring: PartWritingDraftQuery,
        consumes: ['multipart/form-data'],
        response: { 201: envelope(PartWritingUpload) },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const upload = await uploadedFile(request, { maxBytes: HAR_MAX_BYTES, fields: 2, tooLarge: AuthoringMessages.tooLarge });
      // A whole score's given voices, chosen from what its first upload answered (`S,B`).
      const given = request.query.given?.split(',') as Voice[] | undefined;
      // Which line of the score each voice is, when the score has more lines than voices (issue 35): S, A, T, B (or S, B).
      const lines = request.query.parts?.split(',').map(Number);
      const parts = lines
        ? Object.fromEntries((lines.length === 2 ? ['S', 'B'] : VOICES).map((v, i) => [v, lines[i] as number]))
        : undefined;
      return reply
        .status(201)
        .send({ data: await partWriting.authoring.draftFromUpload(actor, request.query.course_id, upload, given, parts) });
    },
  );

  r.post(
    '/api/part-writing/exercises',
    { schema: { tags, body: SavePartWritingRequest, response: { 201: envelope(SavedPartWriting) } } },
    async (request, reply) => reply.status(201).send({ data: await partWriting.authoring.save(requireActor(request), request.body) }),
  );
}
