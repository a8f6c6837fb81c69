import { Messages } from '@app/contract/errors';
import type { FastifyInstance } from 'fastify';
import { AppError, errorBody } from './errors.ts';

const NUL = '\u0000';
export const NUL_MESSAGE = Messages.textHasNul;

/** The path of the first string (or key) holding U+0000, '' for the value itself; undefined when there is none. */
export function findNul(value: unknown, path = '', depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes(NUL) ? path : undefined;
  // Deeper than any request of ours nests; the schema refuses such bodies anyway.
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value) || depth > 64) return undefined;
  for (const [key, inner] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (key.includes(NUL)) return at;
    const found = findNul(inner, at, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * PostgreSQL cannot store U+0000 in text (SQLite can), so a NUL in a path parameter, query or JSON
 * or form body would be a 500 on one engine only. Both refuse it before validation, as a 400
 * naming the field (found by the route fuzz test).
 */
export function registerNulGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request, reply) => {
    for (const [part, value] of [
      ['params', request.params],
      ['query', request.query],
      ['body', request.body],
    ] as const) {
      const field = findNul(value);
      // Answered here, not thrown: plugin routes (the API docs) keep Fastify's own error handler.
      if (field !== undefined) return reply.status(400).send(errorBody(AppError.badRequest(field || part, NUL_MESSAGE).fields ?? []));
    }
  });
}
