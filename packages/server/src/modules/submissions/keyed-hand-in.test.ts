import { readHar, writeHar } from '@app/har/format';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
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

/**
 * Keys that change (issue 25, decision 031), through a hand-in: the sample phrase (C major:
 * I IV V I | vi ii V | I) keyed with an opening key, a pivot into G, an alternative reading in C,
 * and a label back in C.
 */
const KEYED: Record<string, string[]> = {
  m1b1: ['I'],
  m1b2: ['IV'],
  m1b3: ['V'],
  m1b4: ['I = G: IV'],
  m2b1: ['V', 'C: V/V'],
  m2b2: ['I'],
  m2b3: ['C: V'],
  m3b1: ['I'],
};
const RIGHT = { m1b1: 'I', m1b2: 'IV', m1b3: 'V', m1b4: 'I = G: IV', m2b1: 'V', m2b2: 'I', m2b3: 'C: V', m3b1: 'I' };

function keyedExercise(): Uint8Array {
  const sample = readHar(sampleExercise().bytes);
  const items = (sample.key?.items ?? []).map((item) => ({ ...item, answers: KEYED[item.id] ?? item.answers }));
  return writeHar({ ...sample, manifest: { ...sample.manifest, title: 'Modulating phrase' }, key: { key: 'C', items } });
}

const answersOf = (answers: Record<string, string>) => ({ answers: Object.entries(answers).map(([id, answer]) => ({ id, answer })) });

describe.each(dialects)('hand-ins graded with keys that change (%s)', (dialect) => {
  let t: TestContext;
  let owner: TestClient;
  let ta: TestClient;
  let student: TestClient;
  let other: TestClient;
  let anonymous: TestClient;
  let doc: { id: number; doc_key: string };

  const handIn = (client: TestClient, answers: Record<string, string>) =>
    client.post(`/api/documents/${doc.id}/submissions`, answersOf(answers));

  beforeEach(async () => {
    t = await createTestApp(dialect, LONG_SESSIONS);
    const world = await courseWorld(t);
    anonymous = world.anonymous;
    [owner, other, ta] = [world.owner.client, world.other.client, world.ta.client];
    [{ client: student }] = world.students as [SignedInUser];
    const setId = (
      await owner.post(`/api/courses/${world.courseId}/assignments`, { released_at: t.clock.now(), due_at: t.clock.now() + 7 * DAY })
    ).json().data.id;
    doc = (await owner.upload(`/api/assignments/${setId}/documents`, multipart([{ name: 'ex.har', bytes: keyedExercise() }]))).json()
      .data[0];
    const settings = await owner.put(`/api/documents/${doc.id}`, { multiple_submissions: true, show_answers: 'IMMEDIATELY' });
    expect(settings.statusCode, settings.body).toBe(200);
  });
  afterEach(async () => {
    await t.close();
  });

  it('shows the student the opening key, never the answers', async () => {
    const ws = (await student.get(`/api/documents/${doc.id}/workspace`)).json().data;
    expect(ws.key).toBe('C');
    expect(JSON.stringify(ws)).not.toContain('G: IV');
  });

  it('grades keyed labels and pivots by meaning, in the key the student is in', async () => {
    const right = await handIn(student, RIGHT);
    expect(right.statusCode, right.body).toBe(201);
    expect(right.json().data).toMatchObject({ points: 8, max_points: 8, percent: 100, grade: 'A' });

    // The same meanings written otherwise: every key named, spaces left out.
    const named = await handIn(student, {
      m1b1: 'C:I',
      m1b2: 'C: IV',
      m1b3: 'C:V',
      m1b4: 'C: I=G:IV',
      m2b1: 'G: V',
      m2b2: 'G: I',
      m2b3: 'C: V',
      m3b1: 'C: I',
    });
    expect(named.statusCode, named.body).toBe(201);
    expect(named.json().data).toMatchObject({ points: 8 });

    // No modulation: the pivot is wrong, V/V in C is the accepted alternative, 'V' in C is not G's I.
    const staying = await handIn(student, { ...RIGHT, m1b4: 'I', m2b1: 'V/V', m2b2: 'V' });
    expect(staying.json().data).toMatchObject({ points: 6, max_points: 8 });

    // Only the new key's reading of the pivot; the rest follows the student's G.
    const halfPivot = await handIn(student, { ...RIGHT, m1b4: 'G: IV' });
    expect(halfPivot.json().data).toMatchObject({ points: 7 });

    // What the student sees of each item: the key change in the expected label.
    const ws = (await student.get(`/api/documents/${doc.id}/workspace`)).json().data;
    const latest = ws.submissions.find((s: { points: number }) => s.points === 7);
    expect(latest.items.find((i: { id: string }) => i.id === 'm1b4')).toMatchObject({
      answer: 'G: IV',
      correct: false,
      expected: 'I = G: IV',
    });
  });

  it('shows the key and its changes in the grade report', async () => {
    const made = (await handIn(student, { ...RIGHT, m2b1: 'V/V' })).json().data;
    const urls = (await ta.get(`/api/submissions/${made.id}/file-urls`)).json().data;
    expect(urls.render_status).toBe('READY');
    const report = await t.app.inject({ method: 'GET', url: urls.grade_report_url });
    expect(report.body).toContain('<dt>Key</dt><dd>C major</dd>');
    expect(report.body).toContain('I = <span class="key">G:</span> IV');
    expect(report.body).toContain('<span class="key">C:</span> V');
  });

  it('refuses hand-ins as before: signed out, not a student, another course, a label too long', async () => {
    expect((await handIn(anonymous, RIGHT)).statusCode).toBe(401);
    expect(errorsOf(await handIn(owner, RIGHT))[0]?.message).toBe('Only students of this course can hand in work.');
    expect((await handIn(other, RIGHT)).statusCode).toBe(404);
    const long = await handIn(student, { ...RIGHT, m1b1: `C: ${'I'.repeat(62)}` });
    expect(long.statusCode).toBe(400);
    expect(errorsOf(long)[0]?.messages).toEqual(['An answer can be at most 64 characters.']);
  });
});
