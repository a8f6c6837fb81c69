import { Readable } from 'node:stream';
import { contentHash } from '@app/har/format';
import {
  givenVoicesScore,
  type PartWritingDocument,
  partWritingExercise,
  readPartWritingHar,
  writePartWritingHar,
} from '@app/har/part-writing/document';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  courseWorld,
  createTestApp,
  dialects,
  LONG_SESSIONS,
  multipart,
  type TestClient,
  type TestContext,
} from '../../../test/helpers.ts';
import { loadHar } from '../../documents/har-files.ts';
import { partWritingScoreOf } from '../../documents/part-writing-files.ts';

/**
 * Issue 40 (LOW): a hand-made part-writing `.har` whose score.musicxml holds the model's voices.
 * The student copy, the preview and every submission are made from part-writing.json's given
 * voices, never from the uploaded score as it is.
 */

const DAY = 86400;
// A figured bass in C major; the model's voices are all in octave 5 or 4, the given bass in octave 3.
const EXERCISE = partWritingExercise(
  'Hand-made',
  {
    key: 'C major',
    meter: '4/4',
    given: ['B'],
    write: ['S', 'A', 'T'],
    chords: [
      { B: 'C3', figures: '' },
      { B: 'F3', figures: '' },
      { B: 'G3', figures: '' },
      { B: 'C3', figures: '' },
    ],
    points: 10,
  },
  {
    chords: [
      { S: 'G5', A: 'C5', T: 'E4' },
      { S: 'F5', A: 'C5', T: 'A4' },
      { S: 'D5', A: 'B4', T: 'G4' },
      { S: 'E5', A: 'C5', T: 'G4' },
    ],
  },
);
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

describe.each(dialects)('a hand-made part-writing score (issue 40) (%s)', (dialect) => {
  let t: TestContext;
  let owner: TestClient;
  let student: TestClient;
  let setId: number;

  beforeEach(async () => {
    t = await createTestApp(dialect, LONG_SESSIONS);
    const world = await courseWorld(t, { students: 1 });
    owner = world.owner.client;
    student = world.students[0]?.client as TestClient;
    setId = (
      await owner.post(`/api/courses/${world.courseId}/assignments`, { released_at: t.clock.now(), due_at: t.clock.now() + 7 * DAY })
    ).json().data.id;
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
    const upload = await owner.upload(`/api/assignments/${setId}/documents`, multipart([{ name: 'hand-made.har', bytes: handMade() }]));
    expect(upload.statusCode, upload.body).toBe(201);
    const doc = upload.json().data[0] as { id: number };
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
      answers: ['C5 E4 G3', 'C5 F4 A3', 'B4 D4 G3', 'C5 E4 G3'].map((answer, i) => ({ id: `chord-${i + 1}`, answer })),
    });
    expect(res.statusCode, res.body).toBe(201);
    const submission = await t.app.deps.db.selectFrom('submissions').select('har_key').executeTakeFirstOrThrow();
    expect(readPartWritingHar(await loadHar(t.app.deps, submission.har_key)).score).toBe(given);
  });

  it('draws the preview and files hand-ins of a document stored before with the model in its score from the given voices', async () => {
    const upload = await owner.upload(
      `/api/assignments/${setId}/documents`,
      multipart([{ name: 'figured-bass.har', bytes: writePartWritingHar(EXERCISE) }]),
    );
    const doc = upload.json().data[0] as { id: number; doc_key: string };
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
});
