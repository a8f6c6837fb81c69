import { contentHash, readHar, writeHar } from '@app/har/format';
import { unzipSync } from 'fflate';
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
import { loadHar } from '../../documents/har-files.ts';
import { layoutKey } from '../../documents/workspace-layout.ts';
import { REGRADE_JOB } from './regrade-job.ts';

const DAY = 86400;
let exerciseBytes: Uint8Array;
let keyItems: { id: string; answers: string[]; points: number }[];

beforeAll(() => {
  ({ bytes: exerciseBytes, keyItems } = sampleExercise());
});

/** A student's answer file: the key's first answer everywhere except the items given. */
function answerFile(docKey: string, instead: Record<number, string> = {}) {
  const exercise = readHar(exerciseBytes);
  return writeHar({
    manifest: { ...exercise.manifest, kind: 'submission', document_key: docKey },
    score: exercise.score,
    answers: { items: keyItems.map((item, i) => ({ id: item.id, answer: instead[i] ?? item.answers[0] ?? '' })) },
  });
}

/** The key as the edit request sends it, with item 0 accepting N6 as well. */
const keyAcceptingN6 = () => ({
  items: keyItems.map((item, i) => ({ id: item.id, answers: i === 0 ? [...item.answers, 'N6'] : item.answers, points: item.points })),
});

describe.each(dialects)('answer keys and regrading (%s)', (dialect) => {
  let t: TestContext;
  let owner: TestClient;
  let other: TestClient;
  let ta: TestClient;
  let student: TestClient;
  let studentId: number;
  let anonymous: TestClient;
  let courseId: number;
  let doc: { id: number; doc_key: string };

  const submit = (bytes: Uint8Array) => student.upload(`/api/documents/${doc.id}/submissions`, multipart([{ name: 'answers.har', bytes }]));
  const ownSubmissions = async () =>
    (await student.get(`/api/courses/${courseId}/submissions?best=false&include_practice=true`)).json().data as {
      id: number;
      points: number | null;
      grade: string | null;
    }[];

  beforeEach(async () => {
    t = await createTestApp(dialect, LONG_SESSIONS);
    const world = await courseWorld(t);
    ({ courseId, anonymous } = world);
    [owner, other, ta] = [world.owner.client, world.other.client, world.ta.client];
    [{ client: student, id: studentId }] = world.students as [SignedInUser];
    const setId = (
      await owner.post(`/api/courses/${courseId}/assignments`, { released_at: t.clock.now(), due_at: t.clock.now() + 7 * DAY })
    ).json().data.id;
    doc = (await owner.upload(`/api/assignments/${setId}/documents`, multipart([{ name: 'ex.har', bytes: exerciseBytes }]))).json().data[0];
    await owner.put(`/api/documents/${doc.id}`, { multiple_submissions: true });
  });
  afterEach(async () => {
    await t.close();
  });

  it('refuses the signed-out (401), TAs and students (403), other instructors and unknown documents (404)', async () => {
    const calls = [
      (c: TestClient, id: number) => c.get(`/api/documents/${id}/key`),
      (c: TestClient, id: number) => c.put(`/api/documents/${id}/key`, keyAcceptingN6()),
      (c: TestClient, id: number) => c.get(`/api/documents/${id}/regrade`),
      (c: TestClient, id: number) => c.post(`/api/documents/${id}/regrade`),
      (c: TestClient, id: number) => c.get(`/api/documents/${id}/grade-changes`),
    ];
    for (const call of calls) {
      expect((await call(anonymous, doc.id)).statusCode).toBe(401);
      expect((await call(ta, doc.id)).statusCode).toBe(403);
      expect((await call(student, doc.id)).statusCode).toBe(403);
      expect((await call(other, doc.id)).statusCode).toBe(404);
      expect((await call(owner, doc.id + 1000)).statusCode).toBe(404);
    }
    // Nothing changed on the way.
    expect((await owner.get(`/api/documents/${doc.id}/regrade`)).json().data).toMatchObject({ key_version: 1, regrade: null });
  });

  it('Edit Answers shows the layout stored for the student copy: visits lay nothing out (issue 40)', async () => {
    const layouts: string[] = [];
    const pool = t.app.deps.cpu;
    t.app.deps.cpu = {
      ...pool,
      run: ((task, args, options) => {
        if (task === 'renderWorkspaceScore') layouts.push(task);
        return pool.run(task, args, options);
      }) as typeof pool.run,
    };
    const url = `/api/documents/${doc.id}/key`;
    const first = await owner.get(url);
    expect(first.statusCode, first.body).toBe(200);
    expect((await owner.get(url)).json().data).toEqual(first.json().data);
    expect(layouts).toHaveLength(0); // laid out at upload, before counting
    const shown = first.json().data as { score: { svg: string }; items: { id: string; answers: string[]; points: number; x: number }[] };
    expect(shown.score.svg).toContain('<svg');
    expect(shown.items.map(({ id, answers, points }) => ({ id, answers, points }))).toEqual(
      keyItems.map(({ id, answers, points }) => ({ id, answers, points })),
    );

    // A key edit lays its new copy out once; the editor then shows it without laying out again.
    expect((await owner.put(url, keyAcceptingN6())).statusCode).toBe(200);
    expect(layouts).toHaveLength(1);
    const edited = (await owner.get(url)).json().data as typeof shown;
    expect(edited.items[0]?.answers).toContain('N6');
    // Verovio names the drawn elements afresh in each layout: the same score but for the drawing's names.
    const unnamed = ({ svg, ...score }: { svg: string }) => ({ ...score, svg: svg.length > 0 });
    expect(unnamed(edited.score)).toEqual(unnamed(shown.score));
    expect(layouts).toHaveLength(1);

    // A copy without a stored layout (a course's copy before its first open) is laid out once and stored.
    const row = await t.app.deps.db
      .selectFrom('documents')
      .select('student_storage_key')
      .where('id', '=', doc.id)
      .executeTakeFirstOrThrow();
    await t.app.deps.storage.delete(layoutKey(contentHash(await loadHar(t.app.deps, row.student_storage_key as string))));
    const again = (await owner.get(url)).json().data as typeof shown;
    expect(layouts).toHaveLength(2);
    expect({ ...again, score: unnamed(again.score) }).toEqual({ ...edited, score: unnamed(edited.score) });
    expect((await owner.get(url)).json().data).toEqual(again);
    expect(layouts).toHaveLength(2);
  });

  it('refuses a key that is not the exercise’s chords once each, or answers that are not Roman numerals (400)', async () => {
    const url = `/api/documents/${doc.id}/key`;
    const all = keyAcceptingN6().items;
    const cases: [unknown, string][] = [
      [{}, 'items'],
      [{ items: all.slice(1) }, 'items'],
      [{ items: [...all.slice(1), { ...all[0], id: 'nowhere' }] }, 'items'],
      [{ items: [...all, all[0]] }, 'items'],
      [{ items: all.map((item, i) => (i === 0 ? { ...item, answers: ['hello'] } : item)) }, 'items.0.answers.0'],
      [{ items: all.map((item, i) => (i === 0 ? { ...item, points: -1 } : item)) }, 'items.0.points'],
    ];
    for (const [body, field] of cases) {
      const res = await owner.put(url, body as never);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(errorsOf(res)[0]?.field).toBe(field);
    }
    expect((await owner.get(`/api/documents/${doc.id}/regrade`)).json().data.key_version).toBe(1);
  });

  it('edits the opening key and answers with keys and pivots (decision 031): set, kept when left out, removed with null', async () => {
    const url = `/api/documents/${doc.id}/key`;
    expect((await owner.get(url)).json().data.key).toBeNull();
    const keyed = keyItems.map((item, i) => ({ id: item.id, answers: i === 1 ? ['I = G: IV', 'IV'] : item.answers, points: item.points }));
    const set = await owner.put(url, { key: 'C', items: keyed });
    expect(set.statusCode, set.body).toBe(200);
    const current = (await owner.get(url)).json().data;
    expect(current).toMatchObject({ key: 'C', version: 2 });
    expect(current.items[1].answers).toEqual(['I = G: IV', 'IV']);
    // The student copy tells the student the key.
    expect((await student.get(`/api/documents/${doc.id}/workspace`)).json().data.key).toBe('C');
    // Left out: kept. Null: removed.
    expect((await owner.put(url, { items: keyed })).statusCode).toBe(200);
    expect((await owner.get(url)).json().data).toMatchObject({ key: 'C', version: 3 });
    expect((await owner.put(url, { key: null, items: keyed })).statusCode).toBe(200);
    expect((await owner.get(url)).json().data).toMatchObject({ key: null, version: 4 });
    expect((await student.get(`/api/documents/${doc.id}/workspace`)).json().data.key).toBeNull();

    const bad = await owner.put(url, { key: 'C major', items: keyed });
    expect(bad.statusCode).toBe(400);
    expect(errorsOf(bad)).toMatchObject([{ field: 'key', messages: ['The opening key must be a key such as "A", "f#" or "Bb".'] }]);
    const notAPivot = await owner.put(url, { items: keyed.map((item, i) => (i === 1 ? { ...item, answers: ['I = IV'] } : item)) });
    expect(errorsOf(notAPivot)).toMatchObject([{ field: 'items.1.answers.0', messages: ['"I = IV" is not a Roman numeral.'] }]);
    expect((await ta.put(url, { key: 'C', items: keyed })).statusCode).toBe(403);
    expect((await other.put(url, { key: 'C', items: keyed })).statusCode).toBe(404);
    expect((await anonymous.put(url, { key: 'C', items: keyed })).statusCode).toBe(401);
    expect((await owner.get(url)).json().data.version).toBe(4);
  });

  it('a new version keeps old grades and gets its own student copy; a regrade changes them once and writes the audit', async () => {
    const first = (await submit(answerFile(doc.doc_key, { 0: 'N6' }))).json().data;
    const max = first.max_points as number;
    expect(first.points).toBe(max - (keyItems[0]?.points ?? 0));

    const shown = (await owner.get(`/api/documents/${doc.id}/key`)).json().data;
    expect(shown.version).toBe(1);
    expect(shown.items.map((i: { id: string; answers: string[] }) => [i.id, i.answers])).toEqual(keyItems.map((i) => [i.id, i.answers]));
    expect(shown.score.svg).toContain('<svg');
    const before = await t.app.deps.db.selectFrom('documents').selectAll().where('id', '=', doc.id).executeTakeFirstOrThrow();

    const edited = await owner.put(`/api/documents/${doc.id}/key`, keyAcceptingN6());
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ key_version: 2, submissions: 1, outdated: 1, regrade: null });

    // The grade stands until a regrade.
    expect((await ownSubmissions())[0]?.points).toBe(first.points);
    // New files under the same doc_key; the student copy has no key and is what students get.
    const after = await t.app.deps.db.selectFrom('documents').selectAll().where('id', '=', doc.id).executeTakeFirstOrThrow();
    expect(after.doc_key).toBe(before.doc_key);
    expect(after.storage_key).not.toBe(before.storage_key);
    expect(after.student_storage_key).not.toBe(before.student_storage_key);
    expect(after.content_hash).toBe(before.content_hash);
    const copy = unzipSync(await loadHar(t.app.deps, after.student_storage_key ?? ''));
    expect(Object.keys(copy)).not.toContain('key.json');
    expect(readHar(await loadHar(t.app.deps, after.storage_key)).key?.items[0]?.answers).toContain('N6');
    const fileUrl = (await student.get(`/api/documents/${doc.id}/file-url`)).json().data.url as string;
    expect(fileUrl).toContain(encodeURIComponent(after.student_storage_key ?? '').replace(/%2F/g, '/'));
    const versions = await t.app.deps.db
      .selectFrom('document_versions')
      .selectAll()
      .where('document_id', '=', doc.id)
      .orderBy('version')
      .execute();
    expect(versions.map((v) => [v.version, v.storage_key])).toEqual([
      [1, before.storage_key],
      [2, after.storage_key],
    ]);
    // Work handed in now is graded by the new key (and counts as up to date).
    const second = (await submit(answerFile(doc.doc_key, { 0: 'N6' }))).json().data;
    expect(second.points).toBe(max);
    expect((await owner.get(`/api/documents/${doc.id}/regrade`)).json().data).toMatchObject({ submissions: 2, outdated: 1 });

    const asked = await owner.post(`/api/documents/${doc.id}/regrade`);
    expect(asked.statusCode).toBe(202);
    expect(asked.json().data.regrade).toMatchObject({ status: 'QUEUED', key_version: 2 });
    // Asking again while it waits answers the same regrade.
    expect((await owner.post(`/api/documents/${doc.id}/regrade`)).json().data.regrade.id).toBe(asked.json().data.regrade.id);
    await t.app.deps.jobs.drain();

    const state = (await owner.get(`/api/documents/${doc.id}/regrade`)).json().data;
    expect(state).toMatchObject({ key_version: 2, submissions: 2, outdated: 0 });
    expect(state.regrade).toMatchObject({ status: 'DONE', total: 2, done: 2, changed: 1 });
    const mine = await ownSubmissions();
    expect(mine.find((s) => s.id === first.id)?.points).toBe(max);
    const changes = (await owner.get(`/api/documents/${doc.id}/grade-changes`)).json().data;
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({
      submission_id: first.id,
      student_id: studentId,
      old_points: first.points,
      new_points: max,
      old_grade: first.grade,
      new_grade: 'A',
      key_version: 2,
    });
    expect(changes[0].changed_by).toMatch(/\S/);
    // The report and image are forgotten, to be drawn with the new grading when next viewed (issue 29).
    const rendered = await t.app.deps.db
      .selectFrom('submissions')
      .select(['render_status', 'png_key', 'report_key', 'result_json'])
      .where('id', '=', first.id)
      .executeTakeFirstOrThrow();
    expect(rendered).toMatchObject({ render_status: 'PENDING', png_key: null, report_key: null });
    expect(JSON.parse(rendered.result_json).points).toBe(max);

    // The job runs again (a worker died before marking it done): nothing changes twice.
    await t.app.deps.db.updateTable('document_regrades').set({ status: 'RUNNING' }).execute();
    await t.app.deps.jobs.enqueue(REGRADE_JOB, { regradeId: state.regrade.id });
    await t.app.deps.jobs.drain();
    expect((await owner.get(`/api/documents/${doc.id}/grade-changes`)).json().data).toHaveLength(1);
    expect((await owner.get(`/api/documents/${doc.id}/regrade`)).json().data.regrade).toMatchObject({ status: 'DONE', changed: 1 });
  });

  it('keeps each student’s best submission right in the grade book after a regrade', async () => {
    // A misses item 0, B item 1: equal points, so the later (B) is best until the key accepts A's answer.
    const a = (await submit(answerFile(doc.doc_key, { 0: 'N6' }))).json().data;
    t.clock.advance(60);
    const b = (await submit(answerFile(doc.doc_key, { 1: 'N6' }))).json().data;
    const best = () =>
      t.app.deps.db
        .selectFrom('best_submissions')
        .select(['submission_id', 'points', 'grade', 'overall', 'number'])
        .where('document_id', '=', doc.id)
        .where('student_id', '=', studentId)
        .execute();
    expect((await best()).map((r) => r.submission_id)).toEqual([b.id]);

    await owner.put(`/api/documents/${doc.id}/key`, keyAcceptingN6());
    expect((await best()).map((r) => r.submission_id)).toEqual([b.id]);
    await owner.post(`/api/documents/${doc.id}/regrade`);
    await t.app.deps.jobs.drain();

    const rows = await best();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ submission_id: a.id, points: a.max_points, grade: 'A', overall: 1, number: 1 });
    const book = (await owner.get(`/api/courses/${courseId}/submissions?best=true`)).json().data;
    expect(book.map((s: { id: number }) => s.id)).toEqual([a.id]);
  });

  it('two saves at once: one wins, the loser removes only its own files, and the document still works (issue 26)', async () => {
    // Hold each save at its first file until both have read the document, so they really overlap
    // (without the barrier a loaded machine may finish one before the other starts: two 200s).
    const storage = t.app.deps.storage;
    const put = storage.put.bind(storage);
    let arrived = 0;
    let release: () => void = () => {};
    const bothArrived = new Promise<void>((resolve) => {
      release = resolve;
    });
    storage.put = async (key, ...rest) => {
      if (/\.v2-[^.]+\.har$/.test(key)) {
        arrived += 1;
        if (arrived === 2) release();
        await Promise.race([bothArrived, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      }
      return put(key, ...rest);
    };
    const [a, b] = await Promise.all([
      owner.put(`/api/documents/${doc.id}/key`, keyAcceptingN6()),
      owner.put(`/api/documents/${doc.id}/key`, keyAcceptingN6()),
    ]);
    storage.put = put;
    expect(arrived).toBe(2);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const row = await t.app.deps.db.selectFrom('documents').selectAll().where('id', '=', doc.id).executeTakeFirstOrThrow();
    expect(row.key_version).toBe(2);
    // The winner's files are there (the loser named its own).
    expect(await t.app.deps.storage.stat(row.storage_key)).toBeDefined();
    expect(await t.app.deps.storage.stat(row.student_storage_key ?? '')).toBeDefined();
    const key = await owner.get(`/api/documents/${doc.id}/key`);
    expect(key.statusCode, key.body).toBe(200);
    expect(key.json().data.version).toBe(2);
    const workspace = await student.get(`/api/documents/${doc.id}/workspace`);
    expect(workspace.statusCode, workspace.body).toBe(200);
    const handed = await submit(answerFile(doc.doc_key, { 0: 'N6' }));
    expect(handed.statusCode, handed.body).toBe(201);
    expect(handed.json().data.points).toBe(handed.json().data.max_points);
    const copied = await owner.post(`/api/courses/${courseId}/duplicate`, {});
    expect(copied.statusCode, copied.body).toBe(201);
    // A third save still works after the race.
    expect((await owner.put(`/api/documents/${doc.id}/key`, keyAcceptingN6())).statusCode).toBe(200);
  });

  it('does not show a regraded grade to a student before its release', async () => {
    await owner.put(`/api/documents/${doc.id}/key`, keyAcceptingN6());
    await owner.put(`/api/documents/${doc.id}/key`, keyAcceptingN6()); // version 3
    await owner.put(`/api/documents/${doc.id}/key`, {
      items: keyItems.map((item) => ({ id: item.id, answers: item.answers, points: item.points })),
    });
    await owner.put(`/api/documents/${doc.id}`, { multiple_submissions: false, delay_showing_grade: true });
    const made = (await submit(answerFile(doc.doc_key, { 0: 'N6' }))).json().data;
    expect(made.points).toBeNull();
    await owner.put(`/api/documents/${doc.id}/key`, keyAcceptingN6());
    await owner.post(`/api/documents/${doc.id}/regrade`);
    await t.app.deps.jobs.drain();
    expect((await owner.get(`/api/documents/${doc.id}/grade-changes`)).json().data).toHaveLength(1);
    const seen = (await ownSubmissions())[0];
    expect(seen).toMatchObject({ points: null, grade: null });
    const urls = (await student.get(`/api/submissions/${made.id}/file-urls`)).json().data;
    expect(urls).toMatchObject({ grade_report_url: null, png_url: null });
  });
});
