import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readHar, writeHar } from '@app/har/format';
import type { DialectName } from '../src/db/database.ts';
import { loadHar } from '../src/documents/har-files.ts';
import type { MATRIX_ACTORS, MatrixActor } from '../src/http/access.ts';
import { insertMembership } from '../src/modules/courses/repository.ts';
import { seedDemoData } from '../src/seed/demo.ts';
import { createTestApp, multipart, PASSWORD, type TestClient, type TestContext, tokenOf } from './helpers.ts';
import { expandRoutes } from './route-samples.ts';

const DAY = 24 * 3600;
const DEMO_PASSWORD = 'DemoPass123';

type Ids = Record<(typeof MATRIX_ACTORS)[number], number | undefined>;

/**
 * One course with demo-like data, as the authorization matrix and the fuzz test need it: the demo
 * school ('Music Theory I' with its instructor, TA, student, classmates, sets, documents and graded
 * submissions, made by the seed through the services), another course with its own instructor and
 * student, a signed-in stranger, and in the course a thread, a post, an extension, a pending
 * invitation and enrollment request; the instructor's media library with a file.
 * `fresh*` make new targets for calls that change or remove what they name.
 */
export async function buildMatrixWorld(dialect: DialectName, options: { tone?: () => Promise<Buffer> } = {}) {
  const { env, webDist } = matrixEnvironment();
  const t: TestContext = await createTestApp(dialect, env);
  const { app } = t;
  const { db } = app.deps;
  const services = app.services;
  await seedDemoData(app.deps, services);

  const userId = async (email: string) =>
    (await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
  const signIn = async (email: string, password: string) => {
    const client = t.client();
    await client.signIn(email, password);
    return client;
  };

  const ids: Ids = {
    anonymous: undefined,
    instructor: await userId('instructor@example.com'),
    ta: await userId('ta@example.com'),
    student: await userId('student@example.com'),
    stranger: (await t.createUser({ user_type: 1 })).id,
    outsideInstructor: (await t.createUser({ user_type: 2 })).id,
    outsideStudent: (await t.createUser({ user_type: 1 })).id,
  };
  const emails = new Map<number, string>();
  for (const id of Object.values(ids)) {
    if (id !== undefined)
      emails.set(id, (await db.selectFrom('users').select('email').where('id', '=', id).executeTakeFirstOrThrow()).email);
  }
  const passwordOf = (actor: MatrixActor) => (['instructor', 'ta', 'student'].includes(actor) ? DEMO_PASSWORD : 'GoodPass123');
  const emailOf = (actor: MatrixActor) => emails.get(ids[actor] ?? -1) ?? '';
  const actorOf = (actor: MatrixActor) => {
    const id = ids[actor];
    if (id === undefined) throw new Error('anonymous has no actor');
    return services.auth.actorFor(id);
  };
  const clients = {} as Record<MatrixActor, TestClient>;
  clients.anonymous = t.client();
  for (const actor of ['instructor', 'ta', 'student', 'stranger', 'outsideInstructor', 'outsideStudent'] as const) {
    clients[actor] = await signIn(emailOf(actor), passwordOf(actor));
  }

  const schoolId = (await db.selectFrom('schools').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
  const termId = (await db.selectFrom('academic_terms').select('id').orderBy('id').executeTakeFirstOrThrow()).id;

  // The other course: its instructor makes and activates it, its student joins with the code.
  const created = await clients.outsideInstructor.post('/api/courses', {
    title: 'Counterpoint',
    school_id: schoolId,
    academic_term_id: termId,
  });
  if (created.statusCode !== 201) throw new Error(`other course: ${created.body}`);
  const outsideCourse = created.json().data as { id: number; invitation_code: string };
  await expectOk(clients.outsideInstructor.post(`/api/courses/${outsideCourse.id}/activations`));
  const asked = await expectOk(
    clients.outsideStudent.post('/api/course-enrollment-requests', { invitation_code: outsideCourse.invitation_code }),
  );
  await expectOk(
    clients.outsideInstructor.post('/api/course-enrollment-admissions', { course_enrollment_request_ids: [asked.json().data.id] }),
  );

  const course = await db
    .selectFrom('courses')
    .select(['id', 'invitation_code'])
    .where('title', '=', 'Music Theory I')
    .executeTakeFirstOrThrow();
  const set = await db
    .selectFrom('assignment_sets')
    .select(['id'])
    .where('course_id', '=', course.id)
    .orderBy('weight')
    .executeTakeFirstOrThrow();
  // The first document of the first set takes several submissions (the seed allows it).
  const document = await db
    .selectFrom('documents')
    .select(['id', 'doc_key', 'storage_key'])
    .where('assignment_set_id', '=', set.id)
    .orderBy('weight')
    .executeTakeFirstOrThrow();
  const libraryDocument = (await db.selectFrom('library_documents').select('id').orderBy('id').executeTakeFirstOrThrow()).id;

  const teacher = await actorOf('instructor');
  const learner = await actorOf('student');
  const exercise = readHar(await loadHar(app.deps, document.storage_key));
  /** A student's answer file for the first document. */
  const submissionHar = () =>
    Buffer.from(
      writeHar({
        manifest: { ...exercise.manifest, kind: 'submission', document_key: document.doc_key },
        score: exercise.score,
        answers: { items: (exercise.key?.items ?? []).map((item) => ({ id: item.id, answer: item.answers[0] ?? '' })) },
      }),
    );

  const tone = options.tone ? await options.tone() : silentWav();
  const fresh = {
    /** A course of the demo instructor with the TA and student in it, in the given state; `archived` archives every member's view. */
    async course(status: 'PLANNING' | 'ACTIVE' | 'ENDED', archived = false) {
      const res = await expectOk(
        clients.instructor.post('/api/courses', {
          title: `Course ${randomUUID().slice(0, 6)}`,
          school_id: schoolId,
          academic_term_id: termId,
        }),
      );
      const id = res.json().data.id as number;
      const now = app.deps.clock.now();
      if (status === 'ACTIVE') await expectOk(clients.instructor.post(`/api/courses/${id}/activations`));
      if (status === 'ENDED') {
        await db
          .updateTable('courses')
          .set({ status: 'ENDED', start_date: now - 100 * DAY, end_date: now - DAY, activated_at: now - 100 * DAY })
          .where('id', '=', id)
          .execute();
      }
      for (const [actor, role] of [
        ['ta', 'ta'],
        ['student', 'student'],
      ] as const) {
        await insertMembership(db, { courseId: id, userId: ids[actor] ?? 0, role, now });
      }
      if (archived) {
        for (const actor of ['instructor', 'ta', 'student'] as const) await services.courses.archive(await actorOf(actor), id);
      }
      return id;
    },
    /** A released assignment set in the course, with one document from the library. */
    async set() {
      const now = app.deps.clock.now();
      const made = await services.assignments.create(teacher, course.id, {
        title: 'Fresh set',
        released_at: now - DAY,
        due_at: now + 7 * DAY,
      });
      const [doc] = await services.assignments.addFromLibrary(teacher, made.id, [libraryDocument]);
      return { id: made.id, documentId: doc?.id ?? 0 };
    },
    async document() {
      return (await fresh.set()).documentId;
    },
    /** A graded submission of the course's student for the first document. */
    async submission() {
      const made = await services.submissions.submit(learner, document.id, {
        kind: 'file',
        read: async () => ({ filename: 'a.har', bytes: submissionHar() }),
      });
      return made.id;
    },
    /** A thread by the course's student, with a reply by the same author. */
    async thread() {
      const thread = await fresh.bareThread();
      const post = await services.discussion.createPost(learner, thread, 'Any ideas?');
      return { id: thread, postId: post.id };
    },
    /** A thread by the course's student without replies. */
    async bareThread() {
      return (await services.discussion.createThread(learner, course.id, { title: 'A question', body: 'About measure 3.' })).id;
    },
    /** A pending invitation of a new address to the course as a student; its id and e-mailed token. */
    async invitation() {
      const email = `invitee-${randomUUID().slice(0, 8)}@example.com`;
      await services.people.invite(teacher, { role: 'student', course: course.id, emails: [email] });
      const { id } = await db.selectFrom('course_invitations').select('id').where('invitee_email', '=', email).executeTakeFirstOrThrow();
      await t.deliverMail();
      const link = t.mailer.lastLinkTo(email);
      return { id, token: link.slice(link.lastIndexOf('/') + 1), email };
    },
    /** A pending enrollment request for the course by a new student account. */
    async enrollmentRequest() {
      const user = await t.createUser({ user_type: 1 });
      const made = await services.people.requestEnrollment(await services.auth.actorFor(user.id), course.invitation_code);
      return made.id;
    },
    /** The stranger's own pending request to join a new ACTIVE course of the instructor (with the TA and student in it). */
    async strangersEnrollmentRequest() {
      const id = await fresh.course('ACTIVE');
      const row = await db.selectFrom('courses').select('invitation_code').where('id', '=', id).executeTakeFirstOrThrow();
      return (await services.people.requestEnrollment(await actorOf('stranger'), row.invitation_code)).id;
    },
    /** A media collection of the instructor. */
    async mediaCollection() {
      return (await services.media.createCollection(teacher, { collection_title: 'Ear training' })).id;
    },
    /** A media file in a new collection of the instructor. */
    async mediaFile() {
      const collection = await fresh.mediaCollection();
      const form = multipart([{ name: 'tone.wav', bytes: tone, field: 'mediafile', type: 'audio/wav' }]);
      const res = await expectOk(clients.instructor.upload(`/api/media-collections/${collection}/media-files`, form));
      const file = res.json().data as { id: number; file_key: string };
      return { collection, id: file.id, fileKey: file.file_key };
    },
    /** The token of the link mailed to confirm a new address of a new account. */
    async emailChangeToken() {
      const user = await t.createUser({ user_type: 1 });
      const email = `moved-${randomUUID().slice(0, 8)}@example.com`;
      await services.users.update(await services.auth.actorFor(user.id), { email, current_password: PASSWORD });
      await t.deliverMail();
      return tokenOf(t.mailer.lastLinkTo(email));
    },
    /** A TA or student made for one removal: a new account added to the course in that role. */
    async member(role: 'student' | 'ta' | 'instructor') {
      const user = await t.createUser({ user_type: role === 'instructor' ? 2 : 1 });
      await insertMembership(db, { courseId: course.id, userId: user.id, role, now: app.deps.clock.now() });
      return user.id;
    },
  };

  const thread = await fresh.thread();
  const media = await fresh.mediaFile();
  // Transcoding is not what these tests are about: the upload stands in for its output, so its link works.
  await db
    .updateTable('media_files')
    .set((eb) => ({ transcode_status: 'COMPLETED', output_key: eb.ref('source_key') }))
    .where('id', '=', media.id)
    .execute();
  const submission = await fresh.submission();
  await services.assignments.grantExtension(teacher, set.id, ids.student ?? 0, app.deps.clock.now() + 20 * DAY);

  return {
    t,
    app,
    ids,
    clients,
    emailOf,
    passwordOf,
    actorOf,
    fresh,
    submissionHar,
    /** A small audio file the media upload accepts. */
    tone: () => tone,
    documentStorageKey: document.storage_key,
    course: { id: course.id, invitationCode: course.invitation_code },
    outsideCourse,
    set: set.id,
    document: document.id,
    libraryDocument,
    thread,
    media,
    submission,
    schoolId,
    termId,
    async close() {
      await t.close();
      fs.rmSync(webDist, { recursive: true, force: true });
    },
  };
}

export type MatrixWorld = Awaited<ReturnType<typeof buildMatrixWorld>>;

/** The configuration that makes every optional route exist: a tiny built web app (its static files) and a metrics token. */
function matrixEnvironment() {
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'hd-web-'));
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>test</title>');
  fs.writeFileSync(path.join(webDist, 'assets', 'app.js'), 'export {};');
  return { webDist, env: { DEMO_DATA: '1', WEB_DIST: webDist, METRICS_TOKEN: 'matrix-metrics-token' } };
}

/** Every route of the app as the world builds it, one entry per method (no data is made). */
export async function listMatrixRoutes() {
  const { env, webDist } = matrixEnvironment();
  const t = await createTestApp('sqlite', env);
  try {
    return expandRoutes(t.app.routeTable).map(({ method, url, route }) => ({
      method,
      url,
      config: (route.config ?? {}) as Record<string, unknown>,
      schema: (route.schema ?? {}) as { params?: unknown; querystring?: unknown; body?: unknown; consumes?: string[] },
    }));
  } finally {
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  }
}

async function expectOk<T extends { statusCode: number; body: string }>(pending: Promise<T>): Promise<T> {
  const res = await pending;
  if (res.statusCode >= 300) throw new Error(`fixture call failed: ${res.statusCode} ${res.body}`);
  return res;
}

/** One second of silence as a WAV file: enough for the upload to be accepted; transcoding is left queued. */
function silentWav(): Buffer {
  const rate = 8000;
  const data = Buffer.alloc(rate * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}
