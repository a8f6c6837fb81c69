import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { z } from 'zod';

/**
 * The response serializer of a hot route (issue 15): `JSON.stringify` of what the handler
 * returns, without zod encoding it again. Only for routes whose handler answers objects built
 * field by field by a `present*` function (never a database row or a spread of one), so there
 * is nothing to strip; the route keeps its response schema for the API docs, and its tests
 * check each answer against that schema (`http/hot-path.test.ts`).
 */
export const presentedJson: FastifySerializerCompiler<unknown> = () => (data: unknown) => JSON.stringify(data);

/**
 * The response serializer of the deadline's hot routes (issue 29, decision 043): the route's zod
 * response schema, turned into JSON Schema once when the route is built, compiled by
 * fast-json-stringify. Like zod's serializer it writes only the keys the schema names — a key a
 * handler's result carries beyond them (an answer key, a model solution) never reaches the client,
 * at any depth — and refuses an answer missing a required key; unlike it, it does not check each
 * value's type on every answer: the routes' tests compare every answer with zod's parse of it
 * (`http/compiled-json.test.ts`).
 */
export const compiledJson: FastifySerializerCompiler<unknown> = ({ schema }) => {
  if (!(schema instanceof z.ZodType)) throw new Error('compiledJson needs a zod response schema.');
  // The writer depends on the schema alone and keeps no state, so every app of a process (each test
  // builds one) shares it: compiling the deadline routes' writers took ~40 ms of each app's start.
  // A route's `envelope(X)` is a new `{ data: X }` object each time routes are registered: its
  // writer is kept by X.
  const plainObject = schema instanceof z.ZodObject && schema.def.catchall === undefined && Object.keys(schema.shape).length === 1;
  const data = plainObject ? schema.shape.data : undefined;
  const cache = data instanceof z.ZodType ? enveloped : writers;
  const key = data instanceof z.ZodType ? data : schema;
  let write = cache.get(key);
  if (!write) {
    const json = z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' });
    write = fastJson(forWriting(json) as Parameters<typeof fastJson>[0]);
    cache.set(key, write);
  }
  return write;
};

/** compiledJson's writer of each zod schema, and of each `{ data: X }` by its X. */
const writers = new WeakMap<z.ZodType, (data: unknown) => string>();
const enveloped = new WeakMap<z.ZodType, (data: unknown) => string>();

/**
 * The JSON Schema as fast-json-stringify should write by it: `additionalProperties: false` goes
 * (without it undeclared keys are left out, which is the stripping; with it an extra key fails
 * the match of an `anyOf` branch), and zod's nullable `anyOf: [X, {type: 'null'}]` becomes X with
 * `nullable: true`, so no answer is matched against branches with a validator.
 */
function forWriting(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(forWriting);
  if (!node || typeof node !== 'object') return node;
  const { additionalProperties, anyOf, ...rest } = node as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(rest)) out[key] = forWriting(value);
  if (additionalProperties !== undefined && additionalProperties !== false) out.additionalProperties = forWriting(additionalProperties);
  if (Array.isArray(anyOf)) {
    const isNull = (branch: unknown) => (branch as { type?: unknown }).type === 'null';
    const others = anyOf.filter((branch) => !isNull(branch));
    const only = others[0] as { type?: unknown } | undefined;
    if (others.length === 1 && anyOf.length === 2 && only && typeof only.type === 'string' && Object.keys(rest).length === 0)
      return { ...(forWriting(only) as object), nullable: true };
    out.anyOf = forWriting(anyOf);
  }
  return out;
}
