import { choraleMusicXml, TEST_CHORALES, type TestChorale } from '@app/har/analysis/test-chorales';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MATRIX_ACTORS, type MatrixActor } from '../src/http/access.ts';
import { hostileHars, hostileScores, jsonSchemaOf, multipartBody, paramFor, queryFor, rawBody, valueFor } from './fuzz-arbitraries.ts';
import { dialects, sampleExercise } from './helpers.ts';
import { buildMatrixWorld, listMatrixRoutes, type MatrixWorld } from './matrix-world.ts';
import { furthestCaller, isErrorEnvelope } from './route-access.ts';
import { defaultParam, routeKey, SAMPLES, type SampleRequest } from './route-samples.ts';

/**
 * The route fuzz test of issue 16: every route of the app gets FUZZ_RUNS (200 by default; CI)
 * property-based requests made from its own zod schemas — malformed path parameters, queries,
 * JSON bodies, content types and multipart bodies, mostly near-valid so they reach the service —
 * sent as the caller its access declaration lets furthest in. No answer may be a 5xx, and every
 * 4xx must be the error envelope `{"errors":[…]}`. FUZZ_SEED replays a run.
 *
 * It runs on SQLite, and on PostgreSQL with TEST_DATABASE_URL (FUZZ_POSTGRES_RUNS each, 50 by
 * default: the engine matters for what reaches the database, not for parsing). HEAD routes share
 * their GET's handler and are left to the authorization matrix.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 200);
const POSTGRES_RUNS = Number(process.env.FUZZ_POSTGRES_RUNS ?? Math.min(RUNS, 50));
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);

const METHOD_ORDER = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
// Reads first, removals last: a removal that succeeds takes its target from later routes' requests.
const routes = (await listMatrixRoutes())
  .filter((r) => r.method !== 'HEAD')
  .map((r, index) => ({ ...r, index, name: routeKey(r.method, r.url) }))
  .sort((a, b) => METHOD_ORDER.indexOf(a.method) - METHOD_ORDER.indexOf(b.method) || a.index - b.index);

type Body = { kind: 'none' } | { kind: 'json'; value: unknown } | { kind: 'raw'; contentType: string | undefined; body: string | Buffer };

type FuzzCase = { params: Record<string, string>; query: string | undefined; body: Body; caller: MatrixActor; csrf: boolean };

describe.each(dialects)('route fuzz (%s)', (dialect) => {
  let w: MatrixWorld;
  const runs = dialect === 'postgres' ? POSTGRES_RUNS : RUNS;
  // Every route's sample and session are made before any fuzzing, while the world is whole.
  const prepared = new Map<string, { caller: MatrixActor; sample: SampleRequest; token: string | undefined }>();
  beforeAll(async () => {
    w = await buildMatrixWorld(dialect);
    for (const route of routes) {
      const caller = furthestCaller(route);
      const sample = await (SAMPLES[route.name] ?? (() => ({})))(w, caller);
      prepared.set(route.name, { caller, sample, token: await sessionFor(w, caller, sample) });
    }
  }, 120_000);
  afterAll(async () => {
    await w?.close();
  });

  it.each(routes)(`$name: ${runs} malformed requests, no 5xx, 4xx in the error envelope`, { timeout: 120_000 }, async (route) => {
    const prep = prepared.get(route.name);
    if (!prep) throw new Error(`${route.name} was not prepared`);
    const { caller, sample, token } = prep;
    const names = [...route.url.matchAll(/:([A-Za-z_]+)|\*/g)].map((m) => m[1] ?? '*');
    const realIds = [w.course.id, w.outsideCourse.id, w.set, w.document, w.submission, w.thread.id, w.media.id, w.ids.student ?? 1];

    const params = fc.record(
      Object.fromEntries(
        names.map((name) => {
          const valid = String(
            sample.params?.[name] ?? (name === '*' ? wildcardOf(route.url, sample) : defaultParam(w, route.url, name)) ?? '1',
          );
          return [name, fc.oneof({ weight: 3, arbitrary: fc.constant(valid) }, { weight: 2, arbitrary: paramFor([valid, ...realIds]) })];
        }),
      ),
    );
    const validQuery = sample.query ? new URLSearchParams(sample.query).toString() : sample.url?.split('?')[1];
    const query = fc.oneof(
      { weight: 2, arbitrary: fc.constant(validQuery) },
      { weight: 3, arbitrary: queryFor(jsonSchemaOf(route.schema.querystring)) },
    );
    const upload = route.schema.consumes?.includes('multipart/form-data') ?? false;
    const fileField = route.url.includes('media-files') ? 'mediafile' : 'file';
    // Each upload gets the file it takes, and hostile variants of it (issue 26): MusicXML for
    // authoring, an exercise for a set's documents, a submission for a hand-in.
    const scoreUpload = route.url.startsWith('/api/exercise-drafts');
    const goodFile =
      fileField === 'mediafile'
        ? w.tone()
        : scoreUpload
          ? Buffer.from(choraleMusicXml(TEST_CHORALES[4] as TestChorale))
          : route.url === '/api/assignments/:id/documents'
            ? Buffer.from(sampleExercise().bytes)
            : w.submissionHar();
    const hostile =
      !upload || fileField === 'mediafile' ? [] : scoreUpload ? hostileScores(goodFile.toString('utf8')) : hostileHars(goodFile);
    const bodySchema = jsonSchemaOf(route.schema.body);
    const json = (bodySchema ? valueFor(bodySchema) : valueFor(undefined)).map((value): Body => ({ kind: 'json', value }));
    const body: fc.Arbitrary<Body> =
      route.method === 'GET'
        ? fc.constant({ kind: 'none' })
        : fc.oneof(
            { weight: bodySchema ? 5 : 2, arbitrary: json },
            { weight: 2, arbitrary: rawBody.map((raw): Body => ({ kind: 'raw', ...raw })) },
            {
              weight: upload ? 5 : 1,
              arbitrary: multipartBody(fileField, goodFile, hostile).map((raw): Body => ({ kind: 'raw', ...raw })),
            },
            {
              weight: 1,
              arbitrary: fc.constant<Body>(sample.body === undefined ? { kind: 'none' } : { kind: 'json', value: sample.body }),
            },
          );
    const cases: fc.Arbitrary<FuzzCase> = fc.record({
      params,
      query,
      body,
      // Another caller now and then; never for a call that ends the session (it would end theirs).
      caller: sample.freshSession
        ? fc.constant(caller)
        : fc.oneof({ weight: 9, arbitrary: fc.constant(caller) }, { weight: 1, arbitrary: fc.constantFrom(...MATRIX_ACTORS) }),
      csrf: fc.oneof({ weight: 19, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
    });

    const seen = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(cases, async (c) => {
        const res = await send(w, route, sample, c, c.caller === caller ? token : w.clients[c.caller].token);
        seen.set(res.statusCode, (seen.get(res.statusCode) ?? 0) + 1);
        const said = `${route.name} answered ${res.statusCode} to ${describeCase(c)}: ${res.body.slice(0, 400)}`;
        expect(res.statusCode, said).toBeLessThan(500);
        if (res.statusCode >= 400) expect(isErrorEnvelope(res.body), `not the error envelope: ${said}`).toBe(true);
      }),
      { numRuns: runs, ...(SEED === undefined ? {} : { seed: SEED }), endOnFailure: process.env.FUZZ_SHRINK !== '1' },
    );
    expect([...seen.values()].reduce((a, b) => a + b, 0)).toBe(runs);
    if (process.env.FUZZ_REPORT) console.log(`${dialect} ${route.name}: ${[...seen].map(([status, n]) => `${status}×${n}`).join(' ')}`);
  });
});

describe.each(dialects)('hostile score files (%s)', (dialect) => {
  let w: MatrixWorld;
  beforeAll(async () => {
    w = await buildMatrixWorld(dialect);
  }, 120_000);
  afterAll(async () => {
    await w?.close();
  });

  // Every upload of a score or a .har, each hostile file once (issue 26): deep nesting, entities,
  // entries huge once unpacked. None may be a 5xx; a refusal is the error envelope, in seconds.
  const uploads = routes.filter((r) => r.schema.consumes?.includes('multipart/form-data') && !r.url.includes('media-files'));
  it('covers the uploads of scores and .har files', () => {
    expect(uploads.map((r) => r.name).sort()).toEqual(
      [
        'POST /api/assignments/:id/documents',
        'POST /api/documents/:id/submissions',
        'POST /api/exercise-drafts',
        'POST /api/exercise-drafts/part-writing',
      ].sort(),
    );
  });
  it.each(uploads)('$name', { timeout: 300_000 }, async (route) => {
    const caller = furthestCaller(route);
    const score = Buffer.from(choraleMusicXml(TEST_CHORALES[4] as TestChorale));
    const files = route.url.startsWith('/api/exercise-drafts')
      ? hostileScores(score.toString('utf8'))
      : hostileHars(route.url === '/api/assignments/:id/documents' ? Buffer.from(sampleExercise().bytes) : w.submissionHar());
    for (const [i, file] of files.entries()) {
      const sample: SampleRequest = await (SAMPLES[route.name] ?? (() => ({})))(w, caller);
      const params = Object.fromEntries(
        [...route.url.matchAll(/:([A-Za-z_]+)/g)].map((m) => {
          const name = m[1] ?? '';
          return [name, String(sample.params?.[name] ?? defaultParam(w, route.url, name) ?? '1')];
        }),
      );
      const boundary = 'hostileB0undary';
      const body = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="hostile-${i}"\r\n\r\n`),
        file,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const c: FuzzCase = {
        params,
        query: sample.query ? new URLSearchParams(sample.query).toString() : undefined,
        body: { kind: 'raw', contentType: `multipart/form-data; boundary=${boundary}`, body },
        caller,
        csrf: true,
      };
      const started = performance.now();
      const res = await send(w, route, sample, c, await sessionFor(w, caller, sample));
      const said = `${route.name} answered ${res.statusCode} to hostile file ${i} (${file.length} bytes): ${res.body.slice(0, 300)}`;
      expect(res.statusCode, said).toBeLessThan(500);
      if (res.statusCode >= 400) expect(isErrorEnvelope(res.body), said).toBe(true);
      expect(performance.now() - started, said).toBeLessThan(20_000);
      if (process.env.FUZZ_REPORT) console.log(`${dialect} ${said.slice(0, 200)}`);
    }
  });
});

/** The caller's token for a route: a session of its own when the route ends or replaces the session. */
async function sessionFor(w: MatrixWorld, caller: MatrixActor, sample: SampleRequest) {
  if (!sample.freshSession || caller === 'anonymous') return w.clients[caller].token;
  const client = w.t.client();
  await client.signIn(w.emailOf(caller), w.passwordOf(caller));
  return client.token;
}

/** Path parameters go in URL-encoded, except the ones written to test percent-escapes themselves. */
function pathSegment(value: string, wildcard: boolean) {
  if (/^%|%2F/.test(value)) return value;
  try {
    return wildcard ? value.split('/').map(encodeURIComponent).join('/') : encodeURIComponent(value);
  } catch {
    // A lone surrogate has no UTF-8 form: send the bytes a client would have to make up.
    return '%ED%A0%80';
  }
}

/** The wildcard part of a sample's whole URL (a signed file link's key). */
function wildcardOf(routeUrl: string, sample: SampleRequest) {
  const path = sample.url?.split('?')[0];
  const prefix = routeUrl.slice(0, routeUrl.indexOf('*'));
  return path?.startsWith(prefix) ? decodeURIComponent(path.slice(prefix.length)) : undefined;
}

function send(w: MatrixWorld, route: { method: string; url: string }, sample: SampleRequest, c: FuzzCase, token: string | undefined) {
  const fixed = sample.url && !route.url.includes('*') ? sample.url.split('?')[0] : undefined;
  const url =
    fixed ??
    route.url.replace(/:([A-Za-z_]+)|\*/g, (match, name: string | undefined) => pathSegment(c.params[name ?? '*'] ?? '', match === '*'));
  const query = c.query;
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (c.csrf) headers['x-csrftoken'] = 'fuzz-csrf';
  let payload: string | Buffer | undefined;
  if (c.body.kind === 'json') {
    payload = JSON.stringify(c.body.value) ?? 'null';
    headers['content-type'] = 'application/json';
  } else if (c.body.kind === 'raw') {
    payload = c.body.body;
    if (c.body.contentType !== undefined) headers['content-type'] = c.body.contentType;
  }
  return w.app.inject({
    method: route.method as 'GET',
    url: query ? `${url}?${query}` : url,
    headers,
    cookies: { csrftoken: 'fuzz-csrf' },
    ...(payload === undefined ? {} : { payload }),
  });
}

function describeCase(c: FuzzCase) {
  const body =
    c.body.kind === 'json'
      ? `JSON ${JSON.stringify(c.body.value)?.slice(0, 300)}`
      : c.body.kind === 'raw'
        ? `${c.body.contentType ?? 'no content type'} ${JSON.stringify(c.body.body.toString('latin1').slice(0, 300))}`
        : 'no body';
  return `${c.caller} params ${JSON.stringify(c.params).slice(0, 200)} query ${JSON.stringify(c.query?.slice(0, 200))} csrf ${c.csrf} ${body}`;
}
