import { AssignmentMessages } from '@app/contract/assignments';
import { AuthoringMessages } from '@app/contract/exercise-authoring';
import { readPartWritingHar, writePartWritingHar } from '@app/har/part-writing/document';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bassInC, chordAnswers, GOOD } from '../../../test/figured-bass.ts';
import { createTestApp, dialects, errorsOf, LONG_SESSIONS, type TestClient, type TestContext } from '../../../test/helpers.ts';
import { documentInCourse } from '../../../test/part-writing-world.ts';
import { loadHar } from '../../documents/har-files.ts';

/**
 * Issue 35: the instructor changes the key of a part-writing exercise (a chorale's key, a typed
 * exercise's opening key) in Edit Answers: PUT …/rules with `key` makes a new version whose
 * numerals are read in the new key and whose score carries its signature (a new preview); the
 * regrade grades handed-in voices in it. GET …/key shows the key.
 */

// Numerals over a given bass in C major; the student writes S, A and T.
const EXERCISE = bassInC('Harmony', {
  numerals: ['I', 'IV', 'V', 'I'],
  points: 20,
  model: {
    chords: [
      { S: 'E5', A: 'G4', T: 'C4' },
      { S: 'F5', A: 'A4', T: 'C4' },
      { S: 'D5', A: 'G4', T: 'B3' },
      { S: 'C5', A: 'G4', T: 'E4' },
    ],
  },
});
/** Right in C major. */
const IN_C = GOOD;
const SETTINGS = { style: 'free', points: 20, rules: {} };

describe.each(dialects)('a part-writing exercise’s key in Edit Answers (%s)', (dialect) => {
  let t: TestContext;
  let owner: TestClient;
  let other: TestClient;
  let ta: TestClient;
  let student: TestClient;
  let anonymous: TestClient;
  let doc: { id: number; doc_key: string };

  const rules = (client: TestClient, body: unknown) => client.put(`/api/documents/${doc.id}/rules`, body as never);
  const row = () => t.app.deps.db.selectFrom('documents').selectAll().where('id', '=', doc.id).executeTakeFirstOrThrow();

  beforeEach(async () => {
    t = await createTestApp(dialect, LONG_SESSIONS);
    const world = await documentInCourse(t, 'h.har', writePartWritingHar(EXERCISE));
    anonymous = world.anonymous;
    [owner, other, ta] = [world.owner.client, world.other.client, world.ta.client];
    student = world.students[0]?.client as TestClient;
    doc = world.doc;
    await t.app.deps.jobs.drain();
  });
  afterEach(async () => {
    await t.close();
  });

  it('shows the key as the opening-key field writes it', async () => {
    expect((await owner.get(`/api/documents/${doc.id}/key`)).json().data).toMatchObject({ kind: 'part-writing', key: 'C', version: 1 });
  });

  it('refuses a key change signed out, to a student and a TA, in another course, and a key that is not one, with the exact message', async () => {
    const body = { ...SETTINGS, key: 'G' };
    expect((await rules(anonymous, body)).statusCode).toBe(401);
    for (const client of [student, ta]) {
      const refused = await rules(client, body);
      expect(refused.statusCode).toBe(403);
      expect(errorsOf(refused)[0]?.message).toBe(AssignmentMessages.onlyInstructors);
    }
    const outside = await rules(other, body);
    expect(outside.statusCode).toBe(404);
    expect(errorsOf(outside)[0]?.message).toBe(AssignmentMessages.documentNotFound);
    for (const key of ['H', 'G major!', '', 'c minor']) {
      const bad = await rules(owner, { ...SETTINGS, key });
      expect(bad.statusCode, key).toBe(400);
      expect(errorsOf(bad)).toMatchObject([{ field: 'key', messages: [AuthoringMessages.notAKey] }]);
    }
    expect((await owner.get(`/api/documents/${doc.id}/key`)).json().data).toMatchObject({ key: 'C', version: 1 });
  });

  it('makes a new version in the new key, with its signature and preview, and the regrade grades in it', async () => {
    const handedIn = await student.post(`/api/documents/${doc.id}/submissions`, {
      answers: chordAnswers(IN_C),
    } as never);
    expect(handedIn.statusCode, handedIn.body).toBe(201);
    expect(handedIn.json().data.points).toBe(20);
    const before = await row();

    // The same key written another way changes nothing of the score.
    expect((await rules(owner, { ...SETTINGS, key: 'C' })).statusCode).toBe(200);
    expect((await row()).content_hash).toBe(before.content_hash);

    const saved = await rules(owner, { ...SETTINGS, key: 'G' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ key_version: 3, outdated: 1 });
    expect((await owner.get(`/api/documents/${doc.id}/key`)).json().data).toMatchObject({ key: 'G', version: 3 });
    const after = await row();
    expect(after.content_hash).not.toBe(before.content_hash);
    expect(after.preview_status).toBe('PENDING');
    // The student copy and the workspace are in G, the score with one sharp; the model stays the teacher's.
    const copy = readPartWritingHar(await loadHar(t.app.deps, after.student_storage_key ?? ''));
    expect(copy.exercise.key).toBe('G major');
    expect(copy.score).toContain('<fifths>1</fifths>');
    expect(copy.model).toBeUndefined();
    expect(readPartWritingHar(await loadHar(t.app.deps, after.storage_key)).model?.chords[0]).toEqual({ S: 'E5', A: 'G4', T: 'C4' });
    expect((await student.get(`/api/documents/${doc.id}/workspace`)).json().data.part_writing.key).toBe('G major');

    expect((await owner.post(`/api/documents/${doc.id}/regrade`)).statusCode).toBe(202);
    await t.app.deps.jobs.drain();
    expect((await row()).preview_status).toBe('READY');
    const [change] = (await owner.get(`/api/documents/${doc.id}/grade-changes`)).json().data;
    expect(change).toMatchObject({ old_points: 20, key_version: 3 });
    expect(change.new_points).toBeLessThan(20);
    const stored = await t.app.deps.db.selectFrom('submissions').select('result_json').executeTakeFirstOrThrow();
    const result = JSON.parse(stored.result_json);
    expect(result.key).toBe('G major');
    expect(result.part_writing.findings.map((f: { rule: string }) => f.rule)).toContain('wrong-chord');
  });

  it('takes a minor key: stored by name, shown as its token', async () => {
    expect((await rules(owner, { ...SETTINGS, key: 'bb' })).statusCode).toBe(200);
    expect((await owner.get(`/api/documents/${doc.id}/key`)).json().data.key).toBe('bb');
    const copy = readPartWritingHar(await loadHar(t.app.deps, (await row()).student_storage_key ?? ''));
    expect(copy.exercise.key).toBe('bb minor');
    expect(copy.score).toContain('<fifths>-5</fifths>');
  });
});
