import { choraleMusicXml, TEST_CHORALES } from '@app/har/analysis/test-chorales';
import { readHar } from '@app/har/format';
import { partWritingExercise } from '@app/har/part-writing/document';
import type { RouteOptions } from 'fastify';
import { loadHar } from '../src/documents/har-files.ts';
import type { MatrixActor } from '../src/http/access.ts';
import { multipart } from './helpers.ts';
import type { MatrixWorld } from './matrix-world.ts';

const DAY = 24 * 3600;
const matrixChorale = () => choraleMusicXml(TEST_CHORALES[4] as (typeof TEST_CHORALES)[number]);
/** A figured bass in C major (issue 27): I IV V I, the student writing S, A and T. */
const FIGURED_BASS = {
  key: 'C major',
  meter: '4/4',
  given: ['B' as const],
  write: ['S' as const, 'A' as const, 'T' as const],
  chords: ['C3', 'F3', 'G3', 'C3'].map((B) => ({ B, figures: '', beats: 1 })),
  points: 10,
};

/** One well-formed request for a route, made for one caller. */
export type SampleRequest = {
  /** Path parameters; those not given come from `defaultParam`. */
  params?: Record<string, string | number>;
  query?: Record<string, string>;
  /** A JSON body. */
  body?: unknown;
  /** A raw body with its content type (multipart uploads). */
  raw?: { body: Buffer; contentType: string };
  /** The whole URL, for routes whose URL is made elsewhere (signed file links). */
  url?: string;
  /** Sign in again first and use that session (the call ends or replaces the session). */
  freshSession?: boolean;
};
export type Sample = (w: MatrixWorld, actor: MatrixActor) => SampleRequest | Promise<SampleRequest>;

/** `METHOD /path` of a route, as the access tables spell it. */
export function routeKey(method: string, url: string) {
  return `${method} ${url}`;
}

/** The routes of the table, one entry per method. */
export function expandRoutes(table: readonly RouteOptions[]) {
  return table.flatMap((route) => [route.method].flat().map((method) => ({ method: String(method), url: route.url, route })));
}

/** The ids a path parameter names when a sample does not say: the course's, and what is in it. */
export function defaultParam(w: MatrixWorld, url: string, name: string): string | number | undefined {
  switch (name) {
    case 'userId':
    case 'studentId':
      return w.ids.student;
    case 'courseId':
      return w.course.id;
    case 'documentId':
      return w.document;
    case 'submissionId':
      return w.submission;
    case 'file_key':
      return w.media.fileKey;
    case 'id': {
      const prefixes: [string, number][] = [
        ['/api/courses/', w.course.id],
        ['/api/assignments/', w.set],
        ['/api/documents/', w.document],
        ['/api/threads/', w.thread.id],
        ['/api/posts/', w.thread.postId],
        ['/api/media-collections/', w.media.collection],
        ['/api/media-files/', w.media.id],
        ['/api/submissions/', w.submission],
        ['/api/content-library/', w.libraryDocument],
      ];
      return prefixes.find(([prefix]) => url.startsWith(prefix))?.[1];
    }
    default:
      return undefined;
  }
}

/** The URL of a request: the route's path with its parameters filled in, and the query. */
export function requestUrl(w: MatrixWorld, url: string, sample: SampleRequest) {
  if (sample.url) return sample.url;
  const path = url.replace(/:([A-Za-z_]+)/g, (_match, name: string) => {
    const value = sample.params?.[name] ?? defaultParam(w, url, name);
    if (value === undefined) throw new Error(`${url}: no value for :${name}; give the route a sample`);
    return encodeURIComponent(String(value));
  });
  const query = sample.query ? `?${new URLSearchParams(sample.query).toString()}` : '';
  return `${path}${query}`;
}

const ownCourses = async (w: MatrixWorld, actor: MatrixActor, role: 'instructor' | 'ta' | 'student') => {
  const id = w.ids[actor] ?? 0;
  const rows = await w.app.deps.db
    .selectFrom('course_memberships')
    .select(['course_id', 'archived'])
    .where('user_id', '=', id)
    .where('role', '=', role)
    .orderBy('weight')
    .execute();
  return {
    role,
    active: rows.filter((r) => r.archived === 0).map((r) => r.course_id),
    archived: rows.filter((r) => r.archived === 1).map((r) => r.course_id),
  };
};

const roleOf = (actor: MatrixActor) =>
  actor === 'instructor' || actor === 'outsideInstructor' ? 'instructor' : actor === 'ta' ? 'ta' : 'student';

/**
 * Requests for routes that need more than the default ids: bodies, and fresh targets for calls
 * that change or remove what they name (each caller gets its own, so the order of cases does not matter).
 */
export const SAMPLES: Record<string, Sample> = {
  // auth
  'POST /api/users/sign-in': (w) => ({ body: { email: w.emailOf('stranger'), password: w.passwordOf('stranger') } }),
  'POST /api/users/sign-in/token': async (w) => ({
    body: { token: await w.app.services.auth.issueSignInToken(w.ids.stranger ?? 0) },
  }),
  'GET /api/users/sign-out': () => ({ freshSession: true }),
  'POST /api/users': () => ({
    body: { first_name: 'New', last_name: 'Person', email: `new-${Math.random().toString(36).slice(2)}@example.com` },
  }),
  // A signed-in caller changes their own password: a wrong current one stops it before anything changes.
  'POST /api/users/password': () => ({
    body: { current_password: 'not-the-password', password: 'AnotherPass123', password_confirm: 'AnotherPass123' },
  }),
  'POST /api/users/password-reset': (w) => ({ body: { email: w.emailOf('stranger') } }),
  'PUT /api/users': () => ({ body: { language: 'en' } }),
  'POST /api/users/email-confirmation': async (w) => ({ body: { token: await w.fresh.emailChangeToken() } }),

  // courses
  'POST /api/courses': () => ({ body: { title: 'New course' } }),
  'POST /api/courses/weight': async (w, actor) => ({ body: await ownCourses(w, actor, roleOf(actor)) }),
  'PUT /api/courses/:id': () => ({ body: { cadential_64: 'V' } }),
  'DELETE /api/courses/:id': async (w) => ({ params: { id: await w.fresh.course('PLANNING') } }),
  'POST /api/courses/:id/duplicate': () => ({ body: {} }),
  'POST /api/courses/:id/activations': async (w) => ({ params: { id: await w.fresh.course('PLANNING') } }),
  'POST /api/courses/:id/archive': async (w) => ({ params: { id: await w.fresh.course('ENDED') } }),
  'POST /api/courses/:id/unarchive': async (w) => ({ params: { id: await w.fresh.course('ENDED', true) } }),

  // people
  'DELETE /api/courses/:id/students/:userId': async (w) => ({ params: { userId: await w.fresh.member('student') } }),
  'DELETE /api/courses/:id/tas/:userId': async (w) => ({ params: { userId: await w.fresh.member('ta') } }),
  'DELETE /api/courses/:id/instructors/:userId': async (w) => ({ params: { userId: await w.fresh.member('instructor') } }),
  'POST /api/course-invitations': (w) => ({
    body: { role: 'student', course: w.course.id, emails: [`guest-${Math.random().toString(36).slice(2)}@example.com`] },
  }),
  // Someone else's link: whoever holds it may look and answer (decline, so nobody joins).
  'GET /api/course-invitations/:token': async (w) => ({ params: { token: (await w.fresh.invitation()).token } }),
  'PATCH /api/course-invitations/:idOrToken': async (w) => ({
    params: { idOrToken: (await w.fresh.invitation()).token },
    body: { state: 'DECLINED' },
  }),
  'DELETE /api/course-invitations/:id': async (w) => ({ params: { id: (await w.fresh.invitation()).id } }),
  'POST /api/course-enrollment-requests': (w) => ({ body: { invitation_code: w.course.invitationCode } }),
  // The stranger's own request: only the person who asked may withdraw it.
  'DELETE /api/course-enrollment-requests/:id': async (w) => ({ params: { id: await w.fresh.strangersEnrollmentRequest() } }),
  'POST /api/course-enrollment-admissions': async (w) => ({ body: { course_enrollment_request_ids: [await w.fresh.enrollmentRequest()] } }),
  'POST /api/course-enrollment-rejections': async (w) => ({ body: { course_enrollment_request_ids: [await w.fresh.enrollmentRequest()] } }),

  // assignments
  'GET /api/courses/:id/assignments': () => ({ query: { 'view-grade': 'true' } }),
  'POST /api/courses/:id/assignments': () => ({ body: { title: 'New set' } }),
  'POST /api/courses/:id/assignments/weight': async (w) => {
    const rows = await w.app.deps.db
      .selectFrom('assignment_sets')
      .select('id')
      .where('course_id', '=', w.course.id)
      .orderBy('weight')
      .execute();
    return { body: { assignments: rows.map((r) => r.id) } };
  },
  'PUT /api/assignments/:id': async (w) => ({ params: { id: (await w.fresh.set()).id }, body: { title: 'Renamed set' } }),
  'DELETE /api/assignments/:id': async (w) => ({ params: { id: (await w.fresh.set()).id } }),
  'POST /api/assignments/:id/documents': async (w) => ({
    params: { id: (await w.fresh.set()).id },
    body: { document_ids: [w.libraryDocument] },
  }),
  'POST /api/assignments/:id/documents/weight': async (w) => {
    const set = await w.fresh.set();
    return { params: { id: set.id }, body: { documents: [set.documentId] } };
  },
  'PUT /api/documents/:id': async (w) => ({ params: { id: await w.fresh.document() }, body: { title: 'Renamed document' } }),
  'DELETE /api/documents/:id': async (w) => ({ params: { id: await w.fresh.document() } }),
  'POST /api/assignments/:id/due-day-extensions/:studentId': (w) => ({
    body: { extension_due_at: w.app.deps.clock.now() + 21 * DAY },
  }),
  'DELETE /api/assignments/:id/due-day-extensions/:studentId': async (w) => {
    const set = await w.fresh.set();
    const teacher = await w.actorOf('instructor');
    await w.app.services.assignments.grantExtension(teacher, set.id, w.ids.student ?? 0, w.app.deps.clock.now() + 21 * DAY);
    return { params: { id: set.id } };
  },

  // exercise authoring
  'POST /api/exercise-drafts': (w) => ({
    query: { course_id: String(w.course.id) },
    raw: multipart([{ name: 'chorale.musicxml', bytes: Buffer.from(matrixChorale()), type: 'application/xml' }]),
  }),
  'POST /api/exercise-drafts/:id/exercise': async (w) => {
    const teacher = await w.actorOf('instructor');
    const draft = await w.app.services.authoring.createDraft(teacher, w.course.id, {
      filename: 'chorale.musicxml',
      read: async () => Buffer.from(matrixChorale()),
    });
    const first = draft.positions[0]?.id ?? 'm1b1';
    return {
      params: { id: draft.id },
      body: { title: 'Authored chorale', items: [{ id: first, answers: ['I'], points: 1 }], add_to_library: true },
    };
  },

  // part writing: the checker, stateless
  'POST /api/part-writing/check': () => ({
    body: {
      key: 'C major',
      meter: '4/4',
      chords: [
        { numeral: 'I', S: 'C5', A: 'E4', T: 'G3', B: 'C3' },
        { numeral: 'V65/V', figures: '6 5', S: 'C5', A: 'A4', T: 'D4', B: 'F#3' },
        { numeral: 'V', S: 'B4', A: 'G4', T: 'D4', B: 'G3' },
      ],
    },
  }),

  // part writing: Create Exercise from a figured bass, saved into a fresh set
  'POST /api/exercise-drafts/part-writing': (w) => ({
    query: { course_id: String(w.course.id) },
    raw: multipart([{ name: 'figured-bass.musicxml', bytes: Buffer.from(partWritingExercise('Figured bass', FIGURED_BASS).score) }]),
  }),
  'POST /api/part-writing/exercises': async (w) => ({
    body: { title: 'Figured bass', assignment_set_id: (await w.fresh.set()).id, ...FIGURED_BASS },
  }),

  // answer keys: a fresh document each, so the shared one keeps its key
  'PUT /api/documents/:id/key': async (w) => {
    const id = await w.fresh.document();
    const row = await w.app.deps.db.selectFrom('documents').select('storage_key').where('id', '=', id).executeTakeFirstOrThrow();
    const key = readHar(await loadHar(w.app.deps, row.storage_key)).key?.items ?? [];
    return { params: { id }, body: { items: key.map((item) => ({ id: item.id, answers: item.answers, points: item.points + 1 })) } };
  },
  'POST /api/documents/:id/regrade': async (w) => ({ params: { id: await w.fresh.document() } }),
  // a part-writing document's rule settings: a figured bass saved into a fresh set by the instructor
  'PUT /api/documents/:id/rules': async (w) => {
    const made = await w.clients.instructor.post('/api/part-writing/exercises', {
      title: 'Figured bass',
      assignment_set_id: (await w.fresh.set()).id,
      ...FIGURED_BASS,
    });
    const id = (made.json() as { data: { id: number } }).data.id;
    return { params: { id }, body: { style: 'free', points: 12, rules: { 'parallel-fifths': { on: false, points: 5 } } } };
  },

  // submissions
  'POST /api/documents/:id/submissions': (w) => ({
    raw: multipart([{ name: 'answers.har', bytes: w.submissionHar(), type: 'application/zip' }]),
  }),
  'GET /api/assignments/:id/submissions': () => ({ query: { best: 'true' } }),
  'GET /api/courses/:id/submissions': () => ({ query: { best: 'false', include_practice: 'true' } }),
  'DELETE /api/submissions/:id': async (w) => ({ params: { id: await w.fresh.submission() } }),
  'DELETE /api/user/:userId/documents/:documentId/submissions': async (w) => {
    await w.fresh.submission();
    return {};
  },

  // integrations
  'GET /gc/config': (w) => ({ query: { re: `/course/${w.course.id}`, id: String(w.document) } }),
  'GET /gc/callback': () => ({ query: { error: 'access_denied' } }),
  'POST /api/gcinfo': (w) => ({ body: { course: w.course.id } }),
  'POST /api/gcsubmit': (w) => ({ body: { course: 'classroom-1', doc: w.document, title: 'Week 1' } }),
  'POST /api/fastspring-test-orders': (w) => ({ body: { courseID: w.course.id } }),
  // The course's student's own test order: only they may turn it into a payment.
  'POST /api/fastspringpurchase': async (w) => {
    const order = await w.app.services.payments.createTestOrder(await w.actorOf('student'), w.course.id);
    return { body: { ...order, courseID: w.course.id } };
  },
  'POST /api/fastspring/webhook': () => ({ body: { events: [] } }),
  // lti (issue 28): the matrix registers no platform and starts no login.
  'GET /lti/login': () => ({
    query: { iss: 'https://lms.example.edu', login_hint: 'u1', target_link_uri: 'http://localhost:3000/lti/launch' },
  }),
  'POST /lti/login': () => ({
    body: { iss: 'https://lms.example.edu', login_hint: 'u1', target_link_uri: 'http://localhost:3000/lti/launch' },
  }),
  'POST /lti/launch': () => ({ body: { state: 'no-such-state', id_token: 'a.b.c' } }),
  'GET /api/lti/contexts/:contextId': () => ({ params: { contextId: 1 } }),
  'POST /api/lti/contexts/:contextId/link': (w) => ({ params: { contextId: 1 }, body: { course_id: w.course.id } }),
  'POST /api/lti/contexts/:contextId/course': () => ({ params: { contextId: 1 } }),
  'POST /api/lti/deep-links/:key': (w) => ({ params: { key: 'no-such-request' }, body: { set_id: w.set } }),
  'GET /api/lti/registrations/:key': () => ({
    params: { key: 'no-such-key' },
    query: { openid_configuration: 'https://lms.example.edu/.well-known/openid-configuration' },
  }),
  'POST /api/lti/registrations/:key': () => ({
    params: { key: 'no-such-key' },
    body: { openid_configuration: 'https://lms.example.edu/.well-known/openid-configuration' },
  }),

  // teacher requests
  'POST /api/teacher-account-requests': () => ({ body: { school_name: 'Riverside School', phone: '+1 555 123 4567' } }),

  // media
  'POST /api/media-collections': () => ({ body: { collection_title: 'New collection' } }),
  'POST /api/media-collections/weight': async (w, actor) => {
    const rows = await w.app.deps.db
      .selectFrom('media_collections')
      .select('id')
      .where('owner_id', '=', w.ids[actor] ?? 0)
      .orderBy('weight')
      .execute();
    return { body: { media_collections: rows.map((r) => r.id) } };
  },
  'PUT /api/media-collections/:id': () => ({ body: { collection_title: 'Ear training' } }),
  'DELETE /api/media-collections/:id': async (w) => ({ params: { id: await w.fresh.mediaCollection() } }),
  'POST /api/media-collections/:id/media-files': (w) => ({ raw: multipart([{ name: 'tone.wav', bytes: w.tone(), field: 'mediafile' }]) }),
  'POST /api/media-collections/:id/media-files/weight': async (w) => {
    const rows = await w.app.deps.db
      .selectFrom('media_files')
      .select('id')
      .where('collection_id', '=', w.media.collection)
      .orderBy('weight')
      .execute();
    return { body: { media_files: rows.map((r) => r.id) } };
  },
  'PUT /api/media-files/:id': () => ({ body: { title: 'Tone' } }),
  'DELETE /api/media-files/:id': async (w) => ({ params: { id: (await w.fresh.mediaFile()).id } }),

  // discussion
  'POST /api/courses/:id/threads': () => ({ body: { title: 'New thread', body: 'Hello.' } }),
  'PUT /api/threads/:id': async (w) => ({ params: { id: (await w.fresh.thread()).id }, body: { title: 'A question, edited' } }),
  'DELETE /api/threads/:id': async (w) => ({ params: { id: await w.fresh.bareThread() } }),
  'POST /api/threads/:id/posts': () => ({ body: { body: 'A reply.' } }),
  'PUT /api/posts/:id': async (w) => ({ params: { id: (await w.fresh.thread()).postId }, body: { body: 'Edited.' } }),
  'DELETE /api/posts/:id': async (w) => ({ params: { id: (await w.fresh.thread()).postId } }),

  // workspace
  'PUT /api/documents/:id/draft': () => ({ body: { answers: [] } }),
  // Only a timed document has a clock to start; a fresh one, so each caller's Start is its first.
  'POST /api/documents/:id/start': async (w) => {
    const id = await w.fresh.document();
    await w.app.deps.db.updateTable('documents').set({ timed: 1, timed_time_seconds: 600 }).where('id', '=', id).execute();
    return { params: { id } };
  },

  // plugins: the API documentation's files
  'GET /api/docs/static/*': () => ({ url: '/api/docs/static/swagger-ui.css' }),

  // files of the local storage: a signed link is the whole permission.
  'GET /files/*': async (w) => ({
    url: (await w.app.deps.storage.signedUrl(w.documentStorageKey, { expiresIn: 600 })).url.replace(/^https?:\/\/[^/]+/, ''),
  }),
};

/** What a caller's request looked like, for messages. */
export type Sent = { method: string; url: string; status: number; body: string };

/**
 * Sends a route's sample as one caller: its bearer token (a new session when the sample asks),
 * a matching CSRF cookie and header, and the body.
 */
export async function sendSample(
  w: MatrixWorld,
  actor: MatrixActor,
  method: string,
  routeUrl: string,
  sample: SampleRequest,
): Promise<Sent> {
  let token = w.clients[actor].token;
  if (sample.freshSession && actor !== 'anonymous') {
    const client = w.t.client();
    await client.signIn(w.emailOf(actor), w.passwordOf(actor));
    token = client.token;
  }
  const url = requestUrl(w, routeUrl, sample);
  const headers: Record<string, string> = { 'x-csrftoken': 'matrix-csrf' };
  if (token) headers.authorization = `Bearer ${token}`;
  let payload: string | Buffer | undefined;
  if (method !== 'GET' && method !== 'HEAD') {
    if (sample.raw) {
      payload = sample.raw.body;
      headers['content-type'] = sample.raw.contentType;
    } else if (sample.body !== undefined) {
      payload = JSON.stringify(sample.body);
      headers['content-type'] = 'application/json';
    }
  }
  const res = await w.app.inject({
    method: method as 'GET',
    url,
    headers,
    cookies: { csrftoken: 'matrix-csrf' },
    ...(payload === undefined ? {} : { payload }),
  });
  return { method, url, status: res.statusCode, body: res.body };
}
