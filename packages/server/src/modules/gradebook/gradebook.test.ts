import zlib from 'node:zlib';
import { GradeBookCells } from '@app/contract/gradebook';
import type { Submission } from '@app/contract/submissions';
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
import { rebuildBestSubmissions } from './repository.ts';

const DAY = 86400;
let exerciseBytes: Uint8Array;
let keyItems: { id: string; answers: string[] }[];

beforeAll(() => {
  ({ bytes: exerciseBytes, keyItems } = sampleExercise());
});

/** The workspace's JSON hand-in with `wrong` items answered wrongly. */
const answers = (wrong: number) => ({
  answers: keyItems.map((item, i) => ({ id: item.id, answer: i < wrong ? 'N6' : (item.answers[0] ?? '') })),
});

/** The body's cells as rows, after checking the body against the contract (the route itself skips zod). */
function cellsOf(body: string) {
  const cells = GradeBookCells.parse(JSON.parse(body).data);
  return cells.id.map((id, i) => ({
    student: cells.student[i],
    document: cells.document[i],
    id,
    points: cells.points[i],
    number: cells.number[i],
    practice: cells.practice[i],
  }));
}

describe.each(dialects)('grade book (%s)', (dialect) => {
  let t: TestContext;
  let owner: TestClient;
  let other: TestClient;
  let ta: TestClient;
  let student: TestClient;
  let studentId: number;
  let classmate: TestClient;
  let classmateId: number;
  let courseId: number;
  let setId: number;
  let docs: { id: number }[];

  const submit = async (client: TestClient, documentId: number, wrong: number): Promise<Submission> => {
    t.clock.advance(60);
    const res = await client.post(`/api/documents/${documentId}/submissions`, answers(wrong));
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data;
  };
  const book = async (query = '') => {
    const res = await owner.get(`/api/courses/${courseId}/grade-book${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return cellsOf(res.body);
  };
  /** The old list's highest submissions (window functions), as the reference for the table. */
  const legacyBest = async (includePractice = true) =>
    ((await owner.get(`/api/courses/${courseId}/submissions?best=true&include_practice=${includePractice}`)).json().data as Submission[])
      .map((s) => s.id)
      .sort((a, b) => a - b);

  beforeEach(async () => {
    t = await createTestApp(dialect, LONG_SESSIONS);
    const world = await courseWorld(t, { students: 2 });
    ({ courseId } = world);
    [owner, other, ta] = [world.owner.client, world.other.client, world.ta.client];
    [{ client: student, id: studentId }, { client: classmate, id: classmateId }] = world.students as [SignedInUser, SignedInUser];
    setId = (
      await owner.post(`/api/courses/${courseId}/assignments`, { released_at: t.clock.now(), due_at: t.clock.now() + 7 * DAY })
    ).json().data.id;
    const upload = multipart([
      { name: 'one.har', bytes: exerciseBytes },
      { name: 'two.har', bytes: exerciseBytes },
    ]);
    docs = (await owner.upload(`/api/assignments/${setId}/documents`, upload)).json().data;
    for (const doc of docs) await owner.put(`/api/documents/${doc.id}`, { multiple_submissions: true });
  });
  afterEach(async () => {
    await t.close();
  });

  it('is for the course’s instructors and TAs, with a readable 400 for a bad query', async () => {
    expect((await t.client().get(`/api/courses/${courseId}/grade-book`)).statusCode).toBe(401);
    const refused = await student.get(`/api/courses/${courseId}/grade-book`);
    expect(refused.statusCode).toBe(403);
    expect(errorsOf(refused)[0]?.message).toBe('You are not an instructor of this course.');
    expect((await other.get(`/api/courses/${courseId}/grade-book`)).statusCode).toBe(404);
    expect((await ta.get(`/api/courses/${courseId}/grade-book`)).statusCode).toBe(200);
    // Compressed by the route itself, in the encoding the browser takes.
    for (const [encoding, inflate] of [
      ['br', zlib.brotliDecompressSync],
      ['gzip', zlib.gunzipSync],
    ] as const) {
      const packed = await owner.request('GET', `/api/courses/${courseId}/grade-book`, { headers: { 'accept-encoding': encoding } });
      expect(packed.headers['content-encoding']).toBe(encoding);
      expect(cellsOf(inflate(packed.rawPayload).toString())).toEqual([]);
    }
    expect((await owner.get(`/api/courses/${courseId}/grade-book?submissions=some`)).statusCode).toBe(400);
    expect((await owner.get(`/api/courses/${courseId}/grade-book?sets=1;2`)).statusCode).toBe(400);
  });

  it('keeps each student’s best per document current through submissions, ties and removals', async () => {
    const [one, two] = docs as [{ id: number }, { id: number }];
    const first = await submit(student, one.id, 2);
    const better = await submit(student, one.id, 1);
    const worse = await submit(student, one.id, 3);
    const tie = await submit(student, one.id, 1);
    const mate = await submit(classmate, two.id, 0);
    expect(await book()).toEqual([
      { student: studentId, document: one.id, id: tie.id, points: tie.points, number: 4, practice: 0 },
      { student: classmateId, document: two.id, id: mate.id, points: mate.points, number: 1, practice: 0 },
    ]);
    expect((await book()).map((c) => c.id).sort((a, b) => a - b)).toEqual(await legacyBest());

    // The latest of two equal grades counts; removing it hands the cell to the earlier one, renumbered.
    expect((await owner.delete(`/api/submissions/${tie.id}`)).statusCode).toBe(200);
    expect((await book())[0]).toMatchObject({ id: better.id, number: 2 });
    expect((await owner.delete(`/api/submissions/${first.id}`)).statusCode).toBe(200);
    expect((await book())[0]).toMatchObject({ id: better.id, number: 1 });
    expect((await book()).map((c) => c.id).sort((a, b) => a - b)).toEqual(await legacyBest());

    // Every submission: numbered in the order handed in (the web app orders a cell by points).
    const all = await book('?submissions=all');
    expect(all.map((c) => [c.id, c.number]).sort((x, y) => (x[0] ?? 0) - (y[0] ?? 0))).toEqual([
      [better.id, 1],
      [worse.id, 2],
      [mate.id, 1],
    ]);

    expect((await owner.delete(`/api/user/${studentId}/documents/${one.id}/submissions`)).statusCode).toBe(200);
    expect((await book()).map((c) => c.id)).toEqual([mate.id]);
  });

  it('keeps formal and practice bests apart, for “non-practice only”', async () => {
    const [one] = docs as [{ id: number }];
    const formal = await submit(student, one.id, 2);
    await owner.put(`/api/documents/${one.id}`, { practice: true });
    const practice = await submit(student, one.id, 0);
    expect((await book()).map((c) => [c.id, c.practice])).toEqual([[practice.id, 1]]);
    expect((await book('?include_practice=false')).map((c) => [c.id, c.practice])).toEqual([[formal.id, 0]]);
    expect((await book('?include_practice=false')).map((c) => c.id)).toEqual(await legacyBest(false));
    expect((await book('?submissions=all&include_practice=false')).map((c) => c.id)).toEqual([formal.id]);
    // Within a cell by points, then id (each numbered in the order handed in).
    expect((await book('?submissions=all')).map((c) => [c.id, c.number])).toEqual([
      [formal.id, 1],
      [practice.id, 2],
    ]);
  });

  it('reads only the sets asked for, and a rebuild ranks the same as the running upkeep', async () => {
    const [one, two] = docs as [{ id: number }, { id: number }];
    await submit(student, one.id, 1);
    await submit(student, two.id, 0);
    await submit(classmate, two.id, 2);
    await submit(classmate, two.id, 2);
    const otherSet = (
      await owner.post(`/api/courses/${courseId}/assignments`, { released_at: t.clock.now(), due_at: t.clock.now() + 7 * DAY })
    ).json().data.id;
    expect(await book(`?sets=${otherSet}`)).toEqual([]);
    expect((await book(`?sets=${setId},${otherSet}`)).length).toBe(3);
    const before = await book();
    const allBefore = await book('?submissions=all');
    await rebuildBestSubmissions(t.app.deps.db, courseId);
    expect(await book()).toEqual(before);
    expect(await book('?submissions=all')).toEqual(allBefore);
    // Removing a student's document cascades to the table.
    expect((await owner.delete(`/api/documents/${two.id}`)).statusCode).toBe(200);
    expect((await book()).map((c) => c.document)).toEqual([one.id]);
  });
});
