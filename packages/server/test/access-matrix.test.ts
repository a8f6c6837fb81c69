import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MATRIX_ACTORS, type Outcome } from '../src/http/access.ts';
import { dialects } from './helpers.ts';
import { buildMatrixWorld, listMatrixRoutes, type MatrixWorld } from './matrix-world.ts';
import { declared, declaredTwice, isErrorEnvelope, ruleFor } from './route-access.ts';
import { routeKey, SAMPLES, sendSample } from './route-samples.ts';

/**
 * The authorization matrix of issue 16: every route the app registers, sent by each of the seven
 * callers of MATRIX_ACTORS against one demo-like course, must answer what the `access.ts` beside
 * its routes declares (docs/decisions/014-route-access-declarations.md). A new route without a
 * declaration fails here; so does a declaration whose route is gone.
 */

const routes = await listMatrixRoutes();

function matches(outcome: Outcome, status: number) {
  return outcome === 'ok' ? status >= 200 && status < 400 : status === outcome;
}

describe('route access declarations', () => {
  it('declare every registered route once, and no route that is gone', () => {
    const undeclared = routes.filter((r) => !ruleFor(r)).map((r) => routeKey(r.method, r.url));
    expect(undeclared, 'routes without an access declaration: add them to the access.ts beside their routes').toEqual([]);
    const registered = new Set(routes.map((r) => routeKey(r.method === 'HEAD' ? 'GET' : r.method, r.url)));
    const stale = [...declared.keys()].filter((key) => !registered.has(key));
    expect(stale, 'declarations of routes that are not registered').toEqual([]);
    expect(declaredTwice, 'routes declared twice').toEqual([]);
    for (const { rule } of declared.values()) expect(Object.keys(rule).sort()).toEqual([...MATRIX_ACTORS].sort());
  });

  it('have a well-formed sample for every route that takes a body or an upload (issue 26)', () => {
    // Without one the matrix sends an empty body, which the schema refuses before the access check,
    // and the fuzz has no valid request to start from.
    const needing = routes.filter((r) => r.method !== 'HEAD' && (r.schema?.body || r.schema?.consumes?.includes('multipart/form-data')));
    const missing = needing.map((r) => routeKey(r.method, r.url)).filter((key) => !SAMPLES[key]);
    expect(missing, 'routes that take a body without a sample in route-samples.ts').toEqual([]);
  });
});

describe.each(dialects)('authorization matrix (%s)', (dialect) => {
  let w: MatrixWorld;
  beforeAll(async () => {
    w = await buildMatrixWorld(dialect);
  }, 120_000);
  afterAll(async () => {
    await w?.close();
  });

  it.each(routes.map((r) => ({ ...r, name: routeKey(r.method, r.url) })))('$name', async (route) => {
    const rule = ruleFor(route);
    if (!rule) throw new Error(`${route.name} has no access declaration: add it to the access.ts beside its routes`);
    const sample = SAMPLES[route.name] ?? (route.method === 'HEAD' ? SAMPLES[routeKey('GET', route.url)] : undefined) ?? (() => ({}));
    const wrong: string[] = [];
    for (const actor of MATRIX_ACTORS) {
      const sent = await sendSample(w, actor, route.method, route.url, await sample(w, actor));
      const expected = rule[actor];
      const detail = `${actor}: expected ${expected}, got ${sent.status} from ${sent.method} ${sent.url} ${sent.body.slice(0, 300)}`;
      if (!matches(expected, sent.status)) wrong.push(detail);
      else if (sent.status === 404 && sent.body.includes('No such path')) wrong.push(`${detail} (the request did not reach the route)`);
      else if (sent.status >= 400 && route.method !== 'HEAD' && !isErrorEnvelope(sent.body))
        wrong.push(`${detail} (not the error envelope)`);
    }
    expect(wrong).toEqual([]);
  });
});
