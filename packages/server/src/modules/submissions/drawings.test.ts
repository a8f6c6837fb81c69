import { readHar } from '@app/har/format';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  courseWorld,
  createTestApp,
  dialects,
  LONG_SESSIONS,
  multipart,
  type SignedInUser,
  sampleExercise,
  type TestClient,
  type TestContext,
} from '../../../test/helpers.ts';
import { sweepOrphans } from '../../storage/orphans.ts';
import { REGRADE_JOB } from '../answer-keys/regrade-job.ts';
import { DRAWINGS_KEPT } from './drawings.ts';

const DAY = 86400;
let exerciseBytes: Uint8Array;
let keyItems: { id: string; answers: string[] }[];

beforeAll(() => {
  ({ bytes: exerciseBytes, keyItems } = sampleExercise());
});

/** The workspace's answers: the first `wrong` items labelled wrong, the rest right. */
const answers = (wrong: number) => ({
  answers: keyItems.map((item, i) => ({ id: item.id, answer: i < wrong ? 'N6' : (item.answers[0] ?? '') })),
});

/** The sample's key items, the first of which also accepts N6 (a regrade then changes the grade of a hand-in with it wrong). */
function keyAcceptingN6First() {
  const key = readHar(exerciseBytes).key;
  if (!key) throw new Error('the sample has a key');
  return key.items.map((item, i) => ({ id: item.id, answers: i === 0 ? [...item.answers, 'N6'] : item.answers, points: item.points }));
}

/** Issue 29: submission images and reports are drawn when first viewed, once, and cached by what they show. */
describe.each(dialects)('submission drawings on first view (%s)', (dialect) => {
  let t: TestContext;
  let owner: TestClient;
  let ta: TestClient;
  let student: TestClient;
  let classmate: TestClient;
  let doc: { id: number; doc_key: string };
  /** How many times each CPU task ran since the app was made. */
  let runs: Record<string, number>;

  beforeEach(async () => {
    t = await createTestApp(dialect, LONG_SESSIONS);
    const world = await courseWorld(t, { students: 2 });
    [owner, ta] = [world.owner.client, world.ta.client];
    [{ client: student }, { client: classmate }] = world.students as [SignedInUser, SignedInUser];
    const dueAt = t.clock.now() + 7 * DAY;
    const setId = (await owner.post(`/api/courses/${world.courseId}/assignments`, { released_at: t.clock.now(), due_at: dueAt })).json()
      .data.id;
    doc = (await owner.upload(`/api/assignments/${setId}/documents`, multipart([{ name: 'ex.har', bytes: exerciseBytes }]))).json().data[0];
    runs = {};
    const pool = t.app.deps.cpu;
    t.app.deps.cpu = {
      ...pool,
      run: (task, args, options) => {
        runs[task] = (runs[task] ?? 0) + 1;
        return pool.run(task, args, options);
      },
    };
  });
  afterEach(async () => {
    await t.close();
  });

  const handIn = async (client: TestClient, wrong: number) => {
    const res = await client.post(`/api/documents/${doc.id}/submissions`, answers(wrong));
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { id: number; points: number };
  };
  const urls = async (client: TestClient, id: number) => {
    const res = await client.get(`/api/submissions/${id}/file-urls`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { png_url: string | null; grade_report_url: string | null; render_status: string };
  };
  const fetched = async (url: string | null) => {
    expect(url).not.toBeNull();
    const res = await t.app.inject({ method: 'GET', url: url as string });
    expect(res.statusCode).toBe(200);
    return res;
  };
  const storageKeyOf = (url: string | null) => new URL(url ?? '', 'http://x').pathname;
  const row = (id: number) =>
    t.app.deps.db
      .selectFrom('submissions')
      .select(['png_key', 'report_key', 'student_png_key', 'student_report_key', 'render_status'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  it('queues nothing at hand-in and draws on the first view, not again on the second', async () => {
    const mine = await handIn(student, 1);
    expect(await t.app.deps.db.selectFrom('jobs').select('name').where('name', '=', 'submission-render').execute()).toEqual([]);
    expect(await row(mine.id)).toMatchObject({ png_key: null, report_key: null, render_status: 'PENDING' });
    expect(runs.renderSubmissionImage ?? 0).toBe(0);

    const first = await urls(ta, mine.id);
    expect(first.render_status).toBe('READY');
    expect((await fetched(first.png_url)).rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expect((await fetched(first.grade_report_url)).body).toContain('Expected');
    expect(runs.renderSubmissionImage).toBe(1);
    expect((await row(mine.id)).png_key).toMatch(/^renders\/[0-9a-f]{40}\.png$/);

    const second = await urls(ta, mine.id);
    expect(second.render_status).toBe('READY');
    expect(storageKeyOf(second.png_url)).toBe(storageKeyOf(first.png_url));
    expect(runs.renderSubmissionImage).toBe(1);
    expect(runs.shownPositions).toBe(1);
  });

  it('reads the submission once per view, drawn or not', async () => {
    const mine = await handIn(student, 1);
    const reads = async (client: TestClient) => {
      t.queries.length = 0;
      await urls(client, mine.id);
      // The submission itself; a drawing also reads which images the student's other submissions of
      // the document name, to keep at most DRAWINGS_KEPT (issue 40), not counted here.
      return t.queries.filter((sql) => /^select/i.test(sql.trim()) && /from "submissions"/.test(sql) && !/"png_key" is not null/.test(sql));
    };
    // A first view (it draws), a second (it finds the drawing), and a student's (their variant).
    for (const client of [ta, ta, student]) expect(await reads(client)).toHaveLength(1);
  });

  it('draws a first view asked for twice at once only once', async () => {
    const mine = await handIn(student, 1);
    const [a, b] = await Promise.all([urls(ta, mine.id), urls(owner, mine.id)]);
    expect(storageKeyOf(a.png_url)).toBe(storageKeyOf(b.png_url));
    expect(runs.renderSubmissionImage).toBe(1);
  });

  it('gives a student the image without marks before the answers are shown, never the full one', async () => {
    const mine = await handIn(student, 1);
    const forStudent = await urls(student, mine.id);
    const forTeacher = await urls(ta, mine.id);
    expect(storageKeyOf(forStudent.png_url)).not.toBe(storageKeyOf(forTeacher.png_url));
    const [plain, marked] = [await fetched(forStudent.png_url), await fetched(forTeacher.png_url)];
    expect(plain.rawPayload.equals(marked.rawPayload)).toBe(false);
    expect((await fetched(forStudent.grade_report_url)).body).not.toContain('Expected');
    expect((await fetched(forTeacher.grade_report_url)).body).toContain('Expected');
    // The student's view drew only their variant; asking again draws nothing and still names theirs.
    expect(await row(mine.id)).toMatchObject({ render_status: 'READY' });
    expect(storageKeyOf((await urls(student, mine.id)).png_url)).toBe(storageKeyOf(forStudent.png_url));
    expect(runs.renderSubmissionImage).toBe(2);
    // A classmate's identical answers share the cached images: nothing is drawn for them.
    const theirs = await handIn(classmate, 1);
    expect(storageKeyOf((await urls(classmate, theirs.id)).png_url)).toBe(storageKeyOf(forStudent.png_url));
    expect(storageKeyOf((await urls(ta, theirs.id)).png_url)).toBe(storageKeyOf(forTeacher.png_url));
    expect(runs.renderSubmissionImage).toBe(2);
  });

  it('draws a regraded submission with its new grading, and finds in the cache what shows the same', async () => {
    const changed = await handIn(student, 1);
    const same = await handIn(classmate, 0);
    const max = keyItems.length;
    expect([changed.points, same.points]).toEqual([max - 1, max]);
    const before = { changed: await urls(ta, changed.id), same: await urls(ta, same.id) };
    const oldReport = (await fetched(before.changed.grade_report_url)).body;
    expect(runs.renderSubmissionImage).toBe(2);
    // The new key also accepts N6 for the first item: the first grade changes, the second does not.
    const items = keyAcceptingN6First();
    const edited = await owner.put(`/api/documents/${doc.id}/key`, { items });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await owner.post(`/api/documents/${doc.id}/regrade`)).statusCode).toBe(202);
    await t.app.deps.jobs.drain({ names: [REGRADE_JOB] });
    expect(await row(changed.id)).toMatchObject({ png_key: null, report_key: null, render_status: 'PENDING' });

    const after = { changed: await urls(ta, changed.id), same: await urls(ta, same.id) };
    // The changed grade is drawn anew (its first label turns from wrong to right), with a report of the new grading.
    expect(storageKeyOf(after.changed.png_url)).not.toBe(storageKeyOf(before.changed.png_url));
    expect(storageKeyOf(after.changed.grade_report_url)).not.toBe(storageKeyOf(before.changed.grade_report_url));
    const [oldImage, newImage] = [await fetched(before.changed.png_url), await fetched(after.changed.png_url)];
    expect(oldImage.rawPayload.equals(newImage.rawPayload)).toBe(false);
    expect((await fetched(after.changed.grade_report_url)).body).not.toBe(oldReport);
    // The reports of the replaced grades are removed with the regrade; the new ones stay.
    for (const { grade_report_url } of [before.changed, before.same]) {
      expect(await t.app.deps.storage.stat(storageKeyOf(grade_report_url).replace(/^\/files\//, ''))).toBeUndefined();
    }
    expect(await t.app.deps.storage.stat(storageKeyOf(after.changed.grade_report_url).replace(/^\/files\//, ''))).toBeDefined();
    // The unchanged one shows the same picture: found in the cache, not drawn again.
    expect(storageKeyOf(after.same.png_url)).toBe(storageKeyOf(before.same.png_url));
    expect(runs.renderSubmissionImage).toBe(3);
    await urls(ta, changed.id);
    await urls(ta, same.id);
    expect(runs.renderSubmissionImage).toBe(3);
  });

  it('removes the report of a grade a regrade replaced while it was being drawn, and answers with the new grade', async () => {
    const mine = await handIn(student, 1);
    const items = keyAcceptingN6First();
    expect((await owner.put(`/api/documents/${doc.id}/key`, { items })).statusCode).toBe(200);
    // The regrade lands after the old grade's report is written and before the drawing is recorded.
    const storage = t.app.deps.storage;
    const written: string[] = [];
    let regraded = false;
    t.app.deps.storage = {
      ...storage,
      put: async (storageKey, body, options) => {
        const stored = await storage.put(storageKey, body, options);
        written.push(storageKey);
        if (storageKey.endsWith('/report-v1.html') && !regraded) {
          regraded = true;
          expect((await owner.post(`/api/documents/${doc.id}/regrade`)).statusCode).toBe(202);
          await t.app.deps.jobs.drain({ names: [REGRADE_JOB] });
        }
        return stored;
      },
    };
    const view = await urls(ta, mine.id);
    const oldReport = written.find((k) => k.endsWith('/report-v1.html')) as string;
    expect(oldReport).toBeDefined();
    expect(await storage.stat(oldReport)).toBeUndefined();
    expect(storageKeyOf(view.grade_report_url)).toMatch(/\/report-v2\.html$/);
    expect((await fetched(view.grade_report_url)).body).toContain(`${keyItems.length} / ${keyItems.length}`);
    expect((await row(mine.id)).report_key).toMatch(/\/report-v2\.html$/);
  });

  it('keeps an image another submission shows when one is removed, and the sweep removes it once none does', async () => {
    const a = await handIn(student, 1);
    const b = await handIn(classmate, 1);
    const shared = storageKeyOf((await urls(ta, a.id)).png_url);
    expect(storageKeyOf((await urls(ta, b.id)).png_url)).toBe(shared);
    const stored = (await row(a.id)).png_key as string;
    expect((await owner.delete(`/api/submissions/${a.id}`)).statusCode).toBe(200);
    expect(await t.app.deps.storage.stat(stored)).toBeDefined();
    const sweep = () => sweepOrphans(t.app.deps.db, dialect, t.app.deps.storage, { graceSeconds: 0, now: Date.now() / 1000 + 60 });
    expect((await sweep()).removed).not.toContain(stored);
    expect(await t.app.deps.storage.stat(stored)).toBeDefined();
    expect((await owner.delete(`/api/submissions/${b.id}`)).statusCode).toBe(200);
    expect((await sweep()).removed).toContain(stored);
    expect(await t.app.deps.storage.stat(stored)).toBeUndefined();
  });

  it('keeps at most DRAWINGS_KEPT images per student and document, forgetting the oldest submissions’ (issue 40)', async () => {
    // A practice document takes any number of hand-ins; each set of answers is a picture of its own.
    await t.app.deps.db.updateTable('documents').set({ practice: 1, multiple_submissions: 1 }).where('id', '=', doc.id).execute();
    const wrongIn = (mask: number) => ({
      answers: keyItems.map((item, i) => ({ id: item.id, answer: mask & (1 << i) ? 'N6' : (item.answers[0] ?? '') })),
    });
    const ids: number[] = [];
    for (let mask = 1; mask <= DRAWINGS_KEPT + 2; mask++) {
      const res = await student.post(`/api/documents/${doc.id}/submissions`, wrongIn(mask));
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json().data.id);
      expect((await urls(student, res.json().data.id)).render_status).toBe('READY');
    }
    const named = async () => {
      const rows = await t.app.deps.db
        .selectFrom('submissions')
        .select(['id', 'png_key', 'student_png_key'])
        .where('document_id', '=', doc.id)
        .execute();
      return { rows, images: new Set(rows.flatMap((r) => [r.png_key, r.student_png_key]).filter((k) => k !== null)) };
    };
    let now = await named();
    expect(runs.renderSubmissionImage).toBe(DRAWINGS_KEPT + 2);
    expect(now.images.size).toBe(DRAWINGS_KEPT);
    const first = now.rows.find((r) => r.id === ids[0]);
    expect(first).toMatchObject({ png_key: null, student_png_key: null });
    expect(now.rows.find((r) => r.id === ids.at(-1))?.student_png_key).not.toBeNull();
    // Viewed again, the oldest is drawn again, and another is forgotten instead.
    const again = await urls(student, ids[0] as number);
    expect(again.render_status).toBe('READY');
    expect(again.png_url).not.toBeNull();
    now = await named();
    expect(now.images.size).toBe(DRAWINGS_KEPT);
    expect(now.rows.find((r) => r.id === ids[0])?.student_png_key).not.toBeNull();
    // A classmate's pictures are counted apart.
    const theirs = await classmate.post(`/api/documents/${doc.id}/submissions`, wrongIn(1));
    expect((await urls(classmate, theirs.json().data.id)).render_status).toBe('READY');
    expect((await named()).rows.find((r) => r.id === ids[1])?.student_png_key ?? null).toBeNull();
  });
});
