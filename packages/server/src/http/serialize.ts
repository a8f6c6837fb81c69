import type { FastifySerializerCompiler } from 'fastify';

/**
 * The response serializer of a hot route (issue 15): `JSON.stringify` of what the handler
 * returns, without zod encoding it again. Only for routes whose handler answers objects built
 * field by field by a `present*` function (never a database row or a spread of one), so there
 * is nothing to strip; the route keeps its response schema for the API docs, and its tests
 * check each answer against that schema (`http/hot-path.test.ts`).
 */
export const presentedJson: FastifySerializerCompiler<unknown> = () => (data: unknown) => JSON.stringify(data);
