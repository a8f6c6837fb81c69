import { type AccessRule, type AccessTable, httpAccess, MATRIX_ACTORS, type MatrixActor, staticFileAccess } from '../src/http/access.ts';
import { answerKeysAccess } from '../src/modules/answer-keys/access.ts';
import { assignmentsAccess } from '../src/modules/assignments/access.ts';
import { authAccess } from '../src/modules/auth/access.ts';
import { authoringAccess } from '../src/modules/authoring/access.ts';
import { coursesAccess } from '../src/modules/courses/access.ts';
import { discussionAccess } from '../src/modules/discussion/access.ts';
import { dueSoonAccess } from '../src/modules/due-soon/access.ts';
import { gradeBookAccess } from '../src/modules/gradebook/access.ts';
import { integrationsAccess } from '../src/modules/integrations/access.ts';
import { libraryAccess } from '../src/modules/library/access.ts';
import { ltiAccess } from '../src/modules/lti/access.ts';
import { mediaAccess } from '../src/modules/media/access.ts';
import { partWritingAccess } from '../src/modules/part-writing/access.ts';
import { peopleAccess } from '../src/modules/people/access.ts';
import { referenceAccess } from '../src/modules/reference/access.ts';
import { submissionsAccess } from '../src/modules/submissions/access.ts';
import { teacherRequestsAccess } from '../src/modules/teacher-requests/access.ts';
import { usersAccess } from '../src/modules/users/access.ts';
import { workspaceAccess } from '../src/modules/workspace/access.ts';
import { operationsAccess } from '../src/operations/access.ts';
import { storageAccess } from '../src/storage/access.ts';
import { routeKey } from './route-samples.ts';

/** Every access table of the server, by the file that declares it. A new module's table goes here. */
export const ACCESS_TABLES: Record<string, AccessTable> = {
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
  'modules/authoring/access.ts': authoringAccess,
  'modules/answer-keys/access.ts': answerKeysAccess,
  'modules/submissions/access.ts': submissionsAccess,
  'modules/gradebook/access.ts': gradeBookAccess,
  'modules/workspace/access.ts': workspaceAccess,
  'modules/due-soon/access.ts': dueSoonAccess,
  'modules/integrations/access.ts': integrationsAccess,
  'modules/media/access.ts': mediaAccess,
  'modules/part-writing/access.ts': partWritingAccess,
  'modules/discussion/access.ts': discussionAccess,
  'modules/lti/access.ts': ltiAccess,
};

/** All declarations by `METHOD /path`, and the keys declared more than once. */
export const declared = new Map<string, { rule: AccessRule; file: string }>();
export const declaredTwice: string[] = [];
for (const [file, table] of Object.entries(ACCESS_TABLES)) {
  for (const [key, rule] of Object.entries(table)) {
    if (declared.has(key)) declaredTwice.push(`${key} (${declared.get(key)?.file} and ${file})`);
    declared.set(key, { rule, file });
  }
}

export type ListedRoute = { method: string; url: string; config: Record<string, unknown> };

/** The declaration that covers a route: its own, its GET's for a HEAD, or the static-file rule. */
export function ruleFor(route: ListedRoute): AccessRule | undefined {
  const own = declared.get(routeKey(route.method, route.url));
  if (own) return own.rule;
  if (route.method === 'HEAD') {
    const get = declared.get(routeKey('GET', route.url));
    if (get) return get.rule;
  }
  if (typeof route.config.file === 'string') return staticFileAccess;
  return undefined;
}

/** The caller that gets furthest into a route: the first its declaration lets through, in this order. */
export function furthestCaller(route: ListedRoute): MatrixActor {
  const rule = ruleFor(route);
  const order: MatrixActor[] = ['instructor', 'student', 'stranger', 'anonymous', ...MATRIX_ACTORS];
  return order.find((actor) => rule?.[actor] === 'ok') ?? 'instructor';
}

/** True when a body is the error envelope of DESIGN §5: a non-empty `errors` of {code, message} or {field, messages}. */
export function isErrorEnvelope(body: string) {
  let parsed: { errors?: unknown };
  try {
    parsed = JSON.parse(body) as { errors?: unknown };
  } catch {
    return false;
  }
  if (!Array.isArray(parsed.errors) || parsed.errors.length === 0) return false;
  return parsed.errors.every((e: unknown) => {
    const error = e as { code?: unknown; message?: unknown; field?: unknown; messages?: unknown };
    const coded = typeof error.code === 'string' && typeof error.message === 'string';
    const fielded = typeof error.field === 'string' && Array.isArray(error.messages) && error.messages.every((m) => typeof m === 'string');
    return coded || fielded;
  });
}
