import { AssignmentMessages } from '@app/contract/assignments';
import { AuthoringMessages } from '@app/contract/exercise-authoring';
import { partWritingExercise } from '@app/har/part-writing/document';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  courseWorld,
  createTestApp,
  dialects,
  errorsOf,
  LONG_SESSIONS,
  multipart,
  type SignedInUser,
  type TestClient,
  type TestContext,
} from '../../../test/helpers.ts';

/** Create Exercise for part writing (issue 27): a figured-bass MusicXML read, the confirmed exercise saved into a set. */

const FIGURED = {
  key: 'C major',
  meter: '4/4',
  given: ['B' as const],
  write: ['S' as const, 'A' as const, 'T' as const],
  chords: [
    { B: 'C3', figures: '' },
    { B: 'F3', figures: '6' },
    { B: 'G3', figures: '7' },
    { B: 'C3', figures: '', beats: 1 },
  ],
  points: 10,
};
const musicxml = (score = partWritingExercise('Figured bass', FIGURED).score) =>
  multipart([{ name: 'Figured bass 1.musicxml', bytes: Buffer.from(score) }]);

describe.each(dialects)('part-writing authoring (%s)', (dialect) => {
  let t: TestContext;
  let owner: TestClient;
  let other: TestClient;
  let ta: TestClient;
  let student: TestClient;
  let anonymous: TestClient;
  let courseId: number;
  let setId: number;

  beforeEach(async () => {
    t = await createTestApp(dialect, LONG_SESSIONS);
    const world = await courseWorld(t);
    ({ courseId, anonymous } = world);
    [owner, other, ta] = [world.owner.client, world.other.client, world.ta.client];
    [{ client: student }] = world.students as [SignedInUser];
    const set = await owner.post(`/api/courses/${courseId}/assignments`, { released_at: t.clock.now(), due_at: t.clock.now() + 86400 });
    expect(set.statusCode, set.body).toBe(201);
    setId = set.json().data.id;
  });
  afterEach(async () => {
    await t.close();
  });

  const draft = (client: TestClient, body = musicxml(), course = courseId) =>
    client.upload(`/api/exercise-drafts/part-writing?course_id=${course}`, body);

  it('reads a figured bass: the given bass, the voices to write, figures, key, meter and every rule’s default', async () => {
    const res = await draft(owner);
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({ title: 'Figured bass 1', key: 'C', meter: '4/4', style: 'free', given: ['B'], write: ['S', 'A', 'T'] });
    expect(data.chords).toEqual([
      { B: 'C3', figures: '', beats: 1 },
      { B: 'F3', figures: '6', beats: 1 },
      { B: 'G3', figures: '7', beats: 1 },
      { B: 'C3', figures: '', beats: 1 },
    ]);
    expect(data.rules['parallel-fifths']).toEqual({ on: true, points: 3 });
    expect(data.rules['seventh-preparation']).toEqual({ on: false, points: 1 });
  });

  it('is for the course’s instructors, and refuses no file, a score that is not MusicXML and a key change mid-chord', async () => {
    expect((await draft(anonymous)).statusCode).toBe(401);
    expect((await draft(student)).statusCode).toBe(403);
    expect(errorsOf(await draft(ta))[0]?.message).toBe(AssignmentMessages.onlyInstructors);
    expect((await draft(other)).statusCode).toBe(404);
    const none = await owner.upload(`/api/exercise-drafts/part-writing?course_id=${courseId}`, multipart([]));
    expect(errorsOf(none)).toEqual([{ field: 'file', messages: [AuthoringMessages.noFile] }]);
    const notXml = await draft(owner, multipart([{ name: 'x.musicxml', bytes: Buffer.from('hello') }]));
    expect(notXml.statusCode).toBe(400);
    const long = partWritingExercise('x', { ...FIGURED, chords: FIGURED.chords.map((c) => ({ ...c, beats: 2 })) }).score;
    const inside = long.replace(
      '<measure number="2">',
      '<measure number="2"><backup><duration>2</duration></backup><attributes><key><fifths>1</fifths></key></attributes><forward><duration>2</duration></forward>',
    );
    const mid = await draft(owner, musicxml(inside));
    expect(errorsOf(mid)).toEqual([
      { field: 'file', messages: ['Measure 2: the key changes in the middle of a chord; change the key where a chord begins.'] },
    ]);
  });

  it('saves the confirmed exercise into a set, where students find it to write', async () => {
    const data = (await draft(owner)).json().data;
    const body = {
      title: 'Figured bass 1',
      assignment_set_id: setId,
      key: data.key,
      meter: data.meter,
      given: data.given,
      write: ['S', 'A', 'T'],
      chords: data.chords,
      rules: { ...data.rules, 'parallel-fifths': { on: true, points: 5 }, overlap: { on: false, points: 1 } },
      points: 12,
    };
    const saved = await owner.post('/api/part-writing/exercises', body);
    expect(saved.statusCode, saved.body).toBe(201);
    const ws = (await student.get(`/api/documents/${saved.json().data.id}/workspace`)).json().data;
    expect(ws.part_writing).toMatchObject({ key: 'C', given: ['B'], write: ['S', 'A', 'T'], points: 12 });
    expect(ws.part_writing.rules['parallel-fifths']).toEqual({ on: true, points: 5 });
    expect(ws.part_writing.rules.overlap).toEqual({ on: false, points: 1 });

    expect((await anonymous.post('/api/part-writing/exercises', body)).statusCode).toBe(401);
    expect((await student.post('/api/part-writing/exercises', body)).statusCode).toBe(403);
    expect((await ta.post('/api/part-writing/exercises', body)).statusCode).toBe(403);
    expect((await other.post('/api/part-writing/exercises', body)).statusCode).toBe(404);
    const bad = await owner.post('/api/part-writing/exercises', { ...body, write: ['S', 'A'] });
    expect(errorsOf(bad)).toEqual([
      {
        field: 'exercise',
        messages: ['part-writing.json: given and write must share no voice and together be S, A, T and B, or S and B.'],
      },
    ]);
    const threeVoices = await owner.post('/api/part-writing/exercises', {
      ...body,
      chords: [{ B: 'C3', T: 'E3', figures: '', beats: 1 }, ...body.chords.slice(1)],
    });
    expect(errorsOf(threeVoices)).toEqual([
      { field: 'exercise', messages: ['part-writing.json: chord 1 has notes for other voices than the given ones.'] },
    ]);
  });
});
