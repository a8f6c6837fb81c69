import { envelope } from '@app/contract/errors';
import { AcademicTerm, LANGUAGES, Language, School, Timezone } from '@app/contract/users';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { requireActor } from '../../http/auth.ts';
import { listAcademicTerms, listSchools, listTimezones } from './repository.ts';

const tags = ['reference'];

/** The reference lists: languages and time zones are public (the sign-in page needs them), the rest need sign-in. */
export function registerReferenceRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/languages', { schema: { tags, response: { 200: envelope(z.array(Language)) } } }, async () => ({
    data: LANGUAGES.map((l) => ({ ...l })),
  }));

  r.get('/api/timezones', { schema: { tags, response: { 200: envelope(z.array(Timezone)) } } }, async () => ({
    data: await listTimezones(deps.db),
  }));

  r.get('/api/schools', { schema: { tags, response: { 200: envelope(z.array(School)) } } }, async (request) => {
    requireActor(request);
    return { data: await listSchools(deps.db) };
  });

  r.get('/api/academic-terms', { schema: { tags, response: { 200: envelope(z.array(AcademicTerm)) } } }, async (request) => {
    requireActor(request);
    return { data: await listAcademicTerms(deps.db) };
  });
}
