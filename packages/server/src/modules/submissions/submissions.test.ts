import { SubmissionMessages } from '@app/contract/submissions';
import { TIMED_GRACE_SECONDS } from '@app/contract/workspace';
import { readHar, writeHar } from '@app/har/format';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  courseWorld,
  createTestApp,
  dialects,
  errorsOf,
  LONG_SESSIONS,
  multipart,
  type SignedInUser,
  sampleExercise,
  type TestClient,
  type TestContext,
} from '../../../test/helpers.ts';

const DAY = 86400;
let exerciseBytes: Uint8Array;
let keyItems: { id: string; answers: string[] }[];

beforeAll(() => {
  ({ bytes: exerciseBytes, keyItems } = sampleExercise());
});

/** A student's answer file for a document: `wrong` items get a wrong label. */
function answerFile(docKey: string, wrong = 0, extra: Record<string, unknown> = {}) {
  const exercise = readHar(exerciseBytes);
  return writeHar({
    manifest: { ...exercise.manifest, kind: 'submission', document_key: docKey, ...extra } as never,
    score: exercise.score,
    answers: { items: keyItems.map((item, i) => ({ id: item.id, answer: i < wrong ? 'N6' : (item.answers[0] ?? '') })) },
  });
}

describe.each(dialects)('submissions and grading (%s)', (dialect) => {
  let t: TestContext;
  let owner: TestClient;
  let other: TestClient;
  let ta: TestClient;
  let student: TestClient;
  let studentId: number;
  let classmate: TestClient;
  let classmateId: number;
  let anonymous: TestClient;
  let courseId: number;
  let setId: number;
  let doc: { id: number; doc_key: string };
  let dueAt: number;

  const submit = (client: TestClient, bytes: Uint8Array, documentId = doc.id) =>
    client.upload(`/api/documents/${documentId}/submissions`, multipart([{ name: 'answers.har', bytes }]));

  beforeEach(async () => {
    t = await createTestApp(dialect, LONG_SESSIONS);
    const world = await courseWorld(t, { students: 2 });
    ({ courseId, anonymous } = world);
    [owner, other, ta] = [world.owner.client, world.other.client, world.ta.client];
    [{ client: student, id: studentId }, { client: classmate, id: classmateId }] = world.students as [SignedInUser, SignedInUser];
    dueAt = t.clock.now() + 7 * DAY;
    setId = (await owner.post(`/api/courses/${courseId}/assignments`, { released_at: t.clock.now(), due_at: dueAt })).json().data.id;
    doc = (await owner.upload(`/api/assignments/${setId}/documents`, multipart([{ name: 'ex.har', bytes: exerciseBytes }]))).json().data[0];
  });
  afterEach(async () => {
    await t.close();
  });

  it('grades a submission on the server and renders its report and image', async () => {
    const res = await submit(student, answerFile(doc.doc_key, 1));
    expect(res.statusCode, res.body).toBe(201);
    const submission = res.json().data;
    const max = keyItems.length;
    expect(submission).toMatchObject({
      student: studentId,
      document: doc.id,
      number: 1,
      practice: false,
      grade_hidden: false,
      max_points: max,
    });
    expect(submission.points).toBe(max - 1);
    expect(submission.percent).toBeCloseTo(((max - 1) / max) * 100, 1);
    // Drawn on this first view (issue 29), not by a job.
    const urls = (await student.get(`/api/submissions/${submission.id}/file-urls`)).json().data;
    // Formal work before the due date: no colours for the student yet, and when they come.
    expect(urls).toMatchObject({
      render_status: 'READY',
      har_url: null,
      marks_shown: false,
      answers_shown_at: dueAt,
      exercise_type: 'analysis',
    });
    const report = await t.app.inject({ method: 'GET', url: urls.grade_report_url });
    expect(report.headers['content-type']).toContain('text/html');
    expect(report.body).toContain(keyItems[1]?.answers[0] ?? '');
    const png = await t.app.inject({ method: 'GET', url: urls.png_url });
    expect(png.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    const forTeacher = (await ta.get(`/api/submissions/${submission.id}/file-urls`)).json().data;
    expect(forTeacher.har_url).toMatch(/submission/);
    expect(forTeacher).toMatchObject({ marks_shown: true, answers_shown_at: null });
  });

  it('says whether the image marks right and wrong for the reader, and when a student will see it', async () => {
    const urls = async (id: number) => (await student.get(`/api/submissions/${id}/file-urls`)).json().data;
    const formal = (await submit(student, answerFile(doc.doc_key, 1))).json().data;
    await owner.put(`/api/documents/${doc.id}`, { show_answers: 'NEVER' });
    expect(await urls(formal.id)).toMatchObject({ marks_shown: false, answers_shown_at: null });
    await owner.put(`/api/documents/${doc.id}`, { show_answers: 'IMMEDIATELY' });
    expect(await urls(formal.id)).toMatchObject({ marks_shown: true, answers_shown_at: null });
    await owner.put(`/api/documents/${doc.id}`, { show_answers: 'AFTER_DUE' });
    // An extension moves the day the answers are shown.
    await owner.post(`/api/assignments/${setId}/due-day-extensions/${studentId}`, { extension_due_at: dueAt + DAY });
    expect(await urls(formal.id)).toMatchObject({ marks_shown: false, answers_shown_at: dueAt + DAY });
    t.clock.advance(8 * DAY + 1);
    expect(await urls(formal.id)).toMatchObject({ marks_shown: true, answers_shown_at: null });
  });

  it('marks practice work right and wrong for the student at once', async () => {
    await owner.put(`/api/documents/${doc.id}`, { practice: true });
    const practice = (await submit(student, answerFile(doc.doc_key, 1))).json().data;
    expect((await student.get(`/api/submissions/${practice.id}/file-urls`)).json().data).toMatchObject({ marks_shown: true });
  });

  it('ignores a score written into the file', async () => {
    const res = await submit(student, answerFile(doc.doc_key, keyItems.length, { points: 999, percent: 100, grade: 'A' }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ points: 0, percent: 0, grade: 'F' });
  });

  it('takes work only from students of the course, for a released set and the right document', async () => {
    expect((await submit(anonymous, answerFile(doc.doc_key))).statusCode).toBe(401);
    expect(errorsOf(await submit(owner, answerFile(doc.doc_key)))[0]?.message).toBe('Only students of this course can hand in work.');
    expect((await submit(ta, answerFile(doc.doc_key))).statusCode).toBe(403);
    expect((await submit(other, answerFile(doc.doc_key))).statusCode).toBe(404);
    expect(errorsOf(await submit(student, answerFile('someother')))[0]?.messages).toEqual([
      'This file is not a submission for this document.',
    ]);
    expect(errorsOf(await submit(student, exerciseBytes))[0]?.messages?.[0]).toMatch(/exercise, not a submission/);
    expect(errorsOf(await submit(student, new TextEncoder().encode('junk')))[0]?.messages?.[0]).toMatch(/^answers\.har: /);
    const later = (
      await owner.post(`/api/courses/${courseId}/assignments`, { released_at: t.clock.now() + DAY, due_at: t.clock.now() + 5 * DAY })
    ).json().data;
    const hiddenDoc = (
      await owner.upload(`/api/assignments/${later.id}/documents`, multipart([{ name: 'ex.har', bytes: exerciseBytes }]))
    ).json().data[0];
    expect((await submit(student, answerFile(hiddenDoc.doc_key), hiddenDoc.id)).statusCode).toBe(404);
  });

  it('takes no work for a document hidden after its due date, as the workspace shows none (issue 26)', async () => {
    await owner.put(`/api/documents/${doc.id}`, { practice: true, show_answers: 'AFTER_DUE' });
    expect((await owner.put(`/api/assignments/${setId}`, { show_after_due: false })).statusCode).toBe(200);
    const typed = { answers: keyItems.map((item) => ({ id: item.id, answer: item.answers[0] ?? '' })) };
    expect((await student.post(`/api/documents/${doc.id}/submissions`, typed)).statusCode).toBe(201);
    t.clock.advance(7 * DAY + 1);
    expect((await student.get(`/api/documents/${doc.id}/workspace`)).statusCode).toBe(404);
    const byFile = await submit(student, answerFile(doc.doc_key));
    expect(byFile.statusCode).toBe(404);
    expect(errorsOf(byFile)[0]?.message).toBe(SubmissionMessages.notFound);
    expect((await student.post(`/api/documents/${doc.id}/submissions`, typed)).statusCode).toBe(404);
    // A student with an extension still sees it, and may hand in.
    await owner.post(`/api/assignments/${setId}/due-day-extensions/${classmateId}`, { extension_due_at: t.clock.now() + DAY });
    expect((await classmate.get(`/api/documents/${doc.id}/workspace`)).statusCode).toBe(200);
    expect((await submit(classmate, answerFile(doc.doc_key))).statusCode).toBe(201);
    // Shown after the due date: the practice document takes work again.
    await owner.put(`/api/assignments/${setId}`, { show_after_due: true });
    expect((await submit(student, answerFile(doc.doc_key))).statusCode).toBe(201);
  });

  it('answers 404 for the submissions of a set not yet released, as for one that does not exist (issue 26)', async () => {
    const later = (
      await owner.post(`/api/courses/${courseId}/assignments`, { released_at: t.clock.now() + DAY, due_at: t.clock.now() + 5 * DAY })
    ).json().data;
    const unreleased = await student.get(`/api/assignments/${later.id}/submissions`);
    const missing = await student.get(`/api/assignments/${later.id + 1000}/submissions`);
    expect([unreleased.statusCode, missing.statusCode]).toEqual([404, 404]);
    expect(unreleased.json()).toEqual(missing.json());
    // Its teachers see it; once released, so does the student.
    expect((await ta.get(`/api/assignments/${later.id}/submissions`)).statusCode).toBe(200);
    expect((await other.get(`/api/assignments/${later.id}/submissions`)).statusCode).toBe(404);
    t.clock.advance(DAY);
    expect((await student.get(`/api/assignments/${later.id}/submissions`)).json().data).toEqual([]);
  });

  it('refuses a hand-in over 20 MB with 413 (read through http/uploads.ts)', async () => {
    const res = await submit(student, new Uint8Array(21 * 1024 * 1024));
    expect(res.statusCode).toBe(413);
    expect(errorsOf(res)[0]).toMatchObject({ code: 'too_large', message: 'Only .har files smaller than 20 MB are supported.' });
  });

  it('refuses late work unless extended or practice, and a second formal submission unless allowed', async () => {
    expect((await submit(student, answerFile(doc.doc_key))).statusCode).toBe(201);
    expect(errorsOf(await submit(student, answerFile(doc.doc_key)))[0]?.message).toBe(
      'You have already submitted this document, and it allows only one submission.',
    );
    await owner.put(`/api/documents/${doc.id}`, { multiple_submissions: true });
    expect((await submit(student, answerFile(doc.doc_key))).json().data.number).toBe(2);

    t.clock.advance(7 * DAY + 1);
    const late = await submit(classmate, answerFile(doc.doc_key));
    expect(late.statusCode).toBe(409);
    expect(errorsOf(late)[0]?.message).toBe('The due date has passed; only practice documents accept work now.');
    await owner.post(`/api/assignments/${setId}/due-day-extensions/${classmateId}`, { extension_due_at: t.clock.now() + DAY });
    expect((await submit(classmate, answerFile(doc.doc_key))).statusCode).toBe(201);
    await owner.put(`/api/documents/${doc.id}`, { practice: true });
    const practice = await submit(student, answerFile(doc.doc_key));
    expect(practice.json().data.practice).toBe(true);
  });

  it('holds a timed document to its limit from the first download', async () => {
    await owner.put(`/api/documents/${doc.id}`, { timed: true, timed_time_seconds: 600 });
    expect(errorsOf(await submit(student, answerFile(doc.doc_key)))[0]?.message).toBe('Press Start before handing in a timed exercise.');
    await student.get(`/api/documents/${doc.id}/file-url`);
    t.clock.advance(600);
    expect((await submit(student, answerFile(doc.doc_key))).statusCode).toBe(201);
    await student.get(`/api/documents/${doc.id}/file-url`);
    await classmate.get(`/api/documents/${doc.id}/file-url`);
    t.clock.advance(600 + TIMED_GRACE_SECONDS + 1);
    expect(errorsOf(await submit(classmate, answerFile(doc.doc_key)))[0]?.message).toBe('The time limit for this document has passed.');
  });

  it('lists submissions: all to teachers, one’s own to a student, best and formal-only on request', async () => {
    await owner.put(`/api/documents/${doc.id}`, { multiple_submissions: true });
    await submit(student, answerFile(doc.doc_key, 2));
    await submit(student, answerFile(doc.doc_key, 0));
    await submit(classmate, answerFile(doc.doc_key, 1));
    const all = (await ta.get(`/api/courses/${courseId}/submissions`)).json().data;
    expect(all).toHaveLength(3);
    expect(all.map((s: { points: number }) => s.points)).toEqual([...all.map((s: { points: number }) => s.points)].sort((a, b) => b - a));
    const best = (await owner.get(`/api/courses/${courseId}/submissions?best=true`)).json().data;
    expect(best.map((s: { student: number; number: number }) => [s.student, s.number]).sort()).toEqual(
      [
        [classmateId, 1],
        [studentId, 2],
      ].sort(),
    );
    expect(
      (await student.get(`/api/courses/${courseId}/submissions`)).json().data.every((s: { student: number }) => s.student === studentId),
    ).toBe(true);
    expect((await student.get(`/api/assignments/${setId}/submissions`)).json().data).toHaveLength(2);
    expect((await ta.get(`/api/user/${studentId}/courses/${courseId}/submissions?best=true`)).json().data).toHaveLength(1);
    expect((await classmate.get(`/api/user/${studentId}/courses/${courseId}/submissions`)).statusCode).toBe(404);
    expect((await other.get(`/api/courses/${courseId}/submissions`)).statusCode).toBe(404);
    expect((await anonymous.get(`/api/courses/${courseId}/submissions`)).statusCode).toBe(401);
    await owner.put(`/api/documents/${doc.id}`, { practice: true });
    await submit(classmate, answerFile(doc.doc_key));
    expect((await owner.get(`/api/courses/${courseId}/submissions?include_practice=false`)).json().data).toHaveLength(3);
    expect((await owner.get(`/api/courses/${courseId}/submissions`)).json().data).toHaveLength(4);
  });

  it('shows one submission with the student’s others, to the student and teachers only', async () => {
    await owner.put(`/api/documents/${doc.id}`, { multiple_submissions: true });
    const first = (await submit(student, answerFile(doc.doc_key, 3))).json().data;
    const second = (await submit(student, answerFile(doc.doc_key, 0))).json().data;
    const view = (await ta.get(`/api/courses/${courseId}/submissions/${first.id}`)).json().data;
    expect(view.submission.id).toBe(first.id);
    expect(view.siblings.map((s: { id: number; number: number }) => [s.id, s.number])).toEqual([
      [first.id, 1],
      [second.id, 2],
    ]);
    expect((await classmate.get(`/api/courses/${courseId}/submissions/${first.id}`)).statusCode).toBe(404);
    expect((await other.get(`/api/courses/${courseId}/submissions/${first.id}`)).statusCode).toBe(404);
    expect((await classmate.get(`/api/submissions/${first.id}/file-urls`)).statusCode).toBe(404);
  });

  it('withholds a delayed grade from the student in every endpoint until the release date', async () => {
    const due = t.clock.now() + 7 * DAY;
    await owner.put(`/api/documents/${doc.id}`, { delay_showing_grade: true, show_grade_on_date: due });
    const mine = (await submit(student, answerFile(doc.doc_key, 1))).json().data;
    expect(mine).toMatchObject({ points: null, percent: null, grade: null, max_points: null, grade_hidden: true, grade_shown_at: due });
    await t.app.deps.jobs.drain();
    const endpoints = [
      `/api/courses/${courseId}/submissions`,
      `/api/courses/${courseId}/submissions?best=true`,
      `/api/assignments/${setId}/submissions`,
      `/api/user/${studentId}/courses/${courseId}/submissions`,
    ];
    for (const url of endpoints) {
      for (const s of (await student.get(url)).json().data) expect([url, s.points, s.percent, s.grade]).toEqual([url, null, null, null]);
    }
    expect((await student.get(`/api/courses/${courseId}/submissions/${mine.id}`)).json().data.submission.grade).toBeNull();
    expect((await student.get(`/api/submissions/${mine.id}/file-urls`)).json().data).toMatchObject({
      grade_report_url: null,
      png_url: null,
    });
    expect((await owner.get(`/api/courses/${courseId}/submissions`)).json().data[0].grade).not.toBeNull();
    expect((await owner.get(`/api/courses/${courseId}/submissions`)).json().data[0].grade_shown_at).toBeNull();
    t.clock.advance(7 * DAY);
    expect((await student.get(`/api/courses/${courseId}/submissions`)).json().data[0]).toMatchObject({ grade_shown_at: null });
    expect((await student.get(`/api/courses/${courseId}/submissions`)).json().data[0].grade).not.toBeNull();
    expect((await student.get(`/api/submissions/${mine.id}/file-urls`)).json().data.grade_report_url).not.toBeNull();
  });

  it('does not let a withheld grade show through order or through which submission is best', async () => {
    const due = t.clock.now() + 7 * DAY;
    await owner.put(`/api/documents/${doc.id}`, { multiple_submissions: true, delay_showing_grade: true, show_grade_on_date: due });
    const strong = (await submit(student, answerFile(doc.doc_key, 0))).json().data;
    t.clock.advance(60);
    const weak = (await submit(student, answerFile(doc.doc_key, 3))).json().data;
    const ids = (res: { json: () => { data: { id: number }[] } }) => res.json().data.map((s) => s.id);
    // Newest first, whatever the hidden points; the latest stands for the document.
    expect(ids(await student.get(`/api/courses/${courseId}/submissions`))).toEqual([weak.id, strong.id]);
    expect(ids(await student.get(`/api/courses/${courseId}/submissions?best=true`))).toEqual([weak.id]);
    expect(ids(await student.get(`/api/assignments/${setId}/submissions?best=true`))).toEqual([weak.id]);
    // Teachers see the real best; once the grade is shown, so does the student.
    expect(ids(await owner.get(`/api/courses/${courseId}/submissions?best=true`))).toEqual([strong.id]);
    t.clock.advance(7 * DAY);
    expect(ids(await student.get(`/api/courses/${courseId}/submissions?best=true`))).toEqual([strong.id]);
  });

  it('lets instructors remove submissions; TAs and students cannot', async () => {
    await owner.put(`/api/documents/${doc.id}`, { multiple_submissions: true });
    const a = (await submit(student, answerFile(doc.doc_key))).json().data;
    await submit(student, answerFile(doc.doc_key));
    expect((await ta.delete(`/api/submissions/${a.id}`)).statusCode).toBe(403);
    expect((await student.delete(`/api/submissions/${a.id}`)).statusCode).toBe(403);
    expect((await other.delete(`/api/submissions/${a.id}`)).statusCode).toBe(404);
    expect((await owner.delete(`/api/submissions/${a.id}`)).statusCode).toBe(200);
    expect((await owner.get(`/api/courses/${courseId}/submissions`)).json().data).toHaveLength(1);
    expect((await ta.delete(`/api/user/${studentId}/documents/${doc.id}/submissions`)).statusCode).toBe(403);
    expect((await owner.delete(`/api/user/${studentId}/documents/${doc.id}/submissions`)).statusCode).toBe(200);
    expect((await owner.get(`/api/courses/${courseId}/submissions`)).json().data).toHaveLength(0);
  });
});
