import { Readable } from 'node:stream';
import { readHar, studentCopy, writeHar } from '@app/har/format';
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
 * QA2: a document that cannot be graded answers a hand-in with a sentence, not a 500; and the
 * submission image is given the exercise's opening key, which it names at the first label (decision 031).
 */
describe.each(dialects)('hand-ins at the edges of grading (%s)', (dialect) => {
  let t: TestContext;
  let owner: TestClient;
  let student: TestClient;
  let setId: number;
  const sample = () => readHar(sampleExercise().bytes);
  const upload = async (bytes: Uint8Array) => {
    const res = await owner.upload(`/api/assignments/${setId}/documents`, multipart([{ name: 'ex.har', bytes }]));
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data[0] as { id: number; doc_key: string };
  };

  beforeEach(async () => {
    t = await createTestApp(dialect, LONG_SESSIONS);
    const world = await courseWorld(t);
    owner = world.owner.client;
    [{ client: student }] = world.students as [SignedInUser];
    setId = (
      await owner.post(`/api/courses/${world.courseId}/assignments`, { released_at: t.clock.now(), due_at: t.clock.now() + 7 * DAY })
    ).json().data.id;
  });
  afterEach(async () => {
    await t.close();
  });

  it('refuses a hand-in to an exercise uploaded without an answer key with its sentence (409), answers or file, and stores nothing', async () => {
    // A student copy (no key.json) stored as a document of the set: Upload .har Files refuses one now
    // (har-upload-refusals.test.ts), but a document stored before that still answers with a sentence.
    const doc = await upload(writeHar(sample()));
    const stored = await t.app.deps.db.selectFrom('documents').select('storage_key').where('id', '=', doc.id).executeTakeFirstOrThrow();
    const keyless = writeHar(studentCopy({ ...sample(), manifest: { ...sample().manifest, document_key: doc.doc_key } }));
    await t.app.deps.storage.put(stored.storage_key, Readable.from(Buffer.from(keyless)), { contentType: 'application/zip' });
    const item = (sample().key?.items ?? [])[0];
    const answers = await student.post(`/api/documents/${doc.id}/submissions`, { answers: [{ id: item?.id, answer: 'I' }] });
    expect(answers.statusCode, answers.body).toBe(409);
    expect(errorsOf(answers)).toEqual([{ code: 'conflict', message: 'This exercise has no answer key, so it cannot be graded.' }]);
    expect(answers.json().message_codes).toEqual([[{ code: 'har.noAnswerKey' }]]);

    const exercise = readHar(writeHar(studentCopy(sample())));
    const file = writeHar({
      manifest: { ...exercise.manifest, kind: 'submission', document_key: doc.doc_key } as never,
      score: exercise.score,
      answers: { items: [{ id: item?.id ?? '', answer: 'I' }] },
    });
    const uploaded = await student.upload(`/api/documents/${doc.id}/submissions`, multipart([{ name: 'answers.har', bytes: file }]));
    expect(uploaded.statusCode, uploaded.body).toBe(409);
    expect(errorsOf(uploaded)[0]?.message).toBe('This exercise has no answer key, so it cannot be graded.');
    expect(await t.app.deps.db.selectFrom('submissions').select('id').where('document_id', '=', doc.id).execute()).toEqual([]);
  });

  it('gives the submission image the opening key of a keyed exercise, and draws another picture for another key', async () => {
    const base = sample();
    const keyed = (key: string) =>
      writeHar({ ...base, key: { key, items: base.key?.items ?? [] }, manifest: { ...base.manifest, title: `In ${key}` } });
    const labels: unknown[] = [];
    const pool = t.app.deps.cpu;
    t.app.deps.cpu = {
      ...pool,
      run: (task, args, options) => {
        if (task === 'renderSubmissionImage') labels.push((args as unknown[])[1]);
        return pool.run(task, args, options);
      },
    };
    const urlsOf = async (key: string) => {
      const doc = await upload(keyed(key));
      const answers = (base.key?.items ?? []).map((item) => ({ id: item.id, answer: item.answers[0] ?? '' }));
      const handIn = await student.post(`/api/documents/${doc.id}/submissions`, { answers });
      expect(handIn.statusCode, handIn.body).toBe(201);
      const urls = await owner.get(`/api/submissions/${handIn.json().data.id}/file-urls`);
      expect(urls.statusCode, urls.body).toBe(200);
      return new URL(urls.json().data.png_url, 'http://x').pathname;
    };
    const inC = await urlsOf('C');
    expect(labels).toHaveLength(1);
    expect(labels[0]).toMatchObject({ key: 'C' });
    // The same score and labels under another opening key: not the cached picture of the first.
    const inA = await urlsOf('a');
    expect(labels).toHaveLength(2);
    expect(labels[1]).toMatchObject({ key: 'a' });
    expect(inA).not.toBe(inC);
  });
});
