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
import { insertMembership } from '../courses/repository.ts';

const DAY = 86400;
let exerciseBytes: Uint8Array;
let keyItems: { id: string; answers: string[] }[];

beforeAll(() => {
  ({ bytes: exerciseBytes, keyItems } = sampleExercise());
});

type Item = {
  document_id: number;
  state: string;
  due_at: number;
  extended: boolean;
  overdue: boolean;
  course_title: string;
  saved_at: number | null;
};

describe.each(dialects)('GET /api/due-soon (%s)', (dialect) => {
  let t: TestContext;
  let owner: TestClient;
  let otherInstructor: TestClient;
  let ta: TestClient;
  let student: TestClient;
  let studentId: number;
  let classmate: TestClient;
  let anonymous: TestClient;
  let courseId: number;
  let secondCourseId: number;

  const list = async (client: TestClient, query = '') => {
    const res = await client.get(`/api/due-soon${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { items: Item[]; next: Item | null; now: number; days: number };
  };
  const newSet = async (client: TestClient, course: number, title: string, dueIn: number, extra: Record<string, unknown> = {}) =>
    (
      await client.post(`/api/courses/${course}/assignments`, {
        title,
        released_at: t.clock.now(),
        due_at: t.clock.now() + dueIn,
        ...extra,
      })
    ).json().data.id as number;
  const upload = async (client: TestClient, setId: number, name: string) =>
    (await client.upload(`/api/assignments/${setId}/documents`, multipart([{ name: `${name}.har`, bytes: exerciseBytes }]))).json().data[0]
      .id as number;
  const answers = () => ({ answers: keyItems.map((item) => ({ id: item.id, answer: item.answers[0] ?? '' })) });

  beforeEach(async () => {
    t = await createTestApp(dialect, LONG_SESSIONS);
    const world = await courseWorld(t, { students: 2 });
    ({ courseId, anonymous } = world);
    [owner, otherInstructor, ta] = [world.owner.client, world.other.client, world.ta.client];
    const [first, second] = world.students;
    if (!first || !second) throw new Error('two students');
    [student, studentId, classmate] = [first.client, first.id, second.client];
    // A second active course of another instructor, where the student also studies.
    const second_ = (
      await otherInstructor.post('/api/courses', { title: 'Counterpoint', school_id: world.schoolId, academic_term_id: world.termId })
    ).json().data as { id: number; start_date: number };
    if (second_.start_date > t.clock.now()) t.clock.advance(second_.start_date - t.clock.now() + 60);
    expect((await otherInstructor.post(`/api/courses/${second_.id}/activations`)).statusCode).toBe(200);
    secondCourseId = second_.id;
    await insertMembership(t.app.deps.db, { courseId: secondCourseId, userId: studentId, role: 'student', now: t.clock.now() });
  });
  afterEach(async () => {
    await t.close();
  });

  it('is for signed-in users and checks days with the exact message', async () => {
    expect((await anonymous.get('/api/due-soon')).statusCode).toBe(401);
    for (const days of ['0', '61', 'soon', '2.5']) {
      const res = await student.get(`/api/due-soon?days=${days}`);
      expect(res.statusCode, days).toBe(400);
      expect(errorsOf(res)).toEqual([{ field: 'days', messages: ['Days must be a whole number from 1 to 60.'] }]);
    }
    expect((await list(student)).days).toBe(15);
    expect((await list(student, '?days=30')).days).toBe(30);
  });

  it('lists a student’s work across two courses, soonest first, with each state, the extension and a running time limit', async () => {
    const setA = await newSet(owner, courseId, 'Week 1', 3 * DAY);
    const notStarted = await upload(owner, setA, 'Cadences');
    const drafted = await upload(owner, setA, 'Sequences');
    const handedIn = await upload(owner, setA, 'Modulation');
    const timed = await upload(owner, setA, 'Timed quiz');
    expect((await owner.put(`/api/documents/${timed}`, { timed: true, timed_time_seconds: 1200 })).statusCode).toBe(200);
    // Course two: due tomorrow for the class, but this student has five more days.
    const setB = await newSet(otherInstructor, secondCourseId, 'Chorales', DAY);
    const extended = await upload(otherInstructor, setB, 'Chorale 3');
    const extensionAt = t.clock.now() + 6 * DAY;
    const granted = await otherInstructor.post(`/api/assignments/${setB}/due-day-extensions/${studentId}`, {
      extension_due_at: extensionAt,
    });
    expect(granted.statusCode, granted.body).toBe(200);
    // Not listed: due beyond 14 days, not yet released, not gradable.
    const later = await newSet(owner, courseId, 'Later', 20 * DAY);
    const laterDoc = await upload(owner, later, 'Far away');
    const unreleased = await newSet(owner, courseId, 'Hidden', 5 * DAY, { released_at: t.clock.now() + DAY });
    await upload(owner, unreleased, 'Secret');
    const reading = await upload(owner, setA, 'Reading');
    expect((await owner.put(`/api/documents/${reading}`, { gradable: false })).statusCode).toBe(200);

    expect((await student.put(`/api/documents/${drafted}/draft`, answers())).statusCode).toBe(200);
    expect((await student.post(`/api/documents/${handedIn}/submissions`, answers())).statusCode).toBe(201);
    expect((await student.get(`/api/documents/${timed}/file-url`)).statusCode).toBe(200);
    const startedAt = t.clock.now();

    const { items, now } = await list(student);
    expect(now).toBe(t.clock.now());
    expect(items.map((i) => [i.document_id, i.state])).toEqual([
      [notStarted, 'not_started'],
      [drafted, 'in_progress'],
      [handedIn, 'submitted'],
      [timed, 'time_limit'],
      [extended, 'not_started'],
    ]);
    const byId = new Map(items.map((i) => [i.document_id, i]));
    expect(byId.get(extended)).toMatchObject({ course_title: 'Counterpoint', due_at: extensionAt, extended: true, overdue: false });
    expect(byId.get(notStarted)).toMatchObject({ course_title: 'Harmony', set_title: 'Week 1', extended: false, timed_seconds: null });
    expect(byId.get(timed)).toMatchObject({ timed_seconds: 1200, deadline_at: startedAt + 1200 });
    expect(byId.get(drafted)?.saved_at).toBe(startedAt);

    // Looking further ahead brings the later set in; the classmate has no extension and no work.
    expect((await list(student, '?days=30')).items.map((i) => i.document_id)).toContain(laterDoc);
    const theirs = await list(classmate);
    expect(theirs.items.map((i) => i.state)).toEqual(['not_started', 'not_started', 'not_started', 'not_started']);
    expect(theirs.items.every((i) => i.course_title === 'Harmony')).toBe(true);
  });

  it('shows teachers and outsiders nothing of the course: only the caller’s own student work', async () => {
    const setA = await newSet(owner, courseId, 'Week 1', 3 * DAY);
    await upload(owner, setA, 'Cadences');
    expect((await list(student)).items).toHaveLength(1);
    for (const caller of [owner, ta, otherInstructor]) expect((await list(caller)).items).toEqual([]);
    const outsider = (await t.signedIn()).client;
    expect((await list(outsider)).items).toEqual([]);
    // A student of the second course only sees nothing of the first.
    const secondOnly = await t.signedIn();
    await insertMembership(t.app.deps.db, { courseId: secondCourseId, userId: secondOnly.id, role: 'student', now: t.clock.now() });
    expect((await list(secondOnly.client)).items).toEqual([]);
  });

  it('looks as far as a new set’s default due date, and names the next work due further away (issue 38)', async () => {
    const res = await owner.post(`/api/courses/${courseId}/assignments`, {});
    const set = res.json().data as { id: number; due_at: number };
    const fresh = await upload(owner, set.id, 'Fresh');
    expect(set.due_at - t.clock.now()).toBe(15 * DAY);
    const listed = await list(student);
    expect([listed.days, listed.items.map((i) => i.document_id), listed.next]).toEqual([15, [fresh], null]);
    // Past the window: not in the items, but named as next; once handed in, no longer next.
    const shortView = await list(student, '?days=3');
    expect([shortView.items, shortView.next?.document_id, shortView.next?.state]).toEqual([[], fresh, 'not_started']);
    const far = await upload(owner, (await newSet(owner, courseId, 'Later', 40 * DAY)) as number, 'Far');
    expect((await list(student, '?days=3')).next?.document_id).toBe(fresh);
    const handed = await student.post(`/api/documents/${fresh}/submissions`, answers());
    expect(handed.statusCode, handed.body).toBe(201);
    expect((await list(student, '?days=3')).next?.document_id).toBe(far);
    expect((await list(classmate, '?days=3')).next?.document_id).toBe(fresh);
    expect((await list(owner, '?days=3')).next).toBeNull();
  });

  it('lists nothing of a draft set until it is released (decision 054)', async () => {
    const draft = await newSet(owner, courseId, 'Week 2 (draft)', 3 * DAY, { draft: true });
    const cadences = await upload(owner, draft, 'Cadences');
    expect((await list(student)).items).toEqual([]);
    expect((await list(student, '?days=1')).next).toBeNull();
    expect((await owner.put(`/api/assignments/${draft}`, { draft: false })).statusCode).toBe(200);
    expect((await list(student)).items.map((i) => i.document_id)).toEqual([cadences]);
  });

  it('keeps past-due work only while it still takes a hand-in (practice), and drops it once handed in or hidden', async () => {
    const set = await newSet(owner, courseId, 'Yesterday', DAY);
    const formal = await upload(owner, set, 'Formal');
    const practice = await upload(owner, set, 'Practice');
    expect((await owner.put(`/api/documents/${practice}`, { practice: true })).statusCode).toBe(200);
    t.clock.advance(2 * DAY);
    const { items } = await list(student);
    expect(items.map((i) => [i.document_id, i.overdue])).toEqual([[practice, true]]);
    expect(items.map((i) => i.document_id)).not.toContain(formal);

    expect((await student.post(`/api/documents/${practice}/submissions`, answers())).statusCode).toBe(201);
    expect((await list(student)).items).toEqual([]);
    expect((await list(classmate)).items.map((i) => i.document_id)).toEqual([practice]);
    // Hidden after the due date: no longer listed.
    expect((await owner.put(`/api/assignments/${set}`, { show_after_due: false })).statusCode).toBe(200);
    expect((await list(classmate)).items).toEqual([]);
  });
});
