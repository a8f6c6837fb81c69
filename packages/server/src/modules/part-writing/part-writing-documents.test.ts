import { AnswerKeyMessages } from '@app/contract/answer-keys';
import { PartWritingMessages } from '@app/contract/part-writing';
import { WorkspaceMessages } from '@app/contract/workspace';
import { readPartWritingHar, writePartWritingHar } from '@app/har/part-writing/document';
import { unzipSync, zipSync } from 'fflate';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bassInC, chordAnswers, FIFTHS, GOOD, HIGH_MODEL, MODEL_NOTES } from '../../../test/figured-bass.ts';
import { createTestApp, dialects, errorsOf, LONG_SESSIONS, multipart, type TestClient, type TestContext } from '../../../test/helpers.ts';
import { documentInCourse } from '../../../test/part-writing-world.ts';

/**
 * A part-writing document (issue 27) through the course: stored in a set with its student copy,
 * served in the workspace, drafted, handed in as one answer per chord, graded by the rule costs,
 * kept in the grade book — and its model solution never reaching a student.
 */

// A figured bass in C major: C3 F3 G3 C3 (5/3 each); the student writes S, A and T.
// The model: a high line no answer below uses, so its notes can be searched for.
const EXERCISE = bassInC('Figured bass 1', { rules: { 'parallel-fifths': { on: true, points: 4 } }, points: 10, model: HIGH_MODEL });
const answers = chordAnswers;

describe.each(dialects)('part-writing documents (%s)', (dialect) => {
  let t: TestContext;
  let owner: TestClient;
  let other: TestClient;
  let ta: TestClient;
  let student: TestClient;
  let classmate: TestClient;
  let anonymous: TestClient;
  let courseId: number;
  let studentId: number;
  let doc: { id: number; doc_key: string };

  const workspace = (client: TestClient) => client.get(`/api/documents/${doc.id}/workspace`);
  const handIn = (client: TestClient, texts: string[] | { id: string; answer: string }[]) =>
    client.post(`/api/documents/${doc.id}/submissions`, {
      answers: typeof texts[0] === 'string' ? answers(texts as string[]) : texts,
    } as never);
  const fetchFile = async (url: string) => (await t.app.inject({ method: 'GET', url })).rawPayload;

  beforeEach(async () => {
    t = await createTestApp(dialect, LONG_SESSIONS);
    const world = await documentInCourse(t, 'figured-bass.har', writePartWritingHar(EXERCISE), { students: 2 });
    ({ courseId, anonymous } = world);
    [owner, other, ta] = [world.owner.client, world.other.client, world.ta.client];
    [student, classmate] = world.students.map((s) => s.client) as [TestClient, TestClient];
    studentId = world.students[0]?.id as number;
    doc = world.doc;
  });
  afterEach(async () => {
    await t.close();
  });

  it('keeps the model for teachers and gives students a copy without model.json', async () => {
    const forStudent = (await student.get(`/api/documents/${doc.id}/file-url`)).json().data;
    const entries = unzipSync(new Uint8Array(await fetchFile(forStudent.url)));
    expect(Object.keys(entries).sort()).toEqual(['manifest.json', 'part-writing.json', 'score.musicxml']);
    const copy = readPartWritingHar(new Uint8Array(await fetchFile(forStudent.url)));
    expect(copy.model).toBeUndefined();
    expect(copy.manifest.document_key).toBe(doc.doc_key);
    const forTeacher = (await ta.get(`/api/documents/${doc.id}/file-url`)).json().data;
    expect(readPartWritingHar(new Uint8Array(await fetchFile(forTeacher.url))).model?.chords[0]).toEqual({ S: 'G5', A: 'C5', T: 'E4' });
    // Edit Answers has no key of labels to put here: a 409 in the module's own words, not a failure;
    // GET …/key answers the rule settings instead (part-writing-rules.test.ts).
    const key = await owner.put(`/api/documents/${doc.id}/key`, { items: [{ id: 'chord-1', answers: ['I'], points: 1 }] });
    expect(key.statusCode).toBe(409);
    expect(errorsOf(key)[0]?.message).toBe(AnswerKeyMessages.noKey);
    expect((await owner.get(`/api/documents/${doc.id}/key`)).json().data.kind).toBe('part-writing');
  });

  it('serves the workspace: given voice, voices to write, key, meter, figures, rules — never the model', async () => {
    const res = await workspace(student);
    expect(res.statusCode, res.body).toBe(200);
    const ws = res.json().data;
    expect(ws.score).toBeNull();
    expect(ws.key).toBe('C major');
    expect(ws.items.map((i: { id: string; measure: number; beat: number }) => [i.id, i.measure, i.beat])).toEqual([
      ['chord-1', 1, 1],
      ['chord-2', 1, 2],
      ['chord-3', 1, 3],
      ['chord-4', 1, 4],
    ]);
    expect(ws.part_writing).toMatchObject({
      key: 'C major',
      meter: '4/4',
      style: 'free',
      given: ['B'],
      write: ['S', 'A', 'T'],
      points: 10,
    });
    expect(ws.part_writing.chords[1]).toEqual({ id: 'chord-2', figures: '', beats: 1, B: 'F3' });
    expect(ws.part_writing.rules['parallel-fifths']).toEqual({ on: true, points: 4 });
    expect(ws.part_writing.rules['seventh-preparation']).toEqual({ on: false, points: 1 });
    for (const note of MODEL_NOTES) expect(res.body).not.toContain(note);
    expect(res.body).not.toContain('model');
  });

  it('is for the course’s students: signed out 401, another instructor 404, a TA 403', async () => {
    expect((await workspace(anonymous)).statusCode).toBe(401);
    expect((await workspace(other)).statusCode).toBe(404);
    const asTa = await workspace(ta);
    expect(asTa.statusCode).toBe(403);
    expect(errorsOf(asTa)[0]?.message).toBe(WorkspaceMessages.onlyStudents);
    expect((await handIn(ta, GOOD)).statusCode).toBe(403);
    expect((await handIn(anonymous, GOOD)).statusCode).toBe(401);
    expect((await handIn(other, GOOD)).statusCode).toBe(404);
  });

  it('saves drafts of chords and refuses a chord the document does not have', async () => {
    const saved = await student.put(`/api/documents/${doc.id}/draft`, { answers: answers(['C5 E4 -', 'C5']) });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await workspace(student)).json().data.draft.answers).toEqual(answers(['C5 E4 -', 'C5']));
    const bad = await student.put(`/api/documents/${doc.id}/draft`, { answers: [{ id: 'chord-5', answer: 'C5 E4 G3' }] });
    expect(bad.statusCode).toBe(400);
    expect(errorsOf(bad)[0]?.messages).toEqual([WorkspaceMessages.unknownItem]);
  });

  it('refuses bad hand-ins with the exact message: a chord with three voices, a pitch outside MIDI, not a pitch, another chord', async () => {
    const three = await handIn(student, ['C5 E4', 'C5 F4 A3', 'B4 D4 G3', 'C5 E4 G3']);
    expect(three.statusCode).toBe(400);
    expect(errorsOf(three)).toEqual([{ field: 'answers.0.answer', messages: [PartWritingMessages.chordVoices('S A T')] }]);
    expect(PartWritingMessages.chordVoices('S A T')).toBe(
      'Write one note for each voice to write (S A T) in this order, "-" for one not written yet.',
    );
    const midi = await handIn(student, ['C5 E4 G3', 'C5 F4 A10']);
    expect(errorsOf(midi)).toEqual([{ field: 'answers.1.answer', messages: ['"A10" is outside the MIDI range (C-1 to G9).'] }]);
    const notPitch = await handIn(student, ['C5 E4 H3']);
    expect(errorsOf(notPitch)).toEqual([{ field: 'answers.0.answer', messages: ['"H3" is not a pitch such as C4, F#3 or Bb2.'] }]);
    const unknown = await handIn(student, [{ id: 'chord-9', answer: 'C5 E4 G3' }]);
    expect(errorsOf(unknown)).toEqual([{ field: 'answers', messages: [WorkspaceMessages.unknownItem] }]);
    // Nothing was stored.
    expect((await owner.get(`/api/courses/${courseId}/grade-book`)).json().data.id).toEqual([]);
  });

  it('grades by the rule costs, keeps the grade book, and shows findings as the settings allow', async () => {
    const good = await handIn(student, GOOD);
    expect(good.statusCode, good.body).toBe(201);
    expect(good.json().data).toMatchObject({ points: 10, max_points: 10, percent: 100, grade: 'A' });

    // Parallel fifths cost 4 (the exercise's setting).
    const fifths = await handIn(classmate, FIFTHS);
    expect(fifths.statusCode, fifths.body).toBe(201);
    expect(fifths.json().data).toMatchObject({ points: 6, max_points: 10 });
    await t.app.deps.jobs.drain();

    const book = (await owner.get(`/api/courses/${courseId}/grade-book`)).json().data;
    expect(book.points.sort()).toEqual([10, 6]);
    expect(book.document).toEqual([doc.id, doc.id]);
    expect(book.student).toContain(studentId);

    // Formal work: findings only once the answers are shown (after the due date by default).
    const formal = (await workspace(classmate)).json().data.submissions[0];
    expect(formal.findings).toEqual([]);
    expect(formal.items[0]).toEqual({ id: 'chord-1', answer: 'G4 E4 C4', correct: null, expected: null });
    const teacherUrls = (await ta.get(`/api/submissions/${fifths.json().data.id}/file-urls`)).json().data;
    expect(teacherUrls.render_status).toBe('READY');
    expect((await fetchFile(teacherUrls.grade_report_url)).toString('utf8')).toContain(
      'Chords 1–2 (m. 1, beats 1–2): parallel fifths between the soprano and the bass.',
    );
    const studentUrls = (await classmate.get(`/api/submissions/${fifths.json().data.id}/file-urls`)).json().data;
    const studentReport = (await fetchFile(studentUrls.grade_report_url)).toString('utf8');
    expect(studentReport).not.toContain('parallel fifths');
    expect(studentReport).toContain('6 / 10');
    for (const note of MODEL_NOTES) expect(studentReport).not.toContain(note);
    expect(studentUrls.har_url).toBeNull();
    // The stored hand-in holds what was written, never the model.
    const har = unzipSync(new Uint8Array(await fetchFile(teacherUrls.har_url)));
    expect(Object.keys(har).sort()).toEqual(['manifest.json', 'part-writing.json', 'score.musicxml', 'voices.json']);

    // Practice: findings at once.
    await owner.put(`/api/documents/${doc.id}`, { practice: true });
    const practice = await handIn(classmate, FIFTHS);
    expect(practice.json().data.practice).toBe(true);
    const seen = (await workspace(classmate)).json().data;
    const latest = seen.submissions[0];
    expect(
      latest.findings.map((f: { rule: string; chords: number[]; voices: string[]; cost: number }) => [f.rule, f.chords, f.voices, f.cost]),
    ).toEqual([['parallel-fifths', [0, 1], ['S', 'B'], 4]]);
    expect(latest.items[0]).toMatchObject({ correct: false, expected: null });
    expect(latest.items[2]).toMatchObject({ correct: true, expected: null });
    const body = JSON.stringify(seen);
    for (const note of MODEL_NOTES) expect(body).not.toContain(note);
  });

  it('draws a submission in the CPU pool from the cached exercise and the graded voices, never reading the stored hand-in', async () => {
    const mine = (await handIn(student, GOOD)).json().data;
    const theirs = (await handIn(classmate, GOOD)).json().data;
    const runs: string[] = [];
    const read: string[] = [];
    const { cpu, storage } = t.app.deps;
    t.app.deps.cpu = {
      ...cpu,
      run: (task, args, options) => {
        runs.push(task);
        return cpu.run(task, args, options);
      },
    };
    t.app.deps.storage = {
      ...storage,
      get: (key, range) => {
        read.push(key);
        return storage.get(key, range);
      },
    };
    const first = (await ta.get(`/api/submissions/${mine.id}/file-urls`)).json().data;
    expect(first.render_status).toBe('READY');
    expect((await fetchFile(first.png_url)).subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(runs.filter((task) => task === 'renderPartWritingSubmission')).toHaveLength(1);
    expect(read.filter((key) => key.startsWith('submissions/'))).toEqual([]);
    // The classmate wrote the same voices: the same image, found in the cache, not drawn again.
    const second = (await ta.get(`/api/submissions/${theirs.id}/file-urls`)).json().data;
    expect(new URL(second.png_url, 'http://x').pathname).toBe(new URL(first.png_url, 'http://x').pathname);
    expect(runs.filter((task) => task === 'renderPartWritingSubmission')).toHaveLength(1);
  });

  it('reads and writes an uploaded document in the CPU pool, and refuses one it cannot read with the file named, storing nothing', async () => {
    const runs: string[] = [];
    const { cpu, storage } = t.app.deps;
    t.app.deps.cpu = {
      ...cpu,
      run: (task, args, options) => {
        runs.push(task);
        return cpu.run(task, args, options);
      },
    };
    const setId = (await owner.post(`/api/courses/${courseId}/assignments`, {})).json().data.id;
    const upload = (name: string, bytes: Uint8Array) => owner.upload(`/api/assignments/${setId}/documents`, multipart([{ name, bytes }]));
    const stored = async () => {
      const keys: string[] = [];
      for await (const { key } of storage.list()) keys.push(key);
      return keys.sort();
    };
    const again = await upload('again.har', writePartWritingHar(EXERCISE));
    expect(again.statusCode, again.body).toBe(201);
    // Read, then stamped and zipped again with its student copy: each a task of the pool, not the request's thread.
    expect(runs).toEqual(['readPartWritingHar', 'partWritingStoredFiles']);
    const copy = readPartWritingHar(
      new Uint8Array(await fetchFile((await student.get(`/api/documents/${again.json().data[0].id}/file-url`)).json().data.url)),
    );
    expect(copy.model).toBeUndefined();
    expect(copy.manifest.document_key).toBe(again.json().data[0].doc_key);

    const entries = unzipSync(writePartWritingHar(EXERCISE));
    delete entries['part-writing.json'];
    const before = await stored();
    const broken = await upload('broken.har', zipSync(entries));
    expect(broken.statusCode).toBe(400);
    expect(errorsOf(broken)).toEqual([{ field: 'file', messages: ['broken.har: part-writing.json is missing.'] }]);
    expect(await stored()).toEqual(before);
  });

  it('counts an unfinished chord as a wrong chord', async () => {
    const res = await handIn(student, ['C5 E4 G3', 'C5 - A3', 'B4 D4 G3']);
    expect(res.statusCode, res.body).toBe(201);
    // Two chords unwritten (the second, and the fourth not sent), each costing what a wrong chord costs (3).
    expect(res.json().data.points).toBe(4);
  });
});
