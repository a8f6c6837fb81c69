import { Readable } from 'node:stream';
import { contentHash } from '@app/har/format';
import {
  givenVoicesScore,
  type PartWritingDocument,
  partWritingStudentCopy,
  readPartWritingHar,
  writePartWritingHar,
} from '@app/har/part-writing/document';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bassInC, chordAnswers, GOOD, HIGH_MODEL } from '../../../test/figured-bass.ts';
import { createTestApp, dialects, LONG_SESSIONS, type TestClient, type TestContext } from '../../../test/helpers.ts';
import { courseWithSet, uploadInto } from '../../../test/part-writing-world.ts';
import { loadHar, PART_WRITING_STUDENT_COPIES_JOB, PREVIEW_JOB, previewKey } from '../../documents/har-files.ts';
import { partWritingScoreOf } from '../../documents/part-writing-files.ts';

/**
 * Issue 40 (LOW): a hand-made part-writing `.har` whose score.musicxml holds the model's voices.
 * The student copy, the preview and every submission are made from part-writing.json's given
 * voices, never from the uploaded score as it is.
 */

// A figured bass in C major; the model's voices are all in octave 5 or 4, the given bass in octave 3.
const EXERCISE = bassInC('Hand-made', { points: 10, model: HIGH_MODEL });
const MODEL_OCTAVE = '<octave>5</octave>';
/** The score a teacher could write by hand: every voice, the model's too. */
const withModel = givenVoicesScore('Hand-made', {
  ...EXERCISE.exercise,
  given: ['S', 'A', 'T', 'B'],
  write: [],
  chords: EXERCISE.exercise.chords.map((chord, i) => ({ ...chord, ...EXERCISE.model?.chords[i] })),
});
const given = givenVoicesScore('Hand-made', EXERCISE.exercise);

/** The exercise's .har with its score.musicxml replaced, as a hand-made file may be. */
function handMade(doc: PartWritingDocument = EXERCISE): Uint8Array {
  const entries = unzipSync(writePartWritingHar(doc));
  return zipSync({ ...entries, 'score.musicxml': strToU8(withModel) });
}

/** A student copy as stored before copies were written from the given voices: the uploaded score, the model's voices in it. */
function legacyCopy(docKey: string): Uint8Array {
  const entries = unzipSync(
    writePartWritingHar(partWritingStudentCopy({ ...EXERCISE, manifest: { ...EXERCISE.manifest, document_key: docKey } })),
  );
  return zipSync({ ...entries, 'score.musicxml': strToU8(withModel) });
}

describe.each(dialects)('a hand-made part-writing score (issue 40) (%s)', (dialect) => {
  let t: TestContext;
  let owner: TestClient;
  let student: TestClient;
  let setId: number;

  beforeEach(async () => {
    t = await createTestApp(dialect, LONG_SESSIONS);
    const world = await courseWithSet(t, { students: 1 });
    owner = world.owner.client;
    student = world.students[0]?.client as TestClient;
    setId = world.setId;
  });
  afterEach(async () => {
    await t.close();
  });

  it('gives students, the preview and submissions the given voices, never the uploaded score holding the model', async () => {
    expect(withModel).toContain(MODEL_OCTAVE);
    expect(given).not.toContain(MODEL_OCTAVE);
    const previews: string[] = [];
    const pool = t.app.deps.cpu;
    t.app.deps.cpu = {
      ...pool,
      run: ((task, args, options) => {
        if (task === 'renderPartWritingPreview') previews.push(args[0] as string);
        return pool.run(task, args, options);
      }) as typeof pool.run,
    };
    const doc = await uploadInto(owner, setId, 'hand-made.har', handMade());
    const row = await t.app.deps.db
      .selectFrom('documents')
      .select(['storage_key', 'student_storage_key', 'content_hash'])
      .where('id', '=', doc.id)
      .executeTakeFirstOrThrow();

    // The student's copy, as downloaded, and the stored file: the given voices' score; the model stays in model.json.
    const link = (await student.get(`/api/documents/${doc.id}/file-url`)).json().data;
    const copy = readPartWritingHar(new Uint8Array((await t.app.inject({ method: 'GET', url: link.url })).rawPayload));
    expect(copy.model).toBeUndefined();
    expect(copy.score).toBe(given);
    const stored = readPartWritingHar(await loadHar(t.app.deps, row.storage_key));
    expect(stored.score).toBe(given);
    expect(stored.model).toEqual(EXERCISE.model);
    expect(row.content_hash).toBe(contentHash(new TextEncoder().encode(given)));

    // The preview is drawn from the given voices.
    await t.app.deps.jobs.drain();
    expect(previews).toEqual([given]);
    expect((await student.get(`/api/documents/${doc.id}/preview-url`)).json().data.status).toBe('READY');

    // A hand-in's stored file holds the given voices' score and the student's voices.
    const res = await student.post(`/api/documents/${doc.id}/submissions`, {
      answers: chordAnswers(GOOD),
    });
    expect(res.statusCode, res.body).toBe(201);
    const submission = await t.app.deps.db.selectFrom('submissions').select('har_key').executeTakeFirstOrThrow();
    expect(readPartWritingHar(await loadHar(t.app.deps, submission.har_key)).score).toBe(given);
  });

  it('draws the preview and files hand-ins of a document stored before with the model in its score from the given voices', async () => {
    const doc = await uploadInto(owner, setId, 'figured-bass.har', writePartWritingHar(EXERCISE));
    const row = await t.app.deps.db.selectFrom('documents').select('storage_key').where('id', '=', doc.id).executeTakeFirstOrThrow();
    // As a file stored before uploads were written again: its score.musicxml holds the model.
    const legacy = handMade({ ...EXERCISE, manifest: { ...EXERCISE.manifest, document_key: doc.doc_key } });
    await t.app.deps.storage.put(row.storage_key, Readable.from(Buffer.from(legacy)), { contentType: 'application/zip' });
    expect(readPartWritingHar(await loadHar(t.app.deps, row.storage_key)).score).toBe(withModel);

    expect(partWritingScoreOf(legacy)).toBe(given);
    const res = await student.post(`/api/documents/${doc.id}/submissions`, {
      answers: ['C5 E4 G3', 'C5 F4 A3', 'B4 D4 G3', 'C5 E4 G3'].map((answer, i) => ({ id: `chord-${i + 1}`, answer })),
    });
    expect(res.statusCode, res.body).toBe(201);
    const submission = await t.app.deps.db.selectFrom('submissions').select('har_key').executeTakeFirstOrThrow();
    expect(readPartWritingHar(await loadHar(t.app.deps, submission.har_key)).score).not.toContain(MODEL_OCTAVE);
  });

  /** Uploads the exercise, then stores its student copy (and a cached preview) as they were before: the model in the score. */
  async function storedTheOldWay() {
    const doc = await uploadInto(owner, setId, 'figured-bass.har', writePartWritingHar(EXERCISE));
    await t.app.deps.jobs.drain({ names: [PREVIEW_JOB] });
    const row = () =>
      t.app.deps.db
        .selectFrom('documents')
        .select(['student_storage_key', 'content_hash', 'preview_status'])
        .where('id', '=', doc.id)
        .executeTakeFirstOrThrow();
    const before = await row();
    const oldKey = before.student_storage_key as string;
    await t.app.deps.storage.put(oldKey, Readable.from(Buffer.from(legacyCopy(doc.doc_key))), { contentType: 'application/zip' });
    expect(readPartWritingHar(await loadHar(t.app.deps, oldKey)).score).toBe(withModel);
    expect(before.preview_status).toBe('READY');
    return { doc, row, oldKey, preview: previewKey(before.content_hash) };
  }
  /** The score of the copy a student downloads now. */
  async function downloaded(id: number): Promise<PartWritingDocument> {
    const res = await student.get(`/api/documents/${id}/file-url`);
    expect(res.statusCode, res.body).toBe(200);
    return readPartWritingHar(new Uint8Array((await t.app.inject({ method: 'GET', url: res.json().data.url })).rawPayload));
  }

  it('writes a part-writing student copy stored the old way again from the given voices, once (the backfill job)', async () => {
    const { doc, row, oldKey, preview } = await storedTheOldWay();
    await t.app.deps.jobs.enqueue(PART_WRITING_STUDENT_COPIES_JOB, {});
    expect(await t.app.deps.jobs.drain({ names: [PART_WRITING_STUDENT_COPIES_JOB] })).toBe(1);
    const after = await row();
    expect(after.student_storage_key).not.toBe(oldKey);
    const copy = readPartWritingHar(await loadHar(t.app.deps, after.student_storage_key as string));
    expect(copy.score).toBe(given);
    expect(copy.model).toBeUndefined();
    expect(copy.manifest.document_key).toBe(doc.doc_key);
    // The preview cached from the old score is drawn again.
    expect(after.preview_status).toBe('PENDING');
    expect(await t.app.deps.storage.stat(preview)).toBeUndefined();
    expect(await t.app.deps.jobs.drain({ names: [PREVIEW_JOB] })).toBe(1);
    expect((await row()).preview_status).toBe('READY');

    // Run again, it changes nothing; the student downloads the given voices.
    await t.app.deps.jobs.enqueue(PART_WRITING_STUDENT_COPIES_JOB, {});
    expect(await t.app.deps.jobs.drain({ names: [PART_WRITING_STUDENT_COPIES_JOB] })).toBe(1);
    expect((await row()).student_storage_key).toBe(after.student_storage_key);
    expect(await t.app.deps.jobs.drain({ names: [PREVIEW_JOB] })).toBe(0);
    const served = await downloaded(doc.id);
    expect(served.score).toBe(given);
    expect(served.score).not.toContain(MODEL_OCTAVE);
  });

  it('never gives a student a part-writing copy stored the old way, before the job has run', async () => {
    const { doc, row, oldKey } = await storedTheOldWay();
    const served = await downloaded(doc.id);
    expect(served.score).toBe(given);
    expect(served.score).not.toContain(MODEL_OCTAVE);
    expect(served.model).toBeUndefined();
    const remade = (await row()).student_storage_key;
    expect(remade).not.toBe(oldKey);
    // Asked again (and by the job), the copy written from the given voices stays.
    expect((await downloaded(doc.id)).score).toBe(given);
    await t.app.deps.jobs.enqueue(PART_WRITING_STUDENT_COPIES_JOB, {});
    await t.app.deps.jobs.drain({ names: [PART_WRITING_STUDENT_COPIES_JOB] });
    expect((await row()).student_storage_key).toBe(remade);
  });
});
