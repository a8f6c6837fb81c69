import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AccessRule, type AccessTable, httpAccess, MATRIX_ACTORS, type Outcome, staticFileAccess } from '../src/http/access.ts';
import { assignmentsAccess } from '../src/modules/assignments/access.ts';
import { authAccess } from '../src/modules/auth/access.ts';
import { coursesAccess } from '../src/modules/courses/access.ts';
import { discussionAccess } from '../src/modules/discussion/access.ts';
import { integrationsAccess } from '../src/modules/integrations/access.ts';
import { libraryAccess } from '../src/modules/library/access.ts';
import { mediaAccess } from '../src/modules/media/access.ts';
import { peopleAccess } from '../src/modules/people/access.ts';
import { referenceAccess } from '../src/modules/reference/access.ts';
import { submissionsAccess } from '../src/modules/submissions/access.ts';
import { teacherRequestsAccess } from '../src/modules/teacher-requests/access.ts';
import { usersAccess } from '../src/modules/users/access.ts';
import { workspaceAccess } from '../src/modules/workspace/access.ts';
import { operationsAccess } from '../src/operations/access.ts';
import { storageAccess } from '../src/storage/access.ts';
import { dialects } from './helpers.ts';
import { buildMatrixWorld, listMatrixRoutes, type MatrixWorld } from './matrix-world.ts';
import { routeKey, SAMPLES, sendSample } from './route-samples.ts';

/**
 * The authorization matrix of issue 16: every route the app registers, sent by each of the seven
 * callers of MATRIX_ACTORS against one demo-like course, must answer what the `access.ts` beside
 * its routes declares (docs/decisions/010-route-access-declarations.md). A new route without a
 * declaration fails here; so does a declaration whose route is gone.
 */

const TABLES: Record<string, AccessTable> = {
  'http/access.ts': httpAccess,
  'operations/access.ts': operationsAccess,
  'storage/access.ts': storageAccess,
  'modules/auth/access.ts': authAccess,
  'modules/users/access.ts': usersAccess,
  'modules/reference/access.ts': referenceAccess,
  'modules/teacher-requests/access.ts': teacherRequestsAccess,
  'modules/courses/access.ts': coursesAccess,
  'modules/people/access.ts': peopleAccess,
  'modules/assignments/access.ts': assignmentsAccess,
  'modules/library/access.ts': libraryAccess,
  'modules/submissions/access.ts': submissionsAccess,
  'modules/workspace/access.ts': workspaceAccess,
  'modules/integrations/access.ts': integrationsAccess,
  'modules/media/access.ts': mediaAccess,
  'modules/discussion/access.ts': discussionAccess,
};

const declared = new Map<string, { rule: AccessRule; file: string }>();
const duplicates: string[] = [];
for (const [file, table] of Object.entries(TABLES)) {
  for (const [key, rule] of Object.entries(table)) {
    if (declared.has(key)) duplicates.push(`${key} (${declared.get(key)?.file} and ${file})`);
    declared.set(key, { rule, file });
  }
}

const routes = await listMatrixRoutes();

/** The declaration that covers a route: its own, its GET's for a HEAD, or the static-file rule. */
function ruleFor(route: { method: string; url: string; config: Record<string, unknown> }): AccessRule | undefined {
  const own = declared.get(routeKey(route.method, route.url));
  if (own) return own.rule;
  if (route.method === 'HEAD') {
    const get = declared.get(routeKey('GET', route.url));
    if (get) return get.rule;
  }
  if (typeof route.config.file === 'string') return staticFileAccess;
  return undefined;
}

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
    expect(duplicates, 'routes declared twice').toEqual([]);
    for (const { rule } of declared.values()) expect(Object.keys(rule).sort()).toEqual([...MATRIX_ACTORS].sort());
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

function isErrorEnvelope(body: string) {
  try {
    const parsed = JSON.parse(body) as { errors?: unknown };
    return Array.isArray(parsed.errors) && parsed.errors.length > 0;
  } catch {
    return false;
  }
}
