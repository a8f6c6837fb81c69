import { AnswerKeyMessages } from '@app/contract/answer-keys';
import { AssignmentMessages } from '@app/contract/assignments';
import { Messages } from '@app/contract/errors';
import { RULE_IDS } from '@app/contract/part-writing/rules';
import { partWritingExercise, readPartWritingHar, writePartWritingHar } from '@app/har/part-writing/document';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
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

/**
 * A part-writing document's rule settings changed after hand-ins (issue 27): GET …/key answers
 * the settings, PUT …/rules makes a new version, and the regrade grades the students' voices
 * again by the new settings, each changed grade in the audit list.
 */

const DAY = 86400;
const EXERCISE = partWritingExercise('Figured bass', {
  key: 'C major',
  meter: '4/4',
  given: ['B'],
  write: ['S', 'A', 'T'],
  chords: ['C3', 'F3', 'G3', 'C3'].map((B) => ({ B, figures: '' })),
  rules: { 'parallel-fifths': { on: true, points: 4 } },
  points: 10,
});
/** Chord 1 → 2 with parallel fifths between soprano and bass (G4/C3 → C5/F3), nothing else. */
const FIFTHS = ['G4 E4 C4', 'C5 F4 A3', 'B4 D4 G3', 'C5 E4 G3'];
const answers = (texts: string[]) => texts.map((answer, i) => ({ id: `chord-${i + 1}`, answer }));
const FIFTHS_OFF = { style: 'free', points: 10, rules: { 'parallel-fifths': { on: false, points: 4 } } };

describe.each(dialects)('part-writing rule settings and regrade (%s)', (dialect) => {
  let t: TestContext;
  let owner: TestClient;
  let other: TestClient;
  let ta: TestClient;
  let student: TestClient;
  let anonymous: TestClient;
  let courseId: number;
  let setId: number;
  let doc: { id: number; doc_key: string };

  const rules = (client: TestClient, body: unknown, id = doc.id) => client.put(`/api/documents/${id}/rules`, body as never);

  beforeEach(async () => {
    t = await createTestApp(dialect, LONG_SESSIONS);
    const world = await courseWorld(t);
    ({ courseId, anonymous } = world);
    [owner, other, ta] = [world.owner.client, world.other.client, world.ta.client];
    student = world.students[0]?.client as TestClient;
    setId = (
      await owner.post(`/api/courses/${courseId}/assignments`, { released_at: t.clock.now(), due_at: t.clock.now() + 7 * DAY })
    ).json().data.id;
    const upload = await owner.upload(
      `/api/assignments/${setId}/documents`,
      multipart([{ name: 'fb.har', bytes: writePartWritingHar(EXERCISE) }]),
    );
    expect(upload.statusCode, upload.body).toBe(201);
    doc = upload.json().data[0];
  });
  afterEach(async () => {
    await t.close();
  });

  it('answers the rule settings on GET …/key, for the course’s instructors only', async () => {
    const res = await owner.get(`/api/documents/${doc.id}/key`);
    expect(res.statusCode, res.body).toBe(200);
    const key = res.json().data;
    expect(key).toMatchObject({ kind: 'part-writing', document_id: doc.id, title: 'Figured bass', version: 1, style: 'free', points: 10 });
    expect(key.rules['parallel-fifths']).toEqual({ on: true, points: 4 });
    expect(key.rules['seventh-preparation'].on).toBe(false);
    // Every rule, written out (issue 35 added non-chord-tone to the twenty).
    expect(Object.keys(key.rules).sort()).toEqual([...RULE_IDS].sort());
    expect((await anonymous.get(`/api/documents/${doc.id}/key`)).statusCode).toBe(401);
    expect((await student.get(`/api/documents/${doc.id}/key`)).statusCode).toBe(403);
    expect((await ta.get(`/api/documents/${doc.id}/key`)).statusCode).toBe(403);
    expect((await other.get(`/api/documents/${doc.id}/key`)).statusCode).toBe(404);
  });

  it('refuses PUT …/rules signed out, to a student and a TA, in another course, and for an analysis document', async () => {
    expect((await rules(anonymous, FIFTHS_OFF)).statusCode).toBe(401);
    const asStudent = await rules(student, FIFTHS_OFF);
    expect(asStudent.statusCode).toBe(403);
    expect(errorsOf(asStudent)[0]?.message).toBe(AssignmentMessages.onlyInstructors);
    // TAs may not: spec §6 lets a TA view sets but not change them or their settings, and Edit Answers is the instructors' (decision 020).
    const asTa = await rules(ta, FIFTHS_OFF);
    expect(asTa.statusCode).toBe(403);
    expect(errorsOf(asTa)[0]?.message).toBe(AssignmentMessages.onlyInstructors);
    const outside = await rules(other, FIFTHS_OFF);
    expect(outside.statusCode).toBe(404);
    expect(errorsOf(outside)[0]?.message).toBe(AssignmentMessages.documentNotFound);
    expect((await rules(owner, FIFTHS_OFF, 999_999)).statusCode).toBe(404);
    const analysis = (
      await owner.upload(`/api/assignments/${setId}/documents`, multipart([{ name: 'analysis.har', bytes: sampleExercise().bytes }]))
    ).json().data[0];
    const refused = await rules(owner, FIFTHS_OFF, analysis.id);
    expect(refused.statusCode).toBe(409);
    expect(errorsOf(refused)[0]?.message).toBe(AnswerKeyMessages.notPartWriting);
    // Edit Answers stays for analysis keys: a part-writing document has none to put.
    const put = await owner.put(`/api/documents/${doc.id}/key`, { items: [{ id: 'chord-1', answers: ['I'], points: 1 }] });
    expect(put.statusCode).toBe(409);
    expect(errorsOf(put)[0]?.message).toBe(AnswerKeyMessages.noKey);
    // Nothing changed.
    expect((await owner.get(`/api/documents/${doc.id}/key`)).json().data.version).toBe(1);
  });

  it('refuses bad settings with the exact message', async () => {
    const cases: [unknown, string, string][] = [
      [
        { ...FIFTHS_OFF, rules: { 'parallel-fifths': { on: false, points: 1001 } } },
        'rules.parallel-fifths.points',
        AnswerKeyMessages.rulePoints,
      ],
      [
        { ...FIFTHS_OFF, rules: { 'parallel-fifths': { on: false, points: -1 } } },
        'rules.parallel-fifths.points',
        AnswerKeyMessages.rulePoints,
      ],
      [{ ...FIFTHS_OFF, rules: { 'parallel-fifths': { on: 'no', points: 1 } } }, 'rules.parallel-fifths.on', AnswerKeyMessages.ruleOn],
      [{ ...FIFTHS_OFF, rules: { 'parallel-sixths': { on: false, points: 1 } } }, 'rules', AnswerKeyMessages.ruleUnknown],
      [{ ...FIFTHS_OFF, points: 10_001 }, 'points', AnswerKeyMessages.exercisePoints],
      [{ ...FIFTHS_OFF, points: 'ten' }, 'points', AnswerKeyMessages.exercisePoints],
      [{ ...FIFTHS_OFF, style: 'loose' }, 'style', AnswerKeyMessages.style],
    ];
    for (const [body, field, message] of cases) {
      const res = await rules(owner, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorsOf(res), res.body).toMatchObject([{ field, messages: [message] }]);
    }
    const id = await owner.put('/api/documents/0/rules', FIFTHS_OFF as never);
    expect(id.statusCode).toBe(400);
    expect(errorsOf(id)).toMatchObject([{ field: 'id', messages: [Messages.idInvalid] }]);
    expect((await owner.get(`/api/documents/${doc.id}/key`)).json().data.version).toBe(1);
  });

  it('turning a rule off makes a new version; the regrade raises the grade and lists it in grade-changes', async () => {
    const handedIn = await student.post(`/api/documents/${doc.id}/submissions`, { answers: answers(FIFTHS) } as never);
    expect(handedIn.statusCode, handedIn.body).toBe(201);
    const before = handedIn.json().data;
    expect(before.points).toBe(6); // 10 − 4 for the parallel fifths

    const saved = await rules(owner, FIFTHS_OFF);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ key_version: 2, submissions: 1, outdated: 1, regrade: null });
    const key = (await owner.get(`/api/documents/${doc.id}/key`)).json().data;
    expect(key).toMatchObject({ version: 2 });
    expect(key.rules['parallel-fifths']).toEqual({ on: false, points: 4 });
    // The other rules keep their settings, written out.
    expect(key.rules['parallel-octaves'].on).toBe(true);
    // The student copy follows: its exercise has the new settings.
    const row = await t.app.deps.db.selectFrom('documents').selectAll().where('id', '=', doc.id).executeTakeFirstOrThrow();
    expect(row.storage_key).toMatch(new RegExp(`^documents/${doc.doc_key}\\.v2-[A-Za-z0-9_-]+\\.har$`));
    const { loadHar } = await import('../../documents/har-files.ts');
    const copy = readPartWritingHar(await loadHar(t.app.deps, row.student_storage_key ?? ''));
    expect(copy.exercise.rules['parallel-fifths']).toEqual({ on: false, points: 4 });
    expect(copy.model).toBeUndefined();
    // The grade stands until a regrade.
    const book = async () =>
      (await owner.get(`/api/courses/${courseId}/submissions?best=true`)).json().data as { id: number; points: number }[];
    expect((await book()).map((s) => [s.id, s.points])).toEqual([[before.id, 6]]);

    const asked = await owner.post(`/api/documents/${doc.id}/regrade`);
    expect(asked.statusCode, asked.body).toBe(202);
    await t.app.deps.jobs.drain();
    const state = (await owner.get(`/api/documents/${doc.id}/regrade`)).json().data;
    expect(state).toMatchObject({ key_version: 2, outdated: 0 });
    expect(state.regrade).toMatchObject({ status: 'DONE', total: 1, done: 1, changed: 1 });
    expect((await book()).map((s) => [s.id, s.points])).toEqual([[before.id, 10]]);
    const changes = await owner.get(`/api/documents/${doc.id}/grade-changes`);
    expect(changes.statusCode).toBe(200);
    // Like a key, the settings' regrade and its audit list are the instructors' (spec §6: a TA views, never changes).
    for (const call of [
      () => ta.post(`/api/documents/${doc.id}/regrade`),
      () => ta.get(`/api/documents/${doc.id}/regrade`),
      () => ta.get(`/api/documents/${doc.id}/grade-changes`),
      () => student.get(`/api/documents/${doc.id}/grade-changes`),
    ]) {
      const refused = await call();
      expect(refused.statusCode).toBe(403);
      expect(errorsOf(refused)[0]?.message).toBe(AssignmentMessages.onlyInstructors);
    }
    expect((await other.get(`/api/documents/${doc.id}/grade-changes`)).statusCode).toBe(404);
    expect((await anonymous.post(`/api/documents/${doc.id}/regrade`)).statusCode).toBe(401);
    expect(changes.json().data).toMatchObject([
      { submission_id: before.id, key_version: 2, old_points: 6, new_points: 10, old_max_points: 10, new_max_points: 10 },
    ]);
    // The stored grade no longer holds the finding it no longer costs.
    const result = await t.app.deps.db
      .selectFrom('submissions')
      .select('result_json')
      .where('id', '=', before.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(result.result_json).part_writing.findings.map((f: { rule: string }) => f.rule)).not.toContain('parallel-fifths');

    // A rule turned back on at a higher cost lowers it again; a second regrade records that too.
    expect((await rules(owner, { style: 'free', points: 20, rules: { 'parallel-fifths': { on: true, points: 5 } } })).statusCode).toBe(200);
    await owner.post(`/api/documents/${doc.id}/regrade`);
    await t.app.deps.jobs.drain();
    expect((await book()).map((s) => [s.id, s.points])).toEqual([[before.id, 15]]);
    const list = (await owner.get(`/api/documents/${doc.id}/grade-changes`)).json().data;
    expect(
      list.map((c: { old_points: number; new_points: number; new_max_points: number }) => [c.old_points, c.new_points, c.new_max_points]),
    ).toEqual([
      [10, 15, 20],
      [6, 10, 10],
    ]);
  });
});
