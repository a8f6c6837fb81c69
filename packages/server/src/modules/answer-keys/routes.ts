import { DocumentKeyOrRules, GradeChange, RegradeState, UpdateKeyRequest, UpdatePartWritingRulesRequest } from '@app/contract/answer-keys';
import { envelope, Messages } from '@app/contract/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../http/auth.ts';
import type { AnswerKeysService } from './service.ts';

const tags = ['answer-keys'];
const Id = z.object({ id: z.coerce.number().int().positive({ message: Messages.idInvalid }) });

/** A document's answer key (its versions) and regrading its submissions. */
export function registerAnswerKeyRoutes(app: FastifyInstance, answerKeys: AnswerKeysService) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // An analysis document's key, or a part-writing document's rule settings (issue 27).
  r.get('/api/documents/:id/key', { schema: { tags, params: Id, response: { 200: envelope(DocumentKeyOrRules) } } }, async (request) => ({
    data: await answerKeys.getKey(requireActor(request), request.params.id),
  }));

  r.put(
    '/api/documents/:id/key',
    { schema: { tags, params: Id, body: UpdateKeyRequest, response: { 200: envelope(RegradeState) } } },
    async (request) => ({ data: await answerKeys.updateKey(requireActor(request), request.params.id, request.body) }),
  );

  // A part-writing document's rule settings (issue 27): a new version, regraded by POST …/regrade.
  r.put(
    '/api/documents/:id/rules',
    { schema: { tags, params: Id, body: UpdatePartWritingRulesRequest, response: { 200: envelope(RegradeState) } } },
    async (request) => ({ data: await answerKeys.updateRules(requireActor(request), request.params.id, request.body) }),
  );

  r.get('/api/documents/:id/regrade', { schema: { tags, params: Id, response: { 200: envelope(RegradeState) } } }, async (request) => ({
    data: await answerKeys.regradeState(requireActor(request), request.params.id),
  }));

  // 202: the regrade runs as a job; GET …/regrade follows it.
  r.post(
    '/api/documents/:id/regrade',
    { schema: { tags, params: Id, response: { 202: envelope(RegradeState) } } },
    async (request, reply) => reply.status(202).send({ data: await answerKeys.requestRegrade(requireActor(request), request.params.id) }),
  );

  r.get(
    '/api/documents/:id/grade-changes',
    { schema: { tags, params: Id, response: { 200: envelope(z.array(GradeChange)) } } },
    async (request) => ({ data: await answerKeys.gradeChanges(requireActor(request), request.params.id) }),
  );
}
