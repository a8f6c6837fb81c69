import { Readable } from 'node:stream';
import { AssignmentMessages } from '@app/contract/assignments';
import { readHar, writeHar } from '@app/har/format';
import { renderScore } from '@app/har/render-score';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  courseWorld,
  createTestApp,
  dialects,
  errorsOf,
  LONG_SESSIONS,
  multipart,
  type SignedInUser,
  SMALL_SCORE,
  type TestClient,
  type TestContext,
} from '../../../test/helpers.ts';
import { loadHar, STUDENT_COPIES_WITHOUT_ANALYSIS_JOB } from '../../documents/har-files.ts';

/** The preview PNG a score gives, drawn as the preview job draws it. */
const renderPreviewPng = async (score: string) => (await renderScore(score)).png;

import { insertMembership } from '../courses/repository.ts';

const DAY = 86400;

const har = (title: string, score = SMALL_SCORE) =>
  writeHar({
    manifest: { format: 'har', version: 1, kind: 'exercise', title, exercise_type: 'roman-numeral-analysis' },
    score,
    key: { items: [{ id: 'm1b1', measure: 1, beat: 1, answers: ['I'], points: 1 }] },
  });

describe.each(dialects)('assignment sets and documents (%s)', (dialect) => {
  let t: TestContext;
  let owner: TestClient;
  let other: TestClient;
  let ta: TestClient;
  let student: TestClient;
  let studentId: number;
  let anonymous: TestClient;
  let course: { id: number; start_date: number; end_date: number };
  let otherCourseId: number;

  const newSet = async (body: Record<string, unknown> = {}) => {
    const res = await owner.post(`/api/courses/${course.id}/assignments`, body);
    expect(res.statusCode).toBe(201);
    return res.json().data as { id: number; released_at: number; due_at: number; draft: boolean };
  };
  const upload = (client: TestClient, setId: number, files: { name: string; bytes: Uint8Array }[]) =>
    client.upload(`/api/assignments/${setId}/documents`, multipart(files));

  beforeEach(async () => {
    t = await createTestApp(dialect, LONG_SESSIONS);
    const world = await courseWorld(t, { activate: false });
    ({ course, anonymous } = world);
    [owner, other, ta] = [world.owner.client, world.other.client, world.ta.client];
    [{ client: student, id: studentId }] = world.students as [SignedInUser];
    otherCourseId = (await other.post('/api/courses', { title: 'Other' })).json().data.id;
  });
  afterEach(async () => {
    await t.close();
  });

  describe('sets', () => {
    it('creates a set with the default dates of DESIGN §7.10 and numbers its title', async () => {
      const set = await newSet();
      expect(set).toMatchObject({ title: 'Assignment Set 1', released_at: course.start_date, course: course.id, documents: [] });
      const span = course.end_date - course.start_date;
      expect(set.due_at).toBe(course.start_date + Math.min(14 * DAY, Math.floor(span / 3)) + DAY);
      expect((await newSet()).id).not.toBe(set.id);
      expect((await owner.get(`/api/courses/${course.id}/assignments`)).json().data.map((s: { title: string }) => s.title)).toEqual([
        'Assignment Set 1',
        'Assignment Set 2',
      ]);
    });

    it('lets only the instructor create, change, reorder and delete; TAs read', async () => {
      const set = await newSet();
      expect((await anonymous.post(`/api/courses/${course.id}/assignments`, {})).statusCode).toBe(401);
      expect(errorsOf(await ta.post(`/api/courses/${course.id}/assignments`, {}))[0]?.message).toBe(
        'Only instructors of this course can change its assignments.',
      );
      expect((await other.post(`/api/courses/${course.id}/assignments`, {})).statusCode).toBe(404);
      expect((await ta.get(`/api/assignments/${set.id}`)).statusCode).toBe(200);
      expect((await ta.put(`/api/assignments/${set.id}`, { title: 'X' })).statusCode).toBe(403);
      expect((await ta.delete(`/api/assignments/${set.id}`)).statusCode).toBe(403);
      expect((await ta.post(`/api/courses/${course.id}/assignments/weight`, { assignments: [set.id] })).statusCode).toBe(403);
      const foreign = await other.get(`/api/assignments/${set.id}`);
      expect(foreign.statusCode).toBe(404);
      expect(errorsOf(foreign)[0]?.message).toBe('Assignment not found in selected course.');
      expect((await owner.put(`/api/assignments/${set.id}`, { title: '  Cadences ' })).json().data.title).toBe('Cadences');
      expect((await owner.delete(`/api/assignments/${set.id}`)).statusCode).toBe(200);
      expect((await owner.get(`/api/assignments/${set.id}`)).statusCode).toBe(404);
    });

    it('enforces the date rules at their boundaries', async () => {
      const set = await newSet();
      const put = (body: Record<string, number>) => owner.put(`/api/assignments/${set.id}`, body);
      expect((await put({ released_at: set.due_at - 61 })).statusCode).toBe(200);
      // Spec §5: assigned must be before due minus 60 s; exactly 60 s apart is refused (issue 16).
      for (const gap of [60, 59]) {
        expect(errorsOf(await put({ released_at: set.due_at - gap }))).toEqual([
          { field: 'due_at', messages: ['The assigned date must be more than one minute before the due date.'] },
        ]);
      }
      const low = course.start_date - 365 * DAY;
      const high = course.end_date + 365 * DAY;
      expect((await put({ released_at: low, due_at: high })).statusCode).toBe(200);
      expect(errorsOf(await put({ released_at: low - 1 }))).toEqual([
        {
          field: 'released_at',
          messages: ['The assigned date must be within one year before the course start and one year after the course end.'],
        },
      ]);
      expect(errorsOf(await put({ due_at: high + 1 }))[0]?.messages).toEqual([
        'The due date must be within one year before the course start and one year after the course end.',
      ]);
    });

    it('reorders with exactly the course’s sets', async () => {
      const a = await newSet();
      const b = await newSet();
      expect((await owner.post(`/api/courses/${course.id}/assignments/weight`, { assignments: [b.id, a.id] })).statusCode).toBe(200);
      expect((await owner.get(`/api/courses/${course.id}/assignments`)).json().data.map((s: { id: number }) => s.id)).toEqual([b.id, a.id]);
      expect((await owner.post(`/api/courses/${course.id}/assignments/weight`, { assignments: [a.id] })).statusCode).toBe(400);
    });

    it('shows students only released sets, and hides documents after the due date when asked', async () => {
      const released = await newSet({ title: 'Now', released_at: t.clock.now(), due_at: t.clock.now() + DAY });
      await newSet({ title: 'Later', released_at: t.clock.now() + 10 * DAY, due_at: t.clock.now() + 20 * DAY });
      await upload(owner, released.id, [{ name: 'a.har', bytes: har('Exercise A') }]);
      const list = (await student.get(`/api/courses/${course.id}/assignments`)).json().data;
      expect(list.map((s: { title: string }) => s.title)).toEqual(['Now']);
      expect(list[0].documents).toHaveLength(1);
      const hidden = (await owner.get(`/api/courses/${course.id}/assignments`))
        .json()
        .data.find((s: { title: string }) => s.title === 'Later');
      expect((await student.get(`/api/assignments/${hidden.id}`)).statusCode).toBe(404);
      await owner.put(`/api/assignments/${released.id}`, { show_after_due: false });
      t.clock.advance(DAY + 1);
      const after = (await student.get(`/api/courses/${course.id}/assignments`)).json().data;
      expect(after[0].documents).toEqual([]);
      expect((await owner.get(`/api/assignments/${released.id}`)).json().data.documents).toHaveLength(1);
    });

    it('keeps a draft from students whatever its date until the instructor releases it (decision 054)', async () => {
      const draft = await newSet({ title: 'Week 3', released_at: t.clock.now() - DAY, due_at: t.clock.now() + 5 * DAY, draft: true });
      expect(draft).toMatchObject({ draft: true });
      expect((await newSet({ title: 'Open', released_at: t.clock.now(), due_at: t.clock.now() + DAY })).draft).toBe(false);
      const [doc] = (await upload(owner, draft.id, [{ name: 'a.har', bytes: har('Exercise A') }])).json().data as [{ id: number }];
      const titles = async (client: TestClient) =>
        (await client.get(`/api/courses/${course.id}/assignments`)).json().data.map((s: { title: string }) => s.title);
      // Students see nothing of it: not in the list, not by id, not its documents, workspace, file or submissions.
      expect(await titles(student)).toEqual(['Open']);
      for (const url of [
        `/api/assignments/${draft.id}`,
        `/api/assignments/${draft.id}/submissions`,
        `/api/documents/${doc.id}/workspace`,
        `/api/documents/${doc.id}/file-url`,
        `/api/documents/${doc.id}/preview-url`,
      ]) {
        expect((await student.get(url)).statusCode, url).toBe(404);
      }
      expect(errorsOf(await student.get(`/api/assignments/${draft.id}`))[0]?.message).toBe(AssignmentMessages.notFound);
      expect((await student.post(`/api/documents/${doc.id}/start`, {})).statusCode).toBe(404);
      expect((await student.get(`/api/user/${studentId}/courses/${course.id}/submissions`)).json().data).toEqual([]);
      // Its TAs and instructors see it as it is.
      expect(await titles(ta)).toEqual(['Week 3', 'Open']);
      expect((await ta.get(`/api/assignments/${draft.id}`)).json().data).toMatchObject({ draft: true, documents: [{ id: doc.id }] });
      // Only its instructor releases it; others are refused as for any change, bad input with its message.
      expect((await anonymous.put(`/api/assignments/${draft.id}`, { draft: false })).statusCode).toBe(401);
      expect(errorsOf(await ta.put(`/api/assignments/${draft.id}`, { draft: false }))[0]?.message).toBe(AssignmentMessages.onlyInstructors);
      expect((await other.put(`/api/assignments/${draft.id}`, { draft: false })).statusCode).toBe(404);
      expect(errorsOf(await owner.put(`/api/assignments/${draft.id}`, { draft: 'no' }))).toEqual([
        { field: 'draft', messages: ['This field must be a boolean.'] },
      ]);
      expect(errorsOf(await owner.post(`/api/courses/${course.id}/assignments`, { draft: 1 }))).toEqual([
        { field: 'draft', messages: ['This field must be a boolean.'] },
      ]);
      expect((await owner.put(`/api/assignments/${draft.id}`, { draft: false })).json().data).toMatchObject({ draft: false });
      expect(await titles(student)).toEqual(['Week 3', 'Open']);
      expect((await student.get(`/api/documents/${doc.id}/workspace`)).statusCode).toBe(200);
      // Released with an assigned date to come, it waits for that date.
      const later = await newSet({ title: 'Week 4', released_at: t.clock.now() + 2 * DAY, due_at: t.clock.now() + 9 * DAY, draft: true });
      await owner.put(`/api/assignments/${later.id}`, { draft: false });
      expect(await titles(student)).toEqual(['Week 3', 'Open']);
      t.clock.advance(2 * DAY);
      expect(await titles(student)).toEqual(['Week 3', 'Open', 'Week 4']);
    });
  });

  describe('documents', () => {
    it('leaves analysis written into the score out of the students’ copy, and tells the instructor what (issue 26)', async () => {
      const analysed = SMALL_SCORE.replace(
        '<note><pitch><step>C</step>',
        '<harmony><root><root-step>C</root-step></root><kind text="Itonic">major</kind></harmony>' +
          '<direction placement="below"><direction-type><words>Vsecret</words></direction-type></direction><note><pitch><step>C</step>',
      ).replace('<type>whole</type></note>', '<type>whole</type><lyric><syllable>single</syllable><text>IVlyric</text></lyric></note>');
      const set = await newSet({ released_at: t.clock.now(), due_at: t.clock.now() + DAY });
      const res = await upload(owner, set.id, [
        { name: 'analysed.har', bytes: har('Analysed', analysed) },
        { name: 'plain.har', bytes: har('Plain') },
      ]);
      expect(res.statusCode, res.body).toBe(201);
      const [withText, plain] = res.json().data;
      expect(withText.removed_for_students).toEqual([
        { kind: 'lyric', count: 1, examples: ['IVlyric'] },
        { kind: 'harmony', count: 1, examples: ['C major'] },
        { kind: 'words', count: 1, examples: ['Vsecret'] },
      ]);
      expect(plain.removed_for_students).toEqual([]);
      // The student's file and workspace have none of it; the instructor's file keeps it all.
      const file = (await student.get(`/api/documents/${withText.id}/file-url`)).json().data;
      const copy = readHar(new Uint8Array((await t.app.inject({ method: 'GET', url: file.url })).rawPayload)).score;
      for (const secret of ['IVlyric', 'Itonic', 'Vsecret', '<harmony']) expect(copy).not.toContain(secret);
      expect(copy).toContain('<step>G</step>');
      t.clock.advance(course.start_date - t.clock.now() + 60);
      await owner.post(`/api/courses/${course.id}/activations`);
      const ws = await student.get(`/api/documents/${withText.id}/workspace`);
      expect(ws.statusCode, ws.body).toBe(200);
      for (const secret of ['IVlyric', 'Itonic', 'Vsecret']) expect(ws.body).not.toContain(secret);
      const row = await t.app.deps.db.selectFrom('documents').select('storage_key').where('id', '=', withText.id).executeTakeFirstOrThrow();
      const own = readHar(await loadHar(t.app.deps, row.storage_key)).score;
      for (const secret of ['IVlyric', 'Itonic', 'Vsecret']) expect(own).toContain(secret);
    });

    it('makes student copies stored before issue 26 again without the analysis, once (the job migration 0017 queues)', async () => {
      const analysed = SMALL_SCORE.replace('<type>whole</type></note>', '<type>whole</type><lyric><text>IVlyric</text></lyric></note>');
      const set = await newSet({ released_at: t.clock.now(), due_at: t.clock.now() + DAY });
      const [withText, plain] = (
        await upload(owner, set.id, [
          { name: 'analysed.har', bytes: har('Analysed', analysed) },
          { name: 'plain.har', bytes: har('Plain') },
        ])
      ).json().data;
      const rows = () =>
        t.app.deps.db
          .selectFrom('documents')
          .select(['id', 'student_storage_key'])
          .where('assignment_set_id', '=', set.id)
          .orderBy('id')
          .execute();
      // A copy as it was made before: the whole score.
      const [old] = await rows();
      const copy = readHar(await loadHar(t.app.deps, old?.student_storage_key ?? ''));
      await t.app.deps.storage.put(old?.student_storage_key ?? '', Readable.from(Buffer.from(writeHar({ ...copy, score: analysed }))));
      expect(readHar(await loadHar(t.app.deps, old?.student_storage_key ?? '')).score).toContain('IVlyric');

      await t.app.deps.jobs.drain(); // the previews, drawn before the change with the lyric
      const preview = async (id: number) => {
        const link = (await student.get(`/api/documents/${id}/preview-url`)).json().data;
        return link.url ? new Uint8Array((await t.app.inject({ method: 'GET', url: link.url })).rawPayload) : link.status;
      };
      const plainPreview = await preview(plain.id);
      await t.app.deps.storage.put(
        `previews/${(await t.app.deps.db.selectFrom('documents').select('content_hash').where('id', '=', withText.id).executeTakeFirstOrThrow()).content_hash}.png`,
        Readable.from(Buffer.from(await renderPreviewPng(analysed))),
      );
      const stale = await preview(withText.id);

      await t.app.deps.jobs.enqueue(STUDENT_COPIES_WITHOUT_ANALYSIS_JOB, {});
      await t.app.deps.jobs.drain({ names: [STUDENT_COPIES_WITHOUT_ANALYSIS_JOB] });
      expect(await preview(withText.id)).toBe('PENDING');
      await t.app.deps.jobs.drain();
      const redrawn = await preview(withText.id);
      expect(redrawn).toBeInstanceOf(Uint8Array);
      expect(redrawn).not.toEqual(stale);
      expect(redrawn).toEqual(await renderPreviewPng(SMALL_SCORE));
      expect(await preview(plain.id)).toEqual(plainPreview);
      const [again, plainRow] = await rows();
      expect(again?.student_storage_key).not.toBe(old?.student_storage_key);
      const remade = readHar(await loadHar(t.app.deps, again?.student_storage_key ?? ''));
      expect(remade.score).not.toContain('IVlyric');
      expect(remade.items).toEqual(copy.items);
      expect(remade.key).toBeUndefined();
      const file = (await student.get(`/api/documents/${withText.id}/file-url`)).json().data;
      expect(new Uint8Array((await t.app.inject({ method: 'GET', url: file.url })).rawPayload)).toEqual(
        new Uint8Array(await loadHar(t.app.deps, again?.student_storage_key ?? '')),
      );
      expect(plainRow?.student_storage_key).toBe((await rows())[1]?.student_storage_key);
      expect(plain.id).toBe(plainRow?.id);
      // A second run finds nothing to do.
      await t.app.deps.jobs.enqueue(STUDENT_COPIES_WITHOUT_ANALYSIS_JOB, {});
      await t.app.deps.jobs.drain();
      expect((await rows()).map((r) => r.student_storage_key)).toEqual([again?.student_storage_key, plainRow?.student_storage_key]);
    });

    it('gives a student no preview of a timed document before they start it (409), and starts no clock (issue 26)', async () => {
      const set = await newSet({ released_at: t.clock.now(), due_at: t.clock.now() + DAY });
      const [doc] = (await upload(owner, set.id, [{ name: 'timed.har', bytes: har('Timed') }])).json().data;
      expect((await owner.put(`/api/documents/${doc.id}`, { timed: true, timed_time_seconds: 600 })).statusCode).toBe(200);
      await t.app.deps.jobs.drain();
      const before = await student.get(`/api/documents/${doc.id}/preview-url`);
      expect(before.statusCode).toBe(409);
      expect(errorsOf(before)[0]?.message).toBe(AssignmentMessages.startTimedFirst);
      const clocks = () => t.app.deps.db.selectFrom('document_downloads').selectAll().where('document_id', '=', doc.id).execute();
      expect(await clocks()).toEqual([]);
      // Teachers see it; the student once the clock runs.
      expect((await ta.get(`/api/documents/${doc.id}/preview-url`)).json().data.status).toBe('READY');
      await student.get(`/api/documents/${doc.id}/file-url`);
      expect(await clocks()).toHaveLength(1);
      expect((await student.get(`/api/documents/${doc.id}/preview-url`)).json().data.status).toBe('READY');
      // An untimed document's preview is there from the start.
      const [plain] = (await upload(owner, set.id, [{ name: 'plain.har', bytes: har('Plain') }])).json().data;
      await t.app.deps.jobs.drain();
      expect((await student.get(`/api/documents/${plain.id}/preview-url`)).statusCode).toBe(200);
    });

    it('uploads five .har files at once, in order, with previews made by a job', async () => {
      const set = await newSet({ released_at: t.clock.now(), due_at: t.clock.now() + DAY });
      const files = [1, 2, 3, 4, 5].map((n) => ({ name: `ex${n}.har`, bytes: har(`Exercise ${n}`) }));
      const res = await upload(owner, set.id, files);
      expect(res.statusCode).toBe(201);
      const docs = res.json().data;
      expect(docs.map((d: { title: string }) => d.title)).toEqual(['Exercise 1', 'Exercise 2', 'Exercise 3', 'Exercise 4', 'Exercise 5']);
      expect(docs[0]).toMatchObject({ gradable: true, practice: false, preview_status: 'PENDING' });
      const pending = (await owner.get(`/api/documents/${docs[0].id}/preview-url`)).json().data;
      expect(pending).toEqual({ status: 'PENDING', url: null, error: null });
      await t.app.deps.jobs.drain();
      const ready = (await owner.get(`/api/documents/${docs[0].id}/preview-url`)).json().data;
      expect(ready.status).toBe('READY');
      const png = await t.app.inject({ method: 'GET', url: ready.url });
      expect(png.statusCode).toBe(200);
      expect(png.rawPayload.subarray(1, 4).toString()).toBe('PNG');
      const file = (await student.get(`/api/documents/${docs[0].id}/file-url`)).json().data;
      const downloaded = (await t.app.inject({ method: 'GET', url: file.url })).rawPayload;
      // The student's copy carries the document's key, so the work handed in can be matched to it.
      expect(readHar(new Uint8Array(downloaded)).manifest.document_key).toBe(docs[0].doc_key);
    });

    it('refuses a broken file with its message and keeps nothing of the upload', async () => {
      const set = await newSet();
      const res = await upload(owner, set.id, [
        { name: 'good.har', bytes: har('Good') },
        { name: 'bad.har', bytes: new TextEncoder().encode('not a zip at all') },
      ]);
      expect(res.statusCode).toBe(400);
      expect(errorsOf(res)[0]?.messages?.[0]).toMatch(/^bad\.har: /);
      expect((await owner.get(`/api/assignments/${set.id}/documents`)).json().data).toEqual([]);
    });

    it('refuses a 21 MB file with 413', async () => {
      const set = await newSet();
      const res = await upload(owner, set.id, [{ name: 'big.har', bytes: new Uint8Array(21 * 1024 * 1024) }]);
      expect(res.statusCode).toBe(413);
      expect(errorsOf(res)[0]?.message).toBe('Only .har files smaller than 20 MB are supported.');
    });

    it('refuses uploads from TAs, students, other instructors and the signed out', async () => {
      const set = await newSet({ released_at: t.clock.now(), due_at: t.clock.now() + DAY });
      const files = [{ name: 'a.har', bytes: har('A') }];
      expect((await upload(ta, set.id, files)).statusCode).toBe(403);
      expect((await upload(student, set.id, files)).statusCode).toBe(403);
      expect((await upload(other, set.id, files)).statusCode).toBe(404);
      expect((await upload(anonymous, set.id, files)).statusCode).toBe(401);
    });

    it('applies the document settings of spec §4 and §5', async () => {
      const set = await newSet();
      const uploaded = await upload(owner, set.id, [{ name: 'a.har', bytes: har('A') }]);
      expect(uploaded.statusCode, uploaded.body).toBe(201);
      const doc = uploaded.json().data[0];
      const put = (body: Record<string, unknown>) => owner.put(`/api/documents/${doc.id}`, body);
      const delayed = (await put({ delay_showing_grade: true })).json().data;
      expect(delayed.show_grade_on_date).toBe(set.due_at);
      const timed = (await put({ timed: true })).json().data;
      expect(timed.timed_time_seconds).toBe(1800);
      expect((await put({ multiple_submissions: true })).json().data.multiple_submissions).toBe(true);
      const practice = (await put({ practice: true })).json().data;
      expect(practice).toMatchObject({ practice: true, multiple_submissions: false, delay_showing_grade: false, timed: false });
      expect(errorsOf(await put({ timed: true }))[0]?.messages).toEqual([
        'Practice documents do not allow multiple submissions, delayed grades or time limits.',
      ]);
      expect((await put({ incremental_grading: true })).json().data.incremental_grading).toBe(true);
      const back = (await put({ practice: false })).json().data;
      expect(back).toMatchObject({ practice: false, incremental_grading: false });
      expect(errorsOf(await put({ incremental_grading: true }))[0]?.messages).toEqual(['Only practice documents use incremental grading.']);
      expect((await put({ gradable: false })).json().data.gradable).toBe(false);
      expect(errorsOf(await put({ timed: true }))[0]?.messages).toEqual(['Only gradable documents have these settings.']);
      await put({ gradable: true });
      for (const [seconds, ok] of [
        [60, true],
        [15 * 60, true],
        [16 * 60, false],
        [20 * 60, true],
        [3600 + 5 * 60, true],
        [3600 + 7 * 60, false],
        [8 * 3600, true],
        [8 * 3600 + 5 * 60, false],
        [0, false],
      ] as const) {
        const res = await put({ timed: true, timed_time_seconds: seconds });
        expect([seconds, res.statusCode]).toEqual([seconds, ok ? 200 : 400]);
      }
      expect((await put({ delay_showing_grade: true, show_grade_on_date: set.due_at - 1 })).statusCode).toBe(400);
      expect((await put({ show_grade_on_date: course.end_date })).statusCode).toBe(200);
      expect(errorsOf(await put({ show_grade_on_date: course.end_date + 1 }))[0]?.messages).toEqual([
        'The date to show grades must be between the due date and the course end date.',
      ]);
      expect((await ta.put(`/api/documents/${doc.id}`, { title: 'X' })).statusCode).toBe(403);
      expect((await other.put(`/api/documents/${doc.id}`, { title: 'X' })).statusCode).toBe(404);
    });

    it('reorders and deletes documents', async () => {
      const set = await newSet();
      const docs = (
        await upload(
          owner,
          set.id,
          [1, 2, 3].map((n) => ({ name: `${n}.har`, bytes: har(`D${n}`) })),
        )
      ).json().data;
      const order = [docs[2].id, docs[0].id, docs[1].id];
      expect(
        (await owner.post(`/api/assignments/${set.id}/documents/weight`, { documents: order }))
          .json()
          .data.map((d: { id: number }) => d.id),
      ).toEqual(order);
      expect((await owner.post(`/api/assignments/${set.id}/documents/weight`, { documents: [docs[0].id] })).statusCode).toBe(400);
      expect((await ta.delete(`/api/documents/${docs[0].id}`)).statusCode).toBe(403);
      expect((await owner.delete(`/api/documents/${docs[0].id}`)).statusCode).toBe(200);
      expect((await owner.get(`/api/assignments/${set.id}/documents`)).json().data).toHaveLength(2);
    });
  });

  describe('due-date extensions', () => {
    it('grants, lists and removes within the due date and six months after the course', async () => {
      const set = await newSet();
      const url = `/api/assignments/${set.id}/due-day-extensions/${studentId}`;
      expect((await owner.post(url, { extension_due_at: set.due_at })).statusCode).toBe(200);
      expect(errorsOf(await owner.post(url, { extension_due_at: set.due_at - 1 }))[0]?.messages).toEqual([
        'The extension must be between the due date and six months after the course end.',
      ]);
      expect((await owner.post(url, { extension_due_at: course.end_date + 183 * DAY })).statusCode).toBe(200);
      expect((await owner.post(url, { extension_due_at: course.end_date + 183 * DAY + 1 })).statusCode).toBe(400);
      const list = (await ta.get(`/api/assignments/${set.id}/due-day-extensions`)).json().data;
      expect(list).toEqual([
        { student: studentId, first_name: 'Test', last_name: expect.any(String), extension_due_at: course.end_date + 183 * DAY },
      ]);
      expect((await ta.post(url, { extension_due_at: set.due_at })).statusCode).toBe(403);
      expect((await other.post(url, { extension_due_at: set.due_at })).statusCode).toBe(404);
      expect((await owner.post(`/api/assignments/${set.id}/due-day-extensions/999999`, { extension_due_at: set.due_at })).statusCode).toBe(
        404,
      );
      expect((await owner.delete(url)).statusCode).toBe(200);
      expect((await owner.delete(url)).statusCode).toBe(404);
    });

    it('shows a student only their own extension', async () => {
      const set = await newSet({ released_at: t.clock.now(), due_at: t.clock.now() + DAY });
      const { id: secondId } = await t.signedIn();
      await insertMembership(t.app.deps.db, { courseId: course.id, userId: secondId, role: 'student', now: t.clock.now() });
      await owner.post(`/api/assignments/${set.id}/due-day-extensions/${secondId}`, { extension_due_at: set.due_at + DAY });
      expect((await student.get(`/api/assignments/${set.id}/due-day-extensions`)).json().data).toEqual([]);
      await owner.post(`/api/assignments/${set.id}/due-day-extensions/${studentId}`, { extension_due_at: set.due_at + 2 * DAY });
      const mine = (await student.get(`/api/assignments/${set.id}/due-day-extensions`)).json().data;
      expect(mine.map((e: { student: number }) => e.student)).toEqual([studentId]);
      expect((await student.get(`/api/courses/${course.id}/assignments`)).json().data[0].extension_due_at).toBe(set.due_at + 2 * DAY);
    });
  });

  describe('content library', () => {
    it('lists to instructors, refuses students, and copies documents into a set', async () => {
      await t.app.services.library.importSet('Cadences', [
        { name: 'c1.har', bytes: har('Authentic cadence') },
        { name: 'c2.har', bytes: har('Plagal cadence') },
      ]);
      expect(await t.app.services.library.importSet('Cadences', [{ name: 'c1.har', bytes: har('Authentic cadence') }])).toBe(0);
      const library = (await owner.get('/api/content-library')).json().data;
      expect(library).toHaveLength(1);
      expect(library[0].documents.map((d: { title: string }) => d.title)).toEqual(['Authentic cadence', 'Plagal cadence']);
      const refused = await student.get('/api/content-library');
      expect(refused.statusCode).toBe(403);
      expect(errorsOf(refused)[0]?.message).toBe('Only instructors can preview content library.');
      expect((await anonymous.get('/api/content-library')).statusCode).toBe(401);
      await t.app.deps.jobs.drain();
      expect((await owner.get(`/api/content-library/${library[0].documents[0].id}/preview-url`)).json().data.status).toBe('READY');

      const set = await newSet();
      const ids = library[0].documents.map((d: { id: number }) => d.id);
      const added = await owner.post(`/api/assignments/${set.id}/documents`, { document_ids: [ids[1], ids[0]] });
      expect(added.statusCode).toBe(201);
      expect(added.json().data.map((d: { title: string; preview_status: string }) => [d.title, d.preview_status])).toEqual([
        ['Plagal cadence', 'READY'],
        ['Authentic cadence', 'READY'],
      ]);
      expect((await owner.post(`/api/assignments/${set.id}/documents`, { document_ids: [999999] })).statusCode).toBe(400);
      expect((await ta.post(`/api/assignments/${set.id}/documents`, { document_ids: ids })).statusCode).toBe(403);
    });
  });

  it('keeps another course’s assignments out of reach', async () => {
    const foreignSet = (await other.post(`/api/courses/${otherCourseId}/assignments`, {})).json().data;
    for (const url of [
      `/api/assignments/${foreignSet.id}`,
      `/api/assignments/${foreignSet.id}/documents`,
      `/api/assignments/${foreignSet.id}/due-day-extensions`,
    ]) {
      expect((await owner.get(url)).statusCode).toBe(404);
    }
    expect((await owner.get(`/api/courses/${otherCourseId}/assignments`)).statusCode).toBe(404);
  });
});
