import { TIMED_GRACE_SECONDS } from '@app/contract/workspace';
import { readHar, writeHar } from '@app/har/format';
import { RIGHT_COLOR, WRONG_COLOR } from '@app/har/submission-image';
import { decode } from 'fast-png';
import { unzipSync } from 'fflate';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  courseWorld,
  createTestApp,
  dialects,
  errorsOf,
  LONG_SESSIONS,
  multipart,
  sampleExercise,
  type TestClient,
  type TestContext,
} from '../../../test/helpers.ts';
import { STUDENT_COPIES_JOB } from '../../documents/har-files.ts';

const DAY = 86400;
let exerciseBytes: Uint8Array;
let keyItems: { id: string; answers: string[]; measure: number; beat: number }[];
let firstItem: { id: string; answers: string[] };

beforeAll(() => {
  ({ bytes: exerciseBytes, keyItems } = sampleExercise());
  const first = keyItems[0];
  if (!first) throw new Error('no key items');
  firstItem = first;
});

/** Answers to every item; the first `wrong` get a wrong label ('N6' is never in a major-key diatonic phrase). */
const answers = (wrong = 0) => keyItems.map((item, i) => ({ id: item.id, answer: i < wrong ? 'N6' : (item.answers[0] ?? '') }));

/** Every answer label of the key, as a JSON fragment that must never reach a student. */
const keyFragments = () => keyItems.map((item) => JSON.stringify(item.answers));

function hasColour(png: Buffer, hex: string): boolean {
  const image = decode(png);
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  const close = (value: number | undefined, target: number | undefined) => Math.abs((value ?? -99) - (target ?? 99)) < 8;
  for (let i = 0; i < image.data.length; i += image.channels) {
    if (close(image.data[i], r) && close(image.data[i + 1], g) && close(image.data[i + 2], b)) return true;
  }
  return false;
}

describe.each(dialects)('exercise workspace (%s)', (dialect) => {
  let t: TestContext;
  let owner: TestClient;
  let other: TestClient;
  let ta: TestClient;
  let student: TestClient;
  let classmate: TestClient;
  let anonymous: TestClient;
  let courseId: number;
  let setId: number;
  let dueAt: number;
  let doc: { id: number; doc_key: string };

  const workspace = (client: TestClient, id = doc.id) => client.get(`/api/documents/${id}/workspace`);
  const start = (client: TestClient, id = doc.id) => client.post(`/api/documents/${id}/start`);
  const handIn = (client: TestClient, body: unknown, id = doc.id) => client.post(`/api/documents/${id}/submissions`, body as never);
  const fetchFile = async (url: string) => (await t.app.inject({ method: 'GET', url })).rawPayload;

  beforeEach(async () => {
    t = await createTestApp(dialect, LONG_SESSIONS);
    const world = await courseWorld(t, { students: 2 });
    ({ courseId, anonymous } = world);
    [owner, other, ta] = [world.owner.client, world.other.client, world.ta.client];
    [student, classmate] = world.students.map((s) => s.client) as [TestClient, TestClient];
    dueAt = t.clock.now() + 7 * DAY;
    setId = (await owner.post(`/api/courses/${courseId}/assignments`, { released_at: t.clock.now(), due_at: dueAt })).json().data.id;
    doc = (await owner.upload(`/api/assignments/${setId}/documents`, multipart([{ name: 'ex.har', bytes: exerciseBytes }]))).json().data[0];
  });
  afterEach(async () => {
    await t.close();
  });

  it('gives a student the score, the items in order with positions, and the rules, but never the key', async () => {
    const res = await workspace(student);
    expect(res.statusCode, res.body).toBe(200);
    const ws = res.json().data;
    expect(ws.items.map((i: { id: string }) => i.id)).toEqual(keyItems.map((i) => i.id));
    expect(ws.items.map((i: { number: number }) => i.number)).toEqual(keyItems.map((_, i) => i + 1));
    for (const item of ws.items) {
      expect(item).not.toHaveProperty('answers');
      expect(item.x).toBeGreaterThan(0);
      expect(item.x).toBeLessThan(1);
      expect(item.note_ids.length).toBeGreaterThan(0);
      for (const id of item.note_ids) expect(ws.score.svg).toContain(`id="${id}"`);
    }
    const xs = ws.items.map((i: { x: number }) => i.x);
    expect(xs).toEqual([...xs].sort((a, b) => a - b));
    expect(ws.score.notes.length).toBeGreaterThan(ws.items.length);
    expect(ws.labels).toEqual({ cadential_64: 'V64', neapolitan_6: 'N6' });
    expect(ws.rules).toMatchObject({ can_submit: true, refusal: null, practice: false, due_at: dueAt, show_answers: 'AFTER_DUE' });
    expect(ws.draft).toBeNull();
    const body = res.body;
    for (const fragment of keyFragments()) expect(body).not.toContain(fragment);
    expect(body).not.toContain('"expected":"');
  });

  it('hands students a .har without key.json or any answer, and teachers the full exercise', async () => {
    const forStudent = (await student.get(`/api/documents/${doc.id}/file-url`)).json().data;
    const entries = unzipSync(new Uint8Array(await fetchFile(forStudent.url)));
    expect(Object.keys(entries).sort()).toEqual(['items.json', 'manifest.json', 'score.musicxml']);
    const text = Object.values(entries)
      .map((bytes) => new TextDecoder().decode(bytes))
      .join('\n');
    expect(text).not.toContain('"answers"');
    const copy = readHar(new Uint8Array(await fetchFile(forStudent.url)));
    expect(copy.key).toBeUndefined();
    expect(copy.items?.items.map((i) => i.id)).toEqual(keyItems.map((i) => i.id));
    const forTeacher = (await ta.get(`/api/documents/${doc.id}/file-url`)).json().data;
    expect(readHar(new Uint8Array(await fetchFile(forTeacher.url))).key?.items).toHaveLength(keyItems.length);
  });

  it('is for students of the course once the set is released', async () => {
    expect((await workspace(anonymous)).statusCode).toBe(401);
    expect(errorsOf(await workspace(owner))[0]?.message).toBe('Only students of this course do its exercises.');
    expect((await workspace(ta)).statusCode).toBe(403);
    expect((await workspace(other)).statusCode).toBe(404);
    expect((await student.get('/api/documents/abc/workspace')).statusCode).toBe(400);
    expect((await workspace(student, 999_999)).statusCode).toBe(404);
    const later = (
      await owner.post(`/api/courses/${courseId}/assignments`, { released_at: t.clock.now() + DAY, due_at: t.clock.now() + 5 * DAY })
    ).json().data;
    const hidden = (
      await owner.upload(`/api/assignments/${later.id}/documents`, multipart([{ name: 'ex.har', bytes: exerciseBytes }]))
    ).json().data[0];
    expect((await workspace(student, hidden.id)).statusCode).toBe(404);
    expect((await student.put(`/api/documents/${hidden.id}/draft`, { answers: [] })).statusCode).toBe(404);
  });

  it('keeps each student’s own draft, last write wins, with the answers.json limits', async () => {
    const first = await student.put(`/api/documents/${doc.id}/draft`, { answers: answers(2) });
    expect(first.statusCode, first.body).toBe(200);
    t.clock.advance(5);
    const mine = [{ id: firstItem.id, answer: 'V65' }];
    expect((await student.put(`/api/documents/${doc.id}/draft`, { answers: mine })).json().data).toMatchObject({ answers: mine });
    expect((await workspace(student)).json().data.draft).toEqual({ answers: mine, updated_at: t.clock.now(), revision: 2 });
    expect((await workspace(classmate)).json().data.draft).toBeNull();
    expect((await student.get(`/api/courses/${courseId}/drafts`)).json().data).toEqual([
      { document_id: doc.id, updated_at: t.clock.now(), deadline_at: null },
    ]);
    expect((await classmate.get(`/api/courses/${courseId}/drafts`)).json().data).toEqual([]);
    expect((await other.get(`/api/courses/${courseId}/drafts`)).statusCode).toBe(404);
    expect((await anonymous.put(`/api/documents/${doc.id}/draft`, { answers: mine })).statusCode).toBe(401);
    expect((await owner.put(`/api/documents/${doc.id}/draft`, { answers: mine })).statusCode).toBe(403);
    expect((await other.put(`/api/documents/${doc.id}/draft`, { answers: mine })).statusCode).toBe(404);

    const unknown = await student.put(`/api/documents/${doc.id}/draft`, { answers: [{ id: 'm99b1', answer: 'I' }] });
    expect(errorsOf(unknown)[0]?.messages).toEqual(['This answer is for an item the document does not have.']);
    const long = await student.put(`/api/documents/${doc.id}/draft`, { answers: [{ id: firstItem.id, answer: 'V'.repeat(65) }] });
    expect(long.statusCode).toBe(400);
    expect(JSON.stringify(errorsOf(long))).toContain('An answer can be at most 64 characters.');
    const twice = await student.put(`/api/documents/${doc.id}/draft`, { answers: [mine[0], mine[0]] } as never);
    expect(JSON.stringify(errorsOf(twice))).toContain('Each item can be answered only once.');
    expect((await student.put(`/api/documents/${doc.id}/draft`, { answers: 'I V I' } as never)).statusCode).toBe(400);
    expect((await student.put(`/api/documents/${doc.id}/draft`, {})).statusCode).toBe(400);
    expect((await workspace(student)).json().data.draft.answers).toEqual(mine);
  });

  it('never lets a copy that has not seen the latest draft overwrite it or hand in without it (QA Q13, decision 046)', async () => {
    const draftOf = (client: TestClient, body: unknown) => client.put(`/api/documents/${doc.id}/draft`, body as never);
    const [one, two, three, five] = keyItems.map((item) => item.id) as [string, string, string, string, string];
    const sentence = 'These answers were changed in another window since this one loaded them. Both are kept: check them and save again.';
    // Tab B opens (no draft: base 0), then tab A; A saves chords 1–3 from base 0 and gets revision 1.
    const a = await draftOf(student, { base: 0, answers: [one, two, three].map((id) => ({ id, answer: 'I' })) });
    expect(a.statusCode, a.body).toBe(200);
    expect(a.json().data).toMatchObject({ revision: 1, updated_at: t.clock.now() });
    const aDraft = a.json().data;
    // B, still from base 0, saves chord 5: refused with the exact sentence, its code, and A's draft.
    t.clock.advance(3);
    const stale = await draftOf(student, { base: 0, answers: [{ id: five, answer: 'V7' }] });
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json()).toEqual({
      errors: [{ code: 'conflict', message: sentence }],
      message_codes: [[{ code: 'workspace.draftChanged' }]],
      data: aDraft,
    });
    expect((await workspace(student)).json().data.draft).toEqual(aDraft);
    // B merged (A's 1–3 adopted, its 5 kept) and saves with A's revision as base: taken.
    const merged = [...aDraft.answers, { id: five, answer: 'V7' }];
    const ok = await draftOf(student, { base: 1, answers: merged });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toEqual({ answers: merged, updated_at: t.clock.now(), revision: 2 });
    expect((await workspace(student)).json().data.draft).toEqual({ answers: merged, updated_at: t.clock.now(), revision: 2 });
    // The same base again (a second tab that saw revision 1) is now behind.
    expect((await draftOf(student, { base: 1, answers: [] })).statusCode).toBe(409);
    // A base ahead of the draft is behind it too: only the stored revision itself is current.
    expect((await draftOf(student, { base: 7, answers: [] })).statusCode).toBe(409);
    // An old client without a base: the last write wins, as before, and the revision still counts.
    const old = await draftOf(student, { answers: [{ id: one, answer: 'V' }] });
    expect(old.json().data).toMatchObject({ answers: [{ id: one, answer: 'V' }], revision: 3 });
    // The classmate's draft is their own: base 0 starts it.
    expect((await draftOf(classmate, { base: 0, answers: merged })).json().data.revision).toBe(1);

    // Who may, and bad bases, with a base as with none.
    expect((await draftOf(anonymous, { base: 3, answers: merged })).statusCode).toBe(401);
    expect((await draftOf(owner, { base: 3, answers: merged })).statusCode).toBe(403);
    expect((await draftOf(ta, { base: 3, answers: merged })).statusCode).toBe(403);
    expect((await draftOf(other, { base: 3, answers: merged })).statusCode).toBe(404);
    for (const base of [-1, 1.5, '3', null, 2 ** 31, Number.MAX_SAFE_INTEGER]) {
      const bad = await draftOf(student, { base, answers: merged });
      expect(bad.statusCode, JSON.stringify(base)).toBe(400);
      expect(JSON.stringify(errorsOf(bad))).toContain('A base revision is a whole number from 0 to 2147483647.');
    }
    const unknown = await draftOf(student, { base: 3, answers: [{ id: 'm99b1', answer: 'I' }] });
    expect(errorsOf(unknown)[0]?.messages).toEqual(['This answer is for an item the document does not have.']);
    expect((await workspace(student)).json().data.draft.revision).toBe(3);

    // A hand-in from a stale base is refused the same way and nothing is handed in; from the current one it is taken.
    const staleHandIn = await handIn(student, { base: 2, answers: merged });
    expect(staleHandIn.statusCode, staleHandIn.body).toBe(409);
    expect(staleHandIn.json()).toMatchObject({ errors: [{ code: 'conflict', message: sentence }], data: { revision: 3 } });
    expect((await workspace(student)).json().data.submissions).toEqual([]);
    const handedIn = await handIn(student, { base: 3, answers: merged });
    expect(handedIn.statusCode, handedIn.body).toBe(201);
    expect((await handIn(classmate, { base: 0, answers: merged })).statusCode).toBe(409);
    // Other refusals of a hand-in keep their own 409 (one formal submission).
    const again = await handIn(student, { base: 3, answers: merged });
    expect(again.statusCode).toBe(409);
    expect(errorsOf(again)[0]?.message).not.toBe(sentence);
    expect((await handIn(student, { base: -2, answers: merged })).statusCode).toBe(400);
  });

  it('grades JSON answers exactly like the same answers in a .har, and builds the .har for the instructor', async () => {
    const json = await handIn(student, { answers: answers(2) });
    expect(json.statusCode, json.body).toBe(201);
    const exercise = readHar(exerciseBytes);
    const har = writeHar({
      manifest: { ...exercise.manifest, kind: 'submission', document_key: doc.doc_key },
      score: exercise.score,
      answers: { items: answers(2) },
    });
    const file = await classmate.upload(`/api/documents/${doc.id}/submissions`, multipart([{ name: 'answers.har', bytes: har }]));
    expect(file.statusCode, file.body).toBe(201);
    const pick = (s: Record<string, unknown>) => [s.points, s.max_points, s.percent, s.grade];
    expect(pick(json.json().data)).toEqual(pick(file.json().data));
    expect(json.json().data.points).toBe(keyItems.length - 2);

    await t.app.deps.jobs.drain();
    const urls = (await owner.get(`/api/submissions/${json.json().data.id}/file-urls`)).json().data;
    const built = readHar(new Uint8Array(await fetchFile(urls.har_url)));
    expect(built.manifest).toMatchObject({ kind: 'submission', document_key: doc.doc_key });
    expect(built.answers?.items).toEqual(answers(2));
    expect(built.key).toBeUndefined();

    await owner.put(`/api/documents/${doc.id}`, { multiple_submissions: true });
    expect(errorsOf(await handIn(classmate, { answers: [{ id: 'nope', answer: 'I' }] }))[0]?.messages).toEqual([
      'This answer is for an item the document does not have.',
    ]);
    expect((await handIn(classmate, { answers: 'x' })).statusCode).toBe(400);
    expect(errorsOf(await handIn(owner, { answers: answers() }))[0]?.message).toBe('Only students of this course can hand in work.');
  });

  it('holds a timed document to the server’s clock from its Start, not from opening', async () => {
    await owner.put(`/api/documents/${doc.id}`, { timed: true, timed_time_seconds: 60 });
    expect(errorsOf(await handIn(student, { answers: answers() }))[0]?.message).toBe('Press Start before handing in a timed exercise.');
    // Opening shows the time limit, no music, and starts nothing.
    const waiting = (await workspace(student)).json().data;
    expect(waiting.rules).toMatchObject({ timed_seconds: 60, started_at: null, deadline_at: null, can_submit: false });
    expect(waiting.score).toBeNull();
    expect(waiting.items).toEqual([]);
    t.clock.advance(600);
    expect((await workspace(student)).json().data.rules.started_at).toBeNull();
    expect((await student.get(`/api/courses/${courseId}/drafts`)).json().data).toEqual([]);

    const started = await start(student);
    expect(started.statusCode, started.body).toBe(200);
    const opened = started.json().data;
    expect(opened.rules).toMatchObject({ timed_seconds: 60, started_at: t.clock.now(), deadline_at: t.clock.now() + 60, can_submit: true });
    expect(opened.items.map((i: { id: string }) => i.id)).toEqual(keyItems.map((i) => i.id));
    expect(opened.score.svg).toContain('<svg');
    for (const fragment of keyFragments()) expect(started.body).not.toContain(fragment);
    expect((await student.get(`/api/courses/${courseId}/drafts`)).json().data).toEqual([
      { document_id: doc.id, updated_at: null, deadline_at: t.clock.now() + 60 },
    ]);
    t.clock.advance(30);
    // Start again, or opening, does not restart the clock.
    expect((await start(student)).json().data.rules.deadline_at).toBe(opened.rules.deadline_at);
    expect((await workspace(student)).json().data.rules.deadline_at).toBe(opened.rules.deadline_at);
    await student.put(`/api/documents/${doc.id}/draft`, { answers: answers() });
    expect((await student.get(`/api/courses/${courseId}/drafts`)).json().data).toEqual([
      { document_id: doc.id, updated_at: t.clock.now(), deadline_at: opened.rules.deadline_at },
    ]);
    await start(classmate);
    t.clock.advance(30);
    // Within the limit (and its few seconds' grace for the network) the work is taken.
    expect((await handIn(student, { answers: answers() })).statusCode).toBe(201);
    t.clock.advance(30 + TIMED_GRACE_SECONDS + 1);
    const late = await handIn(classmate, { answers: answers() });
    expect(late.statusCode).toBe(409);
    expect(errorsOf(late)[0]?.message).toBe('The time limit for this document has passed.');
    expect((await workspace(classmate)).json().data.rules).toMatchObject({
      can_submit: false,
      refusal: 'The time limit for this document has passed.',
    });
  });

  it('starts a timed document’s clock only for its students, and only on a timed document', async () => {
    expect((await start(anonymous)).statusCode).toBe(401);
    // Not timed: nothing to start.
    const untimed = await start(student);
    expect(untimed.statusCode).toBe(409);
    expect(errorsOf(untimed)[0]?.message).toBe('This document has no time limit to start.');
    await owner.put(`/api/documents/${doc.id}`, { timed: true, timed_time_seconds: 60 });
    expect((await start(anonymous)).statusCode).toBe(401);
    const teacher = await start(owner);
    expect(teacher.statusCode).toBe(403);
    expect(errorsOf(teacher)[0]?.message).toBe('Only students of this course do its exercises.');
    expect((await start(ta)).statusCode).toBe(403);
    // Another course's instructor, and a document that does not exist.
    expect((await start(other)).statusCode).toBe(404);
    expect((await start(student, doc.id + 1000)).statusCode).toBe(404);
    const bad = await student.post('/api/documents/0/start');
    expect(bad.statusCode).toBe(400);
    expect(errorsOf(bad)[0]?.messages).toEqual(['The id must be a positive integer.']);
    // Practice documents are never timed.
    await owner.put(`/api/documents/${doc.id}`, { practice: true });
    expect((await start(student)).statusCode).toBe(409);
    expect((await workspace(student)).json().data.rules.started_at).toBeNull();
  });

  it('shows right and wrong and the expected labels only as "Show correct answers" allows, in reports, images and the workspace', async () => {
    const mine = (await handIn(student, { answers: answers(1) })).json().data;
    await t.app.deps.jobs.drain();
    const wrongItem = firstItem;
    const expectedLabel = wrongItem.answers[0];

    // Default (after the due date), before it: the student sees their answers and the total only.
    const before = (await student.get(`/api/submissions/${mine.id}/file-urls`)).json().data;
    const report = (await fetchFile(before.grade_report_url)).toString('utf8');
    expect(report).not.toContain('Expected');
    expect(report).not.toContain('✓');
    expect(report).not.toContain('✗');
    expect(report).toContain(`${keyItems.length - 1} / ${keyItems.length}`);
    const plainPng = await fetchFile(before.png_url);
    expect(hasColour(plainPng, RIGHT_COLOR) || hasColour(plainPng, WRONG_COLOR)).toBe(false);
    const seen = (await workspace(student)).json().data.submissions[0];
    expect(seen.items[0]).toEqual({ id: wrongItem.id, answer: 'N6', correct: null, expected: null });

    // Teachers always see everything.
    const teacherUrls = (await ta.get(`/api/submissions/${mine.id}/file-urls`)).json().data;
    expect((await fetchFile(teacherUrls.grade_report_url)).toString('utf8')).toContain('Expected');
    expect(hasColour(await fetchFile(teacherUrls.png_url), WRONG_COLOR)).toBe(true);

    // Immediately: everything at once.
    await owner.put(`/api/documents/${doc.id}`, { show_answers: 'IMMEDIATELY' });
    const now = (await student.get(`/api/submissions/${mine.id}/file-urls`)).json().data;
    expect((await fetchFile(now.grade_report_url)).toString('utf8')).toContain('Expected');
    expect((await workspace(student)).json().data.submissions[0].items[0]).toMatchObject({ correct: false, expected: expectedLabel });

    // Never: not even after the due date.
    await owner.put(`/api/documents/${doc.id}`, { show_answers: 'NEVER' });
    t.clock.advance(8 * DAY);
    const never = (await student.get(`/api/submissions/${mine.id}/file-urls`)).json().data;
    expect((await fetchFile(never.grade_report_url)).toString('utf8')).not.toContain('Expected');
    expect((await workspace(student)).json().data.submissions[0].items[0]).toMatchObject({ correct: null, expected: null });

    // After the due date (the default) once it has passed.
    await owner.put(`/api/documents/${doc.id}`, { show_answers: 'AFTER_DUE' });
    expect((await workspace(student)).json().data.submissions[0].items[0]).toMatchObject({ correct: false, expected: expectedLabel });
    expect((await owner.put(`/api/documents/${doc.id}`, { show_answers: 'SOMETIMES' } as never)).statusCode).toBe(400);
  });

  it('tells right from wrong on practice work at once, without the expected labels until answers are shown', async () => {
    await owner.put(`/api/documents/${doc.id}`, { practice: true });
    const mine = (await handIn(student, { answers: answers(1) })).json().data;
    expect(mine.practice).toBe(true);
    const items = (await workspace(student)).json().data.submissions[0].items;
    expect(items[0]).toMatchObject({ correct: false, expected: null });
    expect(items[1]).toMatchObject({ correct: true, expected: null });
    await t.app.deps.jobs.drain();
    const urls = (await student.get(`/api/submissions/${mine.id}/file-urls`)).json().data;
    const report = (await fetchFile(urls.grade_report_url)).toString('utf8');
    expect(report).toContain('✗');
    expect(report).not.toContain('Expected');
  });

  it('withholds a delayed grade and every per-item mark in the workspace too', async () => {
    await owner.put(`/api/documents/${doc.id}`, { delay_showing_grade: true, show_grade_on_date: dueAt, show_answers: 'IMMEDIATELY' });
    await handIn(student, { answers: answers(1) });
    const ws = (await workspace(student)).json().data;
    expect(ws.rules.show_grade_on_date).toBe(dueAt);
    expect(ws.submissions[0]).toMatchObject({ points: null, percent: null, grade: null, grade_hidden: true });
    for (const item of ws.submissions[0].items) expect([item.correct, item.expected]).toEqual([null, null]);
  });

  it('makes the student copy of documents stored before copies existed, on first use and by the backfill job', async () => {
    const second = (await owner.upload(`/api/assignments/${setId}/documents`, multipart([{ name: 'b.har', bytes: exerciseBytes }]))).json()
      .data[0];
    await t.app.deps.db.updateTable('documents').set({ student_storage_key: null }).execute();
    const url = (await student.get(`/api/documents/${doc.id}/file-url`)).json().data.url;
    expect(readHar(new Uint8Array(await fetchFile(url))).key).toBeUndefined();
    await t.app.deps.jobs.enqueue(STUDENT_COPIES_JOB, {});
    await t.app.deps.jobs.drain();
    const rows = await t.app.deps.db.selectFrom('documents').select(['id', 'student_storage_key']).orderBy('id').execute();
    expect(rows.map((r) => r.student_storage_key !== null)).toEqual([true, true]);
    expect((await workspace(student, second.id)).statusCode).toBe(200);
  });
});
