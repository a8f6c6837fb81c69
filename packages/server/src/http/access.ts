/**
 * Who may call a route, declared beside each module's routes in `access.ts` and enforced by
 * `test/access-matrix.test.ts`, which sends every registered route as each of these callers
 * against one demo-like course (docs/decisions/014-route-access-declarations.md).
 */

/** The callers of the matrix, each relative to the one course the requests are about. */
export const MATRIX_ACTORS = [
  /** No session. */
  'anonymous',
  /** Signed in (a student account), member of no course. */
  'stranger',
  /** A student of another course. */
  'outsideStudent',
  /** A student of the course. */
  'student',
  /** A TA of the course (a student account, as in the demo). */
  'ta',
  /** An instructor (user_type 2) of another course. */
  'outsideInstructor',
  /** The course's instructor. */
  'instructor',
] as const;
export type MatrixActor = (typeof MATRIX_ACTORS)[number];

/**
 * 'ok': any 2xx or 3xx. A number: exactly that status — a refusal (401, 403, 404), or a rule of
 * state that the caller reached only after passing the access check (400, 409).
 */
export type Outcome = 'ok' | 400 | 401 | 403 | 404 | 409;
export type AccessRule = Readonly<Record<MatrixActor, Outcome>>;
/** Keyed `METHOD /path` exactly as registered; a GET's rule covers its HEAD. */
export type AccessTable = Readonly<Record<string, AccessRule>>;

/** Anyone, signed in or not. */
export const anyone: AccessRule = {
  anonymous: 'ok',
  stranger: 'ok',
  outsideStudent: 'ok',
  student: 'ok',
  ta: 'ok',
  outsideInstructor: 'ok',
  instructor: 'ok',
};

/** Any signed-in user, about themselves or shared reference data. */
export const signedIn: AccessRule = { ...anyone, anonymous: 401 };

/** Instructor accounts (user_type 2), whatever their courses. */
export const instructorAccounts: AccessRule = { ...signedIn, stranger: 403, outsideStudent: 403, student: 403, ta: 403 };

/** Members of the course in any role; everyone else is told it does not exist. */
export const courseMembers: AccessRule = { ...signedIn, stranger: 404, outsideStudent: 404, outsideInstructor: 404 };

/** The course's instructors and TAs; its students are refused. */
export const courseTeachers: AccessRule = { ...courseMembers, student: 403 };

/** The course's instructors only. */
export const courseInstructors: AccessRule = { ...courseTeachers, ta: 403 };

/** The course's students only: handing in work, paying the fee. Its teachers are refused. */
export const courseStudents: AccessRule = { ...courseMembers, ta: 403, instructor: 403 };

/** Every caller gets the same status. */
export function everyCaller(outcome: Outcome): AccessRule {
  return {
    anonymous: outcome,
    stranger: outcome,
    outsideStudent: outcome,
    student: outcome,
    ta: outcome,
    outsideInstructor: outcome,
    instructor: outcome,
  };
}

/**
 * Files that @fastify/static registered one route each for (the built web app): public. Their
 * routes depend on the build, so they are declared by kind (`config.file`), not one by one.
 */
export const staticFileAccess: AccessRule = anyone;

/** The HTTP plumbing: the CSRF cookie and the API documentation (Swagger UI), all public. */
export const httpAccess: AccessTable = {
  'GET /api/csrf': anyone,
  'GET /api/docs': anyone,
  'GET /api/docs/': anyone,
  'GET /api/docs/json': anyone,
  'GET /api/docs/yaml': anyone,
  'GET /api/docs/static/index.html': anyone,
  'GET /api/docs/static/swagger-initializer.js': anyone,
  'GET /api/docs/static/*': anyone,
};
